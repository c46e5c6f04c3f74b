"""python -m torchlint: the same as the torch-lint command."""

from . import main

main()
