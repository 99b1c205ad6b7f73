"""rulesbot: settles Magic: The Gathering and Riftbound rules questions."""

__version__ = "0.1.0"
