# The board in words: a scenario's players, game, cards and actions as the sentences of a ruling page.
"""The board of a ruling in words (:mod:`judge.docs.rulings`): a scenario's ``[players]``, ``[game]``,
``[cards]`` and ``[[actions]]`` as Markdown a reader follows without the scenario format — each card its
type line, properties and abilities, each action one sentence — and nothing the file says dropped.
"""

from __future__ import annotations

import re

from judge.docs.html import md_escape

_ZONE_WORDS = {"hand": "hand", "arsenal": "arsenal", "deck": "deck", "pitch": "pitch zone", "graveyard": "graveyard",
               "banished": "banished zone", "arena": "arena", "equipment": "equipment zones",
               "outside": "outside the game"}


def _card_name(cards: dict, handle) -> str:
    card = cards.get(handle)
    if isinstance(card, dict):
        return str(card.get("name", handle))
    return str(handle)


def _words(value) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _type_line(card: dict) -> str:
    def lst(key):
        v = card.get(key, [])
        return [v] if isinstance(v, str) else [str(x) for x in v] if isinstance(v, list) else []
    head = " ".join(x.capitalize() for x in lst("supertypes") + lst("types") + lst("type"))
    subs = " ".join(x.capitalize() for x in lst("subtypes"))
    return f"{head} – {subs}" if head and subs else head or subs


def _plain(value) -> str:
    """A TOML value in words: ``{do = "prevent", amount = "all"}`` → ``prevent, amount all``."""
    if isinstance(value, dict):
        parts = []
        for k, v in value.items():
            if k == "do":
                parts.insert(0, _plain(v))
            elif v is True:
                parts.append(k.replace("_", " "))
            elif v is not False and v not in ("", [], {}):
                parts.append(f"{k.replace('_', ' ')} {_plain(v)}")
        return ", ".join(parts)
    if isinstance(value, list):
        return "; ".join(_plain(v) for v in value)
    return str(value)


_KIND_WORDS = {"trigger": "triggered ability", "static": "static ability", "activated": "activated ability",
               "resolution": "on resolution", "play-from": "may be played from", "property": "property",
               "meta": "meta-static ability"}


def _ability_words(ab) -> str:
    """An ability without a comment giving its card text, in words from its primitives."""
    if not isinstance(ab, dict):
        return str(ab)
    for key in ("text", "description", "note"):
        if isinstance(ab.get(key), str):
            return ab[key]
    kind = _KIND_WORDS.get(ab.get("kind"), f"{ab.get('kind', '')} ability".strip())
    rest = {k: v for k, v in ab.items() if k != "kind"}
    return f"{kind}: {_plain(rest)}" if rest else kind


_ABILITY_HEADER = re.compile(r"^\s*\[\[\s*cards\.([^\].]+)\.abilities\s*\]\]")


def ability_texts(text: str) -> dict[str, list[str]]:
    """The card text a scenario writes as a comment above each ``[[cards.HANDLE.abilities]]`` table
    (docs/scenario-format.md asks for it): handle → one string per ability, "" where there is none."""
    out: dict[str, list[str]] = {}
    comments: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        m = _ABILITY_HEADER.match(line)
        if m:
            handle = m.group(1).strip().strip("\"'")
            out.setdefault(handle, []).append(" ".join(comments))
            comments = []
        elif stripped.startswith("#"):
            comments.append(stripped.lstrip("#").strip())
        else:
            comments = []
    return out


# Card keys shown in a fixed way (or not at all); every other key of a card is shown as "key value", in the
# order the file writes it, so a game's own properties (memory, thwart, hit points) need no code here.
_CARD_SHAPE = {"name", "owner", "controller", "zone", "types", "type", "subtypes", "supertypes", "keywords", "abilities",
               "face_down", "token", "sides"}
_CARD_FIRST = ("cost", "pitch", "power", "defense")


def _key_words(key: str) -> str:
    return str(key).replace("_", " ")


