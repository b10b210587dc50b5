"""Pipworks: print-and-play files, rulebooks and verified rules engines for card-and-dice games."""

__version__ = "0.1.0"
