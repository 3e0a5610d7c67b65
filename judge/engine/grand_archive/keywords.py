# Keywords and Abilities: the glossary's keywords the engine applies, one entry each.
"""The keywords of the Keywords and Abilities glossary the engine applies, one entry each (name, its rule, whether
it takes a number N, how several instances combine); a keyword not listed here is refused when a scenario is loaded."""

from __future__ import annotations

from dataclasses import dataclass
from judge.engine.grand_archive import cited


@dataclass(frozen=True)
class Keyword:
    """One glossary keyword: ``rule`` defines it; ``valued`` keywords are written "pride 2"; ``combine`` says how
    several instances add up ("max" for Pride 2, "sum" for Ranged and Retort, "redundant" otherwise)."""

    name: str
    rule: str
    valued: bool = False
    combine: str = "redundant"
    what: str = ""


KEYWORDS = {k.name: k for k in (
    Keyword("efficiency", cited.EFFICIENCY, what="costs LV less"),
    Keyword("intercept", cited.INTERCEPT, what="may redirect an attack on its champion to it"),
    Keyword("pride", cited.PRIDE, True, "max", "won't obey unless the champion is level N"),
    Keyword("stealth", cited.STEALTH, what="can't be targeted by attacks without true sight"),
    Keyword("true sight", cited.TRUE_SIGHT, what="attacks may target units with stealth"),
    Keyword("taunt", cited.TAUNT, what="while awake, must be attacked first"),
    Keyword("unblockable", cited.UNBLOCKABLE, what="attacks can't be intercepted, ignore taunt"),
    Keyword("vigor", cited.VIGOR, combine="each", what="wakes up at the beginning of your end phase"),
    Keyword("steadfast", cited.STEADFAST, what="retaliates while rested, without resting"),
    Keyword("ambush", cited.AMBUSH, what="may retaliate while not defending"),
    Keyword("retort", cited.RETORT, True, "sum", "+N power while retaliating"),
    Keyword("ranged", cited.RANGED, True, "sum", "+N power to its attacks while distant"),
    Keyword("immortality", cited.IMMORTALITY, what="can't be sent from the field to the graveyard"),
    Keyword("multistrike", cited.MULTISTRIKE, True, "max",
            "up to N more attack targets"),
    Keyword("cleave", cited.CLEAVE, what="attacks every attackable object of a chosen player"),
    Keyword("critical", cited.CRITICAL, True, "sum",
            "combat damage doubled unless an opponent discards N cards"),
    Keyword("spellshroud", cited.SPELLSHROUD, what="can't be targeted by spells"),
    Keyword("omnishroud", cited.OMNISHROUD,
            what="can't be targeted by activations, materializations or triggered abilities"),
    Keyword("foster", cited.FOSTER,
            what="becomes fostered at the beginning of your recollection phase if not dealt damage since your last turn"),
    Keyword("floating memory", cited.FLOATING_MEMORY,
            what="may be banished from the graveyard to pay 1 of a memory cost"),
    Keyword("hindered", cited.HINDERED, what="enters the field rested"),
    Keyword("fast activation", cited.FAST_ACTIVATION, what="may be activated at fast speed"),
    Keyword("renewable", cited.RENEWABLE,
            what="a regalia banished from the field goes to the material deck instead"),
    Keyword("reservable", cited.RESERVABLE,
            what="may be rested to pay 1 of a reserve cost"),
    Keyword("kindle", cited.KINDLE, True, "sum",
            "up to N fire cards banished from the graveyard pay 1 reserve each"),
    Keyword("interdiction", cited.INTERDICTION,
            what="no player has Opportunity while its activation is on the Effects Stack"),
    Keyword("level locked", cited.LEVEL_LOCKED, True, "max",
            "can't be played unless the champion's base level is N or higher"),
    Keyword("ephemerate", cited.EPHEMERATE, True, "max",
            "may be activated from the graveyard for its ephemerate cost, then banished when it would leave"),
    Keyword("bulwark", cited.BULWARK, combine="each", what="enters the field with a bulwark counter"),
)}

# glossary keywords a scenario may name that the engine does not play: refused with this reason
NOT_MODELLED = {
    "agility": "agility as a keyword of a card (a player gains agility from an effect: do = \"agility\")",
    **{name: f"{name} (a keyword of the Keywords and Abilities glossary)" for name in (
        "aenean progression", "aethercalling", "brew", "cascade", "champion bonus", "class bonus", "class locked",
        "command", "commanded will", "divine relic", "element bonus", "elysian aura", "empower",
        "first boon", "imbue", "inherited effect", "level restriction",
        "lineage", "lineage release", "link", "link shield", "memory",
        "prepare", "preserve", "starcalling")},
    # triggered ability conditions: written as abilities, not keywords
    **{f"on {event}": f"on {event} as a keyword: write it as a triggered ability, on = \"{event}\""
       for event in ("attack", "banish", "charge", "death", "enter", "foster", "hit", "kill", "leave")},
}


def parse_keyword(text: str) -> tuple[str, int | None]:
    """"Pride 2" → ("pride", 2); "stealth" → ("stealth", None). Raises ValueError naming what is wrong."""
    words = text.strip().lower().split()
    value = None
    if words and words[-1].lstrip("+-").isdigit():
        value = int(words.pop())
    name = " ".join(words)
    if name in NOT_MODELLED:
        raise ValueError(f"the engine does not model {NOT_MODELLED[name]} (keyword '{name}')")
    kw = KEYWORDS.get(name)
    if kw is None:
        raise ValueError(f"keyword '{text}' is not one the engine applies (known: {', '.join(sorted(KEYWORDS))})")
    if kw.valued and value is None:
        raise ValueError(f"keyword '{name}' takes a number: write '{name} N'")
    if not kw.valued and value is not None:
        raise ValueError(f"keyword '{name}' takes no number")
    return name, value


def keyword_value(instances: list[tuple[str, int | None]], name: str) -> int | None:
    """The value of ``name`` among a card's keyword instances: None when it has none; for valued keywords the
    highest (pride/2) or the sum (ranged/2); for others the number of instances."""
    values = [v for n, v in instances if n == name]
    if not values:
        return None
    kw = KEYWORDS[name]
    if not kw.valued:
        return len(values)
    return max(values) if kw.combine == "max" else sum(values)
