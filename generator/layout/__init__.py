"""Geometry of printed pieces, as plain data: units, named boxes, paper, imposition, text.

Nothing here draws: ``generator.render`` turns the pages described here into PDF and SVG.
``fonts`` is the shipped font and its metrics, which layouts measure with and the
backends embed or name.
"""
