"""Fame Points at the end of a race, from the racers' records (the campaign's currency).

Each line of the book's Fame Points list is one rule here, keyed by its id in road_race.yaml
so the points come from the data; the readings of each line are in the YAML.
"""

from __future__ import annotations

from .ops import RaceOps as Race


def tally(race: Race) -> list[tuple[int, str, int]]:
    """(seat, fame id, points) for every Fame Point earned in a finished race."""
    pts = {k: f.points for k, f in race.book.fame.items()}
    out: list[tuple[int, str, int]] = []
    alive = [r for r in race.racers if r.alive]
    cap = int(race.book.race["stat_max"])

    def give(seat: int, fid: str, times: int = 1) -> None:
        if times > 0:
            out.append((seat, fid, pts[fid] * times))

    for r in race.racers:
        give(r.seat, "kill", r.kills)
        if r.perfect:
            give(r.seat, "perfect_roll")
        give(r.seat, "tv_interview", r.interviews)
        for chart, fid in (
            ("oh_crap", "no_oh_crap"),
            ("whoops", "no_whoops"),
            ("damage", "no_damage_chart"),
            ("spectacular", "no_spectacular"),
        ):
            if r.alive and chart not in r.charts:  # 'go the whole game': still in it at the end
                give(r.seat, fid)
        if r.alive:
            give(r.seat, "finish")
            if len(alive) == 1 and len(race.racers) > 1:
                give(r.seat, "sole_survivor")
            if r.vdamage == race.destroyed_at(r) - 1 or race.toughness(r) - r.ddamage == 1:
                give(r.seat, "finish_battered")
        # built or advanced to the limit of 4 (both answer to it), before vehicle and driver modifiers
        if any(v + sum(h.stat_bonus(s) for h in r.upgrades) >= cap for s, v in r.car.points.items()):
            give(r.seat, "max_stat")
    return out
