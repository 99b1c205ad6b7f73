"""Sources and loaders: parsers for the official files, importers into the reference store, sync."""
