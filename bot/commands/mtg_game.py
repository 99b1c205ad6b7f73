"""Magic in ``game``: the step commands of a channel whose game is MTG (``game cast``,
``game activate``, ``game retarget``, ``game choose``, ``game back``, ``game cancel``,
``game resolve``) and its statements, played on the saved board.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands.game_calls import GameCall
from bot.commands.game_statements import (
    offered_choices,
    play_statements,
    refuse_statements_in_progress,
    refuse_what_the_caller_may_not_say,
)
from bot.commands.game_variant import GameVariant
from bot.commands.game_views import choice_reply
from bot.commands.reply import Choice, Reply
from bot.commands.scenario import executor_for, step_section, steps_reply
from bot.engine.mtg.casting import ActionKind
from bot.engine.mtg.game import MtgGame
from bot.engine.mtg.legend_rule import choose_legend_first, keep_statements, legend_groups
from bot.engine.mtg.resolution import unless_they_choice
from bot.engine.mtg.state import GameState
from bot.errors import UsageError, UserError
from bot.games.errors import StaleStepError
from bot.games.mtg_reducer import (
    MTG_START_HINT,
    MtgTable,
    Pending,
    PendingCast,
    PendingRetarget,
    require_pending,
)
from bot.games.permissions import may_change
from bot.scenario.board_view import board_data, board_text
from bot.scenario.parser import times_kicked
from bot.scenario.retarget_steps import option_label, plan_resolution
from bot.scenario.stepping import (
    Prompt,
    find_ability,
    find_retarget,
    pick_text,
    prompt_for,
    read_pick,
)
from bot.scenario.steps import Step


async def _statements(call: GameCall) -> Reply:
    service = await call.service()
    speaker, seated = await call.speaker()
    seating = await service.seating(call.scope)
    permitted = may_change(call.actor, seating)
    executor = executor_for(call.ctx)

    after: list[GameState] = []  # the board the statements left (the last run's)

    def run(current: MtgTable) -> tuple[Step, ...]:
        after.clear()
        if current.pending is not None:
            refuse_statements_in_progress(call.actor, seating, current.pending.title)
        refuse_what_the_caller_may_not_say(
            call,
            executor,
            seating,
            speaker,
            seated,
            current.game.player_names,
            current.game.stack[-1].controller if current.game.stack else None,
            tuple(
                entry.controller if entry.spec.retarget is not None else None
                for entry in reversed(current.game.stack)
            ),
        )
        # Nothing a user who may not change the game says is stored: their statement doesn't
        # end a held combat damage step (510.2), so a refused one is refused for what it is,
        # and one that would change the game gets the one seat refusal (the service's).
        result = executor.run(
            call.rest, current.game, speaker=speaker, saved=True, watching=not permitted
        )
        after.append(result.state)
        return result.steps

    # A ward trigger's "pays / doesn't pay" come back as choices (CR 702.21a, 118.12a).
    reply = await play_statements(
        service, call.scope, call.actor, speaker, run, expected_version=call.stamp
    )
    if after and not reply.choices:
        reply = replace(reply, choices=legend_choices(after[-1]))
    return reply


def _refuse_before_priority(game: GameState, doing: str) -> None:
    """A step-by-step action waits for a pending legend rule choice (CR 704.3, 704.5j) and for
    the triggers waiting for their targets (603.3, 603.3d; QA 42 W2), as a statement does; the
    hint names the game commands that choose. Refused as the action is asked for, before it is
    stored, so a game's older actions still replay as they were."""
    waiting = choose_legend_first(game, doing) or _engine().waiting_refusal(game, doing)
    if waiting is None:
        return
    if waiting.statements:
        said = " or ".join(f"`game {statement}`" for statement in waiting.statements[:2])
        waiting.hint = f"Say {said} first."
    raise waiting


@functools.cache
def _engine() -> MtgGame:
    """An engine for what the board offers (it reads the cards the game holds)."""
    return MtgGame()


