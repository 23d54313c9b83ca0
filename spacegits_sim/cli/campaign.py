"""``spacegits campaign new|run|status``: gangs that live from game to game (docs/campaigns.md)."""

from __future__ import annotations

import argparse
import dataclasses
import secrets
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from .. import campaign as camp
from ..ai import CONTROLLERS
from ..atomic import write_figure
from ..campaign import unfinished
from ..data import load_rules
from ..data.errors import DataError
from ..data.rules_data import RulesData
from ..errors import UserError
from ..rules.decisions import Request
from ..rules.gangmodes import roll_gang
from ..rules.gangs import gang_from_doc, load_gang, validate_gang
from ..rules.scenario import Player
from .common import MAX_SEED, check_output, check_range, console, err, load_scenario_option

MODES = {"alacarte": "a_la_carte", "chefs": "chefs_recommendation", "chaos": "chaos"}


def cmd_campaign(args: argparse.Namespace) -> int:
    folder = Path(args.name)
    rules = load_rules(args.house or [])
    if args.action == "new":
        return _new(args, folder, rules)
    if args.action == "run":
        return _run(args, folder, rules)
    if args.action == "play":
        return _play(args, folder, rules)
    return _status(args, folder, rules)


def _seats(text: str, n: int, allowed: tuple[str, ...], flag: str) -> list[str]:
    """One seat per gang from "a,b" (one name: every gang), each one of ``allowed``."""
    seats = [s.strip() for s in text.split(",") if s.strip()]
    if len(seats) == 1:
        seats = seats * n
    if len(seats) != n or any(s not in allowed for s in seats):
        raise UserError(f"{flag} needs one of {'/'.join(allowed)} per gang ({n}), got '{text}'")
    return seats


class WindowBoss:
    """A human boss's afterparty decisions in the pygame window: the question, the shelf and the
    stash, and the options as buttons (render/choices.py). Opens the window if none is open."""

    def __init__(self, c: camp.Campaign, rules: RulesData | None = None) -> None:
        self.c = c
        self.rules = rules
        # an option keeps its number all afterparty (per boss, question and shop: the second shop's
        # list started at 24 after the first shop's numbers)
        self.numbers: dict[tuple[int, str, str, str], int] = {}
        self.live: list[str] = []  # the afterparty's lines as they happen (finish_game appends)
        self.shown = 0  # how many of them a screen has shown

    def __call__(self, req: Request) -> Any:
        from ..render.choices import ask_in_window

        title = camp.screen_title(req, self.c.gangs[req.boss].boss)
        if isinstance(req, camp.EraseOffenses):
            return self.erase(req, title)
        options = camp.distinct_options(req)
        labels = [camp.option_text(req, o) for o in options]
        nums = []
        for label in labels:
            key = (req.boss, req.kind, str(getattr(req, "shop", "")), label)
            if key not in self.numbers:
                self.numbers[key] = 1 + sum(1 for k in self.numbers if k[:3] == key[:3])
            nums.append(self.numbers[key])
        headings = [self.heading(req, o) for o in options]
        lines = self.just_now() + camp.context_lines(req)
        k = ask_in_window(title, getattr(req, "prompt", ""), lines, labels, nums, headings)
        return options[k]

    def erase(self, req: camp.EraseOffenses, title: str) -> tuple[str, ...]:
        """Which offenses to erase: a toggle per offense and a button that says what the ticked
        ones cost and bring ("erase Looting, Assault (2D6, +1 attitude per 6)") — any subset,
        not 2^n buttons (render/choices.py ``pick_some``)."""
        from ..render.choices import pick_some_in_window

        def confirm(picked: tuple[int, ...]) -> str:
            return camp.option_text(req, tuple(req.offenses[k] for k in picked))

        lines = self.just_now() + camp.context_lines(req)
        picked = pick_some_in_window(title, req.prompt, lines, camp.offense_rows(req), confirm)
        return tuple(req.offenses[k] for k in picked)

    def just_now(self) -> list[str]:
        """The rolls and results since the last screen, so each is seen before the next decision."""
        new, self.shown = self.live[self.shown :], len(self.live)
        return [f"just now: {line}" for line in new]

    def heading(self, req: Request, option: Any) -> str:
        """The line over a shop item's buttons: its name, price and rule, said once for all the
        gits it is offered to (each button repeated the rule, cut off with "…")."""
        stock = getattr(req, "stock", None)
        if not stock or not (isinstance(option, tuple) and option and option[0] == "buy"):
            return ""
        label, _family, _ident, price = stock[int(option[1])]
        name = label.removesuffix(camp.decisions.FREE)
        cost = f"{price} caps" if price else "free, as many as you like"
        return f"{name} ({cost}){self.what_it_does(req, option)}"

    def what_it_does(self, req: Request, option: Any) -> str:
        """A shop item's rule: a weapon's kind, range, hands, dice and damage and its special
        rules' words (a gun that does no damage — a Grappling Gun drags — says what it does
        instead of "damage 0/0"), a vehicle's stats, a bit of gear's or a mod's text, in full."""
        stock = getattr(req, "stock", None)
        if self.rules is None or not stock or not (isinstance(option, tuple) and option and option[0] == "buy"):
            return ""
        _label, family, ident, _price = stock[int(option[1])]
        if family == "vehicles" and ident in self.rules.vehicles:  # (a vehicle said nothing at all)
            v = self.rules.vehicles[ident]
            return f" — engine D{v.engine}, toughness {v.toughness}, handling {v.handling}, {v.seats} seats"
        if family in ("weapons", "vehicle_weapons") and ident in self.rules.weapons:
            return f" — {weapon_words(self.rules.weapons[ident], self.rules)}"
        items = self.rules.gear if family == "gear" else getattr(self.rules, family, {})
        item = items.get(ident) if hasattr(items, "get") else None  # (a read-only mapping, not a dict)
        text = str(getattr(item, "text", "") or "")
        return f" — {text}" if text else ""


