"""Riftbound's own wordings, read by the one parser (``parse_riftbound_statement``).

Riftbound Core Rules: a unit moves between its base and battlefields (441.1); units are
exhausted, readied, stunned, killed, banished or recalled; split damage is divided as the
spell or ability resolves (355.14.e), so the division is said with the resolution.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import ScenarioError
from bot.scenario import ast
from bot.scenario.ast_text import render_statement
from bot.scenario.parser import parse_riftbound_statement, parse_statement

KNOWN = {"blazing scorcher", "recruit", "void seeker", "targon's peak"}


def known(name: str) -> bool:
    return name.strip().casefold() in KNOWN


def read(text: str) -> ast.ParsedStatement | ast.RiftboundStatement:
    return parse_riftbound_statement(
        text, speaker="Alice", is_known_name=known, players=("Alice", "Bob")
    )


def test_a_unit_moves_to_a_battlefield_or_its_base() -> None:
    moved = read("Blazing Scorcher moves to Targon's Peak.")
    assert isinstance(moved, ast.MoveTo)
    assert (moved.subject.name, moved.battlefield) == ("Blazing Scorcher", "Targon's Peak")
    home = read("Bob's Recruit moves to his base.")
    assert isinstance(home, ast.MoveTo) and home.battlefield is None
    assert home.subject.controller is not None and home.subject.controller.name == "Bob"


def test_riftbound_statuses() -> None:
    # "readied" is an event other permanents see (Irelia, Fervent: "When you ... ready me").
    for word, status in (
        ("exhausted", "exhausted"),
        ("readied", "readied"),
        ("ready", "ready"),
        ("stunned", "stunned"),
    ):
        read_status = read(f"Recruit is {word}.")
        assert isinstance(read_status, ast.RbStatus) and read_status.status == status


def test_buffs_are_stated_as_a_status() -> None:
    # A Buff counter (426.1.b) as the scenario starts (QA 34 U6): "has a buff"; one put on it
    # now, which Simian Ancestor's "When you buff me" sees: "buffed".
    for text, status in (
        ("Recruit has a buff.", "has a buff"),
        ("Bob's Recruit has a Buff counter.", "has a buff"),
        ("Recruit is buffed.", "buffed"),
        ("Recruit gets a buff.", "buffed"),
    ):
        buffed = read(text)
        assert isinstance(buffed, ast.RbStatus) and buffed.status == status, text


def test_a_card_is_hidden_at_a_battlefield_and_played_from_hiding() -> None:
    # 811.1.b: hidden facedown at a battlefield, played later from there (QA 34 U1).
    hidden = read("Alice hides Void Seeker at Targon's Peak.")
    assert isinstance(hidden, ast.RbHide)
    assert (hidden.player.name, hidden.card, hidden.battlefield) == (
        "Alice",
        "Void Seeker",
        "Targon's Peak",
    )
    for words in ("from hiding", "from hidden", "from facedown", "from the facedown zone"):
        played = read(f"Alice plays Void Seeker {words} targeting Recruit.")
        assert isinstance(played, ast.Cast) and played.choices.from_zone == "hiding", words
        assert played.choices.targets[0].name == "Recruit"  # type: ignore[union-attr]
    unit = read("Alice plays Blazing Scorcher from hiding at Targon's Peak.")
    assert isinstance(unit, ast.Cast) and unit.choices.from_zone == "hiding"
    assert unit.location is not None and unit.location.battlefield == "Targon's Peak"
    with pytest.raises(ScenarioError, match="say where the card is hidden"):
        read("Alice hides Void Seeker.")


def test_when_a_card_was_hidden_and_when_it_is_played_from_hiding() -> None:
    # 811.1.b: "Beginning on the next turn ... you may play this"; the bot keeps no turns, so
    # the statements say when.
    for text in (
        "Alice hides Void Seeker at Targon's Peak on an earlier turn.",
        "Alice hid Void Seeker at Targon's Peak last turn.",
        "Alice hides Void Seeker at Targon's Peak on her previous turn.",
    ):
        hidden = read(text)
        assert isinstance(hidden, ast.RbHide) and hidden.earlier_turn, text
        assert hidden.battlefield == "Targon's Peak", text
    assert not read("Alice hides Void Seeker at Targon's Peak.").earlier_turn  # type: ignore[union-attr]
    for text in (
        "Alice plays Void Seeker from hiding on a later turn targeting Recruit.",
        "Next turn, Alice plays Void Seeker from hiding targeting Recruit.",
        "On her next turn, Alice plays Void Seeker from hiding targeting Recruit.",
        "Alice plays Void Seeker from hiding targeting Recruit on a later turn.",
    ):
        played = read(text)
        assert isinstance(played, ast.Cast) and played.choices.later_turn, text
        assert played.choices.from_zone == "hiding", text
    asked = read("Can Alice play Void Seeker from hiding next turn targeting Recruit?")
    assert isinstance(asked, ast.CanQuestion) and asked.action.choices.later_turn  # type: ignore[union-attr]
    for text in ("It is a later turn.", "Next turn.", "A new turn begins.", "It is the next turn."):
        assert isinstance(read(text), ast.RbLaterTurn), text
    with pytest.raises(ScenarioError, match="read only for a card played from hiding"):
        read("Next turn, Alice plays Void Seeker targeting Recruit.")


def test_a_player_uses_an_optional_death_replacement() -> None:
    # The Boss's "you may ... instead" (369.1) is its controller's choice, said as a statement.
    for text in (
        "Alice uses Void Seeker for Recruit.",
        "Alice uses Void Seeker's replacement on Recruit.",
        "Alice will use Void Seeker to save Bob's Recruit.",
    ):
        used = read(text)
        assert isinstance(used, ast.RbUseSaver), text
        assert (used.player.name, used.saver.name, used.unit.name) == (
            "Alice",
            "Void Seeker",
            "Recruit",
        ), text


def test_a_showdown_timing_question() -> None:
    # QA 36 U7: "Can Bob play Vengeance during a showdown?" is not a card name.
    for text, window in (
        ("Can Bob play Void Seeker during a showdown?", "showdown"),
        ("Can Bob play Void Seeker in a showdown at Targon's Peak?", "showdown"),
        ("Can Bob play Void Seeker during combat?", "combat"),
    ):
        asked = read(text)
        assert isinstance(asked, ast.RbShowdownQuestion), text
        assert (asked.player.name, asked.card, asked.window) == ("Bob", "Void Seeker", window)


def test_showdowns_and_detach_choices_get_riftbound_answers() -> None:
    with pytest.raises(ScenarioError, match="showdowns are not modelled"):
        read("A showdown is under way at Targon's Peak.")  # QA 34 U7
    with pytest.raises(ScenarioError, match="chosen as the spell resolves"):
        read("Alice plays Void Seeker targeting Recruit, detaching it.")  # QA 34 U8


def test_damage_is_divided_as_the_spell_resolves() -> None:
    divided = read("The top of the chain resolves dividing 3 and 2.")
    assert isinstance(divided, ast.ResolveDividing)
    assert divided.division == (3, 2) and isinstance(divided.resolve, ast.Resolve)


def test_everything_else_reads_as_in_magic() -> None:
    text = "Alice plays Void Seeker targeting Recruit."
    assert read(text) == parse_statement(
        text, speaker="Alice", is_known_name=known, players=("Alice", "Bob")
    )


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_any_text_is_a_statement_or_a_clear_error(text: str) -> None:
    try:
        statement = read(text)
    except ScenarioError as error:
        assert error.message
        return
    assert isinstance(statement, ast.Statement)


def test_a_statement_not_understood_gets_a_riftbound_example() -> None:
    """QA 14 #13: a Riftbound game suggested "Alice casts Lightning Bolt targeting Bob."."""
    for text in ("xyzzy 💥", "Bob casts", "Blazing Scorcher is frobbed."):
        try:
            read(text)
        except ScenarioError as error:
            assert error.hint, text
            for magic in ("Lightning Bolt", "Runeclaw Bear", "Llanowar", "Spellskite", "casts"):
                assert magic not in error.hint, (text, error.hint)
        else:
            raise AssertionError(f"{text!r} was read")
    try:
        read("xyzzy 💥")
    except ScenarioError as error:
        assert error.hint == "Alice plays Void Seeker targeting Blazing Scorcher."
    # Magic keeps its own.
    try:
        parse_statement("xyzzy 💥", speaker="Alice")
    except ScenarioError as error:
        assert error.hint == "Alice casts Lightning Bolt targeting Bob."


