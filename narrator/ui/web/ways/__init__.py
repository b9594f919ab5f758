"""The ways of playing: one device, round the table, own devices."""
