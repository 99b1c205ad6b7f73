"""Playing a Riftbound card or ability one choice at a time: which ability a statement means,
the choices still to make (location, targets) and going back (355.2, 355.10).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.grouping import split_in_text_order
from bot.engine.riftbound.abilities import RbAbility, read_abilities
from bot.engine.riftbound.analysis import Mention, TargetAnalysis, analyse
from bot.engine.riftbound.hidden import chosen_freely, offered_from_hiding
from bot.engine.riftbound.keywords import has_reaction, printed_keywords
from bot.engine.riftbound.kill_costs import KillCost, kill_cost, payers
from bot.engine.riftbound.model import RbContext, RbKind, RbObject, RbZone
from bot.engine.riftbound.modes import Modes, modes_of
from bot.engine.riftbound.moving import (
    ChosenMove,
    chosen_move,
    moving_objects,
    valid_destinations,
    why_nowhere,
)
from bot.engine.riftbound.restrictions import play_location_forbidden_by
from bot.engine.riftbound.rules import CURRENT, cite_if, rule
from bot.engine.riftbound.state import (
    BASE,
    RbCard,
    RbState,
    label,
    levelled_for,
    new_context,
    unknown_control,
)
from bot.engine.riftbound.targeting import (
    check_choice,
    check_target,
    combat_note,
    count_problem,
    earlier_choices_it_must_differ_from,
    fits_chosen_place,
    split_amount_as_played,
)
from bot.engine.verdict import VerdictKind
from bot.engine.wording import and_list, counted


@dataclass(frozen=True)
class AbilitySource:
    """An activated or triggered ability that is not on the chain, for questions ("What can
    Iron Ballista's ability target?"): of the object ``source_id`` in the game, or of a card
    not in the game when ``source_id`` is None."""

    card_name: str
    ability: RbAbility
    source_id: int | None = None

    @property
    def name(self) -> str:
        return f"{self.card_name}'s {self.ability.title}"


def ability_kind(card: RbCard) -> str:
    """How a card's text is read: a spell's text is its spell ability; a unit's or gear's
    text is its abilities (units and gear never target themselves, 352.9.c in v1.2)."""
    if card.kind is RbKind.SPELL:
        return "spell"
    if not read_abilities(card.text):
        # Only passive abilities (Mageseeker Warden's "While I'm at a battlefield, ..."): they
        # never have targets (352.9.a in v1.2; 355.10 names only spells, activated and
        # triggered abilities).
        return "passive"
    return (
        "triggered"
        if re.search(r"\b(?:when|whenever|at the start)\b", card.text, re.I)
        else "activated"
    )


def activated_target_phrases(card: RbCard, version: str = CURRENT) -> tuple[str, ...]:
    """What a permanent's activated abilities choose as targets (355.10; a cost's mentions
    are not targets, 355.10.c): empty when none of them targets anything (Gold)."""
    if card.kind is RbKind.SPELL:
        return ()
    return tuple(
        mention.phrase
        for ability in read_abilities(card.rules_text)
        if ability.kind == "activated"
        for mention in analyse(ability.text, version=version, ability="activated").targets
    )


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def ability_ordinal(index: int) -> str:
    """The word a statement names an ability by ("second" for index 1)."""
    return _ORDINALS[index] if 0 <= index < len(_ORDINALS) else f"#{index + 1}"


# Conditions on using activated abilities (377.2.b).
USE_WHILE_AT_BATTLEFIELD = re.compile(
    r"Use (?:this ability )?only while I'm at a battlefield", re.I
)
USE_MY_ABILITIES = re.compile(r"Use my abilities only while I'm at a battlefield", re.I)


def _ability_statement(name: str, ordinal: str, kind: str | None, who: str) -> str:
    """A statement naming one ability, for hints."""
    ability = f"{name}'s {ordinal} ability"
    if kind == "activated":
        return f"“{who or 'Alice'} activates {ability} targeting …”"
    if kind == "triggered":
        return f"“{ability} targets …”"
    return f"“What can {ability} target?”"


def pick_ability(
    name: str,
    every: Sequence[RbAbility],
    kind: str | None,
    index: int | None,
    *,
    keyword: str | None = None,
    version: str = CURRENT,
    who: str = "",
) -> RbAbility:
    """The ability of ``name`` a statement means (see ``RiftboundGame.find_ability``);
    ``who`` controls it, for the statements the errors suggest."""
    wanted = [a for a in every if kind is None or a.kind == kind]
    if keyword:
        word = keyword.casefold()
        wanted = [a for a in wanted if a.keyword.casefold() == word or word in a.text.casefold()]
    what = f"{keyword + ' ' if keyword else ''}{kind + ' ' if kind else ''}ability"
    listed = "; ".join(
        f"{_ORDINALS[a.index] if a.index < len(_ORDINALS) else a.index + 1}: “{a.text}” ({a.kind})"
        for a in every
    )
    if not wanted:
        hint = (
            f"Activated abilities are written “cost: effect” ({rule('activated', version)}); "
            f"triggered ones start with “When …” or “At …” ({rule('triggered', version)})."
        )
        if kind == "activated" and any(a.kind == "triggered" for a in every):
            hint = (
                f"Its triggered ability goes on the chain when its condition is met: "
                f"“{name}'s trigger targets …” ({rule('trigger_to_chain', version)})."
            )
        elif kind == "triggered" and any(a.kind == "activated" for a in every):
            hint = (
                f"Its controller activates it: “{who or 'Alice'} activates {name} targeting "
                f"…” ({rule('activated_chain', version)})."
            )
        raise EngineError(
            f"{name} has no {what} the bot can find"
            + (
                f" (its abilities: {listed})."
                if every
                else " (it has no activated or triggered abilities; reminder text in parentheses "
                "is not an ability)."
            ),
            hint=hint,
        )
    if index is not None:
        if 0 <= index < len(every) and every[index] in wanted:
            return every[index]
        if -len(wanted) <= index < len(wanted):
            return wanted[index]
        raise EngineError(
            f"{name} has only {counted(len(wanted), what)} (its abilities: {listed}).",
            hint="e.g. " + _ability_statement(name, "first", kind, who) + ".",
        )
    if len(wanted) == 1:
        return wanted[0]
    targeting = [a for a in wanted if analyse(a.text, version=version, ability=a.kind).targets]
    if len(targeting) == 1:
        return targeting[0]
    first = _ORDINALS[wanted[0].index] if wanted[0].index < len(_ORDINALS) else "first"
    raise EngineError(
        f"{name} has {len(wanted)} {what.replace('ability', 'abilities')}; say which ({listed}).",
        hint="e.g. " + _ability_statement(name, first, kind, who) + ".",
    )


def group_refs(targets: Sequence[Mention], refs: Sequence[int]) -> list[list[int]]:
    """Targets given in text order, split among the target mentions that ask for them: each
    takes as many as it may while leaving enough for the ones after it (355.8)."""
    groups, rest = split_in_text_order([(m.min_count, m.max_count) for m in targets], refs)
    if rest and groups:
        groups[-1].extend(rest)  # too many: check_choice reports the count (355.13)
    elif rest:
        groups.append(rest)
    return groups


def group_for_executions(
    targets: Sequence[Mention], refs: Sequence[int], executions: int
) -> tuple[list[list[int]], bool]:
    """Targets given in text order for a spell whose instructions are executed
    ``executions`` times (Repeat, 820.1.d): split among every execution's target mentions, the
    repeat's after the first's (820.2).  When they fill only the first execution's, the repeat
    makes the same choices ("both instances ... targeting the same unit", RQ Las Vegas 2026,
    Hidden Blade): the groups then, and True for "copied"."""
    groups = group_refs(list(targets) * executions, refs)
    if executions == 1 or not refs:
        return groups, False
    needed = [m.min_count > 0 for m in targets] * executions
    missing = any(need and not group for need, group in zip(needed, groups, strict=False))
    once, rest = split_in_text_order([(m.min_count, m.max_count) for m in targets], refs)
    fills_once = not rest and all(g for g, m in zip(once, targets, strict=True) if m.min_count)
    if missing and fills_once:
        return [list(g) for g in once] * executions, True
    return groups, False


# ---- playing one choice at a time ------------------------------------------------------------
@dataclass(frozen=True)
class RbChoice:
    """The next choice while playing a card: a location (355.2) or one target mention's
    objects (355.8, 355.9).  ``options`` are (label, value) pairs."""

    kind: str  # "kill", "location", "mode", "targets", "destination" or "done"
    prompt: str
    rule: str
    options: tuple[tuple[str, int | str], ...] = ()
    min_count: int = 1
    max_count: int | None = 1
    unavailable: str = ""  # the modes not offered, and why


@dataclass(frozen=True)
class PlayInProgress:
    """A card being played (355): the location for a unit, then each target mention in
    text order.  ``back()`` undoes the last choice; ``finish`` is ``RiftboundGame.finish``."""

    state: RbState
    player: str
    card: RbCard
    location: str | None = None
    picks: tuple[tuple[int, ...], ...] = ()
    destination: str | None = None  # where a spell's move goes (355.4)
    mode: int | None = None  # the chosen mode of a modal spell (355.3), 0-based
    # Optional additional costs paid (805, 820): a unit's Accelerate, a spell's Repeat costs.
    accelerated: bool = False
    repeats: int = 0
    # Played from hiding (811.1.b): the battlefield it was hidden at, where its choices are
    # made (811.1.d); "" when played from a hand.
    hidden_at: str = ""

    # The unit killed to pay a "kill a friendly unit" additional cost (356.6), chosen first.
    killed: int | None = None

    @property
    def ambush_only(self) -> bool:
        """Played while the chain is open only through [Ambush]'s [Reaction] (822.1.b): then
        it can go only to a battlefield where its player controls units."""
        return has_ambush(self.card) and bool(self.state.chain) and not has_reaction(self.card.text)

    @property
    def kill_cost(self) -> KillCost | None:
        return kill_cost(self.card)

    @property
    def executions(self) -> int:
        """How many times the spell's instructions are executed: once, and once more for
        each Repeat cost paid (820.1.d, 820.3); each execution's choices are made now
        (820.2), so its targets are chosen after the first's."""
        return 1 + self.repeats

    @property
    def modal(self) -> Modes | None:
        """The modes of a modal spell ("Choose one - ..."), None for any other card."""
        return modes_of(self.card.text) if self.card.kind is RbKind.SPELL else None

    @property
    def text(self) -> str:
        """The text being played: for a modal spell with a chosen mode, only that mode
        (Riftbound 355.3)."""
        modal = modes_of(self.card.text) if self.mode is not None else None
        if modal is None or self.mode is None:
            return self.levelled_text
        return modal.text_of(self.mode)

    @property
    def levelled_text(self) -> str:
        """The spell's text with each [Level N] clause as its player's XP makes it: part of
        the spell while they have N or more XP, absent below (824.1.b.1, 824.1.c-d), so
        Skyward Strike at 5 XP needs no target for its "[Level 6][>] [Stun] an enemy unit"."""
        if self.card.kind is not RbKind.SPELL:
            return self.card.text
        return levelled_for(self.state, self.player, self.card.text)

    def mode_is_possible(self, index: int) -> bool:
        """Whether mode ``index`` can be chosen now: each of its targets that must be chosen
        has a valid choice (355.8: "valid choices must be made for all targets")."""
        ctx = self.context()
        version = self.state.version
        return all(
            m.min_count == 0
            or any(check_target(o, m, ctx, version=version).ok for o in self.state.choosable())
            for m in replace(self, mode=index, picks=()).analysis.targets
        )

    def _mode_choice(self, modal: Modes) -> RbChoice:
        """The mode, chosen before its targets (Riftbound 355.3), as MTG's casts ask for
        theirs; a mode whose targets have no valid choice isn't offered (355.8)."""
        version = self.state.version
        offered = [i for i in range(len(modal.modes)) if self.mode_is_possible(i)]
        missing = [f"“{modal.label(i)}”" for i in range(len(modal.modes)) if i not in offered]
        return RbChoice(
            "mode",
            "Choose one mode."
            + ("" if modal.choose.casefold() == "choose one" else f" ({modal.choose})"),
            (cite_if("choose_modes", version) or (rule("choices_now", version),))[0],
            tuple((modal.label(i), i) for i in offered),
            unavailable=(
                f"Not available, as nothing can be its target ({rule('all_targets_needed', version)}): "
                + "; ".join(missing)
                + "."
                if missing
                else ""
            ),
        )

    @property
    def analysis(self) -> TargetAnalysis:
        if self.mode is not None or self.text != self.card.text:
            return analyse(self.text, version=self.state.version, ability=ability_kind(self.card))
        return target_analysis(self.card, self.state.version)

    @property
    def needs_location(self) -> bool:
        return self.card.kind is RbKind.UNIT

    @property
    def move(self) -> ChosenMove | None:
        """The spell's move whose destination is chosen as it is played (355.4), if any."""
        return chosen_move(self.analysis) if self.card.kind is RbKind.SPELL else None

    def _destination_choice(self, move: ChosenMove) -> RbChoice | None:
        """Where the chosen units move (355.4): asked after them, so only the locations they
        can move to are offered (355.4.a); None when nothing was chosen to move."""
        moving = moving_objects(move, self._picked_objects())
        if not moving:
            return None
        names = " and ".join(label(o) for o in moving)
        return RbChoice(
            "destination",
            f"Where does {self.card.name} move {names}?",
            rule("move_destination", self.state.version),
            tuple(valid_destinations(self.state, self.text, moving, self.player)),
        )

    def context(self) -> RbContext:
        return new_context(self.state, self.player)

    def _kill_choice(self, cost: KillCost) -> RbChoice:
        """The unit killed to pay the card's additional cost (356.6, 357.2), asked first as
        MTG's sacrifice is; only the units that can pay it are offered."""
        return RbChoice(
            "kill",
            f"Choose {cost.words} to kill: {self.card.name}'s additional cost.",
            (
                cite_if("kill_cost", self.state.version)
                or (rule("kill_as_cost", self.state.version),)
            )[0],
            tuple((label(o), o.id) for o in payers(self.state, self.player, cost)),
        )

    def next_choice(self) -> RbChoice:
        version = self.state.version
        cost = self.kill_cost
        if cost is not None and self.killed is None:
            return self._kill_choice(cost)
        if self.needs_location and self.location is None:
            options: list[tuple[str, int | str]] = [(f"{self.player}'s base", BASE)]
            controlled = [b for b in self.state.battlefields() if b.controller == self.player]
            # Rockfall Path's "Units can't be played here", Mageseeker Warden's "opponents can
            # only play units to their base": not valid locations (054.1).
            forbidden = {
                b.name: passive
                for b in controlled
                if (passive := play_location_forbidden_by(self.state, self.player, b.name))
            }
            options += [(b.name, b.name) for b in controlled if b.name not in forbidden]
            if has_ambush(self.card):
                # 822.1.b-c: [Ambush] adds the battlefields where its player has units; played
                # as a Reaction through it, only those.
                ambush = ambush_battlefields(self.state, self.player, self.card)
                if self.ambush_only:
                    options = []
                options += [
                    (b.name, b.name)
                    for b in ambush
                    if b.name not in forbidden and (b.name, b.name) not in options
                ]
            permission = enemy_battlefield_permission(self.state, self.player, self.card)
            if not self.ambush_only and permission is not None:
                forbidden |= {
                    name: passive
                    for name in permission.battlefields
                    if (passive := play_location_forbidden_by(self.state, self.player, name))
                }
                options += [
                    (name, name)
                    for name in permission.battlefields
                    if name not in forbidden and (name, name) not in options
                ]
            return RbChoice(
                "location",
                f"Where is {self.card.name} played?",
                rule("choose_location", version),
                tuple(options),
                unavailable=(
                    f"Not offered ({rule('cant_beats_can', version)}): "
                    + "; ".join(
                        f"{where}, as {p.source.name} says {p.quoted}"
                        for where, p in forbidden.items()
                    )
                    + "."
                    if forbidden
                    else ""
                ),
            )
        modal = self.modal
        if modal is not None and self.mode is None:
            return self._mode_choice(modal)
        targets = self.analysis.targets if self.card.kind is RbKind.SPELL else ()
        if len(self.picks) < len(targets) * self.executions:
            execution, n = divmod(len(self.picks), len(targets))
            mention = targets[n]
            ctx = self.context()
            # Each execution's targets are its own (820.2.a): "another unit" and "at the same
            # battlefield" look only at the ones chosen for the same execution.
            picked = self._picked_objects()[execution * len(targets) :]
            # 355.9.b: "another unit" after "a unit" is another than the one already chosen,
            # so that one is not offered (QA 12, #6: it was listed, then refused).
            earlier = earlier_choices_it_must_differ_from(targets, picked, n)
            found: list[tuple[str, int | str]] = [
                (label(o), o.id)
                for o in self.state.choosable()
                if o.id not in earlier
                and check_target(o, mention, ctx, version=version).ok
                and fits_chosen_place(targets, picked, o, ctx, version)
                # Played from hiding: chosen at that battlefield (811.1.d.2).
                and (
                    not self.hidden_at
                    or offered_from_hiding(o, self.hidden_at, mention.requirement)
                )
            ]
            wording = mention.requirement
            if self.hidden_at and not chosen_freely(wording):
                # 811.1.d.2: said where, since only what is there is offered.
                wording += f" at {self.hidden_at} (played from hiding there)"
            # Alpha Strike: no more split targets than the chosen unit's Might (355.14.c).
            amount = split_amount_as_played(targets, picked, n, ctx)
            most = mention.max_count
            if amount is not None:
                most = amount if most is None else min(most, amount)
            # Thwonk!'s "an attacking unit": say why nothing is offered (459.2.b.3).
            why_none = "" if found else combat_note(mention)
            repeat = (
                f" for the repeat{'' if self.repeats == 1 else f' ({execution} of {self.repeats})'}"
                if execution
                else ""
            )
            return RbChoice(
                "targets",
                f"Choose {wording}{repeat}." + (f" {why_none}" if why_none else ""),
                rule("repeat_choices", version) if execution else rule("valid_target", version),
                tuple(found),
                mention.min_count,
                most,
            )
        move = self.move
        if move is not None and self.destination is None:
            destination = self._destination_choice(move)
            if destination is not None:
                return destination
        return RbChoice("done", "Every choice is made.", rule("check_targets", version))

    def choose(self, value: int | str | Sequence[int]) -> PlayInProgress:
        choice = self.next_choice()
        if choice.kind == "kill":
            wanted = value[0] if isinstance(value, (list, tuple)) and len(value) == 1 else value
            if wanted not in {option for _, option in choice.options}:
                offered = ", ".join(text for text, _ in choice.options)
                raise IllegalActionError(
                    f"{wanted} can't pay {self.card.name}'s additional cost; choose one of: "
                    f"{offered}.",
                    rules=(choice.rule,),
                )
            return replace(self, killed=int(wanted))
        if choice.kind == "location":
            wanted = str(value[0] if isinstance(value, (list, tuple)) and value else value)
            permission = enemy_battlefield_permission(self.state, self.player, self.card)
            refused = location_refusal(
                self.state,
                self.player,
                self.card.name,
                wanted,
                permitted=permission is not None
                and not self.ambush_only
                and any(wanted.casefold() == b.casefold() for b in permission.battlefields),
            )
            if refused is not None:
                raise refused
            for text, option in choice.options:
                if (
                    str(option).casefold() == wanted.casefold()
                    or text.casefold() == wanted.casefold()
                ):
                    return replace(self, location=str(option))
            battlefield = self.state.battlefield(wanted)
            held = ""
            version = self.state.version
            if battlefield is None and wanted.casefold() != BASE:
                # QA 50 M4: a battlefield no statement described may be open or controlled
                # by the player; the bot doesn't take it as neither.
                open_permission = open_battlefield_permission(self.state, self.player, self.card)
                if open_permission is not None:
                    cited = (*cite_if("play_permission", version), *open_permission.rules)
                    raise EngineError(
                        f"No statement said who controls {wanted} or which units are there: "
                        f"{whose_text(open_permission.by, self.card.name)} lets {self.card.name} "
                        "be played to "
                        f"{open_permission.allows} ({', '.join(cited)}), and otherwise only to "
                        f"a battlefield {self.player} controls "
                        f"({rule('valid_location', version)}).",
                        hint=f"Say “Nobody controls {wanted}.” if it is open, or “{self.player} "
                        f"controls {wanted}.”",
                    )
                held = (
                    f" (no statement said who controls {wanted}; if {self.player} does, say "
                    f"“{self.player} controls {wanted}.” first)"
                )
            if battlefield is not None:
                unknown = unknown_control(self.state, battlefield)
                if unknown:
                    raise EngineError(
                        f"{self.card.name} can be played only to {self.player}'s base or a "
                        f"battlefield {self.player} controls "
                        f"({rule('valid_location', self.state.version)}), and {unknown} "
                        f"({rule('control_kept_in_combat', self.state.version)}).",
                        hint=f"Say who controls it first, e.g. “{self.player} controls "
                        f"{battlefield.name}.”",
                    )
                held = (
                    f" ({battlefield.name} is controlled by {battlefield.controller or 'nobody'})"
                )
            if has_ambush(self.card):
                # 822.1.b: [Ambush] adds the battlefields where its player controls units, and
                # is its only [Reaction] while the chain is open.
                place = f"{self.player}'s base" if wanted.casefold() == BASE else wanted
                raise IllegalActionError(
                    f"{place} is not a valid location for {self.card.name}: "
                    + (
                        "with the chain open it can be played only through [Ambush], as a "
                        f"[Reaction] to a battlefield where {self.player} controls units"
                        if self.ambush_only
                        else f"only {self.player}'s base, a battlefield {self.player} controls{held}, "
                        f"or, through [Ambush], a battlefield where {self.player} controls units"
                        + (
                            " or where there are enemy units"
                            if _AMBUSH_TO_ENEMY_UNITS.search(self.card.text)
                            else ""
                        )
                    )
                    + (
                        f" ({and_list(b.name for b in ambush_battlefields(self.state, self.player, self.card))})."
                        if ambush_battlefields(self.state, self.player, self.card)
                        else "; there is no such battlefield."
                        if _AMBUSH_TO_ENEMY_UNITS.search(self.card.text)
                        else f"; {self.player} controls no unit at a battlefield."
                    ),
                    rules=(*cite_if("ambush", version), rule("valid_location", version)),
                )
            raise IllegalActionError(
                f"{wanted} is not a valid location for {self.card.name}: only {self.player}'s base "
                f"or a battlefield {self.player} controls{held}.",
                rules=(rule("valid_location", version),),
            )
        if choice.kind == "mode":
            wanted_mode = (
                value[0] if isinstance(value, (list, tuple)) and len(value) == 1 else value
            )
            if not isinstance(wanted_mode, int) or wanted_mode not in {
                option for _, option in choice.options
            }:
                raise IllegalActionError(
                    f"Choose one of the modes offered: {', '.join(t for t, _ in choice.options)}.",
                    rules=(choice.rule,),
                )
            return replace(self, mode=wanted_mode)
        if choice.kind == "destination":
            wanted = str(value[0] if isinstance(value, (list, tuple)) and value else value)
            for text, option in choice.options:
                if wanted.casefold() in (str(option).casefold(), text.casefold()):
                    return replace(self, destination=str(option))
            offered = " or ".join(text for text, _ in choice.options)
            raise IllegalActionError(
                f"{wanted} is not a valid destination: it can move to {offered}.",
                rules=(choice.rule, rule("move_destination_other", self.state.version)),
            )
        if choice.kind != "targets":
            raise EngineError("Every choice is already made.")
        picked = tuple(value) if isinstance(value, (list, tuple)) else (value,)
        allowed = {option for _, option in choice.options}
        for ref in picked:
            if ref not in allowed:
                raise IllegalActionError(
                    f"{ref} is not a valid choice for “{choice.prompt[7:-1]}”.",
                    rules=(rule("valid_target", self.state.version),),
                )
        targets = self.analysis.targets
        execution, n = divmod(len(self.picks), len(targets))
        mention = targets[n]
        problem = count_problem(
            mention,
            len(picked),
            self.state.version,
            split_amount=split_amount_as_played(
                targets,
                self._picked_objects()[execution * len(targets) :],
                n,
                self.context(),
            ),
        )
        if problem is not None:
            raise IllegalActionError(problem[0], rules=problem[1])
        chosen = replace(self, picks=(*self.picks, tuple(int(r) for r in picked)))
        after = chosen.next_choice()
        if after.kind == "destination":
            # Every target is chosen: what they must meet together (a total Might, one
            # controller) is checked before asking where they go.
            checked = check_choice(
                chosen.analysis, chosen._picked_objects()[: len(targets)], chosen.context()
            )
            if checked.kind is VerdictKind.ILLEGAL:
                raise IllegalActionError(checked.reason, rules=checked.rules)
        if after.kind == "destination" and not after.options:
            # 355.16: no choice may force an illegal one later; with nowhere to go, the units
            # can't be chosen for this move (355.4.a).
            move = chosen.move
            assert move is not None
            moving = moving_objects(move, chosen._picked_objects())
            raise IllegalActionError(
                f"{self.card.name} would have nowhere to move "
                f"{' and '.join(label(o) for o in moving)}: "
                + why_nowhere(self.state, self.text, moving, self.player)
                + ".",
                rules=(after.rule, rule("move_destination_other", self.state.version)),
            )
        return chosen

    def _picked_objects(self) -> list[list[RbObject]]:
        """The objects chosen so far, one list per target mention."""
        return [[self.state.obj(i) for i in group] for group in self.picks]

    def back(self) -> PlayInProgress:
        if self.destination is not None and self.move is not None:
            return replace(self, destination=None)
        if self.picks:
            return replace(self, picks=self.picks[:-1])
        if self.mode is not None:
            return replace(self, mode=None)
        if self.location is not None and self.needs_location:
            return replace(self, location=None)
        if self.killed is not None:
            return replace(self, killed=None)
        raise EngineError("This is the first choice; there is nothing to go back to.")


