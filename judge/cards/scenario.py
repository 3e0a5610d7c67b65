"""Scenario cards named by their real name: ``[cards.HANDLE] card = "NAME"`` (with ``pitch = 1``, or
``card = "NAME (red)"``) is filled from the card data — types, subtypes, supertypes, pitch, cost, power,
defense, keywords, and the abilities compiled from the printed text (docs/scenario-format.md).

Keys the file writes override the data. A card whose text is not fully compiled is refused, naming the
paragraphs, unless the file writes ``abilities`` itself; an ability table ``{ compiled = N }`` in the file
stands for the card's Nth compiled ability, so a file can keep some compiled abilities and add its own.
"""

from __future__ import annotations

import re

from judge.cards import data as cd
from judge.cards.compiler import Compiled, compile_card, properties

PROPERTY_KEYS = ("name", "types", "subtypes", "supertypes", "pitch", "cost", "power", "defense", "life", "keywords",
                 "target", "playable_as_instant", "abilities")
_COMPILED: dict[tuple[str, str, str], object] = {}


def _compiled(data, record):
    """Compile each printed card once per process (a scenario folder names the same cards many times), and
    once per release of the data and of the compiler where the store's cache is kept (:class:`_Kept`)."""
    key = (data.path, record.name, record.pitch)
    found = _COMPILED.get(key)
    if found is None:
        found = _COMPILED[key] = _KEPT.get(key) or compile_card(record, data)
        _KEPT.add(key, found)
    return found


_LOOKED_UP: dict[tuple, tuple] = {}
_FRESH_LISTS = frozenset({"types", "subtypes", "supertypes", "keywords"})   # made anew for each table expanded


def _looked_up(data, name: str, pitch: int | None) -> tuple:
    """``(record, compiled, properties, unsaid)`` of the printed card ``name`` (and ``pitch``) in ``data``,
    worked out once per process for each name a scenario folder writes (the same cards are named again and
    again); raises :class:`~judge.cards.data.CardLookupError` as :func:`~judge.cards.data.find_one` does."""
    key = (data.path, id(data), name, pitch)
    got = _LOOKED_UP.get(key)
    if got is None or got[0] is not data:
        record = cd.find_one(data, name, pitch)
        compiled = _compiled(data, record)
        got = _LOOKED_UP[key] = (data, record, compiled, *properties(record, compiled))
    return got[1:]


def precompile(tables) -> None:
    """Compile the cards that the ``[cards.X]`` tables name by their real name (``card = "NAME"``), here and
    now: a run over many scenarios does it before its worker processes fork, so that each card is compiled
    once. A name that cannot be found is left for the scenario that names it to report."""
    try:
        data = cd.load()
    except cd.JudgeError:
        return
    for table in tables:
        name, pitch = table.get("card"), table.get("pitch")
        if not isinstance(name, str):
            continue
        try:
            record = _looked_up(data, name, pitch if isinstance(pitch, int) and not isinstance(pitch, bool) else None)[0]
        except cd.JudgeError:
            continue
        _compiled(data, record)   # kept in the store's cache (served from this process's memo when compiled here)
    save_compiled()


class _Kept:
    """Compiled cards kept in the store's cache (``cards-compiled-STAMP.marshal``), named by the size and
    modification time of the card data file and of the compiler's modules, so an edit to either makes a new
    file; a missing, corrupt or foreign file is ignored (cards are compiled again). Only the cards of the
    first data file a process uses are kept, and only a compile that marshal can write."""

    FORMAT = 1

    def __init__(self):
        self.data_path: str | None = None
        self.seen = None
        self.known: dict = {}
        self.new: dict = {}

    def _file(self):
        import os
        import sys
        import zlib

        from judge.rulebook import store

        here = os.path.dirname(os.path.abspath(__file__))
        files = sorted(os.path.join(here, n) for n in os.listdir(here) if n.endswith(".py"))
        files += [os.path.join(os.path.dirname(here), "engine", "fab", "keywords.py"), self.data_path]
        stamp = repr([(f, os.stat(f).st_size, os.stat(f).st_mtime_ns) for f in files]
                     + [self.FORMAT, sys.version_info[:2]])
        return store.cache_dir() / f"cards-compiled-{zlib.crc32(stamp.encode()):08x}{len(stamp)}.marshal"

    def _mine(self, data_path: str) -> bool:
        """Is ``data_path`` the data file kept (reading the kept file on first use, and again when the data
        file changed since)?"""
        import os

        try:
            seen = os.stat(data_path)
            seen = (seen.st_size, seen.st_mtime_ns)
        except OSError:
            return False
        if self.data_path is None or (data_path == self.data_path and seen != self.seen):
            import marshal

            self.data_path, self.seen, self.known, self.new = data_path, seen, {}, {}
            try:
                with open(self._file(), "rb") as fh:
                    known = marshal.loads(fh.read())
                if isinstance(known, dict):
                    self.known = known
            except Exception:   # noqa: BLE001 — missing, corrupt or foreign: compiled again
                pass
        return data_path == self.data_path

    def get(self, key):
        """The compiled card kept for ``key`` (data path, name, pitch), or None."""
        row = self.known.get(key[1:]) if self._mine(key[0]) else None
        if not (isinstance(row, tuple) and len(row) == 5):
            return None
        out = Compiled()
        out.keywords, out.fields, out.abilities, out.not_understood, out.understood = row
        return out

    def add(self, key, compiled) -> None:
        """Remember a card compiled in this process, to be written by :meth:`save`."""
        if self._mine(key[0]) and key[1:] not in self.known:
            self.new[key[1:]] = (compiled.keywords, compiled.fields, compiled.abilities, compiled.not_understood,
                                 compiled.understood)

    def save(self) -> None:
        """Write the kept cards with the new ones (atomically); silent on failure."""
        import marshal

        from judge.rulebook import store

        if not self.new:
            return
        both = {**self.known, **self.new}
        try:
            store.write_atomic(self._file(), marshal.dumps(both))
        except (OSError, ValueError):
            return
        self.known, self.new = both, {}


