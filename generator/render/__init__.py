"""Backends: draw ``generator.scene`` items and ``generator.pnp`` pages as PDF or SVG.

``pdf`` is the only module that imports reportlab's canvas and ``svg`` the only one that
imports svgwrite; both name the one shipped font family of ``generator.layout.fonts``
(below the backends, since layouts measure text with the same metrics).
"""
