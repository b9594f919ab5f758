"""The game master: the narrator, sessions, the journal, the clock, inputs."""
