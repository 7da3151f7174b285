"""Starts ipykernel without its debugger.

ipykernel imports debugpy (and through it pkg_resources) at start only to offer Jupyter's visual
debugger, which nothing in a code-interpreter sandbox uses: ~0.1-0.3 s of every kernel start.
Hiding debugpy while ipykernel loads disables that feature only; user code can still import it.
"""
import sys

sys.modules["debugpy"] = None  # `import debugpy` raises ImportError while this is in place
try:
    from ipykernel import kernelapp
finally:
    del sys.modules["debugpy"]

if __name__ == "__main__":
    kernelapp.launch_new_instance()
