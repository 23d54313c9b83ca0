"""The tower panels' labels tell every model apart (a new player saw the derby's "Ga… 1",
"Ga… 0", "Sni… 1", "Zo… 6": a vehicle's two towers, cut to the same few letters)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from conftest import ROOT  # noqa: E402

from spacegits_sim.render.board import BoardRenderer  # noqa: E402
from spacegits_sim.render.scene import Scene  # noqa: E402

DERBY = str(ROOT / "scenarios" / "demolition_derby.yaml")


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


class Blits(pygame.Surface):
    """A surface that keeps where each picture was blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[int, int, pygame.Surface]] = []

    def blit(self, source: Any, dest: Any, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        self.blits.append((int(dest[0]), int(dest[1]), source))
        return super().blit(source, dest, *args, **kwargs)


def drawn_labels(r: BoardRenderer, scene: Scene) -> list[tuple[str, int]]:
    """Each tower panel's label as drawn (its lines joined), with how many pixels of room the
    panel had for it: the words blitted in the panels, grouped by panel (same x, lines close)."""
    words: dict[int, str] = {}
    inner = r.text

    def text(s: str, font: Any = None, colour: Any = (230, 230, 230)) -> pygame.Surface:
        img = inner(s, font, colour)
        words[id(img)] = s
        return img

    r.text = text  # type: ignore[method-assign]
    surf = Blits(r.size)
    x0 = r.layout(scene)[0].right + 20
    r.draw_towers(surf, scene, x0, 100, r.size[0] - x0 - 20)
    r.text = inner  # type: ignore[method-assign]
    drawn = sorted(
        (x, y, words[id(img)], img.get_width()) for x, y, img in surf.blits if words.get(id(img)) != "fallen"
    )
    xs = sorted({x for x, _y, _s, _w in drawn})
    room = min(b - a for a, b in zip(xs, xs[1:], strict=False)) - 8 if len(xs) > 1 else r.size[0]
    panels: list[tuple[list[str], int, int, int]] = []  # lines, x, last y, widest
    for x, y, s, w in drawn:
        if panels and panels[-1][1] == x and y - panels[-1][2] < 20:
            lines, _x, _y, widest = panels[-1]
            panels[-1] = ([*lines, s], x, y, max(widest, w))
        else:
            panels.append(([s], x, y, w))
    assert all(widest <= room for _l, _x, _y, widest in panels), "a label runs into the next panel"
    return [(" ".join(lines), room) for lines, _x, _y, _w in panels]


def derby_scenes() -> list[Scene]:
    """The derby's table at its start, every few decisions of a whole match, and with every
    model in play at once (the most panels there can be)."""
    from spacegits_sim.ai import make_controller
    from spacegits_sim.data import default_rules
    from spacegits_sim.rules.decisions import collect
    from spacegits_sim.rules.engine import Match
    from spacegits_sim.rules.scenario import load_scenario

    m = Match(load_scenario(DERBY, default_rules()), seed=2073084547)
    ais = [make_controller("heuristic", 1, i) for i in range(2)]
    scenes = []
    for k in range(400):
        if m.pending is None:
            break
        if k % 10 == 0:
            scenes.append(Scene.from_events(m.events))
        m.answer(collect(m.pending, lambda req: ais[req.boss].decide(req, m)))
    crowded = Scene.from_events(m.events[:1])
    for model in crowded.models.values():
        model.in_play = True
    return [*scenes, crowded]


def test_every_tower_label_in_the_demolition_derby_names_its_model_apart_from_the_others():
    r = BoardRenderer()
    checked = 0
    for scene in derby_scenes():
        labels = drawn_labels(r, scene)
        towers = sum(2 if mo.hull is not None else 1 for mo in scene.models.values() if mo.in_play)
        assert len(labels) == towers
        who = [label.rsplit(" ", 1)[0] for label, _room in labels]  # without the dice count
        assert len(set(who)) == len(who), f"two panels read the same: {who}"
        checked += len(who)
    assert checked > 50


def test_the_derby_vehicles_show_their_name_and_which_tower_on_two_lines():
    r = BoardRenderer()
    scene = next(sc for sc in derby_scenes() if sum(mo.in_play for mo in sc.models.values()) >= 8)
    labels = [label for label, _room in drawn_labels(r, scene)]
    vehicles = [mo for mo in scene.models.values() if mo.in_play and mo.hull is not None]
    assert len(vehicles) == 4
    for mo in vehicles:
        assert f"{mo.name} A {mo.tower}" in labels and f"{mo.name} B {mo.tower2}" in labels


def test_the_quick_start_panels_show_each_whole_name_on_one_line():
    from spacegits_sim.ai import make_controller
    from spacegits_sim.data import default_rules
    from spacegits_sim.rules.decisions import collect
    from spacegits_sim.rules.engine import Match
    from spacegits_sim.rules.scenario import load_scenario

    m = Match(load_scenario(None, default_rules()), seed=3)
    ais = [make_controller("heuristic", 3, i) for i in range(2)]
    while m.activations < 2:  # deployed, a tower or two grown
        m.answer(collect(m.pending, lambda req: ais[req.boss].decide(req, m)))
    scene = Scene.from_events(m.events)
    r = BoardRenderer()
    labels = [label for label, _room in drawn_labels(r, scene)]
    assert labels == [f"{mo.name} {mo.tower}" for mo in scene.models.values() if mo.in_play]
    assert len(labels) == 6


def test_names_sharing_their_start_are_cut_in_the_middle_and_a_vehicles_letter_is_never_cut():
    from spacegits_sim.render.board import tower_labels

    r = BoardRenderer()
    items = [
        ("Grimfang", "", "0"),
        ("Grimlock", "", "1"),
        ("Grimfang's Truck", "A", "3"),
        ("Grimfang's Truck", "B", "0"),
    ]
    for width in (30, 40, 50):
        _font, labels = tower_labels(items, (r.small, r.tiny), width)
        first = [lines[0] for lines in labels]
        assert first[0] != first[1], labels
        assert labels[2][-1].endswith(" A 3") and labels[3][-1].endswith(" B 0")
