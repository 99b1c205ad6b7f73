"""Which of a permanent's own triggered abilities trigger as it is played or as it dies, which
abilities of other permanents see a play, a stun or a unit becoming [Mighty], and whether the
bot can put one on the chain by itself.

"When you play me" ("When you play this" for gear, 376.4.a.1 in v1.2) triggers as the card is
played; [Deathknell] ("When I die", 808.1.c) triggers as the unit is killed and goes to the
trash (323.4, 428.1.a.1.b), not when a replacement recalled or banished it instead
(808.1.d.1).  A trigger goes on the chain when its condition is met (383.3), unless its effect
starts with "you may" (the controller chooses, 383.3.a) or a conditional statement follows the
condition that the bot can't check (383.3.e).  One that chooses targets needs its choices,
which only a statement can say.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.riftbound.abilities import RbAbility
from bot.engine.riftbound.analysis import analyse
from bot.engine.riftbound.model import RbKind, RbObject, RbZone
from bot.engine.riftbound.modes import modes_of
from bot.engine.wording import and_list

# The trigger conditions a play meets: "When you play me", "When you play this", "When I'm
# played and when I conquer", "When you play me or when I hold", "When you play me or another
# Dragon".  "... to a battlefield" only when it was played to one; "When you play this from
# face down" (Edge of Night) only when it was played from facedown (811.1.c.3; QA 55 W8).
_PLAY_CONDITION = re.compile(
    r"^when (?:you play (?:me|this)|I['’]m played|this is played)(?P<where> to a battlefield)?"
    r"(?P<facedown> from face ?down)?"
    r"(?:\s+(?:or|and)\s+(?!.*\bface ?down\b).+)?$",
    re.IGNORECASE,
)
_DEATH_CONDITION = re.compile(r"^when I die$", re.IGNORECASE)
_YOU_MAY = re.compile(r"^(?:you|they) may\b", re.IGNORECASE)
_IF = re.compile(r"^if\b", re.IGNORECASE)


@dataclass(frozen=True)
class Triggered:
    """One of the object's abilities whose trigger condition was just met, and what the bot
    does with it: ``chain`` (it needs nothing more: the bot puts it on the chain),
    ``targets`` (its choices must be said), ``may`` (its controller decides, 383.3.a) or
    ``if`` (a condition the bot doesn't check, 383.3.e)."""

    ability: RbAbility
    handling: str


def _condition(ability: RbAbility) -> str:
    return ability.text.partition(",")[0].strip()


def play_triggers(
    abilities: Sequence[RbAbility],
    *,
    to_battlefield: bool,
    version: str,
    from_facedown: bool = False,
) -> list[Triggered]:
    """The played card's own triggered abilities whose condition the play met (keyword
    triggers that attach gear, Quick-Draw and Weaponmaster, have notes of their own);
    ``from_facedown``: it was played from facedown (811.1.c.3)."""
    found: list[Triggered] = []
    for ability in abilities:
        # [Vision] (817.1.b: "When this is played, ...") is a play trigger like any other.
        if ability.kind != "triggered" or ability.reflexive:
            continue
        if ability.keyword and ability.keyword != "Vision":
            continue
        condition = _PLAY_CONDITION.match(_condition(ability))
        if condition is None or (condition.group("where") and not to_battlefield):
            continue
        if condition.group("facedown") and not from_facedown:
            continue
        found.append(Triggered(ability, _handling(ability, version)))
    return found


def death_triggers(abilities: Sequence[RbAbility], version: str) -> list[Triggered]:
    """The dead card's [Deathknell] / "When I die" abilities (808.1.c); "When I die in
    combat" (Draven) needs a combat the bot doesn't keep, so it is left out."""
    return [
        Triggered(a, _handling(a, version))
        for a in abilities
        if a.kind == "triggered" and _DEATH_CONDITION.match(_condition(a))
    ]


# Yasuo, Windrider: "The third time I move in a turn, you score 1 point."; 383.1: "the [Nth]
# time" followed by an event is a trigger condition ("The first time I move each turn, ...").
_NTH_MOVE_CONDITION = re.compile(
    r"^the (?P<nth>first|second|third|fourth|fifth) time I move (?:in a|each) turn$",
    re.IGNORECASE,
)
_NTH = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


# "When I move" (Stellacorn Herder; Eye of the Herald's text on the unit it is attached to,
# 718.3), "When I move to a battlefield" (Noxian Drummer), "When I move from a battlefield"
# (Harpoon Squad), "When I move from a location" (Lillia, Fae Fawn) (QA 58 W5).
_MOVE_CONDITION = re.compile(
    r"^when I move(?: (?P<way>to|from) (?:a|my) (?P<where>battlefield|location))?$",
    re.IGNORECASE,
)


def move_triggers(
    abilities: Sequence[RbAbility],
    moves_this_turn: int,
    version: str,
    *,
    from_battlefield: bool = False,
    to_battlefield: bool = False,
) -> list[Triggered]:
    """The moved unit's own abilities this move, its ``moves_this_turn``-th this turn,
    triggers: "The [Nth] time I move in a turn" (383.1) and "When I move [to / from a
    battlefield]", from or to a battlefield as the flags say."""
    found: list[Triggered] = []
    for ability in abilities:
        if ability.kind != "triggered" or ability.reflexive:
            continue
        condition = _NTH_MOVE_CONDITION.match(_condition(ability))
        if condition is not None and _NTH[condition.group("nth").lower()] == moves_this_turn:
            found.append(Triggered(ability, _handling(ability, version)))
            continue
        moved = _MOVE_CONDITION.match(_condition(ability))
        if moved is None:
            continue
        if (moved.group("where") or "").lower() == "battlefield" and not (
            to_battlefield if moved.group("way").lower() == "to" else from_battlefield
        ):
            continue
        found.append(Triggered(ability, _handling(ability, version)))
    return found


# "At start of your Beginning Phase" (Loose Cannon), "At the start of your Beginning Phase"
# (Dr. Mundo, Expert; Mushroom Pouch), "When you play me or at the start of your Beginning
# Phase" (Sprite Queen), "At the start of each player's Beginning Phase" (Frozen Fortress);
# a player's first Beginning Phase only (Obelisk of Power) is not a later turn's (QA 58 W7).
_BEGINNING_CONDITION = re.compile(
    r"^(?:.+ or )?at (?:the )?start of (?P<whose>your|each player['’]s) beginning phase$",
    re.IGNORECASE,
)


def beginning_triggers(
    abilities: Sequence[RbAbility], *, yours: bool, version: str
) -> list[Triggered]:
    """The abilities that trigger as a player's Beginning Phase starts (315.2.a): "your"
    ones when ``yours`` (their source's controller is the turn player), "each player's" ones
    always.  [Temporary] (816.1.b) is carried out on its own."""
    found: list[Triggered] = []
    for ability in abilities:
        if ability.kind != "triggered" or ability.keyword or ability.reflexive:
            continue
        condition = _BEGINNING_CONDITION.match(_condition(ability))
        if condition is None or (condition.group("whose").lower() == "your" and not yours):
            continue
        found.append(Triggered(ability, _handling(ability, version)))
    return found


# Another permanent's "When you play ..." (383.4.a: the played card is not the trigger's source):
# Relentless Storm's "a [Mighty] unit", Pridestalker's "a unit", Lady of Luminosity's "a spell
# that costs [5] or more".  Any other words after the card ("on an opponent's turn", "during a
# showdown") are a condition the bot doesn't check, so it is not announced.
# Battlefields and some units watch every player's plays: Valley of Idols' "When a player plays
# a unit here", Abandoned Hall's "When a player plays a spell", Vex, Apathetic's "When an
# opponent plays a unit while I'm at a battlefield".
_WATCH_PLAY = re.compile(
    r"^when (?P<who>you|a player|an opponent) plays? (?:a|an|another) "
    r"(?P<what>\[mighty\] unit|unit|spell|gear|card)"
    r"(?: that costs \[(?P<cost>\d+)\] or more)?"
    # Ember Monk's "When you play a card from [Hidden]", "When you play a card from face down".
    r"(?P<hidden> from \[hidden\]| from face ?down)?(?P<here> here)?"
    r"(?P<while> while I['’]m at a battlefield)?$",
    re.IGNORECASE,
)
# Darius, Trifarian: "When you play your second card in a turn" - the card that is that
# player's Nth played this turn, which may be Darius himself (Origins FAQ: "Triggers like this
# are evaluated immediately after the event that takes place, at which point Darius is on the
# board").
_WATCH_NTH_CARD = re.compile(
    r"^when you play your (?P<nth>second|third|fourth|fifth) card (?:in a|each) turn$",
    re.IGNORECASE,
)
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}
# "When you stun one or more enemy units" (Radiant Dawn: once), "When you stun an enemy unit"
# (Eclipse Herald: once for each), "When you [Stun] an enemy unit at a battlefield" (Vex).
_WATCH_STUN = re.compile(
    r"^when you \[?stun\]? (?P<how>one or more enemy units|an enemy unit)"
    r"(?P<where> at a battlefield)?$",
    re.IGNORECASE,
)
# "When one of your units becomes [Mighty]" (Grand Duelist), "When a unit you control becomes
# [Mighty]" (Fiora, Worthy): once for each unit that becomes Mighty (709).
_WATCH_MIGHTY = re.compile(
    r"^when (?:one of your units|a unit you control|a friendly unit) becomes \[mighty\]$",
    re.IGNORECASE,
)
# Wraith of Echoes: "The first time another friendly unit dies each turn" (Origins FAQ errata:
# "another"; units don't see themselves, or units dying with them, die).
_WATCH_FRIENDLY_DEATH = re.compile(
    r"^the first time (?:another |a )?friendly unit dies each turn$", re.IGNORECASE
)
# Altar of Memories' "When a friendly unit dies", Spectral Centaur's "When another friendly unit
# dies", Viktor, Leader's "When another non-Recruit unit you control dies", Vanguard Helm's
# "When a buffed friendly unit dies" (as it was on the board): once for each such
# unit (383.3; QA 58 W3).  The watcher that died with them is in the trash and sees nothing.
_WATCH_EACH_FRIENDLY_DEATH = re.compile(
    r"^when (?:a|another) (?P<recruit>non-recruit )?(?P<buffed>buffed )?"
    r"(?:friendly unit|unit you control) dies$",
    re.IGNORECASE,
)
# Battle Mistress: "When one or more enemy units die" - once, however many died together.
_WATCH_ENEMY_DEATHS = re.compile(r"^when one or more enemy units die$", re.IGNORECASE)
# Immortal Phoenix, from its owner's trash: "When you kill a unit with a spell" (Origins FAQ:
# a spell you control killed it, or dealt it lethal damage and it died in the cleanup right
# after).
_WATCH_SPELL_KILL = re.compile(r"^when you kill a unit with a spell$", re.IGNORECASE)
MIGHTY = 5  # 708: a unit is Mighty while its Might is 5 or greater.
# Choosing is targeting (355.7): Irelia, Fervent's "When you choose or ready me", Jae Medarda's
# "When you choose me with a spell"; Blade Dancer's and Spirit Wheel's "When you choose a
# friendly unit" (once for each friendly unit chosen) (QA 55 W5).
_WATCH_CHOOSE_ME = re.compile(
    r"^when you (?P<what>choose|choose or ready|ready) me(?P<spell> with a spell)?$", re.IGNORECASE
)
CHOOSE_FRIENDLY_CONDITION = re.compile(r"^when you choose a friendly unit$", re.IGNORECASE)
# Volibear, Imposing: "When an opponent moves to a battlefield other than mine" (QA 58 W5).
_WATCH_OPPONENT_MOVES = re.compile(
    r"^when an opponent moves to a battlefield other than mine$", re.IGNORECASE
)
# Jinx, Rebel: "When you discard one or more cards" (422; QA 58 W2); Flame Chompers, from
# the trash it was discarded to: "When you discard me".
_WATCH_DISCARD = re.compile(r"^when you discard (?P<what>one or more cards|me)$", re.IGNORECASE)
# Simian Ancestor: "When you buff me"; Mistfall: "When you buff a friendly unit" (426.1.b;
# QA 58 W6).
_WATCH_BUFF = re.compile(r"^when you buff (?P<whom>me|a friendly unit)$", re.IGNORECASE)
# Back-Alley Bar: "When a unit moves from here"; Stealthy Pursuer: "When a friendly unit moves
# from my location"; Blast Cone: "When you move an enemy unit" - once for each such unit, whose
# "it" it is (359.3.f.3; stop 49 left open).
_WATCH_MOVES_FROM = re.compile(
    r"^when (?P<whose>a|a friendly) unit moves from (?:here|my location)$", re.IGNORECASE
)
_WATCH_YOU_MOVE_ENEMY = re.compile(r"^when you move an enemy unit$", re.IGNORECASE)
# Aphelios, Exalted; Jax, Unrelenting: "When you attach an Equipment to me" (434; QA 55 U5).
_WATCH_ATTACH_ME = re.compile(r"^when you attach an equipment to me$", re.IGNORECASE)


