"""The corpus runs on the same real-data executors as the scenario and Riftbound tests."""

from tests.scenario.conftest import executor

__all__ = ["executor"]
