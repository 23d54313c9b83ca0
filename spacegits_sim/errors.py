"""Errors a user can fix: printed by the CLI as one line, never a traceback."""


class UserError(Exception):
    """A bad option, a missing file, an impossible request: the message says what to do."""
