"""The targeting engine: pure rules logic, standard library only.

No Discord, no SQL, no I/O, no randomness.  Card data comes in as plain values and verdicts go
out as values.  Rule variants (MTG, Riftbound) live side by side in ``mtg/`` and ``riftbound/``.
"""
