"""Rulebooks, quick references and the rules website, all from content."""
