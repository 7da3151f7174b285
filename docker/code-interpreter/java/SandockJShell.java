// The Java kernel of `sandock interpreter` (src/interpreter/kernels/java-kernel.ts): one JVM per
// context running JShell with in-process execution, so a cell's variables, methods and classes
// persist across runs. Compiled into the code-interpreter image (docker/code-interpreter.Dockerfile).
//
// Protocol (the interpreter spawns `java --add-opens java.base/java.io=ALL-UNNAMED -cp <dir> SandockJShell`):
//   fd 4 (in), one command a line:  E <id> <0|1 silent> <base64 UTF-8 code>   |   I <id>  (interrupt that cell)
//   fd 3 (out), one event a line:   R (ready) | X <count> | O <b64> (stdout) | E <b64> (stderr)
//                                   | V <b64 text/plain> | F <b64 name> <b64 value> <b64 traceback> | D <id>
// The cell's System.out and System.err travel on fd 3 as O/E frames, ordered with its D; fd 1 and 2
// only carry what bypasses them (a subprocess with inherited stdio, JVM warnings). Results and
// errors are shaped as IJava (upstream's kernel) shapes them: the last snippet's value if it is an
// expression, rendered with String.valueOf; an exception is an `EvalException` whose traceback
// names the real class.
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.JShellException;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.execution.DirectExecutionControl;
import jdk.jshell.spi.ExecutionControl;
import jdk.jshell.spi.ExecutionControlProvider;
import jdk.jshell.spi.ExecutionEnv;

public final class SandockJShell {
    // JShell's own default start-up imports (the `jshell` tool's DEFAULT).
    private static final String[] IMPORTS = {
        "java.io.*", "java.math.*", "java.net.*", "java.nio.file.*", "java.util.*", "java.util.concurrent.*",
        "java.util.function.*", "java.util.prefs.*", "java.util.regex.*", "java.util.stream.*",
    };

    private static OutputStream protocol;

    static synchronized void send(String line) {
        try {
            protocol.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            protocol.flush();
        } catch (Exception e) {
            // The interpreter went away: nothing left to serve.
            Runtime.getRuntime().halt(0);
        }
    }

    static String b64(String s) {
        return Base64.getEncoder().encodeToString((s == null ? "" : s).getBytes(StandardCharsets.UTF_8));
    }

    /** The cell's output stream: every write is a frame on the protocol channel. */
    static final class Framer extends OutputStream {
        private final String tag;
        Framer(String tag) { this.tag = tag; }
        @Override public void write(int b) { write(new byte[] { (byte) b }, 0, 1); }
        @Override public void write(byte[] b, int off, int len) {
            if (len > 0) send(tag + " " + Base64.getEncoder().encodeToString(Arrays.copyOfRange(b, off, off + len)));
        }
    }

    /** Runs each snippet in a thread of its own (so stop() can reach it) and keeps its raw value for display. */
    static final class Exec extends DirectExecutionControl {
        final Map<String, Object> results = new ConcurrentHashMap<>();
        private final AtomicLong keys = new AtomicLong();
        private volatile Thread running;
        private volatile boolean stopped;

        @Override
        @SuppressWarnings("removal")
        protected String invoke(Method doit) throws Exception {
            Object[] value = new Object[1];
            Throwable[] thrown = new Throwable[1];
            stopped = false;
            Thread t = new Thread(() -> {
                try {
                    value[0] = doit.invoke(null);
                } catch (Throwable e) {
                    thrown[0] = e;
                }
            }, "sandock-cell");
            t.setContextClassLoader(Thread.currentThread().getContextClassLoader());
            running = t;
            t.start();
            try {
                t.join();
            } finally {
                running = null;
            }
            if (stopped) throw new ExecutionControl.StoppedException();
            Throwable e = thrown[0];
            if (e instanceof InvocationTargetException && e.getCause() instanceof ThreadDeath) throw new ExecutionControl.StoppedException();
            if (e instanceof Exception) throw (Exception) e;
            if (e instanceof Error) throw (Error) e;
            String key = "sandock#" + keys.incrementAndGet();
            results.put(key, value[0] == null ? NULL : value[0]);
            return key;
        }

        @Override
        @SuppressWarnings("removal")
        public void stop() {
            Thread t = running;
            if (t == null) return;
            stopped = true;
            t.interrupt();
            try {
                t.join(200);
            } catch (InterruptedException ignored) {
                // the caller is going away too
            }
            // A cell that ignores interrupts (a busy loop): Thread.stop, as JShell's own local engine does on JDK 17.
            if (t.isAlive()) t.stop();
        }

        Object take(String key) {
            Object v = key == null ? null : results.remove(key);
            return v == NULL ? null : v;
        }
    }

    private static final Object NULL = new Object();

