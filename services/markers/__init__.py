"""Special-ammo markers and mines of a channel's game: the `/marker` and `/mine` use cases."""

from services.markers.markers import MarkerService
from services.markers.mines import MineAim

__all__ = ["MarkerService", "MineAim"]