def test_a_card_name_with_at_in_it_keeps_its_place() -> None:
    # "Grandmaster at Arms", "LeBlanc, Everywhere at Once": the place follows the whole name
    # (found by a sweep of Riftbound abilities: "Arms at her base" was taken for a battlefield).
    names = KNOWN | {"grandmaster at arms", "leblanc, everywhere at once"}

    def read_with(text: str) -> ast.ParsedStatement | ast.RiftboundStatement:
        return parse_riftbound_statement(
            text,
            speaker="Alice",
            is_known_name=lambda n: n.strip().casefold() in names,
            players=("Alice", "Bob"),
        )

    legend = read_with("Alice controls Grandmaster at Arms at her base.")
    assert isinstance(legend, ast.Controls)
    assert [p.name for p in legend.permanents] == ["Grandmaster at Arms"]
    assert legend.location is not None and legend.location.battlefield is None
    units = read_with("Alice controls Recruit and LeBlanc, Everywhere at Once at Targon's Peak.")
    assert isinstance(units, ast.Controls)
    assert [p.name for p in units.permanents] == ["Recruit", "LeBlanc, Everywhere at Once"]
    assert units.location == ast.Location(battlefield="Targon's Peak")


def test_an_ability_named_with_nothing_said_about_it_gets_the_forms_that_work() -> None:
    """ "Blazing Scorcher's trigger." names an ability but no verb (QA 27 U1): the error names
    the statements that say what it does, in each game's words; a statement with a verb
    still reads."""
    with pytest.raises(ScenarioError) as caught:
        read("Blazing Scorcher's trigger.")
    said = f"{caught.value} {caught.value.hint}"
    assert "“Blazing Scorcher's trigger goes on the chain with no targets.”" in said
    assert "“Blazing Scorcher's trigger resolves.”" in said
    with pytest.raises(ScenarioError) as magic:
        parse_statement("Recruit's trigger.", speaker="Alice", is_known_name=known)
    assert "goes on the stack with no targets" in f"{magic.value} {magic.value.hint}"
    assert isinstance(read("Blazing Scorcher's trigger resolves."), ast.Resolve)