def has_ambush(card: RbCard) -> bool:
    """[Ambush], a unit's keyword (822.1.a)."""
    return card.kind is RbKind.UNIT and any(
        k.lower() == "ambush" for k in printed_keywords(card.text)
    )


# Rengar, Trophy Hunter (errata, April 2026): "I can [Ambush] to a battlefield where there are
# enemy units, even if you don't have units there."
_AMBUSH_TO_ENEMY_UNITS = re.compile(
    r"^\s*I can \[Ambush\] to a battlefield where there are enemy units\b", re.I | re.M
)


def ambush_reaches_enemy_units(card: RbCard) -> bool:
    """Whether ``card``'s text extends its [Ambush] to battlefields with enemy units (Rengar,
    Trophy Hunter)."""
    return _AMBUSH_TO_ENEMY_UNITS.search(card.text) is not None


def ambush_battlefields(state: RbState, player: str, card: RbCard | None = None) -> list[RbObject]:
    """The battlefields where ``player`` controls units: where an [Ambush] unit may be played,
    and as a [Reaction] (822.1.b); for ``card``, those with enemy units too when its text
    extends its [Ambush] to them (Rengar, Trophy Hunter; 355.2.b)."""
    to_enemies = card is not None and ambush_reaches_enemy_units(card)
    return [
        b
        for b in state.battlefields()
        if any(
            o.kind is RbKind.UNIT
            and o.zone is RbZone.BATTLEFIELD
            and o.location == b.name
            and (o.controller == player or (to_enemies and o.controller not in ("", player)))
            for o in state.objects.values()
        )
    ]