    static final class ErrorOut extends Exception {
        final String name;
        final String value;
        final String traceback;
        ErrorOut(String name, String value, String traceback) {
            super(value);
            this.name = name;
            this.value = value;
            this.traceback = traceback;
        }
    }

    private final Exec exec = new Exec();
    private final JShell shell;
    private final SourceCodeAnalysis analysis;
    private int executionCount = 0;
    /** The cell being evaluated, and the last cell an interrupt was asked for (it may not have started yet). */
    private volatile String currentId = "";
    private volatile String interruptedId = "-";

    void interrupt(String id) {
        interruptedId = id;
        if (id.equals(currentId)) exec.stop();
    }

    private void checkInterrupted() throws ErrorOut {
        if (interruptedId.equals(currentId)) throw new ErrorOut("EvaluationInterruptedException", "Evaluation interrupted.", "Evaluation interrupted.");
    }

    SandockJShell(PrintStream out, PrintStream err) {
        ExecutionControlProvider provider = new ExecutionControlProvider() {
            @Override public String name() { return "sandock"; }
            @Override public ExecutionControl generate(ExecutionEnv env, Map<String, String> params) { return exec; }
        };
        shell = JShell.builder()
            .executionEngine(provider, Map.of())
            .in(new ByteArrayInputStream(new byte[0]))
            .out(out)
            .err(err)
            .build();
        analysis = shell.sourceCodeAnalysis();
    }

    /** Evaluates a cell snippet by snippet (as IJava does); returns the last snippet's value, if an expression's. */
    Object eval(String code) throws Exception {
        Object last = null;
        SourceCodeAnalysis.CompletionInfo info = analysis.analyzeCompletion(code);
        while (info.completeness().isComplete()) {
            checkInterrupted();
            last = evalSingle(info.source());
            checkInterrupted();
            info = analysis.analyzeCompletion(info.remaining());
        }
        if (info.completeness() != SourceCodeAnalysis.Completeness.EMPTY) {
            String rest = info.remaining().trim();
            throw new ErrorOut("IncompleteSourceException", rest, "Incomplete input:\n" + rest);
        }
        return last;
    }

    private Object evalSingle(String source) throws Exception {
        List<SnippetEvent> events = shell.eval(source);
        Object result = null;
        // Take every value first, so an exception below does not leak them.
        for (SnippetEvent ev : events) {
            String key = ev.value();
            if (key == null) continue;
            Snippet.SubKind kind = ev.snippet().subKind();
            Object value = kind.isExecutable() ? exec.take(key) : key;
            switch (kind) {
                case VAR_VALUE_SUBKIND:
                case OTHER_EXPRESSION_SUBKIND:
                case TEMP_VAR_EXPRESSION_SUBKIND:
                    result = value;
                    break;
                default:
                    result = null;
            }
        }
        for (SnippetEvent ev : events) {
            if (ev.causeSnippet() != null) continue;
            JShellException e = ev.exception();
            if (e != null) throw fromJShell(e);
            if (!ev.status().isDefined()) throw compilation(ev.snippet());
        }
        return result;
    }

    private static ErrorOut fromJShell(JShellException e) {
        if (e instanceof EvalException) {
            EvalException ee = (EvalException) e;
            String msg = ee.getMessage() == null ? "" : ee.getMessage();
            StringBuilder tb = new StringBuilder(ee.getExceptionClassName());
            if (!msg.isEmpty()) tb.append(": ").append(msg);
            for (StackTraceElement el : ee.getStackTrace()) tb.append("\n\tat ").append(el);
            for (Throwable c = ee.getCause(); c != null; c = c.getCause()) {
                String cm = c instanceof EvalException ? ((EvalException) c).getExceptionClassName() : c.getClass().getName();
                tb.append("\nCaused by: ").append(cm);
                if (c.getMessage() != null) tb.append(": ").append(c.getMessage());
                for (StackTraceElement el : c.getStackTrace()) tb.append("\n\tat ").append(el);
            }
            return new ErrorOut("EvalException", msg, tb.toString());
        }
        String msg = e.getMessage() == null ? "" : e.getMessage();
        return new ErrorOut(e.getClass().getSimpleName(), msg, e.getClass().getName() + (msg.isEmpty() ? "" : ": " + msg));
    }

