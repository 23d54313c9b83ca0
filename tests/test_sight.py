"""Line of sight against geometry whose answers are known by hand (physics/sight.py).

Every expected fraction here is worked out from the geometry in the test itself; the
tolerance is the sampling's resolution (half a column across, half a row up, see the
module docstring), not a guess.
"""

from __future__ import annotations

import math
import statistics
import time

import pytest

from spacegits_sim.physics.sight import (
    Cylinder,
    Footprint,
    SightTable,
    box,
    edge_distance,
    figure_cylinder,
    nearest_table_edge,
    route_off_table,
    terrain_footprint,
)
from spacegits_sim.physics.table import Table

W, H = 8, 8
COL = 1.0 / W  # one column of the silhouette, as a fraction
ROW = 1.0 / H
EYE = (0.0, 0.0, 1.5)  # a standard model's eye on the open table
TARGET = Cylinder(10.0, 0.0, 0.5, 1.5, ident="target")


def table(*footprints: Footprint) -> SightTable:
    return SightTable(footprints, samples_wide=W, samples_high=H)


def hidden_below(eye_z: float, wall_t: float, wall_top: float) -> float:
    """Height on the target below which the line from the eye over the wall top passes the
    wall lower than its top: z(t) = eye_z + t (z1 - eye_z) < wall_top at t = wall_t."""
    return (wall_top - eye_z * (1.0 - wall_t)) / wall_t


def test_open_table_sees_the_whole_target() -> None:
    assert table().visible_fraction(EYE, TARGET) == 1.0


def test_half_hidden_behind_a_wall_edge_is_half_visible() -> None:
    # a tall wall whose end lies on the line from the eye to the target's centre: every
    # ray to the target's left half crosses it, every ray to the right half misses it
    wall = box(5.0, 0.0, 5.2, 5.0, top=4.0)
    f = table(wall).visible_fraction(EYE, TARGET)
    assert f == pytest.approx(0.5, abs=COL / 2)


def test_wall_edge_a_quarter_across_hides_a_quarter() -> None:
    # the wall's end at y = 0.125 at the midpoint (x = 5) shadows y > 0.25 at the target,
    # which spans -0.5..0.5: a quarter of its width
    wall = box(5.0, 0.125, 5.05, 5.0, top=4.0)
    f = table(wall).visible_fraction(EYE, TARGET)
    # the wall's far face (x = 5.05) shadows slightly less; both within a column
    assert f == pytest.approx(0.75, abs=COL / 2 + 0.01)


def test_target_fully_behind_a_building_is_unseen() -> None:
    building = box(4.0, -3.0, 7.0, 3.0, top=5.0)
    assert table(building).visible_fraction(EYE, TARGET) == 0.0


def test_low_wall_hides_a_short_model_but_not_a_tall_one() -> None:
    # a 1" wall 1" in front of the target, from a standard eye 10" away
    wall = box(8.9, -2.0, 9.0, 2.0, top=1.0)
    t_exit = 9.0 / 10.0  # the eye is higher than the target points: lowest at the far face
    cut = hidden_below(1.5, t_exit, 1.0)
    short = Cylinder(10.0, 0.0, 0.5, 1.0)
    tall = Cylinder(10.0, 0.0, 0.5, 3.0)
    f_short = table(wall).visible_fraction(EYE, short)
    f_tall = table(wall).visible_fraction(EYE, tall)
    assert f_short == pytest.approx(max(0.0, 1.0 - cut / 1.0), abs=ROW / 2 + 1e-9)
    assert f_tall == pytest.approx(1.0 - cut / 3.0, abs=ROW / 2 + 1e-9)
    assert f_short < 0.5 <= f_tall  # "see about half of the target model"


def test_low_wall_does_not_hide_from_an_eye_on_higher_ground() -> None:
    wall = box(8.9, -2.0, 9.0, 2.0, top=1.0)
    hill = box(-2.0, -2.0, 2.0, 2.0, top=6.0)
    eye = (0.0, 0.0, 6.0 + 1.5)  # standing on the hill
    short = Cylinder(10.0, 0.0, 0.5, 1.0)
    cut = hidden_below(eye[2], 9.0 / 10.0, 1.0)
    f = table(wall, hill).visible_fraction(eye, short)
    assert f == pytest.approx(1.0 - cut / 1.0, abs=ROW / 2 + 1e-9)
    assert f > 0.5
    assert table(wall).visible_fraction(EYE, short) < 0.5  # the same model from the ground