@dataclass(frozen=True)
class PlayEvent:
    """``player`` played ``kind`` (a unit: its Might as it entered the board, 710; ``cost``:
    its printed Energy cost, 131.4; ``place``: the battlefield it was played to)."""

    player: str
    name: str
    kind: RbKind
    cost: int | None = None
    might: int | None = None
    # Where a permanent was played: a battlefield's name, or "" for a base or a spell.
    place: str = ""
    # The played permanent, what a trigger's "it" is (Vex, Apathetic's "[Stun] it").
    object_id: int | None = None
    # How many cards ``player`` has played this turn, this one included (0: not a card, as
    # a token isn't, 350.2), for Darius, Trifarian's "your second card in a turn".
    ordinal: int = 0
    # Played from facedown at a battlefield, where it was hidden (811.1.b, 811.1.c.3).
    from_hidden: bool = False


@dataclass(frozen=True)
class StunEvent:
    """``player``'s spell or ability stunned ``units`` (423)."""

    player: str
    units: tuple[RbObject, ...]


@dataclass(frozen=True)
class MightyEvent:
    """``units`` became Mighty: their Might went from less than 5 to 5 or more (709)."""

    units: tuple[RbObject, ...]


@dataclass(frozen=True)
class DeathEvent:
    """``units`` died together (as they were on the board); ``spell_of``: the player whose
    spell killed them as it resolved, or "" (Immortal Phoenix)."""

    units: tuple[RbObject, ...]
    spell_of: str = ""