def weapon_words(w: Any, rules: RulesData) -> str:
    """A weapon in a player's words: kind, reach, hands, dice, damage, and each special rule's
    text. Damage 0/0 is a weapon that does no damage by design (a Grappling Gun drags, Improvised
    Bombs explode where they land, a Portal Gun teleports): it says so, and what it does."""
    reach = f'{w.range:g}"' if w.range is not None else "fight"
    specials = [rules.special_rules[s] for s in w.special if s in rules.special_rules]
    words = ", ".join(f"{r.name}: {r.text}" for r in specials)
    if w.weak == 0 and w.big == 0:
        does = f"no damage of its own — {words}" if words else "no damage"
        return f"{w.kind}, {reach}, {w.hands}-handed, {w.dice} — {does}"
    text = f"{w.kind}, {reach}, {w.hands}-handed, {w.dice}, damage {w.weak}/{w.big}"
    return f"{text} — {words}" if words else text


def _deciders(c: camp.Campaign, rules: RulesData, seats: list[str], window: bool = False) -> camp.Seating:
    """Who makes each gang's afterparty decisions: a human (in the window, or at this terminal),
    or the AI boss."""
    ai = camp.AfterpartyAI(c, rules)
    human: Any = WindowBoss(c, rules) if window else camp.TerminalBoss(read=input, write=console.print)
    return camp.Seating([human if s == "human" else ai for s in seats])


def _live(decide: camp.Seating) -> list[str] | None:
    """The list a window boss shows the afterparty's lines from as they happen (None: no window)."""
    return next((a.live for a in decide.answers if isinstance(a, WindowBoss)), None)