def test_a_hill_brow_hides_the_feet_of_a_model_standing_on_it() -> None:
    # the target stands 2" back from the brow of a 2" hill; the eye on the ground 10" away
    hill = box(8.0, -3.0, 14.0, 3.0, top=2.0)
    target = Cylinder(10.0, 0.0, 0.5, 1.5, elevation=2.0)
    # the ray to a point at height z on the target crosses the brow (x = 8, t = 0.8) at
    # 1.5 + 0.8 (z - 1.5); it is hidden while that is below 2: z < 1.5 + 0.5 / 0.8
    cut = 1.5 + 0.5 / 0.8 - 2.0  # of the model's own height
    f = table(hill).visible_fraction(EYE, target)
    assert f == pytest.approx(1.0 - cut / 1.5, abs=ROW / 2 + 1e-9)


def test_model_in_the_way_hides_exactly_the_half_it_covers() -> None:
    # a taller model at the midpoint whose edge touches the line to the target's centre:
    # the rays to the left half pass through it, the rays to the right half miss it
    blocker = Cylinder(5.0, 0.5, 0.5, 2.5)
    f = table().visible_fraction(EYE, TARGET, [blocker])
    assert f == pytest.approx(0.5, abs=COL / 2)


def test_target_between_two_models_is_seen_through_the_gap() -> None:
    # two models flank the line with a 2" gap; the target (1" wide) behind them is clear
    left = Cylinder(5.0, 1.5, 0.5, 2.0)
    right = Cylinder(5.0, -1.5, 0.5, 2.0)
    assert table().visible_fraction(EYE, TARGET, [left, right]) == 1.0
    # close the gap to the target's width at the midpoint: at x = 5 the rays span -0.25..0.25,
    # the models' inner edges at +-0.375 still miss them
    left2 = Cylinder(5.0, 0.875, 0.5, 2.0)
    right2 = Cylinder(5.0, -0.875, 0.5, 2.0)
    assert table().visible_fraction(EYE, TARGET, [left2, right2]) == 1.0


def test_a_model_standing_between_two_others_is_seen_at_their_sides() -> None:
    # the target stands between two taller models across the line of sight: nothing is in front
    side_a = Cylinder(10.0, 1.1, 0.5, 2.5)
    side_b = Cylinder(10.0, -1.1, 0.5, 2.5)
    assert table().visible_fraction(EYE, TARGET, [side_a, side_b]) == 1.0


def test_shorter_model_in_the_way_hides_only_below_its_top() -> None:
    # a 1" model at the midpoint straight in line; the eye at 1.5: the ray to height z at
    # the target crosses the blocker's disc between t = 0.45 and 0.55; lowest (descending
    # rays) at the far side. Hidden while 1.5 + 0.55 (z - 1.5) < 1
    blocker = Cylinder(5.0, 0.0, 0.5, 1.0)
    big = Cylinder(10.0, 0.0, 0.2, 1.5)  # narrow, so every column crosses the blocker's middle
    f = table().visible_fraction(EYE, big, [blocker])
    # the far-side crossing differs a little per column; bound it by the centre line's
    cut_mid = 1.5 - 0.5 / 0.55
    assert f == pytest.approx(1.0 - cut_mid / 1.5, abs=ROW / 2 + 0.02)


def test_area_terrain_hides_what_is_behind_it_not_what_is_in_it() -> None:
    wood = box(4.0, -3.0, 7.0, 3.0, top=3.0, see_into=True)
    behind = TARGET
    inside = Cylinder(5.5, 0.0, 0.5, 1.5)
    assert table(wood).visible_fraction(EYE, behind) == 0.0
    assert table(wood).visible_fraction(EYE, inside) == 1.0
    # and an eye in the wood sees out of it
    assert table(wood).visible_fraction((5.0, 0.0, 1.5), Cylinder(15.0, 0.0, 0.5, 1.5)) == 1.0


def test_area_terrain_is_seen_over_from_above_its_top() -> None:
    wood = box(4.0, -3.0, 7.0, 3.0, top=3.0, see_into=True)
    eye = (0.0, 0.0, 20.0)
    # the ray to height z at x=10 passes x = 7 (t = 0.7) at 20 + 0.7 (z - 20) = 6 + 0.7 z > 3
    assert table(wood).visible_fraction(eye, TARGET) == 1.0