@pytest.mark.parametrize(
    ("text", "accelerate", "repeats"),
    [
        ("Alice plays Blazing Scorcher with Accelerate.", True, 0),
        ("Alice plays Blazing Scorcher at her base with Accelerate.", True, 0),
        ("Alice plays Blazing Scorcher with its Accelerate cost paid.", True, 0),
        ("Alice plays Void Seeker with Repeat targeting Recruit.", False, 1),
        ("Alice plays Void Seeker with Repeat twice targeting Recruit.", False, 2),
        ("Alice plays Void Seeker repeated targeting Recruit.", False, 1),
    ],
)
def test_optional_additional_costs_are_read(text: str, accelerate: bool, repeats: int) -> None:
    """Accelerate (805) and Repeat (820) are said after the card, not read as its name."""
    cast = read(text)
    assert isinstance(cast, ast.Cast)
    assert cast.card in ("Blazing Scorcher", "Void Seeker")
    assert (cast.choices.accelerate, cast.choices.repeats) == (accelerate, repeats)


def test_repeat_takes_only_a_count() -> None:
    with pytest.raises(ScenarioError, match="how many Repeat costs"):
        read("Alice plays Void Seeker with Repeat often targeting Recruit.")


def test_a_location_said_after_accelerate_is_the_units() -> None:
    cast = read("Alice plays Blazing Scorcher with Accelerate at Targon's Peak.")
    assert isinstance(cast, ast.Cast) and cast.card == "Blazing Scorcher"
    assert cast.choices.accelerate
    assert cast.location is not None and cast.location.battlefield == "Targon's Peak"


@pytest.mark.parametrize(
    ("text", "player", "takes"),
    [
        ("Void Seeker resolves and Bob has Alice draw 2.", "Bob", True),
        ("Void Seeker resolves and Bob doesn't have Alice draw 2.", "Bob", False),
        ("The top of the chain resolves, but Bob lets Alice draw 2.", "Bob", True),
    ],
)
def test_an_unless_choice_is_said_with_the_resolution(text: str, player: str, takes: bool) -> None:
    """Shakedown's "unless its controller has you draw 2": that player's choice, made as it
    resolves (359.3.f.2), read as a payment of the "unless"."""
    said = read(text)
    assert isinstance(said, ast.Resolve) and said.payment is not None
    assert (said.payment.player.name, said.payment.pays) == (player, takes)