def board_choices(game: GameState) -> tuple[Choice, ...]:
    """What `game state` offers next: the legend rule's choice (704.5j), else the statements
    that put a trigger waiting for its targets on the stack (CR 603.3d; QA 42 W2)."""
    if legend := legend_choices(game):
        return legend
    return tuple(
        Choice(text.removesuffix("."), f"game {text}") for text in _engine().waiting_offers(game)
    )


def legend_choices(game: GameState) -> tuple[Choice, ...]:
    """The legend rule's choice as the next step (CR 704.5j): "keep #N" for each legendary
    permanent of a group one player controls, which puts the others into their owners'
    graveyards. Until it is made, nothing needing priority goes ahead (704.3)."""
    return tuple(
        Choice(
            f"{group.controller} keeps {game.label(object_id)}"
            + (" (the copy)" if object_id in game.copies else ""),
            f"game {statement}",
        )
        for group in legend_groups(game)
        for object_id, statement in zip(group.ids, keep_statements(group), strict=True)
    )


# "kicked twice", "with kicker paid 3 times", "multikicked": how many times (CR 702.33c-d).
_KICKS = re.compile(
    r"\s+(?:(?:multi)?kicked|with\s+(?:its\s+)?(?:multi)?kicker(?:\s+cost)?(?:\s+paid)?)"
    r"(?:\s+(?P<times>once|twice|thrice|(?:\d+|[a-z]+)\s+times))?\s*$",
    re.IGNORECASE,
)
# "promising the gift (to Bob)", "with its gift promised to Bob" (CR 702.174k); "with
# bargain", "bargained" (702.166b).
_GIFT = re.compile(
    r"\s+(?:promising\s+(?:its\s+|the\s+|a\s+)?gift|with\s+(?:its\s+|the\s+|a\s+)?gift"
    r"(?:\s+promised)?)(?:\s+to\s+(?P<to>[A-Za-z][\w'-]*))?\s*$",
    re.IGNORECASE,
)
_BARGAIN = re.compile(
    r"\s+(?:with\s+(?:its\s+)?bargain(?:\s+cost)?(?:\s+paid)?|bargained)\s*$", re.I
)
_BLIGHT = re.compile(
    r"\s+(?:with|paying)\s+(?:its\s+)?(?:blight|(?:optional\s+)?additional\s+cost)\b.*$|"
    r"\s+blighted\s*$",
    re.I,
)
_CAST_OPTION = re.compile(
    r"\s+(?:with|for|paying)\s+(?:its\s+)?(overload|bestow|mutate|cleave|flashback)(?:\s+cost)?"
    r"(?:\s+paid)?\s*$",
    re.IGNORECASE,
)


# Casting methods a scenario statement understands but a step-by-step cast doesn't track
# (QA 13 #8): "game cast Fury with evoke" names Fury and says how to go on.
_UNTRACKED_METHOD = re.compile(
    r"\s+(?P<method>(?:with|for|paying|using)\s+(?:its\s+)?"
    r"(?:evoke|foretell|plot|suspend|escape|jump-?start|offspring|convoke|delve|madness)"
    r"(?:\s+(?:cost|ability))?(?:\s+paid)?|evoked|foretold|plotted|"
    r"from\s+(?:exile|(?:her|his|their|my|your|the)\s+(?:graveyard|hand))|"
    r"without\s+paying\s+its\s+mana\s+cost|for\s+its\s+alternative\s+cost|"
    r"by\s+(?:paying\s+\d+\s+life\s+and\s+)?"
    r"(?:exiling|discarding|returning|tapping|sacrificing|paying\s+\d+\s+life)\b.*?)\s*$",
    re.IGNORECASE,
)


