"""Riftbound's targeting rules (Core Rules 355.6-355.17 in v1.3, 352.5-352.16 in v1.2).

``analysis.analyse(text)`` decides what an ability targets by rule 355.10; ``targeting`` checks
chosen targets (355.9, 355.11, 355.14) and resolves with illegal targets (359.3.e, no fizzle);
``abilities`` reads a permanent's activated and triggered abilities from its printed text;
``game`` is the board-and-chain facade the scenario language drives (``RiftboundGame``, with
spells and abilities on the chain: Riftbound's ``GameEngine``, ``bot/engine/game_engine.py``).
"""
