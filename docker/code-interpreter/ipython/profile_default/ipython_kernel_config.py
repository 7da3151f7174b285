# IPython kernel settings of the code-interpreter template (contract §5: plain text without ANSI
# colours, full sequences in text/plain). History lives in memory: many kernels share one home,
# and a sqlite file would only add locking and disk writes to every cell.
c = get_config()  # noqa: F821
c.InteractiveShell.colors = "NoColor"
c.PlainTextFormatter.max_seq_length = 0
c.HistoryManager.hist_file = ":memory:"
c.IPKernelApp.quiet = True