# Card text that adds locations to 355.2.a's (355.2.b; 002: card text wins), said of the card
# itself ("I can be played to", "You may play me to") or, on a friendly permanent, of the
# other units ("Friendly units can/may be played to"): Arachnoid Horror's "an occupied
# battlefield if an enemy unit is alone there", Rengar, Trophy Hunter's "a battlefield where
# there are enemy units", Deadbloom Predator's "an occupied enemy battlefield", Sai Scout's and
# Miss Fortune, Buccaneer's "an open battlefield" (169.10.a, 169.10.c).
_PLAY_PERMISSION = re.compile(
    r"^\s*(?:(?P<me>I can be played|You may play me)|Friendly units (?:can|may) be played) to "
    r"(?P<place>an occupied battlefield if an enemy unit is alone there"
    r"|a battlefield where there are enemy units"
    r"|(?:an )?occupied enemy battlefields?"
    r"|(?:an )?open battlefields?"
    r"|a battlefield you['’]re attacking)"
    r"\.?(?: \([^)]*\))?\.?\s*$",
    re.IGNORECASE | re.MULTILINE,
)


@dataclass(frozen=True)
class EnemyBattlefieldPermission:
    """Card text that lets a unit be played to battlefields its player doesn't control
    (355.2.b): the card whose text it is, what it allows (for the answer), where, and the
    rules that define the place it names."""

    by: str
    allows: str
    battlefields: tuple[str, ...]
    rules: tuple[str, ...] = ()


