"""Card table: Quando, Blanco and Quäsenbö for LAN play, bots and replays."""