def test_qa36_scores_xp_order_last_and_mighty_questions() -> None:
    """QA 36 U2, U6, U8: conquer and hold stated, XP, a trigger put on the chain last, "Is X
    Mighty?", and "Can X conquer Y?" told that combat isn't modelled."""
    conquered = read("Alice conquers Targon's Peak.")
    assert isinstance(conquered, ast.RbScores)
    assert (conquered.player.name, conquered.battlefield, conquered.how) == (
        "Alice",
        "Targon's Peak",
        "conquer",
    )
    held = read("Bob holds Targon's Peak.")
    assert isinstance(held, ast.RbScores) and held.how == "hold"
    xp = read("Alice has 6 XP.")
    assert isinstance(xp, ast.RbXp) and xp.xp == 6 and not xp.gained
    gained = read("Alice gains 2 XP.")
    assert isinstance(gained, ast.RbXp) and gained.xp == 2 and gained.gained
    last = read("Alice puts Recruit's trigger on the chain last.")
    assert isinstance(last, ast.OrderTriggers) and last.last
    first = read("Alice puts Recruit's trigger on the chain first.")
    assert isinstance(first, ast.OrderTriggers) and not first.last
    mighty = read("Is Blazing Scorcher Mighty?")
    assert isinstance(mighty, ast.ObjectQuestion) and mighty.aspect == "mighty"
    with pytest.raises(ScenarioError, match="combat"):
        read("Can Recruit conquer Targon's Peak?")
    with pytest.raises(ScenarioError, match="never below 0"):
        read("Alice has -2 XP.")


def test_a_unit_is_played_to_a_place_with_or_without_accelerate() -> None:
    """QA 36 U8: "... with Accelerate to Targon's Peak" as "... at Targon's Peak" (355.2)."""
    for text in (
        "Alice plays Blazing Scorcher with Accelerate to Targon's Peak.",
        "Alice plays Blazing Scorcher to Targon's Peak with Accelerate.",
        "Alice plays Blazing Scorcher with Accelerate at Targon's Peak.",
    ):
        played = read(text)
        assert isinstance(played, ast.Cast), text
        assert played.card == "Blazing Scorcher" and played.choices.accelerate, text
        assert played.location is not None and played.location.battlefield == "Targon's Peak"


def test_where_is_and_is_stunned_are_questions_about_the_object() -> None:
    # QA 38 U4: "Where is X?" and "Is X stunned?" were not understood.
    where = read("Where is Blazing Scorcher?")
    assert isinstance(where, ast.ObjectQuestion) and where.aspect == "describe"
    assert where.subject.name == "Blazing Scorcher"
    stunned = read("Is Blazing Scorcher stunned?")
    assert isinstance(stunned, ast.ObjectQuestion) and stunned.aspect == "stunned"


def test_spending_xp_and_a_unit_that_conquers() -> None:
    """QA 39 U4, U5: "Alice spends 2 XP." (730.2) is read; a unit as the subject of
    "conquers" gets a hint naming the statement that works (464.1)."""
    spent = read("Alice spends 2 XP.")
    assert isinstance(spent, ast.RbXp) and spent.spent and spent.xp == 2
    with pytest.raises(ScenarioError, match="conquered or held by a player") as raised:
        read("Kai'Sa, Survivor conquers Targon's Peak.")
    assert "conquers Targon's Peak." in (raised.value.hint or "")


def test_targets_after_on_may_be_a_list_and_hints_say_plays() -> None:
    """QA 44 U8: "responds with Back to Back on A and B" reads both as targets; a hint for a
    Riftbound statement says "plays", not MTG's "casts"."""
    cards = {"back to back", "stalwart poro", "watchful sentry"}

    def read(text: str) -> object:
        return parse_riftbound_statement(
            text,
            speaker="Alice",
            is_known_name=lambda name: name.strip().casefold() in cards,
            players=("Alice", "Bob"),
        )

    for text in (
        "Bob responds with Back to Back on Stalwart Poro and Watchful Sentry.",
        "Bob plays Back to Back on Stalwart Poro and Watchful Sentry.",
    ):
        statement = read(text)
        assert isinstance(statement, ast.Cast), text
        assert [t.name for t in statement.choices.targets] == [
            "Stalwart Poro",
            "Watchful Sentry",
        ]
    with pytest.raises(ScenarioError) as refused:
        read("Bob responds with Back to Back on Stalwart Poro and Grizzly Bearz.")
    assert "Bob plays Back to Back targeting" in (refused.value.hint or "")