def _property(key, value) -> str:
    """``cost 2``, ``target subtypes bow, controller you``, ``hit points 10``."""
    if value is True:
        return _key_words(key)
    if isinstance(value, dict):
        return f"{_key_words(key)} ({_plain(value)})"
    return f"{_key_words(key)} {_plain(value)}"


def _card_properties(card: dict) -> list[str]:
    keys = [k for k in _CARD_FIRST if k in card] + [k for k in card if k not in _CARD_SHAPE and k not in _CARD_FIRST]
    return [_property(k, card[k]) for k in keys if card[k] is not False and card[k] not in ("", [], {})]


def _card_summary(card: dict) -> str:
    """``Action – Attack; cost 0, power 3, defense 3; go again``: type line, properties, keywords."""
    parts = [p for p in (_type_line(card), ", ".join(_card_properties(card))) if p]
    kws = card.get("keywords")
    if isinstance(kws, list) and kws:
        parts.append(", ".join(str(k) for k in kws))
    elif isinstance(kws, dict) and kws:
        parts.append(", ".join(str(k) if v is True else f"{k} {v}" for k, v in kws.items()))
    elif isinstance(kws, str) and kws:
        parts.append(kws)
    return "; ".join(parts)


def describe_card(handle, card, texts=()) -> str:
    """``**Jab** (Action – Attack; cost 0, power 3, defense 3; go again)`` in Markdown.

    Any game's cards: the type line, then every property the scenario gives the card, keywords, sides (split
    or double-faced cards), and its abilities in the card's own words where the file gives them.
    """
    if not isinstance(card, dict):
        return f"**{md_escape(handle)}**"
    parts = [_card_summary(card)] if _card_summary(card) else []
    if card.get("face_down"):
        parts.append("face down")
    if card.get("token"):
        parts.append("token")
    text = f"**{md_escape(card.get('name', handle))}**"
    if parts:
        text += " (" + md_escape("; ".join(parts)) + ")"
    sides = card.get("sides")
    if isinstance(sides, dict) and sides:
        text += md_escape(", sides: " + "; ".join(
            f"{name} ({_card_summary(side)})" if isinstance(side, dict) and _card_summary(side) else str(name)
            for name, side in sides.items()))
    abilities = card.get("abilities")
    if isinstance(abilities, list) and abilities:
        words = []
        for i, ab in enumerate(abilities):
            written = texts[i] if i < len(texts) and texts[i] else ""
            words.append(md_escape(written) if written else md_escape(_ability_words(ab)))
        text += " — " + "; ".join(words)
    return text


# Actions every game's scenarios share a shape for: ``player`` and one verb whose value is a card handle.
# The verbs below read as English; any other verb is written as "NAME: verb **card**", and every key the
# sentence does not use is appended as "key value", so nothing the scenario says is dropped.
_VERBS = {"play": "plays", "activate": "activates", "trigger": "triggers", "defend": "defends with"}
_ACTION_USED = {"player", "play", "activate", "defend", "pass", "trigger", "until", "as_instant", "side", "meld",
                "ability", "target", "targets", "pitch", "x", "alternative", "additional", "for", "at",
                "without_paying", "note"}


def _value_words(value, cards: dict) -> str:
    """A value of a scenario in Markdown words: card handles as the cards' names in bold."""
    if isinstance(value, str) and value in cards:
        return f"**{md_escape(_card_name(cards, value))}**"
    if isinstance(value, list) and any(isinstance(v, str) and v in cards for v in value):
        return ", ".join(_value_words(v, cards) for v in value)
    return md_escape(_plain(value))


