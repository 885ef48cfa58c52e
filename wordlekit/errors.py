"""The one exception type for mistakes a user can make.

Every message names the bad value and says what was expected; the CLI prints it as one line
and exits with status 2.
"""


class WordlekitError(ValueError):
    """Bad input: an unknown word, a wrong length, a malformed feedback string or word list."""