@dataclass(frozen=True)
class ChooseEvent:
    """``player``'s spell or ability (``by``; ``with_spell`` for a spell) chose ``units`` as
    it was played or put on the chain (355.7); ``readied``: not a choice but a ready its
    resolution did (Irelia, Fervent's "When you choose or ready me")."""

    player: str
    units: tuple[RbObject, ...]
    by: str
    with_spell: bool = False
    readied: bool = False


@dataclass(frozen=True)
class AttachEvent:
    """``player``'s spell or ability (``by``) attached each gear to its unit (434):
    ``pairs`` of (gear, unit)."""

    player: str
    pairs: tuple[tuple[RbObject, RbObject], ...]
    by: str


@dataclass(frozen=True)
class MoveEvent:
    """``units`` moved (441), each now at its new place, by ``player`` (their controller, or
    the controller of the spell or ability that moved them); ``came_from``: each one's place
    before it moved (Back-Alley Bar's "When a unit moves from here")."""

    player: str
    units: tuple[RbObject, ...]
    came_from: tuple[str, ...] = ()


@dataclass(frozen=True)
class DiscardEvent:
    """``player`` discarded ``cards`` from their hand (422.1), now the objects
    ``in_trash`` there."""

    player: str
    cards: tuple[str, ...]
    in_trash: tuple[int, ...] = ()


