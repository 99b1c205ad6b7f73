"""The values the scenario parser produces: references and one dataclass per kind of statement.

Names stay raw strings as the judge typed them; the executor matches them against the card
index and the game state.  Every statement keeps its original ``text`` and its 1-based
``position`` in the script (neither takes part in equality, so tests can compare shapes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

# ---------------------------------------------------------------------------------------------
# References to players, objects and abilities


@dataclass(frozen=True)
class PlayerRef:
    """A player: ``Alice``, ``@Bob``, ``<@123>``, the speaker (``me``/``I``/``my``) or ``opponent``.

    ``opponent_of`` is set for the word "opponent": the other player of a two-player game, to be
    resolved by the executor once it knows the players (CR 102.2).
    """

    name: str
    mention_id: int | None = None
    opponent_of: str | None = None
    is_speaker: bool = field(default=False, compare=False)

    @property
    def is_opponent(self) -> bool:
        return self.opponent_of is not None


@dataclass(frozen=True)
class ObjectRef:
    """An object named by the judge: ``Runeclaw Bear``, ``Alice's second Runeclaw Bear``, ``#3``.

    ``name`` is empty when only an id was given.  ``ordinal`` is 1-based (``-1`` for "last").
    """

    name: str
    controller: PlayerRef | None = None
    ordinal: int | None = None
    object_id: int | None = None

    @property
    def could_be_player(self) -> bool:
        """A bare single word that was not known as a card or player when parsed ("Bob").

        The parser can't always tell a one-word card from a player first named as a target;
        the executor decides with the game state and the card index.
        """
        return (
            self.controller is None
            and self.ordinal is None
            and self.object_id is None
            and bool(self.name)
            and " " not in self.name
        )


class AbilityKind(StrEnum):
    """Which kind of ability a reference names (CR 113.3)."""

    ANY = "ability"
    ACTIVATED = "activated ability"
    TRIGGERED = "triggered ability"


@dataclass(frozen=True)
class AbilityRef:
    """An ability of an object: ``Spellskite's first ability``, ``Iron Bully's trigger``,
    ``The modular trigger of Arcbound Ravager``, or ``Spellskite`` when activating it.

    ``index`` is 1-based ("first ability"); ``keyword`` names a keyword ability ("modular").
    """

    source: ObjectRef
    kind: AbilityKind = AbilityKind.ANY
    index: int | None = None
    keyword: str | None = None


@dataclass(frozen=True)
class TopOfStack:
    """``the top of the stack`` (Riftbound: ``the top of the chain``)."""


@dataclass(frozen=True)
class KeywordTrigger:
    """``the ward trigger``: the topmost triggered ability of that keyword on the stack."""

    keyword: str


Target = PlayerRef | ObjectRef | AbilityRef
"""Anything a judge can name as a chosen target."""

StackItem = ObjectRef | AbilityRef | TopOfStack | KeywordTrigger
"""Something on the stack: a spell by name, an ability, or whatever is on top."""


# ---------------------------------------------------------------------------------------------
# Pieces of statements


@dataclass(frozen=True)
class CardSpec:
    """A card to put into a zone: ``Runeclaw Bear``, ``two Llanowar Elves``."""

    name: str
    count: int = 1
    # "Walking Ballista with 2 +1/+1 counters (on it)": counters it has as it is set up, before
    # state-based actions are checked (a 0/0 with them doesn't die).
    counters: tuple[tuple[str, int], ...] = ()
    # "Clone copying Troll Ascetic": it entered as a copy of that creature (CR 707.2).
    copy_of: ObjectRef | None = None


@dataclass(frozen=True)
class TokenSpec:
    """A token: ``a 2/2 black Zombie token``, ``a 1/1 white Soldier creature token with flying``.

    Riftbound tokens give Might only (``a 3 Might Recruit unit token``): ``toughness`` is None.
    """

    power: int | None = None
    toughness: int | None = None
    colors: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    card_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    count: int = 1

    @property
    def is_creature(self) -> bool:
        """A token given power and toughness is a creature even when "creature" is left out."""
        return (
            "creature" in self.card_types
            or "unit" in self.card_types
            or (self.power is not None and not self.card_types)
        )


Permanent = CardSpec | TokenSpec


@dataclass(frozen=True)
class Location:
    """Where a Riftbound unit stands: a player's base or a named battlefield.

    ``base_of`` is the base's owner (``her base`` -> the controller, left None by the parser
    when the pronoun refers to the statement's own player).
    """

    battlefield: str | None = None
    base_of: PlayerRef | None = None
    is_base: bool = False


@dataclass(frozen=True)
class Choices:
    """What a player chooses when casting or activating (CR 601.2b-d, 602.2b).

    ``targets`` in the order the card asks for them; ``division`` the amounts for a divided
    effect in target order; ``modes`` the mode texts split at "and"/commas as typed, and
    ``modes_text`` the raw text, for matching against the card's real modes; ``overload`` that
    it is cast for its overload cost; ``kicked`` how many times a kicker cost is paid; ``entwined``
    that its entwine cost is paid; ``alternative`` the keyword it is cast with instead of its
    mana cost (bestow, mutate).
    """

    targets: tuple[Target, ...] = ()
    no_targets: bool = False
    x: int | None = None
    division: tuple[int, ...] = ()
    # "dealing 2 to Grizzly Bears and 1 to Bob": ``division`` holds the amounts said with the
    # targets, which a spell with a fixed amount per target (Arc Trail) checks, not divides.
    dealt: bool = False
    modes: tuple[str, ...] = ()
    modes_text: str = ""
    face: str | None = None
    overload: bool = False  # cast for its overload cost: "target" reads "each" (CR 702.96b)
    kicked: int = 0  # times a kicker cost was paid: 0 unkicked, 2+ multikicker (CR 702.33c-d)
    entwined: bool = False  # its entwine cost paid: every mode is chosen (CR 702.42a)
    # Cast bestowed ("bestow") or for its mutate cost ("mutate") (CR 702.103a, 702.140a).
    alternative: str = ""
    destination: Location | None = None  # Riftbound: where a moved unit goes (355.4)
    # Riftbound: which target the move moves, when named ("moving Stalwart Poro to Bob's
    # base", or "it" said right after it): that target is the move's (QA 41 U2).
    moving: Target | None = None
    sacrificed: tuple[Target, ...] = ()  # sacrificed to pay the spell's cost (CR 601.2h)
    # Riftbound: the cards discarded from hand to pay a "Discard N" cost ("discarding Blazing
    # Scorcher": Unlicensed Armory's "Discard 1, [E]:", 422.3).
    discarded: tuple[Target, ...] = ()
    # Graveyard cards exiled to pay its cost ("exiling Grizzly Bears": Haunting Misery, 601.2h).
    exiled: tuple[Target, ...] = ()
    # "at instant speed": an effect lets it be cast now (flash granted, 608.2g; CR 117.1a).
    any_time: bool = False
    flashback: bool = False  # cast from a graveyard for its flashback cost (CR 702.34a)
    # Other ways of casting it, in the order said (``CAST_METHODS``: "evoke", "foretell",
    # "plot", "suspend", "escape", "jump-start", "offspring", "convoke", "delve", "free" for
    # "without paying its mana cost", "pitch" for a cost such as "by exiling a blue card").
    # None changes what it can target (CR 601.2b, 601.2c, 118.9).
    methods: tuple[str, ...] = ()
    from_zone: str = ""  # "from exile" / "from her graveyard" / "from her hand", as said
    cost_text: str = ""  # what the method pays, as said: "exiling a blue card", "tapping …"
    tapped: tuple[Target, ...] = ()  # the creatures tapped for convoke (CR 702.51a)
    # Riftbound's optional additional costs (805, 820): "with Accelerate" (the unit enters
    # ready) and "with Repeat" / "with Repeat twice" (how many Repeat costs are paid).
    accelerate: bool = False
    repeats: int = 0
    # "Alice plays Back Off from hiding on a later turn ...": a card hidden in the scenario may
    # be played from hiding beginning on the next turn (811.1.b); the bot keeps no turns.
    later_turn: bool = False
    # Optional costs read like kicker: the gift promised (None: not; "": to the only opponent;
    # else the opponent named, CR 702.174k), bargained (702.166b), and an optional additional
    # cost in the card's own words paid (Requiting Hex's "you may blight 1", 601.2b).
    gift_to: str | None = None
    bargained: bool = False
    additional_paid: bool = False
    # What it paid, said: "putting a -1/-1 counter on Hill Giant" (blight 1, 601.2h):
    # the counter kind, how many, and on what.
    counters_paid: tuple[str, int, Target] | None = None


# Casting methods a statement may name (``Choices.methods``) and their rules.
CAST_METHODS: dict[str, str] = {
    "evoke": "702.74a",
    "foretell": "702.143a",
    "plot": "702.170d",
    "suspend": "702.62a",
    "escape": "702.138a",
    "jump-start": "702.133a",
    "offspring": "702.175a",
    "convoke": "702.51a",
    "delve": "702.66a",
    "free": "118.9",
    "pitch": "118.9",
    # "by paying 5 life" choosing between an additional cost's options (Final Payment).
    "additional choice": "601.2f",
}


class RetargetKind(StrEnum):
    """CR 115.7a-d: change *the* target (one target) or choose new targets (any of them)."""

    CHANGE_THE_TARGET = "change the target"
    CHOOSE_NEW_TARGETS = "choose new targets"


@dataclass(frozen=True)
class Retarget:
    """A change of targets, given as the new targets in order (CR 115.7)."""

    kind: RetargetKind
    targets: tuple[Target, ...]
    # "... choosing new targets Grizzly Bears for the copy": the copy's (CR 707.10c).
    for_copy: bool = False


@dataclass(frozen=True)
class Payment:
    """``and Bob pays {2}`` / ``and Bob doesn't pay``: the choice of the player an "unless
    [player] pays [cost]" ability such as ward asks (CR 118.12a, 702.21a).  ``cost`` is the
    cost as typed, if any."""

    player: PlayerRef
    pays: bool
    cost: str = ""
    # What pays a ward cost that sacrifices or discards: ``and Bob pays, sacrificing Runeclaw
    # Bear`` / ``and Bob sacrifices Runeclaw Bear``, ``and Bob discards Shock`` (CR 701.21a,
    # 701.9a).
    sacrificed: tuple[Target, ...] = ()
    discarded: tuple[Target, ...] = ()


# ---------------------------------------------------------------------------------------------
# Statements


@dataclass(frozen=True, kw_only=True)
class Statement:
    """Base of every statement: the original text and 1-based position in the script."""

    text: str = field(default="", compare=False)
    position: int = field(default=0, compare=False)


# Setup ---------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Controls(Statement):
    """``Alice controls Runeclaw Bear and a 2/2 black Zombie token [at her base].``"""

    player: PlayerRef
    permanents: tuple[Permanent, ...]
    location: Location | None = None
    # "Alice controls Rancor attached to Runeclaw Bear.": the last permanent named is an Aura
    # or Equipment already attached to that object (or, a Curse, to that player).
    attached_to: ObjectRef | None = None
    # "Alice controls Grizzly Bears equipped with Bonesplitter." / "... with Rancor attached." /
    # "... and Rancor attached to it.": the last permanent is attached to the first one named.
    attached_to_first: bool = False


@dataclass(frozen=True, kw_only=True)
class ControlsAtPlaces(Statement):
    """``Alice controls Wraith of Echoes at Targon's Peak and Recruit at her base.``: one
    ``Controls`` for each place named, put in the game in the order said (Riftbound; QA 44 M5)."""

    parts: tuple[Controls, ...]


@dataclass(frozen=True, kw_only=True)
class ZoneContents(Statement):
    """``Alice's graveyard has Lightning Bolt and Grizzly Bears.``; ``Bob's hand is Shock and
    Opt.`` / ``Bob's hand has only Shock.`` say the whole hand (``exact``: CR 402.1, no other
    card is in it), as "Bob's hand is empty." and then its cards would."""

    player: PlayerRef
    zone: str
    cards: tuple[CardSpec, ...]
    exact: bool = False


@dataclass(frozen=True, kw_only=True)
class EmptyHand(Statement):
    """``Bob's hand is empty.``: the hand holds no card, so a cost that discards can't be paid
    (CR 118.3, 701.9a)."""

    player: PlayerRef


@dataclass(frozen=True, kw_only=True)
class EmptyGraveyard(Statement):
    """``Alice's graveyard is empty.``: no card is in it but those put there later, so a count
    of it (threshold, delirium, Tarmogoyf) is known, not a guess (CR 404.1)."""

    player: PlayerRef


@dataclass(frozen=True, kw_only=True)
class SetLife(Statement):
    """``Alice has 12 life.``"""

    player: PlayerRef
    life: int


@dataclass(frozen=True, kw_only=True)
class ChangeLife(Statement):
    """``Bob gains 3 life.`` / ``Alice loses 2 life.`` (CR 119.3): ``amount`` is signed."""

    player: PlayerRef
    amount: int


@dataclass(frozen=True, kw_only=True)
class HasAbility(Statement):
    """``Alice has hexproof.`` / ``Runeclaw Bear has flying.`` (a starting quality, not a change)."""

    subject: PlayerRef | ObjectRef
    ability: str


@dataclass(frozen=True, kw_only=True)
class SetStatus(Statement):
    """``Runeclaw Bear is tapped.`` / ``is attacking.`` / ``becomes tapped.``; in combat
    ``Llanowar Elves is blocking Grizzly Bears.`` (``others`` the attackers it blocks, CR 509.1g)
    and ``Grizzly Bears is blocked by Llanowar Elves.`` (``others`` its blockers, 509.1h)."""

    subject: ObjectRef
    status: str
    others: tuple[ObjectRef, ...] = ()
    # ``Grizzly Bears is attacking Bob.``: the player, planeswalker or battle it attacks (CR
    # 508.1b).
    attacks: ObjectRef | PlayerRef | None = None
    # ``Alice turns Den Protector face up.``: the player who takes that special action (CR
    # 116.2b); None when the status is just said.
    by: PlayerRef | None = None


@dataclass(frozen=True, kw_only=True)
class SetProtector(Statement):
    """``Bob protects Invasion of Zendikar.`` / ``Invasion of Zendikar is protected by Bob.``:
    the protector its controller chose for a battle (CR 310.8a, 310.11a)."""

    battle: ObjectRef
    player: PlayerRef


@dataclass(frozen=True, kw_only=True)
class SetCounters(Statement):
    """``Bob's Zombie has 2 +1/+1 counters.`` / ``Alice has 3 poison counters.`` (CR 122.1);
    ``Runeclaw Bear gets a -1/-1 counter.`` adds to what it has (``added``)."""

    subject: ObjectRef | PlayerRef
    counter: str
    count: int
    added: bool = False


@dataclass(frozen=True, kw_only=True)
class SetMight(Statement):
    """Riftbound: ``Blazing Scorcher has 4 Might.``; ``Long Sword has a +2 Might Bonus.``
    (``bonus``: an Equipment's Might Bonus, 137.3)."""

    subject: ObjectRef
    might: int
    bonus: bool = False


@dataclass(frozen=True, kw_only=True)
class SetDamage(Statement):
    """``Runeclaw Bear has 2 damage.`` / ``... has 2 damage marked on it.``: damage already
    marked on a creature or unit (CR 120.6; Riftbound units too)."""

    subject: ObjectRef
    damage: int
    # "Runeclaw Bear is dealt 3 damage.": added to what is marked already.
    added: bool = False
    # "... by a source with deathtouch": any of it destroys the creature (CR 704.5h).
    deathtouch: bool = False


@dataclass(frozen=True, kw_only=True)
class LaterTurn(Statement):
    """``It is a later turn.`` (Magic): the turn the scenario was in has ended; its cleanup
    step removed the damage marked and ended its "this turn" effects (CR 514.2).
    ``It is Alice's next turn.`` names whose turn it is (``player``): her untap step untaps
    her permanents (502.3) and what she controls isn't summoning sick (302.6)."""

    player: PlayerRef | None = None


@dataclass(frozen=True, kw_only=True)
class WhoseTurn(Statement):
    """``It is Bob's turn.`` / ``It is Bob's end step.`` (Magic): whose turn it is now, and the
    step when said, without ending a turn (``LaterTurn`` does that): only the active player
    casts sorcery-speed spells, and only in a main phase (117.1a, 307.5)."""

    player: PlayerRef
    step: str = ""  # "" for the turn or a main phase


@dataclass(frozen=True, kw_only=True)
class DealsDamage(Statement):
    """``White Knight deals 2 damage to Hill Giant.`` / ``... to Bob.``: a source dealing
    damage outside a resolving spell (first-strike combat damage, CR 510.4): what it does
    depends on the source's abilities (120.3, deathtouch 702.2b, lifelink 702.15b)."""

    source: ObjectRef
    target: ObjectRef | PlayerRef
    amount: int
    # "... deals 3 combat damage to Bob": "combat damage" triggers see it (CR 510.2, 603.2).
    combat: bool = False
    # "... deals 2 first-strike combat damage to ...": the first combat damage step (510.4).
    first_strike: bool = False


@dataclass(frozen=True, kw_only=True)
class CombatDamageTogether(Statement):
    """``Colossal Dreadmaw assigns 1 damage to Tolarian Terror and 5 damage to Bob.`` /
    ``X deals 6 combat damage to Y and Y deals 2 combat damage to X.``: one combat damage
    step's damage, dealt simultaneously (CR 510.2); ``question``: "Can X assign ...?", asked
    of a copy of the game."""

    parts: tuple[DealsDamage, ...]
    question: bool = False


@dataclass(frozen=True, kw_only=True)
class Pump(Statement):
    """A change of size until end of turn: ``Runeclaw Bear gets +2/+2.`` (power and toughness,
    MTG) / ``Bob's Recruit gets +1 Might.`` (Riftbound).  ``might`` is None for MTG."""

    subject: ObjectRef
    power: int = 0
    toughness: int = 0
    might: int | None = None
    # Said "until end of turn" / "this turn": it ends with "It is a later turn." (CR 514.2).
    this_turn: bool = False


# Casting and activating ----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Cast(Statement):
    """``Alice casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.`` (CR 601.2).

    ``verb`` is ``cast`` or Riftbound's ``play``; ``location`` where a Riftbound unit is played.
    """

    player: PlayerRef
    card: str
    choices: Choices = Choices()
    verb: str = "cast"
    location: Location | None = None


@dataclass(frozen=True, kw_only=True)
class Activate(Statement):
    """``Bob activates Spellskite's first ability targeting Lightning Bolt.`` (CR 602.2)."""

    player: PlayerRef
    ability: AbilityRef
    choices: Choices = Choices()


@dataclass(frozen=True, kw_only=True)
class Trigger(Statement):
    """``Iron Bully's trigger targets Iron Bully.`` — a triggered ability put on the stack
    (CR 603.3d: targets are chosen as it is put on the stack)."""

    ability: AbilityRef
    choices: Choices = Choices()
    # "Korvold's trigger is on the stack.": said of a trigger that may already be there (the
    # bot put it there as it triggered), which is then confirmed, not refused.
    stated_there: bool = False
    # Riftbound: "Blast Cone's trigger goes on the chain for Sinister Poro.": the moved unit a
    # trigger that went off once for each is about, its "it" (359.3.f.3).
    about: ObjectRef | None = None


# Changes before resolution -------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Gains(Statement):
    """``Runeclaw Bear gains hexproof.`` / ``gains protection from red`` / ``gains ward 2``;
    ``this_turn`` when said "until end of turn", which "It is a later turn." ends (CR 514.2)."""

    subject: PlayerRef | ObjectRef
    ability: str
    this_turn: bool = False


@dataclass(frozen=True, kw_only=True)
class Loses(Statement):
    """``Runeclaw Bear loses hexproof.`` / ``loses all abilities``."""

    subject: PlayerRef | ObjectRef
    ability: str


@dataclass(frozen=True, kw_only=True)
class Becomes(Statement):
    """``Runeclaw Bear becomes blue.`` / ``becomes an artifact [in addition to its other types].``

    ``additive`` is set by "in addition to its other types/colors"; otherwise the new
    colours or types replace the old ones, as the English says (CR 205.1a).
    """

    subject: ObjectRef
    colors: tuple[str, ...] = ()
    colorless: bool = False
    supertypes: tuple[str, ...] = ()
    card_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    additive: bool = False
    # "Mutavault becomes a 2/2 creature": the power and toughness it gets (an animated land
    # keeps its types, 205.1b); "Mutavault stops being a creature" / "is no longer a
    # creature": the card types it loses.
    power: int | None = None
    toughness: int | None = None
    removed_types: tuple[str, ...] = ()
    # "Grizzly Bears becomes a copy of Troll Ascetic." (a copy effect, CR 707.2).
    copy_of: ObjectRef | None = None


@dataclass(frozen=True, kw_only=True)
class GainControl(Statement):
    """``Bob gains control of Runeclaw Bear.``"""

    player: PlayerRef
    subject: ObjectRef


@dataclass(frozen=True, kw_only=True)
class Sacrifice(Statement):
    """``Alice sacrifices Runeclaw Bear.``: its controller moves it from the battlefield to its
    owner's graveyard; no one can sacrifice what they don't control (CR 701.21a)."""

    player: PlayerRef
    subject: ObjectRef


@dataclass(frozen=True, kw_only=True)
class UsualCombatDamage(Statement):
    """``Combat damage is dealt.``: each attacking and blocking creature deals the combat
    damage the rules assign it where no player chooses (CR 510.1; the first-strike step's
    first, 510.4); a division among several creatures is asked for (QA 56 U3)."""


@dataclass(frozen=True, kw_only=True)
class CombatEnds(Statement):
    """``The combat damage step ends.`` (its held combat damage is dealt and the state-based
    actions checked, 510.2, 704.3) / ``Combat ends.`` (and every creature leaves combat too,
    511.3)."""

    whole: bool = False


@dataclass(frozen=True, kw_only=True)
class OrderStackTriggers(Statement):
    """``Alice puts Hero of Bladehold's trigger (#3) on the stack last.``: of a player's
    triggers put on the stack together, the one they put over the others (``last``: it
    resolves first) or under them (CR 603.3b)."""

    player: PlayerRef
    item: StackItem
    last: bool = False


@dataclass(frozen=True, kw_only=True)
class RegenerationShields(Statement):
    """``River Boa has a regeneration shield.``: a "Regenerate" effect already resolved this
    turn (CR 701.19a); ``count`` shields, each used by one destruction."""

    subject: ObjectRef
    count: int


@dataclass(frozen=True, kw_only=True)
class Discards(Statement):
    """``Alice discards Progenitus.``: a card in her hand goes to her graveyard (CR 701.9a),
    unless a replacement sends it elsewhere (Progenitus, Rest in Peace: 614.6)."""

    player: PlayerRef
    cards: tuple[ObjectRef, ...]


@dataclass(frozen=True, kw_only=True)
class PutsOntoBattlefield(Statement):
    """``Alice puts Forest onto the battlefield tapped.`` / ``Forest enters the battlefield under
    Alice's control.``: a card an effect the bot doesn't model put onto the battlefield (a fetch
    land's search, a ramp spell): a new permanent whose entering the others see (CR 603.6a)."""

    player: PlayerRef
    card: str
    tapped: bool = False
    # "Bob puts Pacifism onto the battlefield attached to Troll Ascetic": what an Aura put
    # onto the battlefield without being cast enchants, chosen without targeting (303.4f).
    attached_to: ObjectRef | None = None


@dataclass(frozen=True, kw_only=True)
class MovesZone(Statement):
    """``leaves the battlefield`` / ``dies`` / ``is exiled`` / ``returns to the battlefield``.

    ``to_zone`` is None for "leaves the battlefield" (destination unsaid).  The object that
    arrives is a new object (CR 400.7).  ``wording`` keeps the verb phrase for the answer.
    """

    subject: ObjectRef
    to_zone: str | None
    wording: str
    # "Pacifism returns to the battlefield attached to Troll Ascetic" (an Aura put onto the
    # battlefield without being cast, CR 303.4f).
    attached_to: ObjectRef | None = None
    # What a Clone returning to the battlefield copies (``Clone returns to the battlefield
    # copying Grizzly Bears.``, ``… is flickered, copying nothing``): it chooses again as the
    # new object enters (CR 400.7, 707.5).
    copy_of: ObjectRef | None = None
    copy_nothing: bool = False


# ``MovesZone.to_zone`` for "is flickered": exiled and returned to the battlefield at once.
FLICKER = "flicker"


@dataclass(frozen=True, kw_only=True)
class KeepsLegend(Statement):
    """``Alice keeps #3.``: of the legendary permanents with the same name Alice controls, the
    one she chooses to keep; the rest go to their owners' graveyards (CR 704.5j)."""

    player: PlayerRef
    subject: ObjectRef


@dataclass(frozen=True, kw_only=True)
class LeavesGame(Statement):
    """``Carol concedes.`` / ``Carol leaves the game.`` / ``Carol loses the game.`` (CR 104.3a,
    104.5, 800.4a)."""

    player: PlayerRef
    how: str = "concedes"


@dataclass(frozen=True, kw_only=True)
class Phases(Statement):
    """``Runeclaw Bear phases out.`` / ``phases in.`` (CR 702.26)."""

    subject: ObjectRef
    phased_out: bool


# Retargeting and resolving --------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Resolve(Statement):
    """``Arc Trail resolves.`` / ``The top of the stack resolves.`` / ``Spellskite's ability
    resolves.`` / ``Redirect resolves choosing new targets A and B.`` (CR 608.2b, 115.7) /
    Riftbound's ``Fox-Fire resolves affecting #4 and #5.`` (the subset of a group of targets
    its controller chooses to affect, rule 355.11.b) / ``Runeclaw Bear's ward trigger resolves
    and Bob doesn't pay.`` (who pays for an "unless ... pays" ability, CR 118.12a)."""

    item: StackItem
    retarget: Retarget | None = None
    affecting: tuple[Target, ...] = ()
    payment: Payment | None = None
    # A mutating creature spell goes on top of the creature it merges with, or under it
    # (``Gemrazer resolves on top.``, CR 702.140c).
    on_top: bool | None = None
    # A colour chosen as it resolves (Mother of Runes: "the color of your choice", CR 608.2d):
    # ``Mother of Runes's ability resolves choosing red.``
    colour: str = ""
    # What a permanent spell entering as a copy copies (``Clone resolves copying Troll
    # Ascetic.``, CR 707.2), or ``copying nothing``.
    copy_of: ObjectRef | None = None
    copy_nothing: bool = False
    # The permanent the resolving spell returns that chooses the copy, as said (``Ephemerate
    # resolves, Clone copying Grizzly Bears.``, CR 707.5); "" when it is the spell itself.
    copier: str = ""
    # Riftbound: the cards its controller discards for a "Discard N" as it resolves (``Get
    # Excited! resolves discarding Blazing Scorcher.``, 422.1).
    discarding: tuple[Target, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ResolveAll(Statement):
    """``Resolve the stack.`` / ``Resolve the chain.``"""


@dataclass(frozen=True, kw_only=True)
class ChangeTargets(Statement):
    """``Bob changes the target of Lightning Bolt to Alice.`` / ``Bob chooses new targets for
    Arc Trail: Llanowar Elves, Runeclaw Bear.`` (CR 115.7)."""

    player: PlayerRef
    item: StackItem
    retarget: Retarget


# Questions (answered without changing the state) ----------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CanQuestion(Statement):
    """``Can Alice cast Giant Growth targeting Troll Ascetic?``"""

    action: Cast | Activate


@dataclass(frozen=True, kw_only=True)
class CanBlockQuestion(Statement):
    """``Can Grizzly Bears block Serra Angel?``: whether the block would be legal now (CR
    509.1a-b), nothing changed; ``Can Cloud Sprite block?`` (``attacker`` None): whether it
    can block at all, and which attacking creatures."""

    blocker: ObjectRef
    attacker: ObjectRef | None = None
    # "Can Llanowar Elves and Raging Goblin block Grizzly Bears?": blocking it together
    # (a menace attacker, 702.111b; QA 50 U1).
    others: tuple[ObjectRef, ...] = ()


@dataclass(frozen=True, kw_only=True)
class CanAttackQuestion(Statement):
    """``Can Grizzly Bears attack?``: whether it could be declared an attacker now (CR
    508.1a, 508.1c), nothing changed."""

    attacker: ObjectRef
    # ``Can Grizzly Bears attack Bob?``: a player, planeswalker or battle (CR 506.2, 508.1b).
    attacks: ObjectRef | PlayerRef | None = None


@dataclass(frozen=True, kw_only=True)
class IsLegalTargetQuestion(Statement):
    """``Is Runeclaw Bear a legal target for Lightning Bolt?``"""

    candidate: Target
    source: ObjectRef | AbilityRef


@dataclass(frozen=True, kw_only=True)
class LegalTargetsQuestion(Statement):
    """``What are the legal targets for Redirect?`` / ``What can Arc Trail target?``"""

    source: ObjectRef | AbilityRef


@dataclass(frozen=True, kw_only=True)
class ShowQuestion(Statement):
    """``What is on the stack?`` / ``What's on the chain?`` (``what="stack"``) and ``Show the
    board.`` / ``What is on the battlefield?`` (``what="board"``): the game as it is now;
    ``What is in Alice's graveyard?`` (``what="zone"``, ``zone`` and its ``owner``, None for
    every player's)."""

    what: str
    zone: str = ""
    owner: PlayerRef | None = None


@dataclass(frozen=True, kw_only=True)
class DoesTargetQuestion(Statement):
    """``Does Cryptic Command target?`` / ``Does "Each opponent sacrifices a creature" target?``

    ``quoted`` text is rules text to read as is; otherwise ``subject`` is a card name
    (CR 115.10).
    """

    subject: str
    quoted: bool = False
    # "Does Settle the Wreckage target Grizzly Bears?": about one object or player.
    about: Target | None = None


@dataclass(frozen=True, kw_only=True)
class FizzleQuestion(Statement):
    """``Does Lightning Bolt fizzle?``: whether it would leave the stack without resolving if
    it resolved now (CR 608.2b; a Riftbound spell never does, 359.3.e.1), nothing changed.
    ``countered``: "Is/Was Lightning Bolt countered?", whether a spell or ability countered it
    (701.6a; QA 62 U1)."""

    item: StackItem
    countered: bool = False


@dataclass(frozen=True, kw_only=True)
class CounterQuestion(Statement):
    """``Can Carnage Tyrant be countered?``, ``Can Alice counter Lightning Bolt (with
    Counterspell)?``, ``Does Counterspell counter Lightning Bolt?`` (QA 57 U4): whether the
    spell can be countered at all (its "This spell can't be countered.", CR 101.2) and, when a
    card is named, whether casting it targeting the spell is legal now (601.2c); nothing
    changed. ``counter`` is that cast; with ``player`` None (no one named) an opponent of the
    spell's controller casts it, whoever ``counter`` names."""

    item: StackItem
    player: PlayerRef | None = None
    counter: Cast | None = None


@dataclass(frozen=True, kw_only=True)
class RespondQuestion(Statement):
    """``Can Bob respond?`` / ``Can Bob respond to Lightning Bolt?``: whether a player may act
    while that item (the top one unless named) waits on the stack (CR 117.7; Riftbound: a
    Closed State, 309.1.a), and if the item isn't there, why not (a land play, 305.1).
    ``player`` None: "Can anyone respond?", each player (117.3d, 117.4)."""

    player: PlayerRef | None
    item: StackItem | None = None


@dataclass(frozen=True, kw_only=True)
class ObjectQuestion(Statement):
    """``Who controls Runeclaw Bear?``, ``Who owns ...?``, ``Is Runeclaw Bear tapped?`` (Riftbound:
    exhausted), ``What is Runeclaw Bear's power?``: the object as it is now, nothing changed.
    ``aspect`` is "controller", "owner", "tapped", "attacking", "blocking", "blocked",
    "unblocked", "describe", "what" (described with its type line) or (Riftbound) "mighty"."""

    subject: ObjectRef
    aspect: str


@dataclass(frozen=True, kw_only=True)
class CostQuestion(Statement):
    """``How much does Lightning Bolt cost?`` / ``What is the mana value of Counterspell?``:
    the card's printed cost and (Magic) mana value (CR 202.1, 202.3; Riftbound 131.4)."""

    card: str


@dataclass(frozen=True, kw_only=True)
class ResolveQuestion(Statement):
    """``What happens when Lightning Bolt resolves?``: how it would resolve now (its effects,
    or that it fizzles, CR 608.2b), shown without changing the game.  ``whole``: "What
    happens now?" / "... when the stack resolves?": every item, newest first (CR 405.5)."""

    item: StackItem
    whole: bool = False


@dataclass(frozen=True, kw_only=True)
class SurvivesQuestion(Statement):
    """``Does Grizzly Bears die?`` / ``Will Recruit survive?``: whether the object is still on
    the board once everything on the stack (chain) has resolved, played out on a copy.
    ``survive`` is True when asked "survive"/"live"."""

    subject: ObjectRef
    survive: bool = False


@dataclass(frozen=True, kw_only=True)
class TargetingQuestion(Statement):
    """``What is Lightning Bolt targeting?`` / ``What does the top of the stack target?``: the
    targets chosen for a spell or ability on the stack, and whether each is legal now; for a
    card not on the stack, its legal targets (as ``What can X target?``)."""

    item: StackItem


@dataclass(frozen=True, kw_only=True)
class LifeQuestion(Statement):
    """``What is Bob's life total?`` / ``How much life does Bob have?``: the player's life now,
    nothing changed."""

    player: PlayerRef


@dataclass(frozen=True, kw_only=True)
class PlayerCountQuestion(Statement):
    """``How many creatures does Alice control?`` / ``How many cards are in Bob's hand?``:
    how many of the player's objects there are, with their names, nothing changed (QA 59 U6).
    ``what`` is the noun asked for ("creatures", "land cards"); ``zone`` is "battlefield",
    "hand" or "graveyard"."""

    player: PlayerRef
    what: str
    zone: str

    @property
    def count_words(self) -> str:
        """The count as a card's text says it, "you" being the player ("creatures you
        control"), read by the engine's count reader."""
        if self.zone == "battlefield":
            return f"{self.what} you control"
        return f"{self.what} in your {self.zone}"


@dataclass(frozen=True, kw_only=True)
class AssignableQuestion(Statement):
    """``How much damage can Colossal Dreadmaw assign to Bob?``: the most combat damage the
    creature may assign there now (CR 510.1, 702.19b), nothing changed."""

    source: ObjectRef
    target: ObjectRef | PlayerRef


@dataclass(frozen=True, kw_only=True)
class WhatIfQuestion(Statement):
    """``What happens if Grizzly Bears dies first?`` / ``What if the target gains hexproof?``:
    ``event`` happens on a copy of the game and then ``item`` (the top of the stack unless
    named: ``What happens to Lightning Bolt if ...``) resolves; the game is kept as it was.
    ``event`` may name "the target" (``THE_TARGET``): the item's only target."""

    event: Statement  # a ParsedStatement, or a Riftbound one (``MoveTo``)
    item: StackItem


@dataclass(frozen=True, kw_only=True)
class AfterResolvingQuestion(Statement):
    """``What is Alice's life total after it resolves?`` / ``Is Stalwart Poro stunned once the
    chain resolves?``: ``question`` asked of a copy of the game on which everything on the
    stack (chain) has resolved; the game is kept as it was (QA 49 U4). ``item``: ``... after
    Giant Growth resolves?`` / ``... after it resolves?`` (the top item) asks once that item has
    resolved, what is over it first (QA 56 U4); None for the whole stack."""

    question: Statement  # a ParsedStatement question, or a Riftbound one
    item: StackItem | None = None


# "Alice casts Giant Growth targeting it.": the object "it" stands for is decided by the
# executor (the top of the stack, or that spell's only target).
PRONOUN_IT = "it"

# How a what-if names the resolving item's target instead of naming the object.
THE_TARGET = frozenset(
    {"the target", "its target", "the spell's target", "the ability's target", "their target"}
)


@dataclass(frozen=True, kw_only=True)
class Draws(Statement):
    """``Alice draws two cards.`` / ``Bob draws for the turn.`` (``draw_step``: the first card
    is the draw step's, CR 504.1): each card a draw of its own (121.2) that draw triggers see;
    which card is never known (the bot keeps no libraries)."""

    player: PlayerRef
    count: int = 1
    draw_step: bool = False


@dataclass(frozen=True, kw_only=True)
class Attach(Statement):
    """``Long Sword is attached to Recruit.`` / ``Recruit is equipped with Long Sword.``: an
    attachment already in the game becomes attached to ``host`` (Riftbound 434.1; an MTG
    Aura, Equipment or Fortification, CR 301.5, 303.4; a Curse's host may be a player)."""

    attachment: ObjectRef
    host: ObjectRef


ParsedStatement = (
    Controls
    | ControlsAtPlaces
    | Attach
    | ZoneContents
    | EmptyHand
    | EmptyGraveyard
    | SetLife
    | ChangeLife
    | Draws
    | HasAbility
    | AfterResolvingQuestion
    | CombatEnds
    | UsualCombatDamage
    | WhoseTurn
    | OrderStackTriggers
    | RegenerationShields
    | SetStatus
    | SetProtector
    | SetCounters
    | SetMight
    | SetDamage
    | DealsDamage
    | CombatDamageTogether
    | AssignableQuestion
    | LaterTurn
    | Pump
    | Cast
    | Activate
    | Trigger
    | Gains
    | Loses
    | Becomes
    | GainControl
    | MovesZone
    | PutsOntoBattlefield
    | Sacrifice
    | Discards
    | KeepsLegend
    | LeavesGame
    | Phases
    | Resolve
    | ResolveAll
    | ChangeTargets
    | CanQuestion
    | CanBlockQuestion
    | CanAttackQuestion
    | IsLegalTargetQuestion
    | LegalTargetsQuestion
    | ShowQuestion
    | DoesTargetQuestion
    | FizzleQuestion
    | CounterQuestion
    | RespondQuestion
    | ResolveQuestion
    | WhatIfQuestion
    | LifeQuestion
    | PlayerCountQuestion
    | TargetingQuestion
    | SurvivesQuestion
    | ObjectQuestion
    | CostQuestion
)
"""Every kind of statement the parser produces."""


# ---- statements only Riftbound has (read by ``parse_script(..., dialect="riftbound")``) -----
@dataclass(frozen=True, kw_only=True)
class MoveTo(Statement):
    """``Blazing Scorcher moves to her base.`` / ``… moves to Targon's Peak.`` (441.1);
    ``base_of`` the player whose base was named ("to Bob's base"), None for "her base"."""

    subject: ObjectRef
    battlefield: str | None = None
    base_of: PlayerRef | None = None


@dataclass(frozen=True, kw_only=True)
class StandardMove(Statement):
    """``Bob moves Blazing Scorcher to Targon's Peak.`` / ``Can Bob move ... to her base?``:
    a player uses a unit's standard move (Riftbound 144), exhausting it; ``battlefield`` None
    for its base; ``question`` asks whether it could, nothing changed."""

    player: PlayerRef
    unit: ObjectRef
    battlefield: str | None = None
    question: bool = False
    # "to Bob's base": whose base was named, checked against the unit's own (144.4.b).
    base_of: PlayerRef | None = None
    # "Alice moves Vi, Destructive and Stalwart Poro to ...": the other units moved with it, at
    # the same time, from wherever each is (144.3, 144.3.b; QA 52 U1).
    others: tuple[ObjectRef, ...] = ()


@dataclass(frozen=True, kw_only=True)
class RbStatus(Statement):
    """``Blazing Scorcher is exhausted|ready|stunned|killed|banished|recalled.``; ``Alice stuns
    Stalwart Poro.`` names who stunned it (``by``), so her "When you stun" abilities see it
    (423)."""

    subject: ObjectRef
    status: str
    by: PlayerRef | None = None


@dataclass(frozen=True, kw_only=True)
class ResolveDividing(Statement):
    """``The top of the chain resolves dividing 3 and 2.``: split damage is divided as it
    resolves (355.14.e), in the order the targets were chosen."""

    resolve: Resolve
    division: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class OrderTriggers(Statement):
    """``Alice puts Kog'Maw, Caustic's trigger on the chain first.``: of the triggered
    abilities that triggered at the same time, the one their controller puts on the chain
    first, under the others (383.3.d), so it resolves after them; ``... on the chain last.``
    (``last``): over the others, so it resolves first of them."""

    player: PlayerRef
    first: AbilityRef
    last: bool = False


@dataclass(frozen=True, kw_only=True)
class RbHide(Statement):
    """``Alice hides Back Off at Targon's Peak.``: a card with [Hidden] is put facedown at a
    battlefield its player controls (811.1.b, 421.1); ``Alice plays Back Off from hiding
    ...`` plays it later (``Choices.from_zone == "hiding"``)."""

    player: PlayerRef
    card: str
    battlefield: str
    # "... on an earlier turn" / "last turn": it may be played from hiding now (811.1.b).
    earlier_turn: bool = False


@dataclass(frozen=True, kw_only=True)
class RbXp(Statement):
    """``Alice has 6 XP.``: the XP a player has (728, 729), which [Level N] abilities read
    (824.1.c); ``Alice gains 2 XP.`` (``gained``): that much more (730.1); ``Alice spends 2
    XP.`` (``spent``): that much less (730.2); ``xp`` None: ``How much XP does Alice have?``
    (QA 50 U5)."""

    player: PlayerRef
    xp: int | None
    gained: bool = False
    spent: bool = False


@dataclass(frozen=True, kw_only=True)
class RbScores(Statement):
    """``Alice conquers Targon's Peak.`` / ``Alice holds Targon's Peak.``: a score stated,
    since combat isn't modelled (464.1, 464.2); ``how`` is "conquer" or "hold"."""

    player: PlayerRef
    battlefield: str
    how: str


@dataclass(frozen=True, kw_only=True)
class RbUseSaver(Statement):
    """``Alice uses The Boss for Stalwart Poro.``: a player chooses to apply their permanent's
    optional death replacement to a unit ("If a buffed unit you control would die, you may
    ... instead", 369.1), when it would die."""

    player: PlayerRef
    saver: ObjectRef
    unit: ObjectRef


@dataclass(frozen=True, kw_only=True)
class RbLaterTurn(Statement):
    """``It is a later turn.`` / ``Next turn.``: the turn ends (317.2) and the cards hidden
    so far may be played from hiding (811.1.b: "Beginning on the next turn").  ``It is
    Alice's next turn.`` says whose turn it is (``player``): her [Temporary] permanents are
    killed as it starts (816.1.b)."""

    player: PlayerRef | None = None


@dataclass(frozen=True, kw_only=True)
class RbShowdownQuestion(Statement):
    """``Can Bob play Vengeance during a showdown?``: showdowns aren't modelled, but a card's
    timing keywords say whether it may be played in one (343.1.a, 806.1.c.1, 813.2)."""

    player: PlayerRef
    card: str
    window: str  # "showdown" or "combat", as said
    from_hiding: bool = False  # "... from hiding during a showdown?" (811.6)


@dataclass(frozen=True, kw_only=True)
class RbUncontrolled(Statement):
    """``Bandle Tree is uncontrolled.`` / ``Nobody controls Bandle Tree.``: a battlefield in
    play with no controller (169.10.b), open when no unit is there (169.10.c)."""

    battlefield: str


@dataclass(frozen=True, kw_only=True)
class RbWonQuestion(Statement):
    """``Has Alice won?``: whether her points reach the Victory Score with more than any
    opponent's, so she wins at the cleanup (467, 480.3; QA 50 U5)."""

    player: PlayerRef


@dataclass(frozen=True, kw_only=True)
class RbPoints(Statement):
    """``Alice has 7 points.``: a player's score (466.1), which conquers and holds count up
    and which decides the Winning Point (466.1.b); ``points`` None: ``How many points does
    Alice have?``."""

    player: PlayerRef
    points: int | None


@dataclass(frozen=True, kw_only=True)
class RbKeywordQuestion(Statement):
    """``Does Pouty Poro have [Deflect]?``: whether the object has the keyword now (each
    keyword "may be checked", 805-826); ``keyword`` as said ("Assault 3")."""

    subject: ObjectRef
    keyword: str


RiftboundStatement = (
    MoveTo
    | StandardMove
    | RbStatus
    | Attach
    | ResolveDividing
    | OrderTriggers
    | RbHide
    | RbXp
    | RbScores
    | RbUseSaver
    | RbLaterTurn
    | RbShowdownQuestion
    | RbKeywordQuestion
    | RbPoints
    | RbWonQuestion
    | RbUncontrolled
)
"""The statements only Riftbound's wordings produce."""


QUESTIONS = (
    CostQuestion,
    RespondQuestion,
    CanQuestion,
    CanBlockQuestion,
    CanAttackQuestion,
    IsLegalTargetQuestion,
    LegalTargetsQuestion,
    ShowQuestion,
    DoesTargetQuestion,
    FizzleQuestion,
    CounterQuestion,
    ResolveQuestion,
    WhatIfQuestion,
    LifeQuestion,
    PlayerCountQuestion,
    AssignableQuestion,
    TargetingQuestion,
    SurvivesQuestion,
    ObjectQuestion,
    AfterResolvingQuestion,
)
"""The statements that only ask (both games' wordings): they change nothing."""


def is_question(statement: Statement) -> bool:
    """Whether ``statement`` only asks, changing nothing: a question, or a statement asked as
    one ("Can Grizzly Bears assign ...?", "Can Recruit move to its base?")."""
    if isinstance(statement, CombatDamageTogether | StandardMove):
        return statement.question
    return isinstance(statement, (*QUESTIONS, RbShowdownQuestion, RbKeywordQuestion, RbWonQuestion))
