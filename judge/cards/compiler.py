"""Card text → the Flesh and Blood engine's ability primitives (CR 5 abilities, 8.3 keywords, 8.4 labels).

The output is exactly what a scenario file would write by hand (docs/scenario-format.md): the card's
``keywords`` list, card keys such as ``target``, and ``[[cards.X.abilities]]`` tables. Precision first: a
paragraph is compiled only when the grammar captures its whole meaning; otherwise it is reported, word for
word, as not understood, and a scenario naming the card refuses to play it (no silent skip).

The grammar lives in :mod:`judge.cards.grammar`; this module splits the printed text into paragraphs,
reads keyword paragraphs, and assembles the result. No card is known by name: the card's own name in its
text is read as "this".
"""

from __future__ import annotations

import re

from judge.cards.phrases import listed_keywords


class Compiled:
    """What the engine reads from one printed card."""

    __slots__ = ("keywords", "fields", "abilities", "not_understood", "understood")

    def __init__(self):
        self.keywords: list[str] = []          # scenario form: "go again", "ward 10"
        self.fields: dict = {}                 # other card keys: target, playable_as_instant
        self.abilities: list[dict] = []        # [[cards.X.abilities]] tables
        self.not_understood: list[str] = []    # paragraphs (as printed) the grammar does not capture
        self.understood: list[str] = []        # paragraphs it does

    @property
    def fully(self) -> bool:
        """Every paragraph of the text is compiled."""
        return not self.not_understood

    def to_dict(self) -> dict:
        """The scenario keys (keywords, fields, abilities) and the paragraphs not understood."""
        return {"fully_compiled": self.fully, "keywords": list(self.keywords), **self.fields,
                "abilities": self.abilities, "not_understood": list(self.not_understood)}

    def scenario_keys(self) -> dict:
        """The keys a hand-written ``[cards.X]`` table would hold for these abilities."""
        out = {"keywords": list(self.keywords), **self.fields}
        if self.abilities:
            out["abilities"] = self.abilities
        return out


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def plain(text: str) -> str:
    """The text without Markdown bold marks."""
    return _BOLD.sub(r"\1", text)


def paragraphs(text: str) -> list[str]:
    """The printed text's paragraphs (blank-line separated), stripped."""
    return [p.strip() for p in re.split(r"\n\s*\n", text.replace("\r\n", "\n")) if p.strip()]


def split_trailing_keywords(para: str) -> list[str]:
    """``When you equip this, put two -1{d} counters on it. **Battleworn**``: a paragraph whose text ends in bold
    keywords after a full stop is two — the text, and the keywords on their own (read as any keyword paragraph);
    otherwise the paragraph as it is — an activated ability's own "Go again" stays with it (1.4.3a, 5.2)."""
    if re.match(r"^(?:\*\*)?(?:once per turn |twice per turn )?(?:action|instant|attack reaction|defense reaction)"
                r"(?:\*\*)? - ", plain(para).strip(), re.IGNORECASE) or re.search(r"^[^.]*\{r\}[^.]*:", para):
        return [para]
    m = re.fullmatch(r"(.+[.!?\"])\s+((?:\*\*[^*]+\*\*[ ,]*)+)", para.strip(), re.DOTALL)
    if not m or any(keyword_of(k) is None for k in re.findall(r"\*\*([^*]+)\*\*", m.group(2))):
        return [para]
    return [m.group(1).strip(), m.group(2).strip()]


def keyword_of(phrase: str) -> str | None:
    """``Go again`` → ``go again``; ``Ward 10`` → ``ward 10``; None when it is not a keyword the engine plays."""
    listed, valued = listed_keywords()
    words = plain(phrase).strip().rstrip(".").lower()
    m = re.fullmatch(r"([a-z][a-z /]*?)(?:\s+(\d+))?", words)
    if not m:
        return None
    name, value = m.group(1), m.group(2)
    if name in valued:
        return f"{name} {value}" if value else None
    if value is None and name in listed:
        return name
    return None


