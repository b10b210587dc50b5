"""Worked examples, replayed through the rules engines: doctest for rulebooks."""
