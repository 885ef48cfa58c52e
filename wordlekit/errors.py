"""The one exception type for mistakes a user can make, and the one for SIGTERM.

Every message names the bad value and says what was expected; the CLI prints it as one line
and exits with status 2. ``Terminated`` is SIGTERM raised where the program is, as Ctrl-C's
``KeyboardInterrupt`` is: raised by a sweep's handler (``sweep.driver``) and the CLI's
(``cli.signals``) alike, so the cleanup of either runs for both.
"""


class WordlekitError(ValueError):
    """Bad input: an unknown word, a wrong length, a malformed feedback string or word list."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is: it unwinds as Ctrl-C does (a sweep's store keeps
    its rows, a Dask cluster is shut down); the CLI then exits with status 143."""
