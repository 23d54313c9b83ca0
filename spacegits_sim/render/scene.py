"""The scene: what the screen shows, rebuilt from the event log alone.

The renderer never reads the match or the physics: it draws a ``Scene`` that applies one
event at a time (``apply``). A live match and a saved log therefore draw the same frames,
and a log can be watched without re-simulating anything. Pure Python: no pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules import events as ev

Point = tuple[float, float]
Frame = list[tuple[float, float, float]]  # a tower side-on: (x mm, y mm, angle rad) per die


@dataclass
class TerrainLook:
    id: str
    type: str
    height_in: float
    explodes: int
    polygon: list[Point] | None
    circle: tuple[Point, float] | None
    name: str = ""
    crossable: bool = False  # walked over (a puddle, rubble): drawn flat
    boots: bool = False  # a git in contact can boot it (a machine, a bar, a loo): labelled
    colour: tuple[int, int, int] | None = None  # the rules data's paint for it, if any


@dataclass
class ModelLook:
    id: str
    name: str
    boss: int
    type: str
    glyph: str
    radius_in: float
    move: str
    headbutt: str
    toughness: int
    kit: str
    tower_offset: Point
    position: Point = (0.0, 0.0)
    in_play: bool = False
    fallen: bool = False
    tower: int = 0
    frame: Frame = field(default_factory=list)
    hull: Point | None = None  # a vehicle: (width, length) in inches
    angle: float = 0.0  # a vehicle's facing (radians)
    tower2: int = 0  # a vehicle's second tower
    frame2: Frame = field(default_factory=list)
    aboard: str | None = None  # a git riding in this vehicle
    crew: list[str] = field(default_factory=list)  # a vehicle's gits aboard, the driver first (its id card says them)


@dataclass
class BossLook:
    index: int
    name: str
    seat: str
    stash: int
    start_stash: int
    out: bool = False


@dataclass
class DieLook:
    sides: int
    value: int
    position: Point
    angle: float


def _pt(p: Any) -> Point:
    return (float(p[0]), float(p[1]))


class Scene:
    """The table, the models, the caps, the dice and the HUD's numbers, as the log says."""

    def __init__(self) -> None:
        self.scenario = ""
        self.width = 24.0
        self.height = 24.0
        self.timer_s = 1800.0
        self.terrain: dict[str, TerrainLook] = {}
        self.models: dict[str, ModelLook] = {}
        self.bosses: list[BossLook] = []
        self.caps: dict[str, Point] = {}
        self.dice: dict[str, DieLook] = {}
        self.clock = 0.0
        self.siren = False
        self.turn: int | None = None
        self.active: str | None = None
        self.over = False
        self.applied = 0

    @classmethod
    def from_events(cls, events: list[ev.Event]) -> Scene:
        """The scene at the end of these events."""
        scene = cls()
        for e in events:
            scene.apply(e)
        return scene

    # ------------------------------------------------------------------ reading it

    def names(self) -> dict[str, str]:
        return {m.id: m.name for m in self.models.values()}

    def boss_index(self, name: str) -> int:
        return next(b.index for b in self.bosses if b.name == name)

    def terrain_key(self) -> tuple[str, ...]:
        return tuple(sorted(self.terrain))

    # ------------------------------------------------------------------ applying events

    def apply(self, e: ev.Event) -> None:
        """Take one event into the scene (events must come in log order)."""
        self.applied += 1
        self.clock = e.t
        handler = getattr(self, f"_on_{e.kind}", None)
        if handler is not None:
            handler(e)

    def _on_match_started(self, e: ev.MatchStarted) -> None:
        self.scenario, self.width, self.height, self.timer_s = e.scenario, e.width, e.height, e.timer_s
        for t in e.terrain:
            circle = (_pt(t["circle"][0]), float(t["circle"][1])) if "circle" in t else None
            poly = [_pt(p) for p in t["polygon"]] if "polygon" in t else None
            self.terrain[t["id"]] = TerrainLook(
                t["id"],
                t["type"],
                float(t["height_in"]),
                int(t["explodes"]),
                poly,
                circle,
                str(t.get("name", t["type"])),
                bool(t.get("crossable", False)),
                bool(t.get("boots", False)),
                tuple(t["colour"]) if "colour" in t else None,
            )
        self.bosses = [BossLook(i, b["name"], b["seat"], b["stash"], b["stash"]) for i, b in enumerate(e.bosses)]
        for m in e.models:
            self.models[m["id"]] = ModelLook(
                m["id"],
                m["name"],
                m["boss"],
                m["type"],
                m["glyph"],
                m["radius_in"],
                m["move"],
                m["headbutt_dice"],
                m["toughness"],
                m["kit"],
                _pt(m["tower_offset"]),
            )
            if "hull_in" in m:
                self.models[m["id"]].hull = _pt(m["hull_in"])
            self.models[m["id"]].aboard = m.get("aboard")
            self.models[m["id"]].crew = list(m.get("crew", []))  # (a gang file's passengers are in it already)

    def _knocked(self, moved: list[dict[str, Any]]) -> None:
        for k in moved:
            store: dict[str, Any] = self.dice if k["kind"] == "die" else self.caps
            if k["position"] is None:
                store.pop(k["id"], None)
            elif k["kind"] == "die" and k["id"] in self.dice:
                d = self.dice[k["id"]]
                self.dice[k["id"]] = DieLook(d.sides, d.value, _pt(k["position"]), float(k["angle"]))
            else:
                self.caps[k["id"]] = _pt(k["position"])

    def _on_caps_dropped(self, e: ev.CapsDropped) -> None:
        for cid, pos in e.caps:
            if pos is not None:
                self.caps[cid] = _pt(pos)
        self._knocked(e.moved)

    def _on_cap_placed(self, e: ev.CapPlaced) -> None:
        self.caps[e.cap] = _pt(e.position)

    def _on_deployed(self, e: ev.Deployed) -> None:
        m = self.models[e.model]
        m.position, m.in_play = _pt(e.position), True

    def _on_activation_started(self, e: ev.ActivationStarted) -> None:
        self.turn = self.boss_index(e.boss)
        self.active = e.model

    def _on_activation_ended(self, e: ev.ActivationEnded) -> None:
        self.active = None

    def _on_dice_thrown(self, e: ev.DiceThrown) -> None:
        for d in e.dice:
            if d["position"] is not None:
                self.dice[d["id"]] = DieLook(d["sides"], d["value"], _pt(d["position"]), float(d.get("angle") or 0.0))
        self._knocked(e.moved)

    def _on_die_removed(self, e: ev.DieRemoved) -> None:
        self.dice.pop(e.die, None)

    def _on_model_moved(self, e: ev.ModelMoved) -> None:
        m = self.models[e.model]
        m.position = _pt(e.end)
        if e.frames:
            m.frame = [tuple(d) for d in e.frames[-1]]

    def _on_model_placed(self, e: ev.ModelPlaced) -> None:
        self.models[e.model].position = _pt(e.position)

    def _on_tower_struck(self, e: ev.TowerStruck) -> None:
        if e.frames:
            self.models[e.model].frame = [tuple(d) for d in e.frames[-1]]

    def _on_tower_grew(self, e: ev.TowerGrew) -> None:
        m = self.models[e.model]
        m.tower = e.height
        m.frame = [tuple(d) for d in e.frame]

    def _on_tower_fell(self, e: ev.TowerFell) -> None:
        m = self.models[e.model]
        m.tower, m.frame = 0, []
        if e.outcome == "fell_over":
            m.fallen = True

    def _on_stood_up(self, e: ev.StoodUp) -> None:
        m = self.models[e.model]
        m.fallen, m.position = False, _pt(e.position)

    def _on_cap_looted(self, e: ev.CapLooted) -> None:
        self.caps.pop(e.cap, None)
        self.bosses[self.boss_index(e.boss)].stash += 1

    def _on_booted(self, e: ev.Booted) -> None:
        if e.how == "boot_in" and e.caps:
            self.bosses[self.models[e.target].boss].stash -= e.caps
            self.bosses[self.models[e.model].boss].stash += e.caps

    def _on_caps_won(self, e: ev.CapsWon) -> None:
        self.bosses[self.boss_index(e.boss)].stash += e.caps

    def _on_terrain_booted(self, e: ev.TerrainBooted) -> None:
        b = self.bosses[self.boss_index(e.boss)]
        b.stash += e.caps_won - e.paid

    def _on_tower_rebuilt(self, e: ev.TowerRebuilt) -> None:
        m = self.models[e.model]
        m.tower = e.height if e.standing else 0
        m.frame = [tuple(d) for d in e.frame]

    def _on_pinched(self, e: ev.Pinched) -> None:
        if e.caps:
            self.bosses[self.models[e.target].boss].stash -= e.caps
            self.bosses[self.models[e.model].boss].stash += e.caps

    def _on_model_removed(self, e: ev.ModelRemoved) -> None:
        m = self.models[e.model]
        m.in_play, m.tower, m.frame = False, 0, []

    def _on_terrain_placed(self, e: ev.TerrainPlaced) -> None:
        (cx, cy), r = e.circle
        self.terrain[e.terrain] = TerrainLook(
            e.terrain,
            e.type,
            e.height_in,
            0,
            None,
            ((float(cx), float(cy)), float(r)),
            e.name,
            e.crossable,
            False,
            (e.colour[0], e.colour[1], e.colour[2]) if e.colour else None,
        )

    def _on_terrain_removed(self, e: ev.TerrainRemoved) -> None:
        self.terrain.pop(e.terrain, None)

    def _on_legged_it(self, e: ev.LeggedIt) -> None:
        b = self.bosses[self.boss_index(e.boss)]
        b.out = True
        b.stash -= len(e.caps_placed)
        for mid in list(e.replaced) + list(e.removed):
            m = self.models[mid]
            m.in_play, m.tower, m.frame = False, 0, []
        for cid, pos in e.caps_placed:
            self.caps[cid] = _pt(pos)

    def _on_caps_scooped(self, e: ev.CapsScooped) -> None:
        b = self.bosses[self.boss_index(e.boss)]
        b.stash += e.count
        b.out = True
        self.caps.clear()
        for m in self.models.values():
            if m.boss == b.index:
                m.in_play, m.tower, m.frame = False, 0, []

    # ------------------------------------------------------------------ vehicles

    def _on_vehicle_moved(self, e: ev.VehicleMoved) -> None:
        m = self.models[e.model]
        m.position, m.angle = _pt(e.end), float(e.angle_end)

    def _on_vehicle_towers(self, e: ev.VehicleTowers) -> None:
        m = self.models[e.model]
        m.tower, m.tower2 = e.heights[0], e.heights[1]
        if e.frames:
            m.frame = [tuple(d) for d in e.frames[0]]
            m.frame2 = [tuple(d) for d in e.frames[1]]
        if not e.standing:
            m.frame, m.frame2 = [], []

    def _on_wiped_out(self, e: ev.WipedOut) -> None:
        m = self.models[e.model]
        m.tower, m.tower2, m.frame, m.frame2 = 0, 0, [], []
        self.bosses[m.boss].stash -= len(e.caps)
        for cid, pos in e.caps:
            self.caps[cid] = _pt(pos)

    def _on_wrecked(self, e: ev.Wrecked) -> None:
        m = self.models[e.model]
        m.in_play, m.tower, m.tower2, m.frame, m.frame2 = False, 0, 0, [], []
        poly = [_pt(p) for p in e.polygon]
        self.terrain[e.terrain] = TerrainLook(
            e.terrain, e.terrain_type, e.height_in, 0, poly, None, e.terrain_type.replace("_", " ").title()
        )

    def _on_boarded(self, e: ev.Boarded) -> None:
        m = self.models[e.model]
        m.in_play, m.tower, m.frame, m.aboard = False, 0, [], e.vehicle
        if e.vehicle in self.models and e.model not in self.models[e.vehicle].crew:
            self.models[e.vehicle].crew.append(e.model)

    def _on_alighted(self, e: ev.Alighted) -> None:
        m = self.models[e.model]
        m.in_play, m.position, m.fallen, m.aboard = True, _pt(e.position), False, None
        if e.vehicle in self.models and e.model in self.models[e.vehicle].crew:
            self.models[e.vehicle].crew.remove(e.model)

    def crew_words(self, vehicle: str) -> str:
        """Who rides in a vehicle, for its id card: "aboard: Gazbag (driving), Skab, Nazgob" (a
        gang file's passengers from the start and gits who boarded in play alike)."""
        v = self.models.get(vehicle)
        if v is None or not v.crew:
            return ""
        names = [self.models[c].name if c in self.models else c for c in v.crew]
        return "aboard: " + ", ".join([f"{names[0]} (driving)", *names[1:]])

    def _on_siren(self, e: ev.Siren) -> None:
        self.siren = True

    def _on_game_over(self, e: ev.GameOver) -> None:
        self.over = True
