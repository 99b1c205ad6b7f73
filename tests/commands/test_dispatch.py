import pytest

from bot.commands.dispatch import COMMANDS, find_command, split_command
from bot.errors import UsageError


def test_split_command_separates_name_and_argument() -> None:
    assert split_command("  CARD   Arc Trail ") == ("card", "Arc Trail")
    assert split_command("/rule 115.7a") == ("rule", "115.7a")
    assert split_command("about") == ("about", "")


@pytest.mark.parametrize("line", ["", "   ", "x" * 20_001])
def test_empty_or_huge_commands_are_usage_errors(line: str) -> None:
    with pytest.raises(UsageError):
        split_command(line)


def test_a_misspelled_command_suggests_the_right_one() -> None:
    with pytest.raises(UsageError) as caught:
        find_command("crad")
    assert "card" in caught.value.suggestions
    assert "help" in caught.value.hint


@pytest.mark.parametrize("line", ["can I hide a card here", "How long does stun last?"])
def test_a_question_typed_as_a_command_points_to_rule(line: str) -> None:
    # QA 55 U2: "can I hide ..." was answered "Did you mean: scenario?".
    from bot.commands.dispatch import read_line

    with pytest.raises(UsageError) as caught:
        read_line(line)
    assert caught.value.suggestions[0] == "rule"
    assert caught.value.hint.casefold() == f"rule {line}".casefold()


def test_help_lists_only_what_a_user_types() -> None:
    listed = [spec.name for spec in COMMANDS.values() if spec.listed]
    assert "riftbound-card" in COMMANDS and "riftbound-card" not in listed
    assert {"card", "rule", "scenario", "game", "help"} <= set(listed)


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("I play Jinx and move her to the Peak, he reacts with Stupefy, what happens?", "scenario"),
        ("my Garen is at 4 might with a buff, does he survive 3 damage?", "rule"),
        ("opp has a Tarmogoyf, can it survive a bolt?", "scenario"),
    ],
)
def test_a_situation_told_as_a_command_points_to_scenario_or_rule(line: str, command: str) -> None:
    # QA 58 U2: "I play ..." got "Did you mean: rulings, ipg, scenario?", "my ..." got "mtr".
    from bot.commands.dispatch import read_line, told_by_alice

    with pytest.raises(UsageError) as caught:
        read_line(line)
    assert caught.value.suggestions[0] == command
    told = told_by_alice(line) if command == "scenario" else line
    assert caught.value.hint.casefold() == f"{command} {told}".casefold()
    assert "mtr" not in caught.value.suggestions


@pytest.mark.parametrize(
    ("told", "by_alice"),
    [
        ("I play Jinx to my base.", "Alice plays Jinx to her base."),
        (
            "I'm at 3 points and I also attack with Garen.",
            "Alice is at 3 points and Alice also attacks with Garen.",
        ),
        (
            "my Garen moves, then I pass and Bob targets me.",
            "Alice's Garen moves, then Alice passes and Bob targets her.",
        ),
        ("I have Stupefy, I try to bounce it.", "Alice has Stupefy, Alice tries to bounce it."),
    ],
)
def test_a_situation_told_in_the_first_person_is_told_of_alice(told: str, by_alice: str) -> None:
    # QA 59 U4: a scenario's "I" is no player unless the user says who they are.
    from bot.commands.dispatch import told_by_alice

    assert told_by_alice(told) == by_alice
