""" "target enchanted creature", "target equipped creature" and "target Aura attached to a
creature" checked against the attachments the board states (CR 301.5a, 303.4b, 115.1), and
left unchecked (passing) when the board can't say."""

from __future__ import annotations

from bot.engine.model import Attachment, GameObject, TargetContext
from bot.engine.mtg.filters import TargetDescription, decided_words
from bot.engine.mtg.phrase_target import description_from

BEAR = GameObject(
    id=1,
    name="Runeclaw Bear",
    owner="Bob",
    controller="Bob",
    card_types=frozenset({"creature"}),
    power=2,
    toughness=2,
)
PACIFISM = GameObject(
    id=2,
    name="Pacifism",
    owner="Bob",
    controller="Bob",
    card_types=frozenset({"enchantment"}),
    subtypes=frozenset({"aura"}),
    attached_to=1,
)
ROLLICKER = GameObject(
    id=3,
    name="Nyxborn Rollicker",
    owner="Bob",
    controller="Bob",
    card_types=frozenset({"enchantment", "creature"}),
    power=1,
    toughness=1,
)
ON_BEAR = Attachment(
    id=2,
    name="Pacifism",
    controller="Bob",
    kind="aura",
    host=1,
    host_name="Runeclaw Bear",
    host_types=frozenset({"creature"}),
    host_controller="Bob",
)
UNSAID = Attachment(id=2, name="Pacifism", controller="Bob", kind="aura")


def described(phrase: str) -> TargetDescription:
    description = description_from(phrase)
    assert description is not None, phrase
    return description


def context(*attachments: Attachment, read: bool = True) -> TargetContext:
    return TargetContext(
        controller="Alice",
        players=("Alice", "Bob"),
        attachments=attachments if read else None,
    )


def test_enchanted_needs_an_aura_on_it_when_the_board_says():
    enchanted = described("target enchanted creature")
    assert enchanted.matches(BEAR, context(ON_BEAR))
    assert not enchanted.matches(BEAR, context())
    assert enchanted.mismatch(BEAR, context()) == "no Aura is attached to it (303.4b)"
    assert enchanted.matches(BEAR, context(ON_BEAR)) == enchanted.matches_uncompiled(
        BEAR, context(ON_BEAR)
    )
    assert enchanted.matches_uncompiled(BEAR, context()) is False


def test_enchanted_passes_unchecked_when_an_auras_host_is_not_said():
    enchanted = described("target enchanted permanent")
    ctx = context(UNSAID)
    assert enchanted.matches(BEAR, ctx)
    assert "enchanted" not in decided_words(enchanted, [BEAR], ctx)
    assert enchanted.matches(BEAR, context(read=False))
    assert "enchanted" in decided_words(enchanted, [BEAR], context())


def test_enchanted_is_one_alternatives_word_only():
    """Feast of Dreams: an enchantment creature needs no Aura; a creature does."""
    feast = described("target enchanted creature or enchantment creature")
    assert feast.matches(ROLLICKER, context())
    assert not feast.matches(BEAR, context())
    assert feast.matches(BEAR, context(ON_BEAR))


def test_unenchanted_and_equipped():
    assert described("target unenchanted creature").mismatch(BEAR, context(ON_BEAR)) == (
        "an Aura is attached to it (303.4b)"
    )
    equipped = described("target attacking equipped creature")
    attacking = GameObject(**{**BEAR.__dict__, "attacking": True})
    assert not equipped.matches(attacking, context(ON_BEAR))
    sword = Attachment(
        id=5, name="Bonesplitter", controller="Bob", kind="equipment", host=1, host_name="x"
    )
    assert equipped.matches(attacking, context(sword))
    # An Equipment not said to be attached is unattached (CR 301.5b): decided.
    loose = Attachment(id=5, name="Bonesplitter", controller="Bob", kind="equipment")
    assert not equipped.matches(attacking, context(loose))


def test_aura_attached_to_a_creature_you_control():
    charm = described("target aura attached to a creature")
    assert charm.host_types == frozenset({"creature"})
    assert charm.matches(PACIFISM, context(ON_BEAR))
    on_land = Attachment(
        id=2,
        name="Pacifism",
        controller="Bob",
        kind="aura",
        host=7,
        host_name="Forest",
        host_types=frozenset({"land"}),
        host_controller="Bob",
    )
    assert charm.mismatch(PACIFISM, context(on_land)) == (
        "it is attached to Forest, which isn't a creature"
    )
    assert charm.matches(PACIFISM, context(UNSAID))  # its host isn't said: unchecked
    worker = described("target aura attached to a creature you control")
    assert not worker.matches(PACIFISM, context(ON_BEAR))  # Bob's creature, Alice's ability
    assert worker.mismatch(PACIFISM, context(ON_BEAR)) == (
        "it is attached to Runeclaw Bear, which Bob controls"
    )


def test_that_isnt_enchanted_reads_as_unenchanted():
    """Brainspoil: "Destroy target creature that isn't enchanted." """
    brainspoil = described("target creature that isn't enchanted")
    assert not brainspoil.matches(BEAR, context(ON_BEAR))
    assert brainspoil.matches(BEAR, context())
    assert "unenchanted" in decided_words(brainspoil, [BEAR], context())
