"""Card faces from data: a layout file of named boxes plus a cards data file.

The way designers already lay out cards in Squib, nanDECK or DeckSmith, as data a
designer owns instead of Python: a layout (YAML) names boxes in mm on each face (text,
rank, suit, icon, image, rectangle, circle) with ``extends`` for shared parts, and a cards file
(CSV or YAML, ``generator.content.cards``) gives one row per card whose columns fill
the boxes (``{rank}``). The result is the same :class:`~generator.components.base.Component`
a game's ``faces.py`` makes, so the print pipeline (imposition, bleed, marks, duplex,
print-on-demand, profiles) treats both alike.

``layout`` reads the layout file, ``draw`` turns a box and a card into scene items,
``icons`` and ``pictures`` are what boxes show, ``faces`` makes a game's components.
"""