def _permission_places(text: str, *, own: bool) -> list[str]:
    """The places ``text`` lets a unit be played to: the card's own (``own``) or its friendly
    units' ("Friendly units can be played to ..."), lower-cased and singular."""
    return [
        re.sub(r"^an? ", "", m.group("place").lower().replace("’", "'")).removesuffix("s")
        for m in _PLAY_PERMISSION.finditer(text)
        if bool(m.group("me")) == own
    ]


def _units_at(state: RbState, battlefield: str) -> list[RbObject]:
    return [
        o
        for o in state.objects.values()
        if o.kind is RbKind.UNIT and o.zone is RbZone.BATTLEFIELD and o.location == battlefield
    ]


def _permitted_battlefields(state: RbState, player: str, place: str) -> tuple[str, ...]:
    """The battlefields on this board that are ``place`` for ``player``."""
    if place.startswith("occupied battlefield if"):
        return tuple(b.name for b in alone_enemy_battlefields(state, player))
    if place.startswith("battlefield where"):
        return tuple(
            b.name
            for b in state.battlefields()
            if any(o.controller not in ("", player) for o in _units_at(state, b.name))
        )
    if place.startswith("occupied enemy"):
        # An enemy battlefield is one an opponent controls (740.2); occupied, a unit is
        # there (169.10.a).
        return tuple(
            b.name
            for b in state.battlefields()
            if b.controller not in ("", player) and _units_at(state, b.name)
        )
    if place.startswith("battlefield you"):
        # Rengar, Pouncing's "a battlefield you're attacking": combat isn't modelled, so one an
        # opponent controls where the player's units are with that opponent's (316.4.a).
        return tuple(
            b.name
            for b in state.battlefields()
            if b.controller not in ("", player)
            and {o.controller for o in _units_at(state, b.name)} >= {player, b.controller}
        )
    # Open: unoccupied and uncontrolled (169.10.c).
    return tuple(
        b.name for b in state.battlefields() if not b.controller and not _units_at(state, b.name)
    )


