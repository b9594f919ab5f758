"""What the table touches: the terminal and the page."""