def compile_card(record, data=None) -> Compiled:
    """Compile one :class:`~judge.cards.data.CardRecord` (``data``: the card data it comes from, for the
    pool's vocabulary; default the card data in use)."""
    from judge.cards import grammar

    if data is None:
        from judge.cards.data import load

        data = load()
    out = Compiled()
    supertypes, tokens = data.vocabulary()
    ctx = grammar.Context(record, supertypes, {t: data.variants(t)[0] for t in tokens if data.variants(t)},
                          data.names, lambda rec: compile_card(rec, data),
                          lambda name: created_card(name, record, data))
    ctx.hero_names = data.hero_names
    from judge.cards.choices_grammar import modal_paragraphs, read_modal, surge
    from judge.cards.split_cards import compile_split, is_split

    if is_split(record, paragraphs(record.text)):   # 9.2: each side compiled on its own
        compile_split(record, paragraphs(record.text), lambda side: compile_card(side, data), out)
        return out
    from judge.cards.played_grammar import join_instead

    for para in join_instead(modal_paragraphs([part for p in paragraphs(record.text)
                                               for part in split_trailing_keywords(p)])):
        if _keyword_paragraph(para, out):
            out.understood.append(para)
            continue
        result = read_modal(para, ctx) or surge(para, ctx)
        if result is None:
            result = grammar.read_paragraph(para, ctx)
        if result is None:
            out.not_understood.append(para)
            _label_of(para, out)
            continue
        out.understood.append(para)
        _label_of(para, out)   # "**Combo** - …": the card has the label keyword too (8.0.5), as the data lists it
        out.abilities.extend(result.abilities)
        out.keywords.extend(k for k in result.keywords if k not in out.keywords)
        out.fields.update(result.fields)
    for kw in record.keyword_list():
        # keywords of the data's column that the text does not print (rare): listed as the card has them
        k = keyword_of(kw)
        if k and k not in out.keywords and not _printed(kw, record.text):
            out.keywords.append(k)
    return out


def created_card(name: str, creator, data) -> dict | None:
    """The printed properties and compiled text of the card ``name`` that another card's text creates in a zone
    ("create a NAME in your hand"): one printed card that is not a token, its text fully compiled and every
    printed value sayable; else None."""
    found = data.variants(name)
    if len(found) != 1 or found[0].name == creator.name or "token" in found[0].type_parts()[0]:
        return None
    compiled = compile_card(found[0], data)
    if not compiled.fully or set(compiled.fields) - {"target"}:
        return None     # a printed target (1.8.5) goes with it: declared as the created card is played
    props, unsaid = properties(found[0], compiled)
    return None if unsaid else {k: v for k, v in props.items() if v not in ([], {}, None)}


def _printed(keyword: str, text: str) -> bool:
    return keyword.lower().split()[0] in plain(text).lower()


def _label_of(para: str, out: Compiled) -> None:
    """A paragraph not understood that opens with a label (8.4: ``**Tower** - …``): the card still has that label,
    which has no meaning of its own (its ability is the text, refused or written by hand), so a scenario writing
    the ability by hand cites the label's rule."""
    from judge.engine.fab.keywords import KEYWORDS

    m = re.match(r"\*\*([^*]+)\*\* - ", para.strip())
    k = plain(m.group(1)).strip().lower() if m else None
    if k in KEYWORDS and "label" in KEYWORDS[k].hooks and k not in out.keywords:
        out.keywords.append(k)


def _keyword_paragraph(para: str, out: Compiled) -> bool:
    """A paragraph that is only keywords (``**Go again**``, ``**Dominate**``, ``**Ward 10**``): listed."""
    parts = [p.strip() for p in re.split(r",|\n", plain(para)) if p.strip()]
    kws = [keyword_of(p) for p in parts]
    if not parts or None in kws:
        return False
    for k in kws:
        if k not in out.keywords:
            out.keywords.append(k)
    return True


def _number(value: str, field: str):
    """A printed number as the scenario format writes it: ``3``, ``"X"``, ``"2+X"``; None for ``*``."""
    if value.isdigit():
        return int(value)
    if field == "cost" and value and set(value) <= set("X0123456789"):
        base = "".join(ch for ch in value if ch.isdigit())
        if value.count("X") == 1:
            return f"{base}+X" if base else "X"
    return None


def properties(record, compiled) -> tuple[dict, list[str]]:
    """The ``[cards.X]`` keys the card data gives, and the printed values no key can say (``*`` power)."""
    types, subtypes, supertypes = record.type_parts()
    out = {"name": record.name, "types": types, "subtypes": subtypes,
           "supertypes": [s for s in supertypes if s.isalpha()]}
    unsaid = []
    for field in ("pitch", "cost", "power", "defense"):
        raw = getattr(record, field)
        if raw == "":
            continue
        value = _number(raw, field)
        if value is None:
            unsaid.append(f"{field} {raw}")
        else:
            out[field] = value
    if "hero" not in types and record.health.isdigit():
        out["life"] = int(record.health)   # an ally's printed life (2.5.2); a hero's life is its player's
    out.update(compiled.scenario_keys())
    return out, unsaid
