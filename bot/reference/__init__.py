"""The reference store (rules, cards, documents in SQLite) and the in-memory indexes over it."""
