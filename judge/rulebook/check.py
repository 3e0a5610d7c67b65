"""Integrity checks of a rules document (``judge check``).

Reports, each with file and line: duplicate ids and other parse errors, gaps and disorder in the
numbering of siblings, references to rules that should be in the document but are not (``dangling``,
an error) or that point outside it (``external``: another chapter or document, a warning), rules with no
text, and the parser's own warnings.
"""

from __future__ import annotations

from judge.rulebook.model import Problem, id_key

# Magic's subrule letters skip l and o (they read like 1 and 0)
_SKIPPED_LETTERS = {"l", "o"}


def _next_letter(letter: str) -> str:
    nxt = chr(ord(letter) + 1)
    while nxt in _SKIPPED_LETTERS:
        nxt = chr(ord(nxt) + 1)
    return nxt


def _split(rule_id: str):
    """``5.1.3a`` → ('5.1.3', 'a'); ``5.1.3`` → ('5.1', 3)."""
    head = rule_id.rstrip("abcdefghijklmnopqrstuvwxyz")
    if head != rule_id:
        return head, rule_id[len(head):]
    if "." in rule_id:
        parent, last = rule_id.rsplit(".", 1)
        return parent, int(last) if last.isdigit() else last
    return "", int(rule_id) if rule_id.isdigit() else rule_id


def check(book) -> list[Problem]:
    """Every problem of ``book``, parse problems first, then structure and references."""
    problems = list(book.problems)
    numbered = book.format == "numbered"
    if numbered:
        problems.extend(_numbering(book))
    for rule in book.rules.values():
        for ref in rule.refs:
            if ref in book.rules:
                continue
            if book.is_outside(ref):
                problems.append(Problem("warning", "external-ref", rule.file, rule.line,
                                        f"rule {rule.id} cites {ref}, which is outside this document", rule.id))
            else:
                problems.append(Problem("error", "dangling-ref", rule.file, rule.line,
                                        f"rule {rule.id} cites {ref}, which does not exist", rule.id))
    return problems


def _numbering(book) -> list[Problem]:
    out = []
    groups: dict[str, list] = {}
    for rule in book.rules.values():
        groups.setdefault(rule.parent or "", []).append(rule)
    for parent, kids in groups.items():
        ids = [k.id for k in kids]
        if ids != sorted(ids, key=id_key):
            for a, b in zip(kids, kids[1:]):
                if id_key(b.id) < id_key(a.id):
                    out.append(Problem("error", "disorder", b.file, b.line,
                                       f"rule {b.id} comes after {a.id}", b.id))
        prev = None
        for kid in sorted(kids, key=lambda r: id_key(r.id)):
            head, last = _split(kid.id)
            if prev is not None and prev[0] == head and type(prev[1]) is type(last):
                if isinstance(last, int):
                    expected = prev[1] + 1
                    if last > expected:
                        missing = f"{head}.{expected}" if head else str(expected)
                        out.append(Problem("warning", "gap", kid.file, kid.line,
                                           f"numbering jumps from {prev[2]} to {kid.id} ({missing} is missing)",
                                           kid.id))
                elif isinstance(last, str) and len(last) == 1 == len(prev[1]):
                    expected = _next_letter(prev[1])
                    if last > expected:
                        out.append(Problem("warning", "gap", kid.file, kid.line,
                                           f"numbering jumps from {prev[2]} to {kid.id} ({head}{expected} is "
                                           "missing)", kid.id))
            prev = (head, last, kid.id)
    return out
