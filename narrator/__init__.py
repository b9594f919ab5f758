"""The game master: scripts, the step clock, speech, playback, the input layer and the CLI."""