def test_half_opaque_footprint_lets_half_the_light_through() -> None:
    hedge = box(5.0, -3.0, 5.5, 3.0, top=4.0, opacity=0.5)
    assert table(hedge).visible_fraction(EYE, TARGET) == pytest.approx(0.5)
    two = table(hedge, box(6.0, -3.0, 6.5, 3.0, top=4.0, opacity=0.5))
    assert two.visible_fraction(EYE, TARGET) == pytest.approx(0.25)


def test_concave_footprint_blocks_only_where_it_stands() -> None:
    # an L-shaped ruin: the foot spans x 4..7, y -3..-1, the upright x 4..5, y -3..3; the
    # notch (x 5..7, y -1..3) is inside its bounding box but not inside it
    ell = Footprint(((4, -3), (7, -3), (7, -1), (5, -1), (5, 3), (4, 3)), top=4.0)
    eye = (6.0, 10.0, 1.5)
    in_notch = Cylinder(6.0, 0.0, 0.5, 1.5)  # the line runs down the notch: clear
    beyond_foot = Cylinder(6.0, -5.0, 0.5, 1.5)  # the line crosses the foot: hidden
    assert table(ell).visible_fraction(eye, in_notch) == 1.0
    assert table(ell).visible_fraction(eye, beyond_foot) == 0.0


def test_cover_is_an_obstacle_between_and_within_personal_space() -> None:
    """'Standing behind an obstacle will grant your model a cover bonus if it is between you and
    your attacker. ... part of the obstacle itself must be within your model's Personal Space'."""
    hugged = box(8.8, -1.0, 9.2, 1.0, top=1.0, ident="hugged")  # 0.3" in front of the base edge
    far = box(5.0, -1.0, 5.4, 1.0, top=1.0, ident="far")  # between, but 4" away
    beside = box(9.5, 0.8, 10.5, 1.2, top=1.0, ident="beside")  # within 1" but not in between
    behind = box(10.8, -1.0, 11.2, 1.0, top=1.0, ident="behind")  # within 1" on the far side
    sight = table(hugged, far, beside, behind)
    assert [f.ident for f in sight.covering(EYE[:2], TARGET, within=1.0)] == ["hugged"]
    assert [f.ident for f in table(far).covering(EYE[:2], TARGET, within=5.0)] == ["far"]


def test_a_real_table_s_terrain_and_figures_feed_the_query() -> None:
    """The physics table's own views (a wall polygon, a round pillar, round bases) as sight shapes."""
    t = Table(24.0, 24.0)
    t.add_terrain("wall", 4.0, polygon=[(5.0, 10.0), (5.2, 10.0), (5.2, 15.0), (5.0, 15.0)])
    t.add_terrain("pillar", 4.0, circle=((5.0, 6.0), 0.5))
    t.add_figure("shooter", (1.0, 10.0), base_mm=25.0)
    t.add_figure("target", (11.0, 10.0), base_mm=25.0)
    sight = SightTable([terrain_footprint(v) for v in t.terrain.values()], W, H)
    shooter, target = (figure_cylinder(t.figures[i], 1.25) for i in ("shooter", "target"))
    assert target.radius == pytest.approx(25.0 / 25.4 / 2)
    eye = (shooter.x, shooter.y, shooter.top)
    # the wall's end lies on the line to the target's centre: half hidden
    assert sight.visible_fraction(eye, target) == pytest.approx(0.5, abs=COL / 2)
    # the pillar stands square in the line to a target behind it at (9, 6): hidden (the
    # pillar is as wide as the target at half the distance, so it covers it all)
    behind = Cylinder(9.0, 6.0, target.radius, 1.25)
    assert sight.visible_fraction((1.0, 6.0, 1.25), behind) == 0.0


def test_standing_in_names_the_footprints_holding_a_point() -> None:
    wood = box(4.0, -3.0, 7.0, 3.0, top=3.0, see_into=True, ident="wood")
    ell = Footprint(((4, -3), (7, -3), (7, -1), (5, -1), (5, 3), (4, 3)), top=4.0, ident="ruin")
    sight = table(wood, ell)
    assert [f.ident for f in sight.standing_in(6.0, -2.0)] == ["wood", "ruin"]
    assert [f.ident for f in sight.standing_in(6.0, 1.0)] == ["wood"]  # the ruin's notch
    assert sight.standing_in(10.0, 0.0) == ()