@dataclass(frozen=True)
class BuffEvent:
    """``player``'s spell or ability (``by``) buffed ``units`` (426.1.b)."""

    player: str
    units: tuple[RbObject, ...]
    by: str


WatchedEvent = (
    PlayEvent
    | StunEvent
    | MightyEvent
    | DeathEvent
    | ChooseEvent
    | AttachEvent
    | MoveEvent
    | DiscardEvent
    | BuffEvent
)


@dataclass(frozen=True)
class Watched:
    """One of a permanent's abilities whose condition another object's event met: ``times``
    it triggers (once for each enemy unit stunned, 383), and ``why`` the event meets it;
    ``referents``: the unit each time's "it" is, when the condition names one (the unit that
    moved from Back-Alley Bar)."""

    triggered: Triggered
    times: int
    why: str
    referents: tuple[int, ...] = ()


def watched_triggers(
    abilities: Sequence[RbAbility],
    controller: str,
    event: WatchedEvent,
    version: str,
    *,
    watcher: RbObject | None = None,
    own_play: bool = False,
) -> list[Watched]:
    """The abilities (of ``watcher``, a permanent ``controller`` controls) whose trigger
    condition ``event`` meets: checked, so nothing triggers that shouldn't (QA 36 U1).
    ``own_play``: ``watcher`` is the card played, which sees only its own count among the
    cards played this turn (Darius, Trifarian; its own "When you play me" is
    ``play_triggers``')."""
    found: list[Watched] = []
    for ability in abilities:
        if ability.kind != "triggered" or ability.keyword or ability.reflexive:
            continue
        condition = _condition(ability)
        if own_play and not _WATCH_NTH_CARD.match(condition):
            continue
        if isinstance(event, MoveEvent) and (
            moved := _moved_units_seen(condition, controller, event, watcher)
        ):
            units, why = moved
            found.append(
                Watched(
                    Triggered(ability, _handling(ability, version)),
                    len(units),
                    why,
                    tuple(u.id for u in units),
                )
            )
            continue
        met = _meets(condition, controller, event, watcher)
        if met is not None:
            times, why = met
            found.append(Watched(Triggered(ability, _handling(ability, version)), times, why))
    return found


