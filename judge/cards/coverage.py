"""How much of the real card pool the compiler reads: ``judge cards coverage`` (issue target: every
keyword-only card, and at least half of all cards with text, fully compiled — precision first)."""

from __future__ import annotations

import re
from collections import Counter

from judge.cards.compiler import compile_card, paragraphs, plain

# the card groups the coverage is reported by, first match wins (types / subtypes of the type line)
GROUPS = (("hero", {"hero", "demi-hero"}, set()), ("weapon", {"weapon"}, set()),
          ("equipment", {"equipment"}, set()), ("ally", set(), {"ally"}), ("aura", set(), {"aura"}),
          ("item", set(), {"item"}), ("attack reaction", {"attack reaction"}, set()),
          ("defense reaction", {"defense reaction"}, set()), ("instant", {"instant"}, set()),
          ("attack action", {"action"}, {"attack"}), ("action", {"action"}, set()), ("token", {"token"}, set()), ("block", {"block"}, set()))


def group_of(record) -> str:
    """The report group of a card: hero, weapon, equipment, ally, aura, item, reactions, instant, action, …
    (any of the group's types, all of its subtypes)."""
    types, subtypes, _ = record.type_parts()
    for name, want_types, want_subtypes in GROUPS:
        if (not want_types or want_types & set(types)) and want_subtypes <= set(subtypes):
            return name
    return "other"


def shape(paragraph: str, name: str) -> str:
    """A paragraph with numbers as N and the card's own name as "this": its sentence shape."""
    text = " ".join(plain(paragraph).split())
    if name:
        text = text.replace(name, "this")
    return re.sub(r"\d+", "N", text)


def coverage(data, top: int = 25) -> dict:
    """The share of cards with text that compile fully, by group; keyword-only cards; shapes not understood."""
    from judge.cards.compiler import _keyword_paragraph, Compiled

    groups: dict[str, list[int]] = {}
    shapes: Counter = Counter()
    blocking: Counter = Counter()
    kw_only = [0, 0]
    total = full = 0
    for r in data.records:
        if not r.text.strip():
            continue
        c = compile_card(r, data)
        total += 1
        full += c.fully
        g = groups.setdefault(group_of(r), [0, 0])
        g[0] += 1
        g[1] += c.fully
        if all(_keyword_paragraph(p, Compiled()) or _only_words(p) for p in paragraphs(r.text)):
            kw_only[0] += 1
            kw_only[1] += c.fully
        for p in c.not_understood:
            shapes[shape(p, r.name)] += 1
        if len(c.not_understood) == 1:
            blocking[shape(c.not_understood[0], r.name)] += 1
    return {
        "data": {"source": data.source, "commit": data.commit, "version": data.version},
        "cards_with_text": total, "fully_compiled": full, "fully_compiled_share": round(full / total, 4) if total else 0,
        "keyword_only": {"cards": kw_only[0], "fully_compiled": kw_only[1]},
        "by_type": {k: {"cards": v[0], "fully_compiled": v[1], "share": round(v[1] / v[0], 4)}
                    for k, v in sorted(groups.items(), key=lambda kv: -kv[1][0])},
        "top_not_understood": [{"shape": s, "paragraphs": n} for s, n in shapes.most_common(top)],
        "top_blocking": [{"shape": s, "cards": n} for s, n in blocking.most_common(top)],
    }


def _only_words(paragraph: str) -> bool:
    """A paragraph that is one bold keyword, with a value or not (``**Blood Debt**``, ``**Opt 2**``)."""
    return bool(re.fullmatch(r"\*\*[A-Za-z' ]+(?: \d+| X)?\*\*", paragraph.strip()))


def render(report: dict) -> str:
    """The text form of :func:`coverage`."""
    lines = [f"{report['fully_compiled']:,} of {report['cards_with_text']:,} cards with text fully compiled "
             f"({report['fully_compiled_share']:.1%}); keyword-only cards: {report['keyword_only']['fully_compiled']} "
             f"of {report['keyword_only']['cards']} (the others name keywords the engine does not play)", "",
             "By type:"]
    for name, g in report["by_type"].items():
        lines.append(f"  {name:<17} {g['fully_compiled']:>5} / {g['cards']:<5} {g['share']:.1%}")
    lines += ["", "Most frequent paragraphs not understood (shape: numbers as N, the card's name as 'this'):"]
    for row in report["top_not_understood"]:
        lines.append(f"  {row['paragraphs']:>4}  {row['shape'][:110]}")
    return "\n".join(lines)
