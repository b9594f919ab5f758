"""The page: a small web app that runs the whole game on a phone or the device in the middle."""
