"""Speaking: the scripts, variant picking, filling lines, lint, captions."""
