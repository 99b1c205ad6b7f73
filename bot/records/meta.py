"""The reference store's meta table (data versions, counts): written by sync, read by the
store."""

META_SCHEMA = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
