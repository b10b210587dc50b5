"""Content: the schema designers write to, and loading that reports every problem."""
