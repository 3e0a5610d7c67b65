"""What ``judge card`` shows: the printed card, its keywords linked to their defining rules (the rules
graph's ``defines`` edges, i.e. the document's terms), and how the engine reads it (compiled abilities and
the paragraphs it does not understand)."""

from __future__ import annotations

import re

from judge.cards.data import CardRecord, variants_label
from judge.rulebook.store import toml_string

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def toml_value(v) -> str:
    """A value as TOML inline syntax (what a scenario file would write)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, str):
        return toml_string(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {toml_value(x)}" for k, x in v.items()) + " }" if v else "{}"
    raise TypeError(f"no TOML form for {v!r}")


def _key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else toml_value(k)


def ability_toml(handle: str, ability: dict) -> str:
    """One ability as the ``[[cards.HANDLE.abilities]]`` table a scenario file holds."""
    lines = [f"[[cards.{handle}.abilities]]"]
    lines += [f"{_key(k)} = {toml_value(v)}" for k, v in ability.items()]
    return "\n".join(lines)


def keyword_links(record: CardRecord, book) -> list[dict]:
    """Each keyword of the card (the data's list and the bold words of its text) with its defining rules."""
    seen, out = set(), []
    words = record.keyword_list() + _BOLD.findall(record.text)
    for word in words:
        name = re.sub(r"\s+(\d+|X)$", "", word.strip().rstrip("."))
        name = re.sub(r"^(once|twice) per turn\s+", "", name, flags=re.IGNORECASE).strip()
        key = name.lower()
        if not key or key in seen or len(key) > 30:
            continue
        seen.add(key)
        term = _term(book, key) if book is not None else None
        out.append({"keyword": name, "rules": list(term.rules) if term else [],
                    "document": book.cite_prefix if book is not None else None})
    return out


def _term(book, key: str):
    """The rulebook term for a keyword as printed: ``marked`` → ``mark``, ``boosted`` → ``boost``."""
    for probe in (key, re.sub(r"(ed|d|s)$", "", key), re.sub(r"ed$", "", key)):
        term = book.terms.get(probe)
        if term is not None:
            return term
    return None


def card_view(record: CardRecord, variants: list[CardRecord], book, data) -> dict:
    """Everything ``judge card`` prints about one printed card, as a JSON-ready dict."""
    from judge.cards.compiler import compile_card

    compiled = compile_card(record)
    view = record.to_dict()
    view["variants"] = [v.label for v in variants]
    view["keyword_rules"] = keyword_links(record, book)
    view["engine"] = compiled.to_dict()
    view["data"] = {"source": data.source, "commit": data.commit, "version": data.version}
    return view


def render_card(view: dict, handle: str = "card") -> str:
    """The text form of :func:`card_view`."""
    lines = [f"{view['label']}  —  {view['type_text']}"]
    stats = []
    for f in ("pitch", "cost", "power", "defense", "health", "intelligence", "arcane"):
        if view[f] is not None:
            stats.append(f"{f.capitalize()} {view[f]}")
    if stats:
        lines.append("  ".join(stats))
    if view["text"]:
        lines.append("")
        lines += [f"  {line}" if line else "" for line in _BOLD.sub(r"\1", view["text"]).split("\n")]
    others = [v for v in view["variants"] if v != view["label"]]
    if others:
        lines += ["", f"Other colours: {', '.join(others)}"]
    if view["keyword_rules"]:
        lines += ["", f"Keywords ({view['keyword_rules'][0]['document']}):"]
        for k in view["keyword_rules"]:
            lines.append(f"  {k['keyword']:<18} {', '.join(k['rules']) if k['rules'] else '—'}")
        if not all(k["rules"] for k in view["keyword_rules"]):
            lines.append("  (— : not defined in this rules document; the full CR defines every keyword: "
                         "judge rules import)")
    eng = view["engine"]
    lines += ["", "How the engine reads it:" + ("" if eng["fully_compiled"] else " (not fully compiled)")]
    if eng["keywords"]:
        lines.append(f"  keywords = {toml_value(eng['keywords'])}")
    for k in ("target", "playable_as_instant"):
        if k in eng:
            lines.append(f"  {k} = {toml_value(eng[k])}")
    for ab in eng["abilities"]:
        lines += ["  " + line for line in ability_toml(handle, ab).split("\n")]
    for name, side in eng.get("sides", {}).items():   # a split-card's two sides (9.2)
        lines.append(f"  [cards.{handle}.sides.{toml_value(name) if ' ' in name else name}]")
        lines += [f"  {k} = {toml_value(v)}" for k, v in side.items() if k != "abilities"]
        for ab in side.get("abilities", []):
            lines += ["  " + line for line in ability_toml(f"{handle}.sides.{toml_value(name) if ' ' in name else name}",
                                                          ab).split("\n")]
    if not (eng["keywords"] or eng["abilities"] or eng["not_understood"] or eng.get("sides")):
        lines.append("  (no abilities)")
    for para in eng["not_understood"]:
        flat = " ".join(_BOLD.sub(r"\1", para).split())
        lines.append(f"  not understood: {flat}")
    return "\n".join(lines)


def render_ambiguous(variants: list[CardRecord]) -> str:
    """The colour variants of a name asked for without a pitch."""
    lines = [f"{variants_label(variants)}: printed in {len(variants)} colours — choose one with --pitch or --color",
             ""]
    for v in variants:
        stats = "  ".join(f"{f} {getattr(v, f)}" for f in ("pitch", "cost", "power", "defense") if getattr(v, f))
        lines.append(f"  {v.label:<36} {stats}")
    texts = {v.text for v in variants}
    if len(texts) == 1 and variants[0].text:
        lines += ["", *[f"  {line}" for line in _BOLD.sub(r"\1", variants[0].text).split("\n")]]
    return "\n".join(lines)