async def _refuse_untracked_method(call: GameCall, rest: str, named: str | None) -> None:
    """``game cast Fury with evoke``: the card, and that the method isn't tracked here."""
    found = _UNTRACKED_METHOD.search(rest)
    if found is None:
        return
    card = executor_for(call.ctx).cards.resolve(rest[: found.start()].strip())
    name = card.name
    method = " ".join(found.group("method").split())
    keyword = re.search(
        r"evoke|foretell|plot|suspend|escape|jump-?start|offspring|convoke|delve|madness",
        method,
        re.IGNORECASE,
    )
    if keyword is not None and not re.search(
        rf"\b{keyword[0].replace('jumpstart', 'jump-start')}\b", card.oracle_text, re.IGNORECASE
    ):
        # "game cast Lightning Bolt with evoke": the card has no such keyword (QA 20 U9).
        raise UsageError(
            f"{name} has no {keyword[0].lower()}, so it can't be cast that way.",
            hint=f"game cast {name}",
        )
    caster = named
    if caster is None:
        with contextlib.suppress(UserError):  # no seat: an example player will do
            caster = await call.acting_player(None, f"game cast {name}")
    raise UsageError(
        f"{name} is found, but a step-by-step cast doesn't track “{method}”. How a spell is "
        "paid for doesn't change what it can target (601.2b, 601.2c, 118.9), so cast it "
        "without it, or say the whole cast as one statement, which this game understands: "
        f"`game {caster or 'Alice'} casts {name} {method} targeting …`.",
        hint=f"game cast {name}",
    )


# "game cast Fireball with X=3": X announced with the cast (601.2b) (QA 20 U3).
_WITH_X = re.compile(r"\s+(?:with\s+)?X\s*=\s*(?P<x>-?\d{1,7})\s*$", re.IGNORECASE)
_AT_INSTANT_SPEED = re.compile(
    r"\s+(?:at\s+instant\s+speed|as\s+though\s+it\s+had\s+flash)\s*$", re.IGNORECASE
)


async def _cast(call: GameCall) -> Reply:
    cards = executor_for(call.ctx).cards
    rest, named = await call.split_player(cards, bare=lambda text: _cast_options(text)[0])
    if not rest:
        raise UsageError(
            "Say which card to cast.",
            hint="game cast Arc Trail [with kicker | with overload | with bestow | with mutate | "
            "with cleave | with flashback | promising the gift | with bargain | at instant speed] "
            "[by Alice]",
        )
    face = None
    rest, options, kicks, x = _cast_options(rest)
    if named is None:
        # "game cast Burst Lightning by Alice with kicker": the player before the options
        # (QA 29 U3).
        rest, named = await call.split_player(cards, rest)
    await _refuse_untracked_method(call, rest, named)
    match = re.fullmatch(r"(.+?)\s+as\s+(.+)", rest, re.IGNORECASE)
    if match:
        rest, face = match.group(1), match.group(2)
    card = executor_for(call.ctx).cards.resolve(rest)
    if face is None:
        # "game cast Stomp": the face named is the one cast (CR 715.3, 709.3).
        face = next(
            (f.name for f in card.faces if f.name.casefold() == rest.strip().casefold()), None
        )
    player = await call.acting_player(named, f"game cast {card.name}")
    seated = list((await (await call.service()).seating(call.scope)).seats)
    action = {
        "cast_start": {
            "player": player,
            "seated": seated,
            "card": card.name,
            "face": face,
            "overload": "overload" in options,
            "kicked": kicks,
            **(
                {"gift_to": gift[len("gift:") :]}
                if (gift := next((o for o in options if o.startswith("gift:")), None)) is not None
                else {}
            ),
            **({"bargained": True} if "bargain" in options else {}),
            "alternative": next((o for o in options if o in ("bestow", "mutate", "cleave")), ""),
            "flashback": "flashback" in options,
            "any_time": "any time" in options,
            "asks_sacrifice": True,
            **({"x": x} if x is not None else {}),
        }
    }

    def build(current: MtgTable) -> Mapping[str, Any]:
        _refuse_before_priority(current.game, f"cast {card.name}")
        return action

    return _progress_reply(await call.step(build))