_PLACE_WORDING = {
    "occupied battlefield if": "an occupied battlefield where an enemy unit is alone",
    "battlefield where": "a battlefield where there are enemy units",
    "occupied enemy": "an occupied enemy battlefield (one an opponent controls, with a unit there)",
    "open": "an open battlefield (no unit there and nobody controls it)",
    "battlefield you": "a battlefield its player is attacking (taken as one an opponent "
    "controls where their units and the opponent's are: a combat, which the bot doesn't model)",
}
_PLACE_RULES = {
    "occupied enemy": "occupied_battlefield",
    "open": "open_battlefield",
    "battlefield you": "combat_occurs",
}


def enemy_battlefield_permissions(
    state: RbState, player: str, card: RbCard
) -> list[EnemyBattlefieldPermission]:
    """Every permission, in ``card``'s own text or a friendly permanent's, to play the unit
    ``card`` to battlefields ``player`` doesn't control (355.2.b)."""
    if card.kind is not RbKind.UNIT:
        return []
    granted = [(card.name, place) for place in _permission_places(card.text, own=True)]
    for obj in state.on_board():
        if obj.controller == player and obj.id in state.cards:
            text = state.cards[obj.id].text
            granted += [(obj.name, place) for place in _permission_places(text, own=False)]
    found = []
    for by, place in granted:
        key = next(k for k in _PLACE_WORDING if place.startswith(k))
        found.append(
            EnemyBattlefieldPermission(
                by,
                _PLACE_WORDING[key],
                _permitted_battlefields(state, player, place),
                cite_if(_PLACE_RULES[key], state.version) if key in _PLACE_RULES else (),
            )
        )
    return found