def test_degenerate_queries_still_answer() -> None:
    # the eye over the target's own centre, a one-sample grid, a flat target
    assert 0.0 <= table(box(5, 0, 5.2, 5, top=4.0)).visible_fraction((10.0, 0.0, 1.5), TARGET) <= 1.0
    assert SightTable([box(5.0, 0.0, 5.2, 5.0, top=4.0)], 1, 1).visible_fraction(EYE, TARGET) in (0.0, 1.0)
    assert table().visible_fraction(EYE, Cylinder(10.0, 0.0, 0.5, 0.0)) == 1.0
    with pytest.raises(ValueError, match="radius must be positive"):
        Cylinder(0.0, 0.0, 0.0, 1.0)


def test_cast_reports_every_ray() -> None:
    wall = box(5.0, 0.0, 5.2, 5.0, top=4.0)
    sight = table(wall).cast(EYE, TARGET)
    assert sight.samples.shape == (W * H, 3)
    assert sight.light.shape == (W * H,)
    assert sight.fraction == pytest.approx(float(sight.light.mean()))
    # the lit samples are exactly those on the right (y < 0) side of the centre line
    lit = sight.samples[sight.light > 0.5]
    assert (lit[:, 1] < 0).all() and len(lit) == W * H // 2


def test_bad_footprints_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="at least 3 points"):
        Footprint(((0, 0), (1, 1)), top=1.0, ident="wall")
    with pytest.raises(ValueError, match="opacity"):
        box(0, 0, 1, 1, top=1.0, opacity=2.0)
    with pytest.raises(ValueError, match="above bottom"):
        box(0, 0, 1, 1, top=0.0)


def test_edge_distance_is_base_edge_to_base_edge() -> None:
    a = Cylinder(0.0, 0.0, 0.5, 1.5)
    b = Cylinder(3.0, 4.0, 1.0, 1.5)
    assert edge_distance(a, b) == pytest.approx(5.0 - 1.5)
    assert edge_distance(a, Cylinder(0.5, 0.0, 0.5, 1.0)) == 0.0


def test_nearest_table_edge_is_the_closest_side() -> None:
    point, d = nearest_table_edge(30.0, 10.0, 0.5, width=36.0, depth=36.0)
    assert point == (36.0, 10.0) and d == pytest.approx(5.5)
    point, d = nearest_table_edge(10.0, 2.0, 0.5, width=36.0, depth=36.0)
    assert point == (10.0, 0.0) and d == pytest.approx(1.5)