def _cast_options(rest: str) -> tuple[str, set[str], int, int | None]:
    """The card words without the options said after them, and those options: "with
    overload" ("target" reads "each", CR 702.96a), "with kicker" (CR 702.33d), "with
    flashback" (702.34a), "at instant speed" (an effect allows it, 117.1a, 608.2g), "X=3"."""
    options: set[str] = set()
    kicks = 0
    x: int | None = None
    while True:
        if said_x := _WITH_X.search(rest):
            x = int(said_x["x"])
            if x < 0:
                raise UsageError(
                    "X can't be negative (107.1b).", hint="game cast Fireball with X=3"
                )
            rest = rest[: said_x.start()].strip()
        elif kicked := _KICKS.search(rest):
            kicks = _times(kicked["times"])
            rest = rest[: kicked.start()].strip()
        elif gift := _GIFT.search(rest):
            options.add(f"gift:{gift['to'] or ''}")
            rest = rest[: gift.start()].strip()
        elif bargain := _BARGAIN.search(rest):
            options.add("bargain")
            rest = rest[: bargain.start()].strip()
        elif _BLIGHT.search(rest):
            # Its counter goes on a creature as the cost is paid (601.2h), which the steps
            # don't ask yet: a statement says it all at once.
            raise UsageError(
                "Paying an optional additional cost such as blight isn't asked step by step "
                "yet; say the cast as a statement, with what the cost did.",
                hint="game Alice casts Requiting Hex with blight, putting a -1/-1 counter on "
                "Hill Giant, targeting Grizzly Bears.",
            )
        elif option := _CAST_OPTION.search(rest):
            options.add(option.group(1).lower())
            rest = rest[: option.start()].strip()
        elif instant := _AT_INSTANT_SPEED.search(rest):
            options.add("any time")
            rest = rest[: instant.start()].strip()
        else:
            break
    return rest, options, kicks, x


def _times(said: str | None) -> int:
    """ "twice" -> 2, "3 times" -> 3, nothing -> 1 (kicked once), as statements read them."""
    count = times_kicked(said or "")
    if not count:
        raise UsageError(
            f"“{said}” isn't a number of times to kick a spell.",
            hint="game cast Comet Storm kicked twice",
        )
    return count


def _choose(current: MtgTable, text: str) -> Mapping[str, Any]:
    pending = require_pending(current)
    value = read_pick(pending.progress, text)
    return {"choose": _jsonable(value), "picked": pick_text(pending.progress, value)}


async def _activate(call: GameCall) -> Reply:
    """Activate an ability one choice at a time (CR 602.2b)."""
    rest, named = await call.split_player(executor_for(call.ctx).cards)
    if not rest:
        raise UsageError("Say whose ability.", hint="game activate Spellskite")
    executor = executor_for(call.ctx)
    speaker, seated = await call.speaker()
    chosen = named or (speaker if seated else None)
    seats = list((await (await call.service()).seating(call.scope)).seats)

    def build(current: MtgTable) -> Mapping[str, Any]:
        game = current.game
        _refuse_before_priority(game, "activate an ability")
        source_id, ability = find_ability(executor, game, speaker, rest)
        # The activating player: the one named or seated if playing, else the controller
        # (CR 602.2: only an object's controller activates its abilities).
        player = chosen if chosen and game.has_player(chosen) else game.obj(source_id).controller
        return {
            "activate_start": {
                "player": player,
                "seated": seats,
                "source": source_id,
                "ability": ability,
                "name": game.name_of(source_id),
                "asks_sacrifice": True,
            }
        }

    try:
        return _progress_reply(await call.step(build))
    except UserError as refused:
        other = _other_abilities_hint(executor, rest)
        if other and not refused.hint:
            refused.hint = other
        raise


_ORDINALS = ("second", "third", "fourth", "fifth", "sixth")


def _other_abilities_hint(executor: Any, rest: str) -> str:
    """``game activate Lithoform Engine`` refused for its first ability: its others, by the
    form that picks one (QA 20 U5); "" when it has one, or one was named."""
    if "'s " in rest or "ability" in rest.lower():
        return ""
    try:
        card = executor.cards.resolve(rest)
    except UserError:
        return ""
    count = sum(1 for a in executor.engine.read(card).abilities if a.kind.value == "activated")
    if count < 2:
        return ""
    others = " or ".join(
        f"`game activate {card.name}'s {o} ability`" for o in _ORDINALS[: count - 1]
    )
    return f"{card.name} has {count} activated abilities, and this was its first: try {others}."