    private ErrorOut compilation(Snippet snippet) {
        List<String> messages = new ArrayList<>();
        StringBuilder tb = new StringBuilder();
        shell.diagnostics(snippet).forEach((Diag d) -> {
            if (!d.isError()) return;
            String m = d.getMessage(null);
            messages.add(m.lines().filter(l -> !l.trim().startsWith("location:")).reduce((a, b) -> a + "\n" + b).orElse(m));
            tb.append(highlight(snippet.source(), (int) d.getStartPosition(), (int) d.getEndPosition()));
            tb.append(messages.get(messages.size() - 1)).append("\n\n");
        });
        if (snippet instanceof jdk.jshell.DeclarationSnippet) {
            List<String> deps = shell.unresolvedDependencies((jdk.jshell.DeclarationSnippet) snippet).collect(java.util.stream.Collectors.toList());
            if (!deps.isEmpty()) {
                messages.add("Unresolved dependencies: " + String.join(", ", deps));
                tb.append(snippet.source()).append("\nUnresolved dependencies:\n");
                for (String d : deps) tb.append("   - ").append(d).append('\n');
            }
        }
        String value = messages.isEmpty() ? "the snippet was rejected (" + snippet.kind() + ")" : messages.get(0);
        return new ErrorOut("CompilationException", value, tb.toString().stripTrailing());
    }

    /** The source line(s) holding [start, end) with a caret line under the span. */
    private static String highlight(String src, int start, int end) {
        if (start < 0 || start > src.length()) return "";
        int ls = src.lastIndexOf('\n', Math.max(0, start - 1)) + 1;
        if (start == 0) ls = 0;
        int le = src.indexOf('\n', start);
        if (le < 0) le = src.length();
        String line = src.substring(ls, le);
        int from = start - ls;
        int to = Math.max(from + 1, Math.min(end, le) - ls);
        return line + "\n" + " ".repeat(from) + "^".repeat(Math.max(1, to - from)) + "\n";
    }

    static String render(Object value) {
        if (value instanceof Object[]) return Arrays.deepToString((Object[]) value);
        if (value instanceof int[]) return Arrays.toString((int[]) value);
        if (value instanceof long[]) return Arrays.toString((long[]) value);
        if (value instanceof double[]) return Arrays.toString((double[]) value);
        if (value instanceof float[]) return Arrays.toString((float[]) value);
        if (value instanceof boolean[]) return Arrays.toString((boolean[]) value);
        if (value instanceof char[]) return Arrays.toString((char[]) value);
        if (value instanceof byte[]) return Arrays.toString((byte[]) value);
        if (value instanceof short[]) return Arrays.toString((short[]) value);
        return String.valueOf(value);
    }

    void run(String id, boolean silent, String code, PrintStream out, PrintStream err) {
        if (!silent) send("X " + (++executionCount));
        currentId = id;
        try {
            Object value = eval(code);
            out.flush();
            err.flush();
            if (value != null && !silent) send("V " + b64(render(value)));
        } catch (ErrorOut e) {
            out.flush();
            err.flush();
            send("F " + b64(e.name) + " " + b64(e.value) + " " + b64(e.traceback));
        } catch (Throwable e) {
            out.flush();
            err.flush();
            String msg = e.getMessage() == null ? "" : e.getMessage();
            send("F " + b64(e.getClass().getSimpleName()) + " " + b64(msg) + " " + b64(e.toString()));
        }
        currentId = "";
        send("D " + id);
    }

    static FileDescriptor fd(int n) throws Exception {
        FileDescriptor fd = new FileDescriptor();
        Field f = FileDescriptor.class.getDeclaredField("fd");
        f.setAccessible(true);
        f.setInt(fd, n);
        return fd;
    }

    public static void main(String[] args) throws Exception {
        protocol = new FileOutputStream(fd(3));
        BufferedReader commands = new BufferedReader(new InputStreamReader(new FileInputStream(fd(4)), StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(new BufferedOutputStream(new Framer("O"), 8192), true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new BufferedOutputStream(new Framer("E"), 8192), true, StandardCharsets.UTF_8);
        System.setOut(out);
        System.setErr(err);
        System.setIn(new ByteArrayInputStream(new byte[0]));
        SandockJShell k = new SandockJShell(out, err);
        // Warm the compiler up with the default imports and one expression, so the first cell is quick.
        for (String i : IMPORTS) k.eval("import " + i + ";");
        k.eval("\"warm\".length()");
        send("R");
        LinkedBlockingQueue<String[]> cells = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try {
                for (String line; (line = commands.readLine()) != null; ) {
                    if (line.startsWith("I ")) {
                        k.interrupt(line.substring(2));
                    } else if (line.startsWith("E ")) {
                        String[] p = line.split(" ", 4);
                        cells.put(new String[] { p[1], p[2], p.length > 3 ? new String(Base64.getDecoder().decode(p[3]), StandardCharsets.UTF_8) : "" });
                    }
                }
            } catch (Exception ignored) {
                // fall through: the interpreter closed the channel
            }
            Runtime.getRuntime().halt(0);
        }, "sandock-commands");
        reader.setDaemon(true);
        reader.start();
        while (true) {
            String[] c = cells.take();
            k.run(c[0], c[1].equals("1"), c[2], out, err);
        }
    }
}
