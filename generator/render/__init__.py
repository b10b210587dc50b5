"""Backends: draw ``generator.scene`` items and ``generator.pnp`` pages as PDF or SVG.

``pdf`` is the only module that imports reportlab's canvas and ``svg`` the only one that
imports svgwrite; ``fonts`` holds the one shipped font family both name.
"""