async def _retarget(call: GameCall) -> Reply:
    """Change the targets of a spell or ability on the stack, one choice at a time (115.7)."""
    rest, named = await call.split_player(executor_for(call.ctx).cards)
    if not rest:
        raise UsageError(
            "Say which spell or ability on the stack.", hint="game retarget Arc Trail [by Bob]"
        )
    executor = executor_for(call.ctx)
    player = await call.acting_player(named, f"game retarget {rest}")

    def build(current: MtgTable) -> Mapping[str, Any]:
        _refuse_before_priority(current.game, "let the stack resolve")
        stack_id, kind = find_retarget(executor, current.game, player, rest)
        return {
            "retarget_start": {
                "player": player,
                "stack_id": stack_id,
                "kind": kind.value,
                "name": current.game.label(stack_id),
            }
        }

    return _progress_reply(await call.step(build))


async def _resolve(call: GameCall) -> Reply:
    rest = call.rest.strip(" .")
    if rest.lower() in ("the stack", "all", "everything"):
        return await _statements(replace(call, rest="Resolve the stack."))
    if rest:
        # `game resolve and Bob doesn't pay`: a ward trigger's choice (CR 702.21a, 118.12a);
        # `game resolve choosing red`: Mother of Runes's colour (CR 608.2d);
        # `game resolve on top`: where a mutating spell goes (CR 702.140c);
        # `game resolve copying Troll Ascetic`: what Clone copies (CR 707.2);
        # `game resolve choosing new targets Llanowar Elves`: a copy's (707.10c). Whatever is
        # said is read as the statement says it, so it is applied or refused, never dropped
        # (QA 28 W9: "choosing new targets ..." was ignored).
        return await _statements(replace(call, rest=f"The top of the stack resolves {rest}."))
    current = await (await call.service()).state(call.scope)
    game = current.game
    top = game.stack[-1] if game.stack else None
    # New targets as it resolves (Twincast, Grapeshot's storm, Double Vision), or a permanent
    # spell whose "when this enters" trigger has targets, chosen as it goes on the stack
    # after the spell resolves (CR 603.3, 603.3d; QA 28 M4).
    # A trigger waiting for its targets comes first (CR 603.3d): the statement below is
    # refused, offering the statements that name them (QA 42 W2).
    asks = (
        current.pending is None
        and top is not None
        and not game.waiting_triggers
        and (
            plan_resolution(game, copy_triggers=True) is not None
            or executor_for(call.ctx).engine.enters_with_targets(game, top.object_id)
        )
    )
    if top is not None and asks:
        # Redirect, Deflection, Spellskite, Twincast, Grapeshot's storm, Double Vision: new
        # targets, one choice at a time (115.7, 707.10c); Journey to Nowhere's trigger's.
        # The choices are its controller's (CR 608.2, 603.3d): the top object's, not the
        # caller's; only its controller's user (or the starter or a judge) makes them (QA 16).
        call.ensure_may_act_as(await (await call.service()).seating(call.scope), top.controller)

        def build(now: MtgTable) -> Mapping[str, Any]:
            if not now.game.stack or now.game.stack[-1].object_id != top.object_id:
                raise StaleStepError()
            _refuse_before_priority(now.game, "let the stack resolve")
            return {
                "resolve_start": {
                    "player": top.controller,
                    "asks_copies": True,
                    "asks_triggers": True,
                }
            }

        return _progress_reply(await call.step(build))
    if (
        current.pending is None
        and not game.waiting_triggers
        and choose_legend_first(game, "let the stack resolve") is None
        and (asked := unless_they_choice(game)) is not None
    ):
        # Demanding Dragon's trigger, Torment of Hailfire: "... unless that player sacrifices
        # ... or discards ..." is that player's choice as it resolves (118.12, 608.2d), asked
        # with its statements as next steps, as Dazzling Denial's "unless pays" is (QA 40 U1:
        # it resolved with neither applied). Nothing changes until one is chosen.
        step = Step.from_error(1, "The top of the stack resolves.", asked)
        reply = steps_reply("Game", (step,), footer="Nothing changed, so nothing was saved.")
        return replace(reply, choices=offered_choices((step,)))
    return await _statements(replace(call, rest="The top of the stack resolves."))


