"""Thin cogs: slash-command options -> a command line -> ``answers.answer``."""