_KEPT = _Kept()


def save_compiled() -> None:
    """Write the cards compiled in this process to the store's cache (a run over many scenario files calls
    it at its end)."""
    _KEPT.save()


def expand(scenario, key: str, table: dict, reasons: list) -> dict | None:
    """The card table with the data filled in under the file's own keys; None (with a reason) when the
    name is unknown or ambiguous or the text cannot be played."""
    name = table.get("card")
    if not isinstance(name, str):
        reasons.append(scenario.reason("wrong-type", f"card must be the card's printed name, like \"NAME\" or "
                                       f"\"NAME (red)\", not {name!r}", f"{key}.card"))
        return None
    pitch = table.get("pitch")
    try:
        data = cd.load()
        record, compiled, base, unsaid = _looked_up(data, name, pitch if isinstance(pitch, int) and
                                                    not isinstance(pitch, bool) else None)
    except cd.CardLookupError as exc:
        reasons.append(scenario.reason("unknown-card", exc.message, f"{key}.card"))
        return None
    merged = {k: list(v) if k in _FRESH_LISTS else v for k, v in base.items()}
    overrides = []
    for k, v in table.items():
        if k == "card":
            continue
        if k in base and base[k] != v:
            overrides.append(k)
        merged[k] = v
    if "sides" in compiled.fields:
        # 9.2.1: a side's cost the data does not hold is "unknown" unless the file writes it; the engine refuses to
        # play that side (or to meld) with it unknown
        merged["sides"] = _split_sides(compiled, table)
        if compiled.not_understood == ["//"]:
            compiled = _without_gap(compiled)
    if "abilities" in table:
        merged["abilities"] = _with_compiled(scenario, key, table["abilities"], compiled, reasons)
        _mode_count_from_text(merged["abilities"], record.text)
    elif not compiled.fully:
        said = "; ".join(f'"{" ".join(p.replace("**", "").split())}"' for p in compiled.not_understood)
        reasons.append(scenario.reason("not-understood", f"{record.label}: the engine does not understand {said} — "
                                       f"write this card's abilities by hand (abilities = [ … ]; see judge card "
                                       f"\"{record.label}\" for what it does understand)", f"{key}.card"))
        return None
    defined = {f for ab in compiled.abilities if ab.get("kind") == "property" for f in ab.get("defines", [])}
    missing = [u for u in unsaid if u.split()[0] not in table and u.split()[0] not in defined]
    if missing:
        reasons.append(scenario.reason("not-understood", f"{record.label} has {', '.join(missing)}: a value the card "
                                       f"defines by its text; write it in the file ({missing[0].split()[0]} = N)",
                                       f"{key}.card"))
        return None
    note = _note(record, data, key.split(".", 1)[1], overrides, "abilities" in table)
    scenario.card_notes.append(note)
    return merged