def _meets(
    condition: str, controller: str, event: WatchedEvent, watcher: RbObject | None
) -> tuple[int, str] | None:
    """How many times ``condition`` triggers on ``event`` and why; None when it doesn't."""
    yours = lambda player: player.casefold() == controller.casefold()  # noqa: E731
    if isinstance(event, PlayEvent):
        nth = _WATCH_NTH_CARD.match(condition)
        if nth is not None:
            count = _ORDINALS[nth.group("nth").lower()]
            if not yours(event.player) or event.ordinal != count:
                return None
            return 1, f"it is the {nth.group('nth').lower()} card {event.player} played this turn"
        play = _WATCH_PLAY.match(condition)
        if play is None:
            return None
        who = play.group("who").lower()
        if (who == "you" and not yours(event.player)) or (
            who == "an opponent" and yours(event.player)
        ):
            return None
        if play.group("here") and (watcher is None or event.place != watcher.place):
            return None
        if play.group("hidden") and not event.from_hidden:
            return None
        if play.group("while") and (watcher is None or not watcher.at_battlefield):
            return None
        what = play.group("what").lower()
        if what == "card":
            if play.group("hidden"):
                return 1, f"{event.name} is a card played from facedown"
            return 1, f"{event.name} is a card"
        if what.endswith("unit"):
            if event.kind is not RbKind.UNIT:
                return None
            if what.startswith("[mighty]"):
                if event.might is None or event.might < MIGHTY:
                    return None
                return 1, f"{event.name} has {event.might} Might, so it is a Mighty unit"
            return 1, f"{event.name} is a unit"
        if what != event.kind.value:
            return None
        least = play.group("cost")
        if least is None:
            return 1, f"{event.name} is a {what}"
        if event.cost is None or event.cost < int(least):
            return None
        return 1, f"{event.name} costs [{event.cost}], [{least}] or more"
    if isinstance(event, StunEvent):
        stun = _WATCH_STUN.match(condition)
        if stun is None or not yours(event.player):
            return None
        units = [
            u
            for u in event.units
            if not yours(u.controller) and (not stun.group("where") or u.at_battlefield)
        ]
        if not units:
            return None
        names = ", ".join(u.name for u in units)
        enemies = f"{len(units)} enemy unit{'s' if len(units) > 1 else ''} ({names})"
        if stun.group("how").lower().startswith("one or more"):
            return 1, f"{controller} stunned {enemies}"
        return len(units), f"{controller} stunned {enemies}" + (
            ": it triggers once for each" if len(units) > 1 else ""
        )
    if isinstance(event, DeathEvent):
        return _sees_death(condition, controller, event, watcher)
    if isinstance(event, ChooseEvent):
        return _sees_choice(condition, controller, event, watcher)
    if isinstance(event, MoveEvent | DiscardEvent | BuffEvent):
        return _sees_move_discard_buff(condition, controller, event, watcher)
    if isinstance(event, AttachEvent):
        if not _WATCH_ATTACH_ME.match(condition) or not yours(event.player) or watcher is None:
            return None
        gears = [
            g.name
            for g, unit in event.pairs
            if unit.id == watcher.id and any(t.casefold() == "equipment" for t in g.tags)
        ]
        if not gears:
            return None
        return len(
            gears
        ), f"{controller} attached {and_list(gears)} to {watcher.name} with {event.by}"
    mighty = _WATCH_MIGHTY.match(condition)
    units = [u for u in event.units if yours(u.controller)]
    if mighty is None or not units:
        return None
    return len(units), f"{', '.join(u.name for u in units)} became Mighty"


