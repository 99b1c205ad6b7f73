"""riftbound."""