def _jsonable(value: object) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


_FINISHED = {
    "legal": ("Cast", "Every choice is made: it is on the stack (601.2, 602.2b)."),
    "changed": ("Targets changed", "Only the final set of targets was checked (115.7e)."),
    "unchanged": ("Targets unchanged", "Nothing could change, so every target stays (115.7a)."),
}


def _progress_reply(state: MtgTable) -> Reply:
    pending = state.pending
    if pending is None:
        steps = state.last_steps
        verdict = steps[-1].verdict if steps else ""
        title, footer = _FINISHED.get(verdict, ("Resolved", "Resolved with the choices made."))
        if title == "Cast" and " activates " in steps[-1].statement:
            title = "Activated"
        if title == "Cast" and "trigger goes on the stack" in steps[-1].statement:
            title, footer = "Triggered", "Every choice is made: it is on the stack (603.3)."
        # A legend that resolved beside one of its name: the legend rule's choice is next.
        return replace(steps_reply(title, steps, footer=footer), choices=legend_choices(state.game))
    prompt = prompt_for(pending.progress)
    reply = choice_reply(pending.title, pending.card_name, prompt, _chosen_so_far(pending))
    if state.last_steps:
        # `game resolve` of Journey to Nowhere: what resolved, then its trigger's first choice.
        done = [step_section(step) for step in state.last_steps]
        said = "\n\n".join(f"{section.heading}\n{section.text}" for section in done)
        reply = replace(reply, body=f"{said}\n\n{reply.body}")
    return reply


def _chosen_so_far(pending: Pending) -> list[str]:
    if isinstance(pending, PendingRetarget):
        machine = pending.progress
        return [
            f"{machine.place_label(number)} → {option_label(machine.state, ref)}"
            for number, ref in machine.changes.items()
        ]
    progress = pending.progress
    slot_text = {slot.index: slot.text for slot in progress.slots}
    return [
        f"“{slot_text.get(c.slot_index, 'target')}”: "
        + (", ".join(option_label(progress.state, r) for r in c.refs) or "none")
        for c in progress.targets
    ]


def _cancelled(state: MtgTable) -> str | None:
    """A trigger stepped after `game resolve` (Journey to Nowhere's): the spell stays
    resolved, and the trigger can still be stated (CR 603.3d)."""
    pending = state.pending
    if not isinstance(pending, PendingCast) or pending.progress.action is not ActionKind.TRIGGER:
        return None
    name = pending.card_name
    return (
        f"what resolved stays resolved, and {name} isn't on the stack. To put it there, say "
        f"its targets: `game {name} targets …` (603.3d)."
    )


def _in_progress(state: MtgTable) -> tuple[str, Prompt] | None:
    pending = state.pending
    return None if pending is None else (pending.title, prompt_for(pending.progress))


def _board_text(call: GameCall, game: Any) -> list[tuple[str, str]]:
    """The board; a held combat damage step shows what it leads to as the statements' notes
    say it, the damage not said dealt as the rules assign it (CR 510.1, 510.2)."""
    return board_text(game, executor_for(call.ctx).held_damage_outlook(game))


MTG_GAME = GameVariant(
    kind="mtg",
    title="Magic",
    first_statements="`game Alice controls Runeclaw Bear.`",
    step_commands={
        "cast": _cast,
        "resolve": _resolve,
        "activate": _activate,
        "retarget": _retarget,
    },
    statements=_statements,
    board_text=_board_text,
    board_data=board_data,
    players=lambda game: tuple(game.player_names),
    in_progress=_in_progress,
    start_hint=MTG_START_HINT,
    choose=_choose,
    progress_reply=_progress_reply,
    cancelled=_cancelled,
    board_choices=board_choices,
)
