"""What ships with the program that is not code – the font, the translation catalogues, the
icon – installed as the package `game.assets` and read through `game.resources`."""