def _play(args: argparse.Namespace, folder: Path, rules: RulesData) -> int:
    """The next game in the hot-seat window (any mix of humans and AIs), then its afterparty in the
    same window, a screen per decision of each human boss; without a display, an all-AI game is played headless. A game
    in hand (closed mid-game or mid-afterparty: ``game-NNN.unfinished.json``) is resumed where it
    was left; ``--fresh`` sets it aside and plays the game from its start."""
    from ..ai import make_controller
    from ..rules.engine import Match
    from ..rules.state import Controller

    c = camp.load(folder, rules)
    seats = _seats(args.seats, len(c.gangs), ("human", *CONTROLLERS), "--seats")
    humans = {i for i, s in enumerate(seats) if s == "human"}
    from ..render.choices import ChoiceClosed
    from ..render.watch_app import has_display

    if humans and not has_display():
        raise UserError("a human seat needs a display (a window); 'campaign run' plays AI games headless")
    _set_aside_stale(folder, c)
    decide = _deciders(c, rules, [s if s == "human" else "ai" for s in seats], window=has_display())
    n = len(c.games) + 1
    if getattr(args, "fresh", False):
        gone = unfinished.set_aside(folder, n)
        if gone is not None:
            console.print(f"game {n} starts afresh; its unfinished save is kept as {gone}")
    hand = unfinished.resume_game(c, rules, folder)
    if hand is not None:
        left = "its afterparty" if hand.match.pending is None else "where it was left"
        console.print(f"resuming game {n} from {hand.path} ({left}); --fresh plays it from its start instead")
        before, before_answers, resumed = hand.before, hand.before_answers, hand.match
    else:
        record = unfinished.Recorder(decide)
        try:
            n, before, sc = camp.prepare_game(c, rules, record)
        except (EOFError, ChoiceClosed) as e:
            raise UserError(f"{e}; the campaign is unchanged") from None
        before_answers, resumed = record.given, None
    for line in before:
        console.print(line)
    save = unfinished.unfinished_path(folder, n)
    meta = unfinished.save_meta(c, n, before_answers)
    hint = unfinished.resume_words(folder)

    def controllers(seed: int) -> list[Controller | None]:
        return [None if s == "human" else make_controller(s, seed, i) for i, s in enumerate(seats)]

    def new_match(seed: int) -> Match:
        return resumed if resumed is not None else Match(sc, rules=rules, seed=seed)

    seed = resumed.seed if resumed is not None else sc.seed
    if resumed is not None and resumed.pending is None:
        m = resumed  # (the game was over: on to its afterparty)
    elif has_display():
        from ..render.hotseat import HotseatApp, run_hotseat

        app = HotseatApp(
            lambda s: (new_match(s), controllers(s)),
            seed,
            humans,
            save_path=str(save),
            next_step="afterparty",
            meta=meta,
            resume_hint=hint,
        )
        run_hotseat(app, keep_open=True)  # the afterparty follows in the same window
        m = app.match
        if m.pending is not None:
            if not app.message.startswith("saved"):  # (the save failed: the window's message says why)
                err.print(f"[red]game {n} was not finished and could not be saved:[/] {app.message}")
                return 1
            err.print(
                f"[yellow]game {n} was not finished[/] and the campaign is unchanged: the game is saved in {save}, "
                f"and '{hint}' resumes it"
            )
            return 1
    else:
        m = new_match(seed)
        m.play([ctrl for ctrl in controllers(seed) if ctrl is not None])  # (no humans here)
    try:
        entry = camp.finish_game(c, rules, m, n, before, folder, decide, live=_live(decide))
    except (EOFError, ChoiceClosed) as e:
        from ..rules.replay import save_replay

        save_replay(m, save, {"hotseat": True, "humans": sorted(humans), **meta})  # the game, kept for its afterparty
        raise UserError(
            f"{e}; the campaign is unchanged: game {n} is over and saved in {save}, and '{hint}' goes back to its "
            "afterparty"
        ) from None
    camp.save(folder, c)
    save.unlink(missing_ok=True)  # (its decisions are the game's replay now)
    if humans:  # the afterparty's report in the window
        from ..render.choices import report_in_window

        report_in_window(f"Game {n}: the afterparty", [*entry["afterparty"], "", *stash_lines(c)])
    console.print(f"game {entry['game']}: {' and '.join(entry['winners'] or [])} won")
    for line in entry["afterparty"]:
        console.print(f"  {line}")
    return _status(args, folder, rules)


def stash_lines(c: camp.Campaign) -> list[str]:
    """Where each gang stands after the afterparty: the report ended with the last purchase and
    never said what was left in the stash."""
    return [f"{g.boss}: {g.stash} caps in the stash, reputation {g.reputation()}" for g in c.gangs]


def _set_aside_stale(folder: Path, c: camp.Campaign) -> None:
    """Saves of games already played (an older version left them): renamed, and said so."""
    for path in unfinished.stale_saves(folder, c):
        console.print(f"{path.name}: an unfinished save of a game the campaign has played since, set aside")


