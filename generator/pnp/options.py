"""What a player asks of a print-and-play build, and the file names that follow from it."""

from __future__ import annotations

from dataclasses import replace

from ..components.base import CARD_SIZES, FaceOptions
from ..scene import frozen

BACKS = ("none", "duplex-long", "duplex-short", "fold")
#: "cmyk": the colour faces, PDFs converted to CMYK through the shipped ICC profile (300 % ink).
INKS = ("colour", "bw", "cmyk")


@frozen
class PnpOptions:
    paper: str = "a4"
    size: str = "insert"
    bleed: float = 3.0
    ink: str = "colour"
    backs: str = "duplex-long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm added to every back page (x, y)
    version: str = ""

    def __post_init__(self) -> None:
        if self.size not in CARD_SIZES:
            raise ValueError(f"unknown card size {self.size!r}; choose one of {', '.join(CARD_SIZES)}")
        if self.ink not in INKS:
            raise ValueError(f"unknown ink {self.ink!r}; choose colour, bw or cmyk")
        if self.backs not in BACKS:
            raise ValueError(f"unknown backs {self.backs!r}; choose one of {', '.join(BACKS)}")
        if not 0.0 <= self.bleed <= 6.0:
            raise ValueError(f"bleed {self.bleed:g} mm is out of range (0 to 6 mm)")

    @property
    def face_ink(self) -> str:
        """The faces' ink: CMYK output draws the colour faces (only the PDF's colours differ)."""
        return "colour" if self.ink == "cmyk" else self.ink

    def face_options(self) -> FaceOptions:
        return FaceOptions(card_size=CARD_SIZES[self.size], bleed=self.bleed, ink=self.face_ink, version=self.version)

    def suffix(self) -> str:
        """File-name tail naming every non-default choice, so a variant never overwrites
        the default files that ``pipworks build`` keeps up to date."""
        default = PnpOptions()
        parts = []
        if self.size != default.size:
            parts.append(self.size)
        if self.bleed != default.bleed:
            parts.append(f"bleed{self.bleed:g}mm")
        if self.ink != default.ink:
            parts.append(self.ink)
        if self.backs != default.backs:
            parts.append(f"backs-{self.backs}")
        if self.back_offset != default.back_offset:
            parts.append(f"offset{self.back_offset[0]:g}x{self.back_offset[1]:g}")
        return "".join(f"-{p}" for p in parts)

    def pnp_name(self, slug: str) -> str:
        return f"{slug}-pnp-{self.paper}{self.suffix()}.pdf"

    def svg_folder(self) -> str:
        """Faces depend on size, bleed and ink (not paper or backs): ``svg/`` for the defaults."""
        default = PnpOptions()
        same_faces = replace(self, paper=default.paper, backs=default.backs, back_offset=default.back_offset,
                             ink=self.face_ink)
        return f"svg{same_faces.suffix()}"

    def pod_name(self, slug: str) -> str:
        return f"{slug}-cards-pod{self.suffix()}.pdf"


@frozen
class KitFiles:
    """Which files one build writes besides the kit itself: the cover lists exactly
    these, so it never names a file that is not there."""

    papers: tuple[str, ...] = ("a4", "letter")
    pod: bool = True
    svg: bool = True