def describe_action(act, cards: dict, default_player: str) -> str:
    """One action in words: ``Alice plays **Jab**, targeting Bob, pitching **a blue card**.``"""
    if not isinstance(act, dict):
        return md_escape(str(act))
    who = md_escape(act.get("player", default_player))
    name = lambda h: f"**{md_escape(_card_name(cards, h))}**" if isinstance(h, str) else md_escape(_plain(h))  # noqa: E731
    used = set(_ACTION_USED)
    if "play" in act:
        text = f"{who} plays {name(act['play'])}"
        if act.get("as_instant"):
            text += " as an instant"
        if act.get("side"):
            text += f" (side {md_escape(act['side'])})"
        if act.get("meld"):
            text += " (melded)"
    elif "activate" in act:
        text = f"{who} activates {name(act['activate'])}"
        if act.get("ability", 1) != 1:
            text += f"'s ability {act['ability']}"
    elif "defend" in act:
        handles = act["defend"] if isinstance(act["defend"], list) else [act["defend"]]
        text = f"{who} defends with " + (", ".join(name(h) for h in handles) or "nothing")
    elif "pass" in act:
        text = "Every player passes"
        if act.get("until"):
            text += f" until the {md_escape(act['until'])} step" if act["until"] != "closed" else \
                " until the combat chain closes"
    elif "trigger" in act:
        text = f"{who} triggers {name(act['trigger'])}"
    else:
        # another game's verb: the first key naming a card (or the first key) is the verb
        verb = next((k for k, v in act.items() if k not in _ACTION_USED and isinstance(v, str) and v in cards),
                    next((k for k in act if k not in _ACTION_USED), None))
        if verb is None:
            text = f"{who} acts"
        else:
            used.add(verb)
            value = act[verb]
            objs = value if isinstance(value, list) else [value]
            shown = ", ".join(name(v) if isinstance(v, str) and v in cards else md_escape(_plain(v))
                              for v in objs if v is not True)
            text = f"{who}: {md_escape(_key_words(verb))}" + (f" {shown}" if shown else "")
    targets = ([act["target"]] if "target" in act else []) + list(act.get("targets", []) or [])
    if targets:
        text += ", targeting " + ", ".join(name(t) if t in cards else md_escape(t) for t in targets)
    if act.get("pitch"):
        pitched = act["pitch"] if isinstance(act["pitch"], list) else [act["pitch"]]
        text += ", pitching " + ", ".join(name(h) for h in pitched)
    if "x" in act:
        text += f", with X = {md_escape(act['x'])}"
    if act.get("alternative"):
        text += f", paying the alternative cost ({md_escape(_words(act['alternative']))})"
    if act.get("additional"):
        text += f", paying an additional cost ({md_escape(_words(act['additional']))})"
    if act.get("for"):
        text += f", for {md_escape(act['for'])}"
    if act.get("at"):
        step = str(act["at"])
        text += f", in the {md_escape(step[:1].upper() + step[1:])} Step"
    if act.get("without_paying"):
        text += ", without paying its cost"
    for key, value in act.items():
        if key not in used and value is not False:
            text += f", {md_escape(_key_words(key))}" + ("" if value is True else f" {_value_words(value, cards)}")
    text += "."
    if act.get("note"):
        text += f" *{md_escape(act['note'])}*"
    return text


# A player's default values where the scenario format gives one (docs/scenario-format.md), per game; shown
# so a reader sees the whole position. Other games show only what the scenario writes.
_PLAYER_DEFAULTS = {"fab": {"life": 20}}
_PLAYER_WORDS = {"life": "{} life", "action_points": "{} action point(s)", "resources": "{} resource point(s)",
                 "intellect": "{} intellect"}


def _player_words(p: dict, defaults: dict) -> list[str]:
    """``hero Attacker, 20 life, 1 action point(s)``, ``champion Lorraine, level 1``: "key value", and
    "value key" where that reads better."""
    bits = []
    values = dict(p)
    for key, value in defaults.items():
        values.setdefault(key, value)
    for key, value in values.items():
        if value is False or value in ("", [], {}):
            continue
        if value is True:
            bits.append(_key_words(key))
        elif key in _PLAYER_WORDS and isinstance(value, (int, float, str)):
            bits.append(_PLAYER_WORDS[key].format(value))
        else:
            bits.append(_property(key, value))
    return bits


