"""Helpers for Riftbound scenario tests: run a script as Alice, read its verdicts, find FAQ
answers and card text in the real data."""

from __future__ import annotations

from bot.data.riftbound_cards import RiftboundCardData
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from bot.scenario.steps import Step


def run(executor: RiftboundScenarioExecutor, script: str) -> RbScriptResult:
    return executor.run(script, speaker="Alice")


def verdicts(result: RbScriptResult) -> list[str]:
    return [step.verdict for step in result.steps]


def last(result: RbScriptResult) -> Step:
    return result.steps[-1]


def text_of(data: RiftboundCardData, name: str) -> str:
    return next(card.text for card in data.gallery.cards if card.name == name)


def faq(data: RiftboundCardData, question_start: str) -> str:
    return next(f.answer for f in data.faqs if f.question.startswith(question_start))
