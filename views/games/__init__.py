"""How each game's table and scoring are drawn: one module per game, built from views.parts only."""