def _new(args: argparse.Namespace, folder: Path, rules: RulesData) -> int:
    if camp.exists(folder):
        raise UserError(f"{folder} already holds a campaign (campaign status {args.name} shows it)")
    check_range(args.seed, "--seed", 0, MAX_SEED)
    if args.seed is None:  # a fresh campaign each time, and the seed printed so it can be played again
        args.seed = secrets.randbelow(MAX_SEED + 1)
    sc = load_scenario_option(args.scenario)
    if args.gangs:
        if not 2 <= len(args.gangs) <= 4:
            raise UserError(f"--gangs names 2 to 4 gang files, got {len(args.gangs)}")
        names = [p.boss for p in sc.players] + ["Green", "Gold", "Purple", "Grey"]
        players = tuple(Player(names[i], load_gang(g, rules)) for i, g in enumerate(args.gangs))
        sc = dataclasses.replace(sc, players=players)
    mode = MODES.get(args.mode)
    if mode is None:
        raise UserError(f"--mode must be alacarte, chefs or chaos, got '{args.mode}'")
    if mode != "a_la_carte":  # each gang rolled up afresh from the tables (a rolled gang starts with no caps)
        rolled = []
        for i, p in enumerate(sc.players):
            bought = [g.type + (f":{g.vehicle}" if g.vehicle else "") for g in p.gang.gits]  # drivers keep rides
            gits = bought if mode == "chefs_recommendation" else None
            r = roll_gang(rules, (args.seed or 0) * 10 + i, mode, gits, name=p.gang.name, budget=sc.cap_budget)
            rolled.append(Player(p.boss, gang_from_doc(r.doc, f"<{args.mode} gang {i + 1}>", rules)))
        sc = dataclasses.replace(sc, players=tuple(rolled))
    problems = [q for p in sc.players for q in validate_gang(p.gang, rules, sc.cap_budget)]
    if problems:  # the same check `campaign run` and `status` make: refused now, nothing written
        raise DataError(problems)
    c = camp.new_campaign(folder.name, sc, args.seed or 0)
    camp.save(folder, c)
    console.print(
        f"new campaign [bold]{folder}[/]: {', '.join(g.boss for g in c.gangs)} on {sc.name} "
        f"(seed {args.seed}; --seed {args.seed} makes it again)"
    )
    return 0