@pytest.mark.parametrize(
    "text",
    [
        "Bob assigns 3 combat damage to Blazing Scorcher.",
        "Can Bob assign combat damage to Blazing Scorcher before Recruit?",
    ],
)
def test_combat_damage_assignment_gets_the_combat_message(text: str) -> None:
    """QA 44 U7: assigning combat damage isn't modelled; the answer says so and what can be
    stated, not "no verb I know"."""
    with pytest.raises(ScenarioError) as refused:
        read(text)
    message = str(refused.value)
    assert "combat damage assignment (460.2.c" in message
    assert "has 3 damage" in message
    assert "no verb" not in message


def test_what_question_not_read_gets_riftbound_words() -> None:
    """QA 44 U9, M1: a "What" question the bot can't read is answered in Riftbound's words
    (Might, the chain, points), not MTG's power and life total; "What is Bob's score?" is a
    points question (QA 48 U4)."""
    assert isinstance(read("What is Bob's score?"), ast.RbPoints)
    with pytest.raises(ScenarioError) as refused:
        read("What is Bob's rune pool?")
    message = str(refused.value)
    assert "a unit's Might" in message
    assert "How many points does Alice have?" in message
    assert "power" not in message and "life total" not in message
    assert refused.value.hint == "What is Blazing Scorcher's Might?"


@pytest.mark.parametrize(
    "text",
    [
        "Get Excited! resolves discarding Blazing Scorcher.",
        "Get Excited! resolves, discarding Blazing Scorcher.",
    ],
)
def test_the_card_discarded_as_a_spell_resolves_is_read(text: str) -> None:
    # 422.1.a: the player discarding chooses which card (QA 46 U1).
    statement = read(text)
    assert isinstance(statement, ast.Resolve)
    assert isinstance(statement.item, ast.ObjectRef)
    assert statement.item.name == "Get Excited!"
    assert [t.name for t in statement.discarding if isinstance(t, ast.ObjectRef)] == [
        "Blazing Scorcher"
    ]


def test_a_player_discarding_to_a_spell_is_read_as_its_resolution() -> None:
    statement = read("Alice discards Blazing Scorcher to Get Excited!")
    assert isinstance(statement, ast.Resolve)
    assert statement.payment is not None
    assert statement.payment.player.name == "Alice"
    assert [t.name for t in statement.payment.discarded if isinstance(t, ast.ObjectRef)] == [
        "Blazing Scorcher"
    ]


@pytest.mark.parametrize(
    ("text", "player"),
    [
        ("It is a later turn.", None),
        ("It is Bob's next turn.", "Bob"),
        ("Bob's turn begins.", "Bob"),
        ("Alice's next turn starts.", "Alice"),
    ],
)
def test_whose_later_turn_it_is_is_read(text: str, player: str | None) -> None:
    # Whose turn began decides which [Temporary] permanents die (816.1.b; QA 46 M4).
    statement = read(text)
    assert isinstance(statement, ast.RbLaterTurn)
    assert (statement.player.name if statement.player else None) == player


KNOWN_PLACES = KNOWN | {"stalwart poro", "wraith of echoes", "vilemaw's lair", "get excited!"}


def read_places(text: str) -> ast.ParsedStatement | ast.RiftboundStatement:
    return parse_riftbound_statement(
        text,
        speaker="Alice",
        is_known_name=lambda name: name.strip().casefold() in KNOWN_PLACES,
        players=("Alice", "Bob"),
    )


def test_permanents_at_two_places_are_read_as_one_controls_each() -> None:
    # QA 44 M5: "Alice controls A at P and B at Q." is ordinary English.
    statement = read_places(
        "Alice controls Recruit, Stalwart Poro at Targon's Peak and Blazing Scorcher at her base."
    )
    assert isinstance(statement, ast.ControlsAtPlaces)
    placed = [
        ([p.name for p in part.permanents if isinstance(p, ast.CardSpec)], part.location)
        for part in statement.parts
    ]
    assert placed == [
        (["Recruit", "Stalwart Poro"], ast.Location(battlefield="Targon's Peak")),
        (["Blazing Scorcher"], ast.Location(is_base=True)),
    ]


def test_permanents_at_one_place_stay_one_statement() -> None:
    statement = read_places("Alice controls Recruit and Stalwart Poro at Vilemaw's Lair.")
    assert isinstance(statement, ast.Controls)
    assert statement.location == ast.Location(battlefield="Vilemaw's Lair")


def test_a_name_after_the_place_with_none_of_its_own_is_refused() -> None:
    with pytest.raises(ScenarioError) as refused:
        read_places("Alice controls Recruit at Targon's Peak and Stalwart Poro.")
    assert "comes after a place and has none of its own" in refused.value.message


