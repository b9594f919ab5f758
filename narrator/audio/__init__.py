"""Sound: speech engines, narrator voices, voice packs, playback."""