def _sees_death(
    condition: str, controller: str, event: DeathEvent, watcher: RbObject | None
) -> tuple[int, str] | None:
    """Whether ``watcher`` sees ``event``: Wraith of Echoes, Altar of Memories, Spectral
    Centaur on the board, a friendly unit's death; Battle Mistress, enemy units'; Immortal Phoenix in the trash, its owner's spell killing a unit."""
    in_trash = watcher is not None and watcher.zone is RbZone.TRASH
    names = ", ".join(u.name for u in event.units)
    if _WATCH_FRIENDLY_DEATH.match(condition) and not in_trash:
        friendly = [u for u in event.units if u.controller.casefold() == controller.casefold()]
        if friendly:
            return 1, f"{', '.join(u.name for u in friendly)}, a friendly unit, died"
    each = _WATCH_EACH_FRIENDLY_DEATH.match(condition)
    if each is not None and not in_trash:
        friendly = [
            u
            for u in event.units
            if u.controller.casefold() == controller.casefold()
            and not (each.group("recruit") and u.name.casefold() == "recruit")
            and (u.buffed or not each.group("buffed"))
        ]
        if friendly:
            died = ", ".join(u.name for u in friendly)
            return len(friendly), f"{died}, a friendly unit, died" + (
                ": it triggers once for each" if len(friendly) > 1 else ""
            )
    if _WATCH_ENEMY_DEATHS.match(condition) and not in_trash:
        enemies = [u for u in event.units if u.controller.casefold() != controller.casefold()]
        if enemies:
            many = len(enemies) > 1
            return 1, (
                f"{and_list(u.name for u in enemies)}, {'enemy units' if many else 'an enemy unit'}"
                f", died" + (": it triggers once for them all" if many else "")
            )
    if (
        _WATCH_SPELL_KILL.match(condition)
        and in_trash
        and event.units
        and event.spell_of.casefold() == controller.casefold()
    ):
        return 1, f"{controller}'s spell killed {names}"
    return None


def _done_with(by: str) -> str:
    """What buffed, readied or chose the units (" with Blind Monk's activated ability"); a
    statement ("Simian Ancestor is buffed.") doesn't say, and the unit's controller is taken
    to have done it."""
    if by:
        return f" with {by}"
    return " (the statement doesn't say by what: taken as its controller's)"


def _moved_units_seen(
    condition: str, controller: str, event: MoveEvent, watcher: RbObject | None
) -> tuple[list[RbObject], str] | None:
    """The units of ``event`` whose move ``watcher`` sees, one trigger each, and why: those
    that moved from its place (Back-Alley Bar; Stealthy Pursuer, its friendly ones but
    itself), or the enemy units its controller moved (Blast Cone); None for another
    condition or when none did."""
    if watcher is None:
        return None
    friendly = lambda u: u.controller.casefold() == controller.casefold()  # noqa: E731
    if (moves_from := _WATCH_MOVES_FROM.match(condition)) is not None:
        place = watcher.place
        units = [
            u
            for u, came_from in zip(event.units, event.came_from, strict=False)
            if came_from == place
            and u.id != watcher.id
            and (moves_from.group("whose").lower() == "a" or friendly(u))
        ]
        if not units:
            return None
        return units, f"{and_list(u.name for u in units)} moved from {place}" + (
            ": it triggers once for each" if len(units) > 1 else ""
        )
    if _WATCH_YOU_MOVE_ENEMY.match(condition) and event.player.casefold() == controller.casefold():
        units = [u for u in event.units if not friendly(u)]
        if not units:
            return None
        if len(units) == 1:
            return units, f"{controller} moved {units[0].name}, an enemy unit"
        return units, (
            f"{controller} moved {and_list(u.name for u in units)}, {len(units)} enemy units: "
            "it triggers once for each"
        )
    return None