@pytest.mark.parametrize(
    "text",
    [
        "Alice controls Recruit and Stalwart Poro at Targon's Peak and Blazing Scorcher at her base.",
        "Get Excited! resolves discarding Blazing Scorcher.",
    ],
)
def test_the_new_wordings_render_back_to_the_same_statement(text: str) -> None:
    # An exported game replays the statement as rendered (script_executor._portable).
    statement = read_places(text)
    assert read_places(render_statement(statement)) == statement


def test_whose_turn_it_is_points_to_whose_next_turn() -> None:
    # QA 46 M2: the refusal points to the wording that now exists.
    with pytest.raises(ScenarioError) as refused:
        read("It is Bob's turn.")
    assert "“It is Bob's next turn.”" in (refused.value.hint or "")


def test_the_combat_damage_help_orders_tank_first_and_backline_last() -> None:
    """QA 52 M1: the help named [Tank] ("assigned first") but not [Backline] (826.3)."""
    with pytest.raises(ScenarioError) as failure:
        parse_riftbound_statement(
            "Blazing Scorcher assigns 3 damage to Stalwart Poro.", speaker="Alice"
        )
    assert "[Tank] units first, [Backline] units last (826.3" in str(failure.value)


@pytest.mark.parametrize("said", ["Is Stalwart Poro damaged?", "Is Stalwart Poro killed?"])
def test_is_a_unit_damaged_or_killed_asks_about_it(said: str) -> None:
    """QA 52 M2: these got an MTG-worded "Is ..." hint (tapped, attacking, blocked)."""
    asked = parse_riftbound_statement(said, speaker="Alice")
    assert isinstance(asked, ast.ObjectQuestion) and asked.aspect == "describe"


def test_the_champion_zone_is_a_zone_cards_are_in_and_played_from() -> None:
    # QA 55 U3: Riftbound's Champion Zone (108.3), read like Magic's command zone; "from her
    # champion zone" is where a card is played from, not part of its name or "from hiding".
    stated = read("Alice's champion zone has Blazing Scorcher.")
    assert isinstance(stated, ast.ZoneContents) and stated.zone == "command"
    played = read("Alice plays Blazing Scorcher from her champion zone.")
    assert isinstance(played, ast.Cast)
    assert played.choices.from_zone == "command"
    assert played.card == "Blazing Scorcher"


@pytest.mark.parametrize("said", [", discarding", " by discarding"])
def test_the_cards_discarded_for_an_activated_ability_s_cost_are_read(said: str) -> None:
    # Unlicensed Armory's "Discard 1, [E]:" (422.3): the card named after "discarding".
    known_here = {*KNOWN, "unlicensed armory"}
    activated = parse_riftbound_statement(
        f"Alice activates Unlicensed Armory targeting Recruit{said} Blazing Scorcher.",
        speaker="Alice",
        is_known_name=lambda name: name.strip().casefold() in known_here,
        players=("Alice", "Bob"),
    )
    assert isinstance(activated, ast.Activate)
    assert [t.name for t in activated.choices.targets] == ["Recruit"]  # type: ignore[union-attr]
    assert [t.name for t in activated.choices.discarded] == ["Blazing Scorcher"]  # type: ignore[union-attr]
    assert render_statement(activated).endswith(", discarding Blazing Scorcher.")


def test_discarding_for_a_cost_is_refused_in_a_magic_statement() -> None:
    with pytest.raises(ScenarioError, match="isn't read after “discarding” in a Magic"):
        parse_statement(
            "Alice activates Wild Mongrel, discarding Shock.",
            speaker="Alice",
            is_known_name=lambda name: name.strip().casefold() in {"wild mongrel", "shock"},
            players=("Alice", "Bob"),
        )


@pytest.mark.parametrize(
    "said", ["Alice's Chosen Champion is Void Seeker.", "Void Seeker is Alice's chosen champion."]
)
def test_a_chosen_champion_is_a_card_in_the_champion_zone(said: str) -> None:
    stated = read(said)
    assert isinstance(stated, ast.ZoneContents)
    assert stated.zone == "command"  # the Champion Zone's word (108.3)
    assert [c.name for c in stated.cards] == ["Void Seeker"]


def test_a_hidden_card_played_elsewhere_is_refused_with_its_rule() -> None:
    # QA 58 M6: "nothing may follow 'from hiding'" gave no reason; 811.1.d.1 is it.
    with pytest.raises(ScenarioError) as caught:
        read("Alice plays Teemo, Scout from hiding to her base.")
    assert "811.1.d.1" in str(caught.value)
