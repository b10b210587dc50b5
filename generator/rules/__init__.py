"""The rules protocol every game's engine follows (``base``); the engines themselves live
in their game packages under ``generator.games``."""
