"""Every example statement of docs/scenario-language parses to the value it means."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.errors import ScenarioError
from bot.scenario.ast import (
    AbilityKind,
    AbilityRef,
    Activate,
    Becomes,
    CanQuestion,
    CardSpec,
    Cast,
    ChangeTargets,
    Choices,
    Controls,
    DoesTargetQuestion,
    GainControl,
    Gains,
    HasAbility,
    IsLegalTargetQuestion,
    LeavesGame,
    LegalTargetsQuestion,
    Location,
    Loses,
    MovesZone,
    ObjectRef,
    Payment,
    Phases,
    PlayerRef,
    Pump,
    Resolve,
    ResolveAll,
    Retarget,
    RetargetKind,
    Sacrifice,
    SetCounters,
    SetLife,
    SetMight,
    SetStatus,
    ShowQuestion,
    TokenSpec,
    TopOfStack,
    Trigger,
    ZoneContents,
)
from bot.scenario.ast_text import render_statement
from bot.scenario.parser import HINTS, parse_script, parse_statement
from tests.scenario.card_names import is_known_name

DOCUMENT = Path(__file__).resolve().parents[3] / "shared" / "design" / "scenario-language.md"

ALICE = PlayerRef("Alice")
BOB = PlayerRef("Bob")


def obj(name: str, **kwargs: object) -> ObjectRef:
    return ObjectRef(name, **kwargs)  # type: ignore[arg-type]


BEAR = obj("Runeclaw Bear")
ELVES = obj("Llanowar Elves")
SKITE = obj("Spellskite")
BOLT = obj("Lightning Bolt")

EXAMPLES = [
    # Setup
    (
        "Alice controls Runeclaw Bear, Llanowar Elves and Spellskite.",
        Controls(
            player=ALICE,
            permanents=(
                CardSpec("Runeclaw Bear"),
                CardSpec("Llanowar Elves"),
                CardSpec("Spellskite"),
            ),
        ),
    ),
    (
        "Bob controls a 2/2 black Zombie token.",
        Controls(
            player=BOB,
            permanents=(TokenSpec(power=2, toughness=2, colors=("black",), subtypes=("zombie",)),),
        ),
    ),
    (
        "Bob controls a 1/1 white Soldier creature token with flying.",
        Controls(
            player=BOB,
            permanents=(
                TokenSpec(
                    power=1,
                    toughness=1,
                    colors=("white",),
                    card_types=("creature",),
                    subtypes=("soldier",),
                    keywords=("flying",),
                ),
            ),
        ),
    ),
    ("Alice has 12 life.", SetLife(player=ALICE, life=12)),
    ("Alice has hexproof.", HasAbility(subject=ALICE, ability="hexproof")),
    ("Runeclaw Bear is tapped.", SetStatus(subject=BEAR, status="tapped")),
    ("Runeclaw Bear is attacking.", SetStatus(subject=BEAR, status="attacking")),
    (
        "Bob's Zombie has 2 +1/+1 counters.",
        SetCounters(subject=obj("Zombie", controller=BOB), counter="+1/+1", count=2),
    ),
    (
        "Alice's graveyard has Lightning Bolt and Grizzly Bears.",
        ZoneContents(
            player=ALICE,
            zone="graveyard",
            cards=(CardSpec("Lightning Bolt"), CardSpec("Grizzly Bears")),
        ),
    ),
    # Casting and activating
    (
        "Alice casts Mizzium Mortars with overload.",
        Cast(player=ALICE, card="Mizzium Mortars", choices=Choices(overload=True)),
    ),
    (
        "Alice casts Burst Lightning with kicker targeting Bob.",
        Cast(player=ALICE, card="Burst Lightning", choices=Choices(targets=(BOB,), kicked=1)),
    ),
    # CR 702.33c: multikicker "any number of times".
    (
        "Alice casts Comet Storm kicked twice targeting Bob.",
        Cast(player=ALICE, card="Comet Storm", choices=Choices(targets=(BOB,), kicked=2)),
    ),
    (
        "Alice casts Comet Storm with multikicker paid 3 times targeting Bob.",
        Cast(player=ALICE, card="Comet Storm", choices=Choices(targets=(BOB,), kicked=3)),
    ),
    (
        "Alice casts Everflowing Chalice multikicked four times.",
        Cast(player=ALICE, card="Everflowing Chalice", choices=Choices(kicked=4)),
    ),
    (
        "Alice casts Boon Satyr with bestow targeting Runeclaw Bear.",
        Cast(
            player=ALICE,
            card="Boon Satyr",
            choices=Choices(targets=(BEAR,), alternative="bestow"),
        ),
    ),
    (
        "Alice casts Gemrazer with mutate targeting Runeclaw Bear.",
        Cast(player=ALICE, card="Gemrazer", choices=Choices(targets=(BEAR,), alternative="mutate")),
    ),
    ("Gemrazer resolves on top.", Resolve(item=obj("Gemrazer"), on_top=True)),
    # A card named with a judges' verb resolves; it is not "Ghostly" flickering something.
    ("Ghostly Flicker resolves.", Resolve(item=obj("Ghostly Flicker"))),
    (
        "Runeclaw Bear gets 1 -1/-1 counter.",
        SetCounters(subject=BEAR, counter="-1/-1", count=1, added=True),
    ),
    ("Carol concedes.", LeavesGame(player=PlayerRef(name="Carol"))),
    ("Gemrazer resolves under.", Resolve(item=obj("Gemrazer"), on_top=False)),
    (
        "Alice casts Mizzium Mortars for its overload cost.",
        Cast(player=ALICE, card="Mizzium Mortars", choices=Choices(overload=True)),
    ),
    (
        "Alice casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.",
        Cast(player=ALICE, card="Arc Trail", choices=Choices(targets=(BEAR, ELVES))),
    ),
    (
        "Alice casts Lightning Bolt targeting Bob.",
        Cast(player=ALICE, card="Lightning Bolt", choices=Choices(targets=(BOB,))),
    ),
    (
        "Alice casts Fireball with X=4 targeting Runeclaw Bear and Bob, dividing 2 and 2.",
        Cast(
            player=ALICE,
            card="Fireball",
            choices=Choices(targets=(BEAR, BOB), x=4, division=(2, 2)),
        ),
    ),
    (
        "Alice casts Cryptic Command choosing counter target spell and return target permanent "
        "to its owner's hand, targeting Lightning Bolt and Spellskite.",
        Cast(
            player=ALICE,
            card="Cryptic Command",
            choices=Choices(
                targets=(BOLT, SKITE),
                modes=("counter target spell", "return target permanent to its owner's hand"),
                modes_text="counter target spell and return target permanent to its owner's hand",
            ),
        ),
    ),
    (
        "Alice casts Fire // Ice as Fire targeting Bob's Zombie and Bob.",
        Cast(
            player=ALICE,
            card="Fire // Ice",
            choices=Choices(targets=(obj("Zombie", controller=BOB), BOB), face="Fire"),
        ),
    ),
    (
        "Bob activates Spellskite targeting Arc Trail.",
        Activate(
            player=BOB,
            ability=AbilityRef(source=SKITE),
            choices=Choices(targets=(obj("Arc Trail"),)),
        ),
    ),
    (
        "Bob activates Spellskite's first ability targeting Lightning Bolt.",
        Activate(
            player=BOB,
            ability=AbilityRef(source=SKITE, index=1),
            choices=Choices(targets=(BOLT,)),
        ),
    ),
    (
        "Alice casts Gold Rush with no targets.",
        Cast(player=ALICE, card="Gold Rush", choices=Choices(no_targets=True)),
    ),
    (
        "Iron Bully's trigger targets Iron Bully.",
        Trigger(
            ability=AbilityRef(source=obj("Iron Bully"), kind=AbilityKind.TRIGGERED),
            choices=Choices(targets=(obj("Iron Bully"),)),
        ),
    ),
    (
        "The modular trigger of Arcbound Ravager targets Vault Skirge.",
        Trigger(
            ability=AbilityRef(
                source=obj("Arcbound Ravager"), kind=AbilityKind.TRIGGERED, keyword="modular"
            ),
            choices=Choices(targets=(obj("Vault Skirge"),)),
        ),
    ),
    # Changes before resolution
    ("Runeclaw Bear gains hexproof.", Gains(subject=BEAR, ability="hexproof")),
    ("Runeclaw Bear gains shroud.", Gains(subject=BEAR, ability="shroud")),
    (
        "Runeclaw Bear gains flying until end of turn.",
        Gains(subject=BEAR, ability="flying", this_turn=True),
    ),
    (
        "Runeclaw Bear gains protection from red.",
        Gains(subject=BEAR, ability="protection from red"),
    ),
    ("Runeclaw Bear gains ward 2.", Gains(subject=BEAR, ability="ward 2")),
    ("Runeclaw Bear loses hexproof.", Loses(subject=BEAR, ability="hexproof")),
    ("Runeclaw Bear becomes blue.", Becomes(subject=BEAR, colors=("blue",))),
    ("Runeclaw Bear becomes an artifact.", Becomes(subject=BEAR, card_types=("artifact",))),
    ("Bob gains control of Runeclaw Bear.", GainControl(player=BOB, subject=BEAR)),
    # Beyond the document: sacrificing (CR 701.21a), and "gets exiled" read as "is exiled".
    ("Bob sacrifices Runeclaw Bear.", Sacrifice(player=BOB, subject=BEAR)),
    (
        "Alice sacrifices Bob's Runeclaw Bear.",
        Sacrifice(player=ALICE, subject=obj("Runeclaw Bear", controller=BOB)),
    ),
    (
        "Runeclaw Bear leaves the battlefield.",
        MovesZone(subject=BEAR, to_zone=None, wording="leaves the battlefield"),
    ),
    ("Runeclaw Bear dies.", MovesZone(subject=BEAR, to_zone="graveyard", wording="dies")),
    ("Runeclaw Bear is exiled.", MovesZone(subject=BEAR, to_zone="exile", wording="is exiled")),
    # Judges' verbs with the player who does it: the same moves (who did it changes nothing).
    (
        "Bob flickers Runeclaw Bear.",
        MovesZone(subject=BEAR, to_zone="flicker", wording="is flickered"),
    ),
    ("Bob bounces Runeclaw Bear.", MovesZone(subject=BEAR, to_zone="hand", wording="is bounced")),
    (
        "Alice destroys Runeclaw Bear.",
        MovesZone(subject=BEAR, to_zone="graveyard", wording="is destroyed"),
    ),
    (
        "Runeclaw Bear returns to the battlefield.",
        MovesZone(subject=BEAR, to_zone="battlefield", wording="returns to the battlefield"),
    ),
    ("Runeclaw Bear phases out.", Phases(subject=BEAR, phased_out=True)),
    # Retargeting
    (
        "Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear.",
        Resolve(
            item=obj("Redirect"),
            retarget=Retarget(kind=RetargetKind.CHOOSE_NEW_TARGETS, targets=(ELVES, BEAR)),
        ),
    ),
    (
        # CR 707.10c: the copy's new targets (Wild Ricochet changes the spell's, then copies).
        "Twincast resolves choosing new targets Runeclaw Bear for the copy.",
        Resolve(
            item=obj("Twincast"),
            retarget=Retarget(kind=RetargetKind.CHOOSE_NEW_TARGETS, targets=(BEAR,), for_copy=True),
        ),
    ),
    (
        "Deflection resolves changing the target to Bob.",
        Resolve(
            item=obj("Deflection"),
            retarget=Retarget(kind=RetargetKind.CHANGE_THE_TARGET, targets=(BOB,)),
        ),
    ),
    ("Spellskite's ability resolves.", Resolve(item=AbilityRef(source=SKITE))),
    (
        "Bob changes the target of Lightning Bolt to Alice.",
        ChangeTargets(
            player=BOB,
            item=BOLT,
            retarget=Retarget(kind=RetargetKind.CHANGE_THE_TARGET, targets=(ALICE,)),
        ),
    ),
    (
        "Bob chooses new targets for Arc Trail: Llanowar Elves, Runeclaw Bear.",
        ChangeTargets(
            player=BOB,
            item=obj("Arc Trail"),
            retarget=Retarget(kind=RetargetKind.CHOOSE_NEW_TARGETS, targets=(ELVES, BEAR)),
        ),
    ),
    # Resolving
    ("Arc Trail resolves.", Resolve(item=obj("Arc Trail"))),
    ("The top of the stack resolves.", Resolve(item=TopOfStack())),
    # A payment decision alone is the top of the stack resolving with it (CR 118.12a).
    (
        "Bob pays {2}.",
        Resolve(item=TopOfStack(), payment=Payment(player=BOB, pays=True, cost="{2}")),
    ),
    ("Bob doesn't pay.", Resolve(item=TopOfStack(), payment=Payment(player=BOB, pays=False))),
    (
        "Bob pays, sacrificing Runeclaw Bear.",
        Resolve(item=TopOfStack(), payment=Payment(player=BOB, pays=True, sacrificed=(BEAR,))),
    ),
    ("Resolve the stack.", ResolveAll()),
    # Questions
    (
        "Can Alice cast Giant Growth targeting Troll Ascetic?",
        CanQuestion(
            action=Cast(
                player=ALICE, card="Giant Growth", choices=Choices(targets=(obj("Troll Ascetic"),))
            )
        ),
    ),
    (
        "Is Runeclaw Bear a legal target for Lightning Bolt?",
        IsLegalTargetQuestion(candidate=BEAR, source=BOLT),
    ),
    ("What are the legal targets for Redirect?", LegalTargetsQuestion(source=obj("Redirect"))),
    ("What can Arc Trail target?", LegalTargetsQuestion(source=obj("Arc Trail"))),
    ("Does Cryptic Command target?", DoesTargetQuestion(subject="Cryptic Command")),
    (
        'Does "Each opponent sacrifices a creature" target?',
        DoesTargetQuestion(subject="Each opponent sacrifices a creature", quoted=True),
    ),
    # Riftbound words
    (
        "Alice controls Blazing Scorcher at her base.",
        Controls(
            player=ALICE,
            permanents=(CardSpec("Blazing Scorcher"),),
            location=Location(is_base=True),
        ),
    ),
    (
        "Bob controls Blazing Scorcher at Targon's Peak.",
        Controls(
            player=BOB,
            permanents=(CardSpec("Blazing Scorcher"),),
            location=Location(battlefield="Targon's Peak"),
        ),
    ),
    (
        "Alice plays Blazing Scorcher at Targon's Peak.",
        Cast(
            player=ALICE,
            card="Blazing Scorcher",
            verb="play",
            location=Location(battlefield="Targon's Peak"),
        ),
    ),
    ("Resolve the chain.", ResolveAll()),
    ("The top of the chain resolves.", Resolve(item=TopOfStack())),
    (
        "Fox-Fire resolves affecting Bob's Recruit and Blazing Scorcher.",
        Resolve(
            item=obj("Fox-Fire"),
            affecting=(obj("Recruit", controller=BOB), obj("Blazing Scorcher")),
        ),
    ),
    ("Blazing Scorcher has 4 Might.", SetMight(subject=obj("Blazing Scorcher"), might=4)),
    ("What is on the stack?", ShowQuestion(what="stack")),
    ("What's on the chain?", ShowQuestion(what="stack")),
    ("Show the board.", ShowQuestion(what="board")),
    ("What is on the battlefield now?", ShowQuestion(what="board")),
    ("Bob's Recruit gets +1 Might.", Pump(subject=obj("Recruit", controller=BOB), might=1)),
    (
        "Blazing Scorcher gets -2 Might this turn.",
        Pump(subject=obj("Blazing Scorcher"), might=-2, this_turn=True),
    ),
    (
        "Runeclaw Bear gets +2/+2 until end of turn.",
        # Ends at "It is a later turn." (514.2; mtg-left45).
        Pump(subject=obj("Runeclaw Bear"), power=2, toughness=2, this_turn=True),
    ),
    ("Runeclaw Bear gets -1/+0.", Pump(subject=obj("Runeclaw Bear"), power=-1, toughness=0)),
]


@pytest.mark.parametrize("with_index", [True, False], ids=["with-card-index", "without"])
@pytest.mark.parametrize(("text", "expected"), EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_document_statement_parses_to_its_meaning(text, expected, with_index):
    parsed = parse_statement(
        text,
        speaker="Alice",
        players=("Alice", "Bob"),
        is_known_name=is_known_name if with_index else None,
    )
    assert parsed == expected
    assert parsed.text == text
    assert parsed.position == 1


@pytest.mark.parametrize(("text", "expected"), EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_canonical_text_reads_back_to_the_same_value(text, expected):
    rendered = render_statement(expected)
    again = parse_statement(
        rendered, speaker="Alice", players=("Alice", "Bob"), is_known_name=is_known_name
    )
    assert again == expected


def test_every_backquoted_sentence_of_the_document_parses():
    """The design document itself: each full example sentence reads without error."""
    if not DOCUMENT.exists():
        pytest.fail(f"the design document is missing: {DOCUMENT}")
    sentences = [
        s
        for s in re.findall(r"`([^`\n]+)`", DOCUMENT.read_text(encoding="utf-8"))
        if s[:1].isupper()
        and s.rstrip().endswith((".", "?"))
        and len(s.split()) >= 3
        # "Bob changes the target of ..." names a form, with "..." for what comes after.
        and not s.rstrip().endswith(("...", "…"))
    ]
    assert len(sentences) >= 35
    for sentence in sentences:
        results = parse_script(sentence, speaker="Alice", is_known_name=is_known_name)
        errors = [r for r in results if isinstance(r, ScenarioError)]
        assert errors == [], sentence


@pytest.mark.parametrize("kind", sorted(HINTS))
def test_every_magic_hint_is_a_magic_statement_that_parses(kind: str) -> None:
    # QA 17: the "plays" hint was a Riftbound statement, offered in a Magic game.
    results = parse_script(HINTS[kind], speaker="Alice", is_known_name=is_known_name)
    assert [r for r in results if isinstance(r, ScenarioError)] == []
    assert "Blazing Scorcher" not in HINTS[kind]


def test_full_example_script_of_the_document():
    script = """
Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite.
Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.
Alice casts Redirect targeting Arc Trail.
Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear.
Arc Trail resolves.
"""
    results = parse_script(script, speaker="Alice", is_known_name=is_known_name)
    assert results == [
        Controls(player=ALICE, permanents=(CardSpec("Runeclaw Bear"), CardSpec("Llanowar Elves"))),
        Controls(player=BOB, permanents=(CardSpec("Spellskite"),)),
        Cast(player=BOB, card="Arc Trail", choices=Choices(targets=(BEAR, ELVES))),
        Cast(player=ALICE, card="Redirect", choices=Choices(targets=(obj("Arc Trail"),))),
        Resolve(
            item=obj("Redirect"),
            retarget=Retarget(kind=RetargetKind.CHOOSE_NEW_TARGETS, targets=(ELVES, BEAR)),
        ),
        Resolve(item=obj("Arc Trail")),
    ]
    assert [r.position for r in results] == [1, 2, 3, 4, 5, 6]  # type: ignore[union-attr]
    assert results[1].text == "Bob controls Spellskite."  # type: ignore[union-attr]


def test_a_token_named_by_its_type_is_an_object_not_a_new_player():
    """ "Bob controls a 2/2 black Zombie token." makes an object called Zombie: a later
    "targeting Zombie" names it, never a new player called Zombie."""
    script = "Alice controls a 2/2 black Zombie token. Bob casts Shock targeting Zombie."
    results = parse_script(script, speaker="Alice", is_known_name=is_known_name)
    cast = results[1]
    assert isinstance(cast, Cast)
    assert not isinstance(cast.choices.targets[0], PlayerRef)
    alone = parse_script(
        "Bob casts Shock targeting Zombie.", speaker="Alice", is_known_name=is_known_name
    )
    assert isinstance(alone[0], Cast) and isinstance(alone[0].choices.targets[0], PlayerRef)