def board_markdown(data: dict, text: str = "") -> list[str]:
    """The scenario's position and actions in words (Markdown lines), for any game: players, the game's
    state, the cards by controller and zone, and the actions in order. ``text`` is the file's text, whose
    comments above ability tables give the cards' own words."""
    out = []
    texts = ability_texts(text) if text else {}
    meta = data.get("scenario") if isinstance(data.get("scenario"), dict) else {}
    players = data.get("players") if isinstance(data.get("players"), dict) else {}
    game = data.get("game") if isinstance(data.get("game"), dict) else {}
    cards = data.get("cards") if isinstance(data.get("cards"), dict) else {}
    turn = game.get("turn_player") or game.get("active_player") or next(iter(players), "")
    defaults = _PLAYER_DEFAULTS.get(meta.get("game"), {})
    # zones a player's table lists cards in (``hand = ["bolt", 2]``): the cards are shown there
    placed: dict[str, tuple[str, str]] = {}
    unnamed: dict[tuple[str, str], int] = {}
    zone_keys: dict[str, set] = {}
    for name, p in players.items():
        for key, value in (p.items() if isinstance(p, dict) else ()):
            if isinstance(value, list) and any(isinstance(v, str) and v in cards for v in value):
                zone_keys.setdefault(name, set()).add(key)
                for v in value:
                    if isinstance(v, str) and v in cards:
                        placed.setdefault(v, (name, key))
                    elif isinstance(v, int) and not isinstance(v, bool):
                        unnamed[(name, key)] = unnamed.get((name, key), 0) + v
    if players:
        descs = []
        for name, p in players.items():
            p = {k: v for k, v in p.items() if k not in zone_keys.get(name, ())} if isinstance(p, dict) else {}
            bits = _player_words(p, defaults)
            if name == turn:
                bits.append("turn-player")
            descs.append(f"**{md_escape(name)}**" + (f" ({md_escape(', '.join(bits))})" if bits else ""))
        out.append("**Players:** " + "; ".join(descs) + ".")
        out.append("")
    if game.get("step"):
        out.append(f"**Step:** {md_escape(game['step'])}.")
        out.append("")
    rest = [_property(k, v) for k, v in game.items() if k not in ("step", "turn_player", "active_player")
            and v is not False]
    if rest:
        out.append(f"**Game:** {md_escape(', '.join(rest))}.")
        out.append("")
    if cards:
        out.append("**Cards:**")
        out.append("")
        groups: dict[tuple[str, str], list[str]] = {}
        for handle, card in cards.items():
            card_ = card if isinstance(card, dict) else {}
            if handle in placed:
                owner, zone = placed[handle]
            else:
                owner = card_.get("controller", card_.get("owner", ""))
                zone = card_.get("zone", "hand" if owner else "")
            groups.setdefault((str(owner), str(zone)), []).append(describe_card(handle, card, texts.get(handle, ())))
        for (owner, zone), n in unnamed.items():
            groups.setdefault((owner, zone), []).append(f"{n} other card{'s' if n != 1 else ''}")
        for (owner, zone), descs in groups.items():
            where = md_escape(_ZONE_WORDS.get(zone, _key_words(zone)))
            label = f"{md_escape(owner)}'s {where}" if owner and zone else md_escape(owner) if owner else \
                where[:1].upper() + where[1:] if zone else "Other cards"
            out.append(f"- {label}: " + "; ".join(descs))
        out.append("")
    actions = data.get("actions") if isinstance(data.get("actions"), list) else []
    if actions:
        out.append("**What happens:**")
        out.append("")
        for i, act in enumerate(actions, 1):
            out.append(f"{i}. {describe_action(act, cards, turn)}")
        out.append("")
    return out