def enemy_battlefield_permission(
    state: RbState, player: str, card: RbCard, where: str = ""
) -> EnemyBattlefieldPermission | None:
    """The permission that lets ``card`` be played to ``where`` (or, without ``where``, the
    first one), with every battlefield any of its permissions allows; or None."""
    found = enemy_battlefield_permissions(state, player, card)
    if not found:
        return None
    chosen = next((p for p in found if where and where in p.battlefields), found[0])
    everywhere = tuple(dict.fromkeys(name for p in found for name in p.battlefields))
    return replace(chosen, battlefields=everywhere)


def whose_text(by: str, card_name: str) -> str:
    """ "its own text" when the permission is ``card_name``'s own, else "Mirror's text"."""
    return "its own text" if by == card_name else f"{by}'s text"


def open_battlefield_permission(
    state: RbState, player: str, card: RbCard
) -> EnemyBattlefieldPermission | None:
    """The permission letting ``card`` be played to an open battlefield (Sai Scout's "You may
    play me to an open battlefield.", 169.10.c), or None."""
    return next(
        (
            p
            for p in enemy_battlefield_permissions(state, player, card)
            if p.allows == _PLACE_WORDING["open"]
        ),
        None,
    )


def alone_enemy_battlefields(state: RbState, player: str) -> list[RbObject]:
    """The battlefields whose only unit is an enemy of ``player``'s."""
    found = []
    for battlefield in state.battlefields():
        there = [
            o
            for o in state.objects.values()
            if o.kind is RbKind.UNIT
            and o.zone is RbZone.BATTLEFIELD
            and o.location == battlefield.name
        ]
        if len(there) == 1 and there[0].controller not in ("", player):
            found.append(battlefield)
    return found


