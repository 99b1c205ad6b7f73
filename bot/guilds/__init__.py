"""Per-guild and per-channel settings (inline references, judge role, default game)."""