def _sees_move_discard_buff(
    condition: str,
    controller: str,
    event: MoveEvent | DiscardEvent | BuffEvent,
    watcher: RbObject | None,
) -> tuple[int, str] | None:
    """Whether ``watcher`` (controlled by ``controller``) sees a move, a discard or a buff."""
    yours = event.player.casefold() == controller.casefold()
    if isinstance(event, DiscardEvent):
        discard = _WATCH_DISCARD.match(condition)
        if discard is None or not yours or not event.cards or watcher is None:
            return None
        in_trash = watcher.zone is RbZone.TRASH
        if discard.group("what").lower() == "me":
            if not in_trash or watcher.id not in event.in_trash:
                return None
            return 1, f"{event.player} discarded {watcher.name}"
        if in_trash:
            return None
        return 1, f"{event.player} discarded {and_list(event.cards)}"
    if isinstance(event, BuffEvent):
        buff = _WATCH_BUFF.match(condition)
        if buff is None or not yours:
            return None
        if buff.group("whom").lower() == "me":
            if watcher is None or all(u.id != watcher.id for u in event.units):
                return None
            return 1, f"{controller} buffed {watcher.name}{_done_with(event.by)}"
        friendly = [u.name for u in event.units if u.controller.casefold() == controller.casefold()]
        if not friendly:
            return None
        return len(friendly), f"{controller} buffed {and_list(friendly)}{_done_with(event.by)}" + (
            ": it triggers once for each" if len(friendly) > 1 else ""
        )
    if not _WATCH_OPPONENT_MOVES.match(condition) or yours or watcher is None:
        return None
    mine = watcher.location if watcher.at_battlefield else ""
    moved = [u for u in event.units if u.at_battlefield and u.location != mine]
    if not moved:
        return None
    where = moved[0].location
    return 1, (
        f"{event.player}, an opponent, moved {and_list(u.name for u in moved)} to {where}, "
        f"a battlefield other than {watcher.name}'s"
    )


def _sees_choice(
    condition: str, controller: str, event: ChooseEvent, watcher: RbObject | None
) -> tuple[int, str] | None:
    """Whether ``watcher`` sees its controller choose (or ready) units (355.7)."""
    if event.player.casefold() != controller.casefold():
        return None
    verb = "readied" if event.readied else "chose"
    me = _WATCH_CHOOSE_ME.match(condition)
    if me is not None:
        what = me.group("what").lower()
        if watcher is None or all(u.id != watcher.id for u in event.units):
            return None
        if ("ready" if event.readied else "choose") not in what:
            return None
        if me.group("spell") and not event.with_spell:
            return None
        return 1, f"{controller} {verb} {watcher.name}{_done_with(event.by)}"
    if CHOOSE_FRIENDLY_CONDITION.match(condition) and not event.readied:
        friendly = [u for u in event.units if u.controller.casefold() == controller.casefold()]
        if not friendly:
            return None
        names = ", ".join(u.name for u in friendly)
        return len(friendly), f"{controller} chose {names}, a friendly unit, with {event.by}" + (
            ": it triggers once for each" if len(friendly) > 1 else ""
        )
    return None


def trigger_handling(ability: RbAbility, version: str) -> str:
    """What the bot does with ``ability`` as it triggers (see ``Triggered``)."""
    return _handling(ability, version)


def _handling(ability: RbAbility, version: str) -> str:
    effect = (ability.effect or "").strip()
    if _YOU_MAY.match(effect):
        return "may"
    if _IF.match(effect):
        return "if"
    if modes_of(ability.text) is not None:
        # "Choose one ... -": its mode is chosen as it goes on the chain (355.3), which only
        # a statement can say (Aphelios, Exalted; QA 55 U5).
        return "targets"
    if analyse(ability.text, version=version, ability="triggered").targets:
        return "targets"
    return "chain"


__all__ = [
    "CHOOSE_FRIENDLY_CONDITION",
    "MIGHTY",
    "AttachEvent",
    "BuffEvent",
    "ChooseEvent",
    "DeathEvent",
    "DiscardEvent",
    "MightyEvent",
    "MoveEvent",
    "PlayEvent",
    "StunEvent",
    "Triggered",
    "Watched",
    "WatchedEvent",
    "beginning_triggers",
    "death_triggers",
    "move_triggers",
    "play_triggers",
    "trigger_handling",
    "watched_triggers",
]
