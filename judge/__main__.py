"""Entry point of the ``judge`` command.

``judge rule ID`` and ``judge search QUERY`` are the commands a judge types most, so they have a fast
path: their usual options are read here without importing click (click alone costs three times a bare
Python start-up). Anything unusual — ``--help``, an unknown option, every other command — goes to the
click interface in :mod:`judge.cli`, which defines the commands, their help and their errors. Both paths
call the same functions, so the output is the same.
"""

import sys

_FLAGS = {"rule": {"--json", "--no-children"}, "search": {"--json"}}
_VALUED = {"rule": {"--rules", "--game"}, "search": {"--rules", "--game", "--limit"}}


def _parse_fast(argv):
    """Options of the fast path, or None when click should handle the command line."""
    command, rest = argv[0], argv[1:]
    flags, values, positional = set(), {}, []
    i = 0
    while i < len(rest):
        arg = rest[i]
        if arg.startswith("--"):
            name, eq, value = arg.partition("=")
            if name in _FLAGS[command] and not eq:
                flags.add(name)
            elif name in _VALUED[command]:
                if not eq:
                    i += 1
                    if i >= len(rest):
                        return None
                    value = rest[i]
                values[name] = value
            else:
                return None
        elif arg.startswith("-") and arg != "-":
            return None
        else:
            positional.append(arg)
        i += 1
    if len(positional) != 1:
        return None
    if values.get("--game") == "all":
        return None
    if "--limit" in values:
        if not values["--limit"].isdigit() or int(values["--limit"]) < 1:
            return None
    return flags, values, positional[0]


def _fast(argv) -> int | None:
    """Run ``rule``/``search`` without click when their options are the usual ones: the exit code, or
    None when click should handle the command line."""
    parsed = _parse_fast(argv)
    if parsed is None:
        return None
    flags, values, arg = parsed
    from judge import lookup
    from judge.errors import JudgeError

    try:
        if argv[0] == "rule":
            text = lookup.rule_output(arg, values.get("--rules"), values.get("--game"),
                                      children="--no-children" not in flags, as_json="--json" in flags)
        else:
            books = lookup.search_books(values.get("--rules"), values.get("--game"))
            text = lookup.search_output(arg, books, int(values.get("--limit", 10)), as_json="--json" in flags)
        sys.stdout.write(text + "\n")
    except JudgeError as exc:
        if "--json" in flags:
            import json

            sys.stdout.write(json.dumps(exc.to_dict(), ensure_ascii=False) + "\n")
        else:
            sys.stderr.write(f"judge: error: {exc}\n")
        return exc.exit_code
    except BrokenPipeError:
        return 0
    return 0


def main(argv=None):
    """Run ``judge`` with ``argv`` (default: the command line); returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in _FLAGS:
        code = _fast(argv)
        if code is not None:
            return code
    from judge.cli import main as click_main

    return click_main(argv)


if __name__ == "__main__":
    sys.exit(main())
