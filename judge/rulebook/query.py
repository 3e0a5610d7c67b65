"""What the lookup commands show, as data (for ``--json``) and as text. No click, no networkx here.

``judge rule`` runs through :func:`rule_view` and :func:`render_rule`, both on the fast start-up path.
"""

from __future__ import annotations

import re

from judge.errors import UnknownRuleError


def get_rule(book, rule_id: str):
    """The rule, or an :class:`UnknownRuleError` naming the nearest existing ids."""
    if not rule_id.strip():
        raise UnknownRuleError(f"no rule id given; for example: {next((r.id for r in book if r.text), '7.5.5b')}")
    rule = book.get(rule_id)
    if rule is not None:
        return rule
    if not _ID_LIKE.match(rule_id.strip()):
        # a term instead of an id: "dominate", "go again" go to the rule that defines them
        from judge.rulebook.terms import find_term, nearest_terms

        term = find_term(book, rule_id)
        if term is not None and term.rules and term.rules[0] in book.rules:
            return book.rules[term.rules[0]]
        near = nearest_terms(book, rule_id)
        hint = f"; nearest terms: {', '.join(near)}" if near else ""
        raise UnknownRuleError(f"no rule or defined term {rule_id!r} in {book.cite_prefix}{hint}"
                               f"{_outside_hint(book)}; try: judge search {_quote(rule_id)}")
    if book.is_outside(rule_id):
        raise UnknownRuleError(f"{rule_id} is outside the chapters {book.cite_prefix} holds here "
                               f"({book.title}){_outside_hint(book, always=True)}")
    near = book.nearest(rule_id)
    hint = f"; nearest: {', '.join(near)}" if near else ""
    raise UnknownRuleError(f"no rule {rule_id} in {book.cite_prefix}{hint}")


# a rule id as printed: 7.5.5b, 702.19c, 100.1., playing-cards/7.1, initiating-abilities/step-3
_ID_LIKE = re.compile(r"^(\d+(\.\d+)*\.?[a-z]?|[a-z0-9-]+/[a-z0-9./-]+)$")


def _outside_hint(book, always: bool = False) -> str:
    """How to get the whole document, when the loaded one is the embedded excerpt."""
    if not (always or getattr(book, "origin", "") == "embedded" or book.name.endswith("-seed")):
        return ""
    return (f"; the embedded rules are an excerpt: import the whole document with "
            f"'judge rules import FILE --game {book.game} --version VERSION'")


def _quote(text: str) -> str:
    return f'"{text}"' if " " in text else text


def _brief(book, rid: str) -> dict:
    rule = book.rules.get(rid)
    if rule is None:
        return {"id": rid, "exists": False, "external": book.is_outside(rid), "title": "", "label": "", "text": "",
                "citation": book.cite(rid)}
    return {"id": rid, "exists": True, "title": rule.title, "label": rule.label, "text": rule.text,
            "citation": book.cite(rid)}


def rule_view(book, rule_id: str, children: bool = True) -> dict:
    """Everything ``judge rule`` shows: the rule, breadcrumb, children, cites and cited-by."""
    rule = get_rule(book, rule_id)
    view = {
        "document": {"name": book.name, "game": book.game, "title": book.title, "version": book.version},
        "citation": book.cite(rule.id),
        "id": rule.id, "title": rule.title, "label": rule.label, "text": rule.text,
        "examples": list(rule.examples), "notes": list(rule.notes),
        "file": rule.file, "line": rule.line,
        "parents": [_brief(book, p.id) for p in book.ancestors(rule.id)],
        "cites": [_brief(book, r) for r in rule.refs],
        "cited_by": [_brief(book, r) for r in book.cited_by(rule.id)],
        "defines": [t.name for t in book.terms.values() if rule.id in t.rules],
    }
    if children:
        view["children"] = [_brief(book, c) for c in rule.children]
    if rule.id != rule_id.strip() and not _ID_LIKE.match(rule_id.strip()):
        from judge.rulebook.terms import find_term

        term = find_term(book, rule_id)
        if term is not None:
            view["term"] = {"name": term.name, "glossary": term.text, "rules": list(term.rules)}
    return view


def _one_line(text: str, width: int = 100) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _label(item: dict) -> str:
    if item["title"]:
        return f"{item['id']} {item['title']}"
    if not item["exists"]:
        return f"{item['id']} (not in this document)"
    return f"{item['id']} {_one_line(item['text'], 80)}"


def _absent(item: dict) -> str:
    """`` (external)``: in a chapter or document not loaded; `` (missing)``: should be here but is not."""
    if item["exists"]:
        return ""
    return " (external)" if item.get("external") else " (missing)"


def _crumb(item: dict) -> str:
    """``7.5 Damage Step`` for a numbered rule; the title or label alone for a slug id (``General Rules``,
    ``Playing Cards 7``): the slug would only repeat it."""
    if item.get("label"):
        return item["title"] or item["label"]
    return item["id"] + (f" {item['title']}" if item["title"] else "")


def render_rule(view: dict) -> str:
    """Plain text for a terminal."""
    out = []
    crumbs = " › ".join(_crumb(p) for p in view["parents"])
    out.append(view["citation"] + (f"   ({crumbs})" if crumbs else ""))
    term = view.get("term")
    if term:
        more = [r for r in term["rules"] if r != view["id"]]
        out.append(f"'{term['name']}' is defined here" + (f" (and in {', '.join(more)})" if more else ""))
        if term["glossary"]:
            out.append(f"Glossary: {term['glossary']}")
    out.append("")
    head = view["id"] + (f" {view['title']}" if view["title"] else "")
    if view["label"]:
        shown = view["title"] and not view["label"].endswith(view["title"])
        head = f"{view['label']}  [{view['id']}]" + (f" {view['title']}" if shown else "")
    out.append(head if not view["text"] else f"{head} {view['text']}" if not view["label"] else
               f"{head}\n{view['text']}")
    for note in view["notes"]:
        out.append(f"  Note: {note}")
    for ex in view["examples"]:
        out.append(f"  Example: {ex}")
    if view.get("defines"):
        out.append(f"Defines: {', '.join(view['defines'])}")
    if "children" in view and view["children"]:
        out.append("")
        out.append("Children:")
        for c in view["children"]:
            out.append(f"  {_label(c)}")
    out.append("")
    out.append("Cites:    " + (", ".join(c["id"] + _absent(c) for c in view["cites"]) or "—"))
    out.append("Cited by: " + (", ".join(c["id"] for c in view["cited_by"]) or "—"))
    return "\n".join(out)


def render_hits(hits, query: str, show_document: bool = False) -> str:
    """The text of ``judge search``: each hit's id, title and snippet (labelled by its document when
    ``show_document``)."""
    if not hits:
        return f"no rule matches {query!r}"
    out = []
    for h in hits:
        # several documents: label each hit with its game and version ("[GA rules 2026-08-21]")
        doc = f"[{h.source}] " if show_document else ""
        title = f" {h.title}" if h.title else ""
        out.append(f"{doc}{h.rule_id}{title}  ({h.why})")
        if h.snippet:
            out.append(f"    {h.snippet}")
    return "\n".join(out)
