import sys

from .cli import main

if __name__ == "__main__":  # importing it (the book's API reference does) must not run the CLI
    sys.exit(main())
