"""torchlint: the torch-lint executable, as a wheel.

torch-lint is a clang-tidy based linter for PyTorch C++ extensions. This
package carries it self-contained (LLVM and Clang linked in, Clang's builtin
headers beside it); the `torch-lint` command runs it. Python is only the
launcher: `main()` replaces the Python process with torch-lint.
"""

import os
import sys

from ._version import __version__

__all__ = ["__version__", "executable", "main"]


def executable() -> str:
    """The path of the torch-lint executable in this package."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "torch-lint")


def main() -> None:
    exe = executable()
    if not os.access(exe, os.X_OK):
        sys.exit(f"torch-lint: error: {exe} is missing or not executable (a broken install?)")
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(exe, [exe, *sys.argv[1:]])
