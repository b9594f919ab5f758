"""Each side's chance to win the chosen cards, from games played by heuristic players (README: "Balance")."""
