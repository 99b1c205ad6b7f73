"""The corpus runs on the same real-data executors as the scenario and Riftbound tests."""

from tests.riftbound.conftest import rb, rb_dir, rb_index, rb_store
from tests.scenario.conftest import executor

__all__ = ["executor", "rb", "rb_dir", "rb_index", "rb_store"]
