"""Print-and-play: components imposed on sheets, with marks and labels, as PDF and SVG.

``options`` says what the player asked for; ``marks`` draws crop marks, labels, rulers
and glue/fold marks; ``sheets`` imposes cards, tokens and boards on pages; ``cover``
writes the cover page; ``assemble`` turns a game into documents and files; ``targets``
plugs it all into ``pipworks build``.
"""