def _run(args: argparse.Namespace, folder: Path, rules: RulesData) -> int:
    c = camp.load(folder, rules)
    check_range(args.games, "--games", 1, camp.MAX_GAMES)
    ais = _seats(args.ai, len(c.gangs), CONTROLLERS, "--ai")
    decide = _deciders(c, rules, _seats(args.decide, len(c.gangs), ("ai", "human"), "--decide"))
    _set_aside_stale(folder, c)
    gone = unfinished.set_aside(folder, len(c.games) + 1)
    if gone is not None:  # run plays its games headless from their start ('campaign play' resumes one)
        err.print(
            f"game {len(c.games) + 1} was left unfinished in the window: run plays it afresh and keeps the save as "
            f"{gone} ('{unfinished.resume_words(folder)}' would have resumed it)"
        )
    with Progress(
        TextColumn(f"[bold]campaign {folder.name}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
    ) as bar:
        task = bar.add_task("games", total=args.games)
        for _ in range(args.games):
            try:
                entry = camp.play_game(c, rules, ais, folder, decide)
            except EOFError as e:
                raise UserError(f"{e}; the campaign is as it was after game {len(c.games)}") from None
            camp.save(folder, c)  # after every game: a killed run loses at most the game in hand
            bar.advance(task)
            stashes = ", ".join(f"{boss} {caps} caps" for boss, caps in entry["stash"].items())  # not a Python dict
            won = " and ".join(entry["winners"] or []) or "nobody"
            err.print(f"game {entry['game']}: {won} won; stashes: {stashes}")
    return _status(args, folder, rules)


def _status(args: argparse.Namespace, folder: Path, rules: RulesData) -> int:
    c = camp.load(folder, rules)
    plot = getattr(args, "plot", None)
    check_output(plot, "--plot", (".png", ".pdf", ".svg"))
    console.print(f"[bold]{c.name}[/]: {len(c.games)} game(s) played (seed {c.seed})")
    for g in c.gangs:
        t = RichTable(title=f"{g.boss}: {g.gang.get('name', '')} — stash {g.stash}, reputation {g.reputation()}")
        for col in ("git", "type", "kit", "attitude", "record", "games", "skipped", "treatments", "vehicle (kit)"):
            t.add_column(col)
        for git in g.gang["gits"]:
            st = g.gits.get(git["name"], camp.GitState())
            t.add_row(
                git["name"],
                git["type"],
                kit_words(git, rules),
                str(st.attitude),
                ", ".join(st.record),
                str(st.games),
                str(st.skipped),
                "; ".join(git.get("treatments", [])),
                ride_words(git, rules),
            )
        console.print(t)
    if plot:
        _plot(c, plot)
        console.print(f"wrote {plot}")
    return 0


def kit_words(git: dict[str, Any], rules: RulesData) -> str:
    """A git's weapons and gear by name (what the shops sold it)."""
    names = [rules.weapons[w].name if w in rules.weapons else w for w in git.get("weapons", [])]
    names += [rules.gear[x].name if x in rules.gear else x for x in git.get("gear", [])]
    return ", ".join(names)


def ride_words(git: dict[str, Any], rules: RulesData) -> str:
    """A driver's vehicle with what is bolted on it, by name: its guns (the pintle-mounted one
    said so) and mods, as the kit column names a git's, and its repairs — the shops sell guns and
    mods for vehicles, so the table must show where they went."""
    if not git.get("vehicle"):
        return ""
    pintle = set(git.get("pintle", []))
    guns = [
        (rules.weapons[w].name if w in rules.weapons else w) + (" (pintle)" if w in pintle else "")
        for w in git.get("vehicle_weapons", [])
    ]
    mods = [rules.vehicle_mods[m].name if m in rules.vehicle_mods else m for m in git.get("mods", [])]
    words = rules.vehicles[git["vehicle"]].name
    if guns or mods:
        words += ": " + ", ".join(guns + mods)
    if git.get("repairs"):
        words += f" — repairs: {'; '.join(git['repairs'])}"
    return words


def _plot(c: camp.Campaign, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from ..render.palette import hex_colour

    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 4))
    games = [e["game"] for e in c.games]
    for i, g in enumerate(c.gangs):  # each boss in its colour on the board (Red red, Blue blue)
        col = hex_colour(i)
        a1.plot(games, [e["stash"][g.boss] for e in c.games], marker="o", label=g.boss, color=col)
        a2.plot(games, [e["reputation"][g.boss] for e in c.games], marker="o", label=g.boss, color=col)
    a1.set(title="stash after each game's afterparty", xlabel="game", ylabel="caps")
    a2.set(title="reputation (total attitude)", xlabel="game", ylabel="reputation")
    for ax in (a1, a2):  # whole games only, from the first to the last (not 0.96-1.04 after one)
        ax.set_xlim(0.5, max(games, default=1) + 0.5)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    a1.legend()
    fig.tight_layout()
    write_figure(path, fig)
    plt.close(fig)


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("campaign", help="gangs that live from game to game: new, run, play, status")
    p.add_argument("action", choices=("new", "run", "play", "status"))
    p.add_argument("name", help="the campaign's folder")
    p.add_argument("--scenario", default=None, help="new: the table to play on (default: the Quick Start)")
    p.add_argument("--gangs", nargs="+", default=None, help="new: 2-4 gang files (default: the scenario's gangs)")
    p.add_argument("--seed", type=int, default=None, help="new: the campaign's seed (default: a fresh one, printed)")
    p.add_argument(
        "--mode",
        default="alacarte",
        help="new: alacarte (the gang files as they are), chefs (their gits bought naked, loot rolled), "
        "chaos (random gits, loot rolled)",
    )
    p.add_argument("--games", type=int, default=1, help="run: how many games to play")
    p.add_argument("--ai", default="heuristic", help="run: one AI for every gang, or one per gang")
    p.add_argument(
        "--decide",
        default="ai",
        help="run: who makes each gang's afterparty decisions, ai or human (a prompt here); one, or one per gang",
    )
    p.add_argument(
        "--seats",
        default="human",
        help="play: who plays each gang, human (in the window) or an AI; one, or one per gang (humans "
        "also make their gang's afterparty decisions in the window, after the game)",
    )
    p.add_argument(
        "--fresh",
        action="store_true",
        help="play: play the next game from its start even if it was left unfinished (the save is kept aside)",
    )
    p.add_argument("--plot", default=None, help="status: stash and reputation over the games (.png)")
    p.add_argument("--house", nargs="*", default=None, help="house-rule YAML files")
    p.set_defaults(func=cmd_campaign)