def expand_tokens(scenario, key: str, value, reasons: list):
    """``value`` (a card's abilities, at ``key``) with every ``create-token`` effect that names its token by
    ``card = "NAME"`` filled in from the token card's data (8.5.2: "Create a Frostbite token"): its properties
    and its compiled keywords and abilities, under the keys the effect writes itself (``count``, ``who``, or its
    own ``abilities``). A name that is no token card, or a token whose text is not fully compiled while the
    effect writes no ``abilities``, is a reason."""
    if isinstance(value, list):
        return [expand_tokens(scenario, f"{key}.{i}", v, reasons) for i, v in enumerate(value, 1)]
    if not isinstance(value, dict):
        return value
    out = {k: expand_tokens(scenario, f"{key}.{k}", v, reasons) for k, v in value.items()}
    if out.get("do") != "create-token" or "card" not in out:
        return out
    name = out.pop("card")
    try:
        data = cd.load()
        record = cd.find_one(data, str(name)) if isinstance(name, str) else None
    except cd.CardLookupError as exc:
        reasons.append(scenario.reason("unknown-card", exc.message, f"{key}.card"))
        return out
    if record is None or "token" not in record.type_parts()[0]:
        reasons.append(scenario.reason("unknown-card", f"card = {name!r}: a create-token effect names a token card "
                                       f"(\"Frostbite\", \"Seismic Surge\"), and {record.label if record else name!r} "
                                       "is not one", f"{key}.card"))
        return out
    compiled = _compiled(data, record)
    if (not compiled.fully or compiled.fields) and "abilities" not in out:
        said = "; ".join(f'"{" ".join(p.replace("**", "").split())}"' for p in compiled.not_understood) or \
            "its card keys"
        reasons.append(scenario.reason("not-understood", f"the token {record.label}: the engine does not understand "
                                       f"{said} — write the token's abilities in the effect (abilities = [ … ])",
                                       f"{key}.card"))
        return out
    from judge.cards.phrases import token_effect

    return {**token_effect(record, compiled), **out}


def _split_sides(compiled, table: dict) -> dict:
    """A split-card's compiled sides with the file's side tables laid over them (a side's ``cost``: the data holds
    only the first side's, 9.2.1); a side whose cost neither gives is ``cost = "unknown"``."""
    written = table.get("sides") if isinstance(table.get("sides"), dict) else {}
    sides = {}
    for name, side in compiled.fields["sides"].items():
        extra = written.get(name) if isinstance(written.get(name), dict) else {}
        sides[name] = {"cost": "unknown", **side, **extra}
    return sides


def _without_gap(compiled):
    """The compiled split-card in a scenario: its second side's missing cost is said (``unknown``) instead of
    leaving the ``//`` not understood."""
    out = Compiled()
    out.keywords, out.fields, out.abilities = compiled.keywords, compiled.fields, compiled.abilities
    out.understood = compiled.understood + ["//"]
    return out


_CHOOSE_N = re.compile(r"^\s*choose (\d+|one|two|three)\s*[;:]", re.IGNORECASE | re.MULTILINE)


def _mode_count_from_text(abilities, text: str) -> None:
    """Abilities the file writes one per mode (``mode = N``) and without ``choose``: the card's printed
    "Choose N;" fills it in (CR 1.7.5), as the card data fills in the properties the file leaves out."""
    if not isinstance(abilities, list):
        return
    modal = [ab for ab in abilities if isinstance(ab, dict) and "mode" in ab]
    m = _CHOOSE_N.search(text or "")
    if not modal or m is None or any("choose" in ab for ab in modal):
        return
    n = {"one": 1, "two": 2, "three": 3}.get(m.group(1).lower()) or int(m.group(1))
    for i, ab in enumerate(abilities):
        if isinstance(ab, dict) and "mode" in ab:
            abilities[i] = dict(ab, choose=n)


def _with_compiled(scenario, key, abilities, compiled, reasons):
    """The file's abilities, each ``{ compiled = N }`` replaced by the card's Nth compiled ability."""
    if not isinstance(abilities, list):
        return abilities
    out = []
    for i, ab in enumerate(abilities, 1):
        if isinstance(ab, dict) and set(ab) == {"compiled"}:
            n = ab["compiled"]
            if not isinstance(n, int) or not 1 <= n <= len(compiled.abilities):
                reasons.append(scenario.reason("bad-ability", f"compiled = {n!r}: the card has "
                                               f"{len(compiled.abilities)} compiled abilities (judge card lists them)",
                                               f"{key}.abilities.{i}"))
                continue
            out.append(compiled.abilities[n - 1])
        else:
            out.append(ab)
    return out


def _note(record, data, handle: str, overrides: list[str], own_abilities: bool) -> str:
    """The trace's line about a named card: the printed card, its text, and what the file set itself."""
    stats = ", ".join(f"{f} {getattr(record, f)}" for f in ("pitch", "cost", "power", "defense")
                      if getattr(record, f))
    text = " ".join(record.text.replace("**", "").split())
    said = f': "{text}"' if text else ""
    set_by = [f"{k} set by the scenario" for k in overrides if k != "abilities"]
    if own_abilities:
        set_by.append("abilities set by the scenario")
    tail = f"; {', '.join(set_by)}" if set_by else ""
    return (f"{handle} is {record.label} ({record.type_text}; {stats}){said} — from the card data "
            f"({data.commit}){tail}.")
