"""Print-and-play: components imposed on sheets, with marks and labels, as PDF and SVG.

``options`` says what the player asked for; ``sheets`` imposes cards and tokens (and
``boards`` boards) on sheets, each a front page and its reverse; ``calibration`` is the
duplex check; ``pages`` labels each page and draws its crop marks, which ``marks``
works out, with the ruler and fold line; ``cover`` writes the cover page; ``assemble``
turns a game into documents and files; ``targets`` plugs it all into ``pipworks build``.
"""
