"""Typed errors. Every error a user can cause carries the file, line and key where known.

The CLI turns a :class:`JudgeError` into one line on stderr and exit code 2; nothing else should reach
the user as a traceback.
"""


class JudgeError(Exception):
    """A user-facing error: bad input, unknown id, unreadable file. Exit code 2."""

    exit_code = 2
    code = "error"     # a short word for scripts (``--json``); subclasses and engines' reasons refine it

    def __init__(self, message, file=None, line=None, key=None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.key = key

    def to_dict(self) -> dict:
        """The error as ``--json`` prints it: ``{"error": {"file", "line", "key", "message", "code"}}``."""
        return {"error": {"file": None if self.file is None else str(self.file), "line": self.line,
                          "key": self.key, "message": self.message, "code": str(self.code)}}

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = str(self.file)
            if self.line:
                where += f":{self.line}"
            where += ": "
        key = f"[{self.key}] " if self.key else ""
        return f"{where}{key}{self.message}"


class RulesFileError(JudgeError):
    """A rules document that cannot be read as one (empty, binary, no rules found, duplicate ids...)."""

    code = "rules-file"


class UnknownRuleError(JudgeError):
    """A rule id that is not in the loaded document; the message names the nearest existing ids."""

    code = "unknown-rule"


class ScenarioError(JudgeError):
    """A scenario file that is malformed or describes something the rules do not allow."""

    code = "scenario"
