"""Small records both the loaders (bot/data) and the indexes (bot/reference) use: rule
numbers, the card-name normalizer, the store's meta table.  Importing nothing else of the bot,
they keep data and reference from importing each other (issue 12)."""