def location_refusal(
    state: RbState, player: str, name: str, where: str, *, permitted: bool = False
) -> IllegalActionError | None:
    """Why ``player`` can't play the unit ``name`` to ``where`` although the location is
    otherwise valid (355.2.a, or ``permitted`` by card text, 355.2.b): a passive ability on
    the board forbids it, and "can't" beats "can" (054.1).  None when nothing forbids it."""
    battlefield = state.battlefield(where) if where.casefold() != BASE else None
    place = BASE if battlefield is None else battlefield.name
    if battlefield is not None and battlefield.controller != player and not permitted:
        return None  # not a valid location anyway; the usual refusal says why
    found = play_location_forbidden_by(state, player, place)
    if found is None:
        return None
    version = state.version
    return IllegalActionError(
        f"{name} can't be played to {place}: {found.source.name} says {found.quoted}, and "
        f"a card that forbids an action beats the rule that allows it "
        f"({rule('cant_beats_can', version)}). It can be played to {player}'s base.",
        rules=(rule("cant_beats_can", version), rule("valid_location", version)),
    )


def target_analysis(card: RbCard, version: str) -> TargetAnalysis:
    return analyse(card.text, version=version, ability=ability_kind(card))


def played_target_analysis(state: RbState, player: str, card: RbCard) -> TargetAnalysis:
    """The targets of ``card`` as ``player`` plays it now: a spell's [Level N] clause counts
    only while they have N or more XP (824.1.b.1, 824.1.c-d)."""
    if card.kind is not RbKind.SPELL:
        return target_analysis(card, state.version)
    text = levelled_for(state, player, card.text)
    return analyse(text, version=state.version, ability=ability_kind(card))
