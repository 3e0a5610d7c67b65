"""Terms a rules document defines: ``go again`` → 8.3.5, a Magic glossary entry, a Grand Archive keyword.

Used by ``judge define``, by ``judge rule`` when it is given a term instead of an id, by the HTTP API's
``/define`` and ``/complete``. No click and no networkx here: the lookups stay on the fast path.
"""

from __future__ import annotations

from judge.errors import UnknownRuleError
from judge.rulebook.words import normalize


def _key(text: str) -> str:
    """Lower case, UK spellings folded to US, hyphens and runs of spaces as one space."""
    return " ".join(normalize(text).replace("-", " ").split())


def find_term(book, text: str):
    """The :class:`~judge.rulebook.model.Term` named ``text`` (case, spelling and hyphens folded), or None."""
    if not text.strip():
        return None
    term = book.terms.get(text.lower())
    if term is not None:
        return term
    want = _key(text)
    for name, term in book.terms.items():
        if _key(name) == want:
            return term
    # a plural or a verb form of a defined term: "dominates", "attacks"
    for suffix in ("s", "es", "ed", "ing"):
        if want.endswith(suffix):
            stem = want[: -len(suffix)]
            for name, term in book.terms.items():
                if _key(name) == stem:
                    return term
    return None


def nearest_terms(book, text: str, n: int = 5) -> list[str]:
    """The defined terms spelt closest to ``text`` (rapidfuzz), best first."""
    if not book.terms or not text.strip():
        return []
    from rapidfuzz import fuzz, process, utils

    names = {t.name: _key(t.name) for t in book.terms.values()}
    found = process.extract(_key(text), names, scorer=fuzz.WRatio, processor=utils.default_process, limit=n,
                            score_cutoff=70)
    return [name for _key_, _score, name in found]


def define(book, text: str) -> dict:
    """What a term means: its defining rules (id, citation, text) and the glossary text where there is one.

    Raises :class:`UnknownRuleError` naming the nearest defined terms when ``text`` is not a term.
    """
    term = find_term(book, text)
    if term is None:
        near = nearest_terms(book, text)
        hint = f"; nearest terms: {', '.join(near)}" if near else ""
        raise UnknownRuleError(f"no term {text!r} is defined in {book.cite_prefix}{hint}")
    rules = []
    for rid in term.rules:
        rule = book.rules.get(rid)
        rules.append({"id": rid, "citation": book.cite(rid), "title": rule.title if rule else "",
                      "text": rule.text if rule else "", "exists": rule is not None})
    return {"term": term.name, "document": book.cite_prefix, "glossary": term.text, "rules": rules}


def render_definition(view: dict) -> str:
    """Plain text for a terminal: the term, its glossary text, then each defining rule."""
    out = [f"{view['term']}  —  {view['document']}"]
    if view["glossary"]:
        out += ["", view["glossary"]]
    for r in view["rules"]:
        head = r["id"] + (f" {r['title']}" if r["title"] else "")
        out += ["", f"{head}  ({r['citation']})" if r["exists"] else f"{head} (not in this document)"]
        if r["text"]:
            out.append(r["text"])
    return "\n".join(out)


def complete(book, prefix: str, limit: int = 10) -> list[dict]:
    """Rule ids and terms that start with ``prefix`` (ids first, in document order), for autocompletion."""
    prefix = prefix.strip()
    if not prefix:
        return []
    low = prefix.lower()
    out = []
    for rid, rule in book.rules.items():
        if rid.lower().startswith(low):
            out.append({"kind": "rule", "value": rid, "label": rule.title or _short(rule.text)})
            if len(out) >= limit:
                return out
    want = _key(prefix)
    for term in sorted(book.terms.values(), key=lambda t: t.name.lower()):
        if _key(term.name).startswith(want):
            out.append({"kind": "term", "value": term.name, "label": ", ".join(term.rules[:3])})
            if len(out) >= limit:
                break
    return out


def _short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"