def test_cost_per_query_with_twenty_blockers() -> None:
    """The figure quoted in the module docstring (a loose bound here: the machine is shared)."""
    footprints = [box(3 + (i % 5) * 6, 3 + (i // 5) * 8, 4 + (i % 5) * 6, 6 + (i // 5) * 8, top=2.0) for i in range(20)]
    sight = table(*footprints)
    models = [Cylinder(5 + 4 * k, 20.0, 0.5, 1.5) for k in range(6)]
    targets = [Cylinder(2 + 1.3 * k, 34.0 - (k % 7), 0.5, 1.5) for k in range(25)]
    times = []
    for tgt in targets * 8:
        t0 = time.perf_counter()
        sight.visible_fraction((18.0, 1.0, 1.5), tgt, models)
        times.append(time.perf_counter() - t0)
    median_us = statistics.median(times) * 1e6
    print(f"sight query median {median_us:.0f} us (64 rays, 20 footprints, 6 models)")
    assert median_us < 5000
    assert not math.isnan(median_us)


# -- the way off the table ("the model will retreat ... toward the closest board edge") --------


def clear_all_along(route_pts: tuple[tuple[float, float], ...], radius: float, walls: list[Footprint]) -> bool:
    """Every point along the route keeps the base off every wall (sampled every 0.05")."""
    for (x0, y0), (x1, y1) in zip(route_pts, route_pts[1:], strict=False):
        n = max(2, int(math.hypot(x1 - x0, y1 - y0) / 0.05))
        for k in range(n + 1):
            x, y = x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n
            for w in walls:
                xs = [p[0] for p in w.points]
                ys = [p[1] for p in w.points]
                dx = max(min(xs) - x, 0.0, x - max(xs))
                dy = max(min(ys) - y, 0.0, y - max(ys))
                if math.hypot(dx, dy) < radius - 1e-3:
                    return False
    return True


def test_route_on_an_open_table_runs_straight_to_the_nearest_edge() -> None:
    route = route_off_table((10.0, 18.0), 0.5, 36.0, 36.0)
    assert route is not None
    assert route.waypoints == ((10.0, 18.0), (0.5, 18.0))
    assert route.length == pytest.approx(nearest_table_edge(10.0, 18.0, 0.5, 36.0, 36.0)[1])


def test_route_goes_around_a_wall_by_its_nearer_end() -> None:
    # a wall between the model and the near (left) edge: round its end, then square to the edge
    wall = box(1.0, 10.0, 2.0, 26.0, top=3.0)
    route = route_off_table((3.0, 18.0), 0.5, 36.0, 36.0, [wall])
    assert route is not None
    corner_leg = math.hypot(3.0 - 2.5, 26.5 - 18.0)  # to the corner grown by the base's radius
    assert route.length == pytest.approx(corner_leg + (2.5 - 0.5), abs=1e-3)
    assert route.end[0] == pytest.approx(0.5)
    assert clear_all_along(route.waypoints, 0.5, [wall])


def test_route_does_not_squeeze_through_a_gap_narrower_than_the_base() -> None:
    # two enemies 2" apart centre to centre, each with a 1" personal space: the gap is closed
    enemies = [Cylinder(2.0, 17.0, 0.5 + 1.0, 1.5), Cylinder(2.0, 19.0, 0.5 + 1.0, 1.5)]
    route = route_off_table((4.0, 18.0), 0.5, 36.0, 36.0, models=enemies)
    assert route is not None
    assert route.length > 4.0 - 0.5 + 1.0  # not the straight 3.5" between them
    for (x0, y0), (x1, y1) in zip(route.waypoints, route.waypoints[1:], strict=False):
        for k in range(51):
            x, y = x0 + (x1 - x0) * k / 50, y0 + (y1 - y0) * k / 50
            for e in enemies:
                assert math.hypot(x - e.x, y - e.y) >= e.radius + 0.5 - 1e-3


def test_route_is_none_when_boxed_in() -> None:
    pen = [box(3, 3, 7, 3.2, 2.0), box(3, 6.8, 7, 7, 2.0), box(3, 3, 3.2, 7, 2.0), box(6.8, 3, 7, 7, 2.0)]
    assert route_off_table((5.0, 5.0), 0.5, 36.0, 36.0, pen) is None


def test_route_can_leave_a_wall_the_base_already_touches() -> None:
    wall = box(5.0, 10.0, 6.0, 26.0, top=3.0)
    route = route_off_table((6.5, 18.0), 0.5, 36.0, 36.0, [wall])  # touching its right face
    assert route is not None and clear_all_along(route.waypoints, 0.5 - 1e-3, [wall])


def test_route_cost_among_twenty_footprints() -> None:
    footprints = [box(3 + (i % 5) * 6, 3 + (i // 5) * 8, 4 + (i % 5) * 6, 6 + (i // 5) * 8, top=2.0) for i in range(20)]
    models = [Cylinder(5 + 4 * k, 20.0, 1.5, 1.5) for k in range(6)]
    times = []
    for start in [(15.0, 8.0), (18.0, 18.0), (18.0, 25.0), (9.5, 16.5), (27.5, 9.0)] * 4:
        t0 = time.perf_counter()
        route = route_off_table(start, 0.5, 36.0, 36.0, footprints, models)
        times.append(time.perf_counter() - t0)
        assert route is not None and clear_all_along(route.waypoints, 0.5, footprints)
    median_ms = statistics.median(times) * 1e3
    print(f"route median {median_ms:.1f} ms (20 footprints, 6 models)")
    assert median_ms < 200


# -- against an independent oracle -------------------------------------------------------------


def brute_light(sight: SightTable, eye: tuple[float, float, float], samples, models, steps: int = 4000):  # type: ignore[no-untyped-def]
    """Each ray's light by walking it in ``steps`` points and asking matplotlib's point-in-polygon
    and plain disc tests at each: a different method from the crossings the query uses."""
    import numpy as np
    from matplotlib.path import Path as MplPath

    t = np.linspace(0.0, 1.0, steps)
    e = np.array(eye)
    out = np.ones(len(samples))
    for k, s in enumerate(samples):
        pts = e[None, :] + t[:, None] * (s - e)[None, :]  # (steps, 3)
        light = 1.0
        for fp in sight.footprints:
            inside = MplPath(np.array(fp.points)).contains_points(pts[:, :2])
            if fp.see_into and (inside[0] or inside[-1]):
                continue
            if (inside & (pts[:, 2] < fp.top) & (pts[:, 2] > fp.bottom)).any():
                light *= 1.0 - fp.opacity
        for m in models:
            near = np.hypot(pts[:, 0] - m.x, pts[:, 1] - m.y) < m.radius
            if (near & (pts[:, 2] < m.top) & (pts[:, 2] > m.elevation)).any():
                light = 0.0
        out[k] = light
    return out


def test_every_ray_agrees_with_a_brute_force_walk_along_it() -> None:
    import random

    rng = random.Random(2929)
    rays = mismatched = 0
    for _ in range(25):
        fps = []
        for j in range(6):
            x, y = rng.uniform(2, 16), rng.uniform(-6, 6)
            w, d = rng.uniform(0.2, 3), rng.uniform(0.2, 3)
            skew = rng.uniform(-0.8, 0.8)  # a sheared quad: convex, not axis-aligned
            pts = ((x, y), (x + w, y + skew), (x + w, y + d + skew), (x, y + d))
            fps.append(
                Footprint(
                    pts,
                    top=rng.uniform(0.5, 4.0),
                    opacity=rng.choice([1.0, 1.0, 0.5]),
                    see_into=rng.random() < 0.3,
                    ident=f"f{j}",
                )
            )
        models = [
            Cylinder(rng.uniform(3, 15), rng.uniform(-4, 4), rng.uniform(0.4, 0.8), rng.uniform(0.8, 2.5))
            for _ in range(3)
        ]
        sight = SightTable(fps, W, H)
        eye = (0.0, rng.uniform(-2, 2), rng.uniform(1.0, 6.0))
        target = Cylinder(18.0, rng.uniform(-3, 3), 0.5, rng.uniform(1.0, 2.0), elevation=rng.choice([0.0, 0.0, 1.0]))
        got = sight.cast(eye, target, models)
        want = brute_light(sight, eye, got.samples, models)
        rays += len(want)
        for k in [k for k in range(len(want)) if abs(got.light[k] - want[k]) > 1e-9]:
            # a ray grazing a corner closer than the walk's step (18"/4000) slips between its
            # points: walk that ray 50 times finer before calling it a disagreement
            fine = brute_light(sight, eye, got.samples[k : k + 1], models, steps=200_000)[0]
            mismatched += int(abs(got.light[k] - fine) > 1e-9)
    assert rays == 25 * W * H
    assert mismatched == 0, f"{mismatched} of {rays} rays disagree"


def test_many_targets_at_once_match_one_at_a_time() -> None:
    import random

    rng = random.Random(7)
    footprints = [box(3 + (i % 5) * 6, 3 + (i // 5) * 8, 4 + (i % 5) * 6, 6 + (i // 5) * 8, top=2.0) for i in range(20)]
    footprints.append(box(10.0, 15.0, 14.0, 18.0, top=3.0, see_into=True, ident="wood"))
    sight = SightTable(footprints, W, H)
    figures = [
        Cylinder(
            rng.uniform(1, 35), rng.uniform(1, 35), 0.5, rng.uniform(0.8, 2.0), rng.choice([0.0, 1.0]), ident=f"m{k}"
        )
        for k in range(12)
    ]
    eye = (18.0, 1.0, 1.5)
    batch = sight.visible_fractions(eye, figures, figures)  # each target left out of its own blockers
    for target, got in zip(figures, batch, strict=True):
        others = [m for m in figures if m is not target]
        assert got == pytest.approx(sight.visible_fraction(eye, target, others), abs=1e-12)
    assert sight.visible_fractions(eye, []) == []
    assert 0.0 < sum(batch) < len(batch)  # some seen, some hidden: the comparison is not vacuous


def test_cost_per_target_when_asked_many_at_once() -> None:
    footprints = [box(3 + (i % 5) * 6, 3 + (i // 5) * 8, 4 + (i % 5) * 6, 6 + (i // 5) * 8, top=2.0) for i in range(20)]
    sight = table(*footprints)
    models = [Cylinder(5 + 4 * k, 20.0, 0.5, 1.5) for k in range(6)]
    targets = [Cylinder(2 + 1.3 * k, 34.0 - (k % 7), 0.5, 1.5) for k in range(10)]
    times = []
    for _ in range(30):
        t0 = time.perf_counter()
        sight.visible_fractions((18.0, 1.0, 1.5), targets, models)
        times.append(time.perf_counter() - t0)
    per_target_us = statistics.median(times) * 1e6 / len(targets)
    print(f"sight batch of 10: median {per_target_us:.0f} us a target")
    assert per_target_us < 5000


def random_scene(rng):  # type: ignore[no-untyped-def]
    fps = []
    for j in range(6):
        x, y = rng.uniform(2, 16), rng.uniform(-6, 6)
        w, d = rng.uniform(0.2, 3), rng.uniform(0.2, 3)
        fps.append(box(x, y, x + w, y + d, top=rng.uniform(0.5, 4.0), see_into=rng.random() < 0.3, ident=f"f{j}"))
    models = [Cylinder(rng.uniform(3, 15), rng.uniform(-4, 4), 0.5, rng.uniform(0.8, 2.5)) for _ in range(3)]
    return fps, models


def test_more_in_the_way_never_shows_more() -> None:
    """Adding a footprint or a model, or raising a footprint's top, never raises the fraction."""
    import random

    rng = random.Random(31)
    for _ in range(40):
        fps, models = random_scene(rng)
        eye = (0.0, rng.uniform(-2, 2), rng.uniform(1.0, 6.0))
        target = Cylinder(18.0, rng.uniform(-3, 3), 0.5, rng.uniform(1.0, 2.0))
        base = SightTable(fps[:-1], W, H).visible_fraction(eye, target, models[:-1])
        more = SightTable(fps, W, H).visible_fraction(eye, target, models)
        f = fps[0]
        taller = SightTable([Footprint(f.points, f.top + 2.0, f.bottom, f.opacity, f.see_into), *fps[1:-1]], W, H)
        assert more <= base + 1e-12
        assert taller.visible_fraction(eye, target, models[:-1]) <= base + 1e-12


def test_more_in_the_way_never_shortens_the_route() -> None:
    import random

    rng = random.Random(37)
    for _ in range(15):
        walls = [
            box(x, y, x + rng.uniform(0.3, 4), y + rng.uniform(0.3, 4), top=2.0)
            for x, y in ((rng.uniform(2, 30), rng.uniform(2, 30)) for _ in range(8))
        ]
        start = (rng.uniform(5, 31), rng.uniform(5, 31))
        fewer = route_off_table(start, 0.5, 36.0, 36.0, walls[:-1])
        more = route_off_table(start, 0.5, 36.0, 36.0, walls)
        straight = nearest_table_edge(start[0], start[1], 0.5, 36.0, 36.0)[1]
        if fewer is None:  # boxed in already (or starting inside a wall): more cannot free it
            assert more is None
            continue
        assert fewer.length >= straight - 1e-9
        if more is not None:
            assert more.length >= fewer.length - 1e-9


def test_a_base_overlapping_a_wall_leaves_it_without_passing_through() -> None:
    # a base 0.2" into the clearance of a long wall whose far side holds the nearest edge
    wall = box(5.0, 10.0, 6.0, 26.0, top=3.0)
    route = route_off_table((6.3, 18.0), 0.5, 36.0, 36.0, [wall])
    assert route is not None
    assert route.length > 6.3 - 0.5  # not straight through the wall to the left edge
    assert clear_all_along(route.waypoints, 0.3 - 1e-3, [wall])  # never closer than it began
    # and a second wall is not waved through on the first leg either
    other = box(8.0, 17.0, 9.0, 19.0, top=3.0)
    route2 = route_off_table((6.3, 18.0), 0.5, 36.0, 36.0, [wall, other])
    assert route2 is not None and clear_all_along(route2.waypoints, 0.5 - 1e-3, [other])
