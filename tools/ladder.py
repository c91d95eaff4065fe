#!/usr/bin/env python3
"""ladder.py — the strength ladder (issue 25): a round robin of `random`, `sitter`, `rusher` and
every computer level on every battle scenario, played with `jumpstrike-sim arena`, with ratings
fitted to the results (Bradley-Terry, shown as Elo, with bootstrap intervals).

    tools/ladder.py [--games N] [--seed S] [--large-games N] [--build DIR]
                    [--scenarios duel,jump_raid] [--players random,sitter,...]
                    [--bootstrap B] [--timeout SECONDS] [--raw FILE] [--from FILE]

Every pair plays N games on every scenario (sides swap every other game); the top level also
plays itself N games on the duel, for the share of 0-0 draws. Score = wins + half the draws.
Prints markdown: the results pair by pair (with the computer's missiles a game and the blind ones
among them, and its think time p99 a decision: CPU time where the arena counts it, else the
clock's), the ratings, and the issue's goals measured. --raw
keeps the arena's results as JSON; --from renders a kept file without playing. Python 3 standard
library only. Run it with `nice` on a shared machine.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def battle_scenarios():
    """Every scenario in scenarios/ but the catalogue and the puzzles (named "Puzzle: ...")."""
    out = []
    for f in sorted(os.listdir(os.path.join(ROOT, "scenarios"))):
        if not f.endswith(".json") or f == "catalogue.json":
            continue
        with open(os.path.join(ROOT, "scenarios", f)) as fh:
            d = json.load(fh)
        if d.get("format") != "jumpstrike-scenario" or str(d.get("name", "")).startswith("Puzzle"):
            continue
        out.append(f[:-5])
    return out


def default_players(sim):
    """random, sitter, rusher, then every computer level `arena --help` lists, weakest first."""
    text = subprocess.run([sim, "arena", "--help"], capture_output=True, text=True, check=True).stdout
    levels = re.findall(r"^\s+(ai:\w+)\s", text, re.M)
    return ["random", "sitter", "rusher"] + levels


def play(sim, scenario, a, b, games, seed, timeout):
    path = os.path.join(ROOT, "scenarios", scenario + ".json")
    cmd = [sim, "arena", path, "--a", a, "--b", b, "--games", str(games), "--seed", str(seed), "--json"]
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        print("  %s %s vs %s: over %d s, left out" % (scenario, a, b, timeout), file=sys.stderr)
        return None
    try:
        d = json.loads(p.stdout)
    except ValueError:
        d = None
    if p.returncode != 0 or not d or not d.get("ok"):
        print("  %s %s vs %s FAILED:\n%s" % (scenario, a, b, p.stderr.strip()), file=sys.stderr)
        return None
    d["seconds"] = round(time.time() - t0, 1)
    d["scenario_name"] = scenario
    print("  %s %s vs %s: %d-%d-%d (%.0f s)" % (scenario, a, b, d["a_wins"], d["draws"], d["b_wins"],
                                                 d["seconds"]), file=sys.stderr)
    return d


def missiles(d):
    """The computer's missiles plotted a game and the blind ones among them (no enemy in the line in
    any world it imagined), for each computer player of the pair, as the arena counts them."""
    out = []
    for k in ("a", "b"):
        if d[k].startswith("ai:") and k + "_missiles" in d:
            out.append("%.1f (%.2f)" % (d[k + "_missiles"] / d["games"], d[k + "_blind_missiles"] / d["games"]))
        else:
            out.append("-")
    return ", ".join(out)


def game_scores(d):
    """Player a's score in each game (1, 0.5, 0), from the per-game points."""
    return [1.0 if pa > pb else 0.5 if pa == pb else 0.0 for pa, pb in d["game_points"]]


# ------------------------------------------------------------------ ratings
def fit_bt(players, cells, prior=0.5):
    """Bradley-Terry strengths by minorization-maximization (Hunter 2004), a draw counting half a
    win to each. cells: {(i, j): [scores of i against j]}. `prior` adds one virtual drawn game to
    every pair that met, so that a player who never scored still gets a finite rating. Returns Elo
    (400 log10 of the strength), the first player anchored at 0."""
    n = len(players)
    wins = [0.0] * n
    games = {}
    for (i, j), sc in cells.items():
        g = len(sc) + (1 if prior else 0)
        s = sum(sc) + (0.5 if prior else 0)
        wins[i] += s
        wins[j] += g - s
        key = (min(i, j), max(i, j))
        games[key] = games.get(key, 0) + g
    p = [1.0] * n
    for _ in range(2000):
        q = []
        for i in range(n):
            den = 0.0
            for (a, b), g in games.items():
                if i in (a, b):
                    other = b if i == a else a
                    den += g / (p[i] + p[other])
            q.append(wins[i] / den if den > 0 and wins[i] > 0 else 1e-9)
        norm = math.exp(sum(math.log(x) for x in q) / n)
        q = [x / norm for x in q]
        done = max(abs(math.log(x / y)) for x, y in zip(q, p)) < 1e-10
        p = q
        if done:
            break
    return [400.0 * math.log10(x / p[0]) for x in p]


def bootstrap(players, cells, rounds, seed):
    """95 % intervals of the Elo ratings: the games of every (scenario, pair) resampled."""
    rng = random.Random(seed)
    samples = [[] for _ in players]
    for _ in range(rounds):
        re_cells = {}
        for key, sc in cells.items():
            re_cells[key] = [sc[rng.randrange(len(sc))] for _ in sc]
        pooled = {}
        for (scn, i, j), sc in re_cells.items():
            pooled.setdefault((i, j), []).extend(sc)
        for k, r in enumerate(fit_bt(players, pooled)):
            samples[k].append(r)
    out = []
    for s in samples:
        s.sort()
        out.append((s[int(0.025 * (len(s) - 1))], s[int(math.ceil(0.975 * (len(s) - 1)))]))
    return out


def score_ci(sc):
    """Mean score and the Wilson 95 % interval of it as a share of the games (a draw half), in %."""
    n, z = len(sc), 1.96
    m = sum(sc) / n
    d = 1 + z * z / n
    c = (m + z * z / (2 * n)) / d
    h = z * math.sqrt(m * (1 - m) / n + z * z / (4 * n * n)) / d
    return 100 * m, 100 * max(0.0, c - h), 100 * min(1.0, c + h)


# ------------------------------------------------------------------ the tables
def render(raw, rounds, seed):
    players = raw["players"]
    idx = {p: k for k, p in enumerate(players)}
    results = [d for d in raw["results"] if d["a"] in idx and d["b"] in idx]
    large = " (large_battle %d)" % raw["large_games"] if "large_battle" in raw["scenarios"] else ""
    print("Ladder: %s; %d games a pair%s, seed %d; score = wins + half the draws.\n" % (
        ", ".join(raw["scenarios"]), raw["games"], large, raw["seed"]))
    print("| scenario | a vs b | games | a: W/D/L | a's score (95 % CI) | 0-0 draws | missiles a game: a, b (blind) "
          "| think p99 ms |")
    print("|---|---|---|---|---|---|---|---|")
    cells = {}
    for d in results:
        sc = game_scores(d)
        zero = sum(1 for pa, pb in d["game_points"] if pa == 0 and pb == 0)
        m, lo, hi = score_ci(sc)
        think = ", ".join("%s %.0f" % (k, v.get("cpu_p99", v["p99"])) for k, v in sorted(d["think_ms"].items()))
        print("| %s | %s vs %s | %d | %d/%d/%d | %.1f %% (%.1f-%.1f) | %d | %s | %s |" % (
            d["scenario_name"], d["a"], d["b"], d["games"], d["a_wins"], d["draws"], d["b_wins"], m, lo, hi,
            zero, missiles(d), think or "-"))
        if d["a"] != d["b"]:
            cells[(d["scenario_name"], idx[d["a"]], idx[d["b"]])] = sc
    pooled = {}
    for (scn, i, j), sc in cells.items():
        pooled.setdefault((i, j), []).extend(sc)
    if not pooled:
        return
    elo = fit_bt(players, pooled)
    ci = bootstrap(players, cells, rounds, seed)
    print("\nRatings over all these games (Bradley-Terry as Elo, `%s` = 0; 95 %% interval from %d bootstrap "
          "resamples of each scenario's games a pair; one virtual drawn game a pair keeps every rating finite):\n"
          % (players[0], rounds))
    print("| player | Elo | 95 % CI | games | score |")
    print("|---|---|---|---|---|")
    for k in sorted(range(len(players)), key=lambda k: -elo[k]):
        got = [s for (i, j), sc in pooled.items() if i == k for s in sc] + \
              [1 - s for (i, j), sc in pooled.items() if j == k for s in sc]
        print("| %s | %+.0f | %+.0f .. %+.0f | %d | %.1f %% |" % (players[k], elo[k], ci[k][0], ci[k][1], len(got),
                                                                 100 * sum(got) / len(got) if got else 0))
    goals(raw, players, cells, results)


def goals(raw, players, cells, results):
    """The issue's goals (issue 25), scenario by scenario, as far as these games measure them."""
    levels = [p for p in players if p.startswith("ai:")]
    if not levels:
        return
    top = levels[-1]

    def score(scn, a, b):
        if a not in players or b not in players:
            return None
        sc = cells.get((scn, players.index(a), players.index(b)))
        if sc is not None:
            return sc
        sc = cells.get((scn, players.index(b), players.index(a)))
        return None if sc is None else [1 - x for x in sc]

    def wins(scn, a, b):
        sc = score(scn, a, b)
        return None if sc is None else [1.0 if x == 1.0 else 0.0 for x in sc]

    rows = []
    for k in range(1, len(levels)):
        target = ">= 60 % (70 % over all)" if k == len(levels) - 1 and levels[k - 1] == "ai:captain" else ">= 60 %"
        rows.append(("%s vs %s: score" % (levels[k], levels[k - 1]), target,
                     lambda s, k=k: score(s, levels[k], levels[k - 1])))
    if "ai:captain" in levels[:-2]:
        rows.append(("%s vs ai:captain: score" % top, ">= 60 % (70 % over all)", lambda s: score(s, top, "ai:captain")))
    rows.append(("%s vs sitter: wins" % top, ">= 70 %", lambda s: wins(s, top, "sitter")))
    rows.append(("%s vs rusher: score" % top, ">= 90 %", lambda s: score(s, top, "rusher")))
    rows.append(("%s vs random: score" % top, ">= 90 %", lambda s: score(s, top, "random")))
    scns = raw["scenarios"]
    print("\nGoals (issue 25; %d games a pair here, the goals ask for 200 or more):\n" % raw["games"])
    print("| goal | target | " + " | ".join(scns) + " | all |")
    print("|---|---|" + "---|" * (len(scns) + 1))
    for name, target, f in rows:
        cols, allg = [], []
        for s in scns:
            sc = f(s)
            if sc:
                cols.append("%.1f %%" % (100 * sum(sc) / len(sc)))
                allg.extend(sc)
            else:
                cols.append("-")
        print("| %s | %s | %s | %s |" % (name, target, " | ".join(cols),
                                        "%.1f %%" % (100 * sum(allg) / len(allg)) if allg else "-"))
    fired = blind = games = 0
    for d in results:
        for k in ("a", "b"):
            if d[k] == top and k + "_missiles" in d:
                fired += d[k + "_missiles"]
                blind += d[k + "_blind_missiles"]
                games += d["games"]
    if games:
        print("\n%s's missiles: %.2f a game, %.3f of them a game blind (no enemy in the line in any world it "
              "imagined; goal: near zero), over its %d games (one against itself counts for each side)." % (
                  top, fired / games, blind / games, games))
    for d in results:
        if d["a"] == top and d["b"] == top and d["scenario_name"] == "duel":
            zero = sum(1 for pa, pb in d["game_points"] if pa == 0 and pb == 0)
            print("\n%s against itself on the duel: %d of %d games end 0-0 (%.1f %%; goal: at most 15 %%), "
                  "%d drawn in all; %.1f points a game for a side of the %s-point target." % (
                      top, zero, d["games"], 100.0 * zero / d["games"], d["draws"],
                      (d["a_points"] + d["b_points"]) / (2.0 * d["games"]), raw.get("duel_target", "?")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games a pair on each scenario (default 20)")
    ap.add_argument("--large-games", type=int, default=None, help="games a pair on large_battle (default --games)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--build", default="build", help="the build directory holding jumpstrike-sim")
    ap.add_argument("--scenarios", help="comma-separated scenario names (default: every battle scenario)")
    ap.add_argument("--players", help="comma-separated arena players (default: random, sitter, rusher, every level)")
    ap.add_argument("--bootstrap", type=int, default=200, help="bootstrap resamples for the intervals")
    ap.add_argument("--timeout", type=int, default=3600, help="seconds one arena run may take")
    ap.add_argument("--raw", help="write the arena's results here (JSON)")
    ap.add_argument("--from", dest="from_file",
                    help="render results kept with --raw (several files: comma-separated); play nothing")
    args = ap.parse_args()
    if args.from_file:
        raw = None
        for f in args.from_file.split(","):
            with open(f) as fh:
                part = json.load(fh)
            if raw is None:
                raw = part
            else:
                raw["scenarios"] += [s for s in part["scenarios"] if s not in raw["scenarios"]]
                raw["results"] += part["results"]
                if "large_battle" in part["scenarios"]:
                    raw["large_games"] = part["large_games"]
        render(raw, args.bootstrap, raw["seed"])
        return 0
    sim = args.build if os.path.isabs(args.build) else os.path.join(ROOT, args.build)
    sim = os.path.join(sim, "jumpstrike-sim")
    if not os.access(sim, os.X_OK):
        print("%s not found: build first" % sim, file=sys.stderr)
        return 1
    scenarios = args.scenarios.split(",") if args.scenarios else battle_scenarios()
    players = args.players.split(",") if args.players else default_players(sim)
    large = args.large_games if args.large_games is not None else args.games
    with open(os.path.join(ROOT, "scenarios", "duel.json")) as fh:
        duel_target = json.load(fh).get("victory", {}).get("target_points", "?")
    raw = {"players": players, "scenarios": scenarios, "games": args.games, "large_games": large,
           "seed": args.seed, "duel_target": duel_target, "results": []}
    levels = [p for p in players if p.startswith("ai:")]
    for scn in scenarios:
        n = large if scn == "large_battle" else args.games
        pairs = [(players[i], players[j]) for i in range(len(players)) for j in range(i + 1, len(players))]
        if scn == "duel" and levels:
            pairs.append((levels[-1], levels[-1]))
        for a, b in pairs:
            d = play(sim, scn, a, b, n, args.seed, args.timeout)
            if d:
                raw["results"].append(d)
            if args.raw:  # after every pair: a run stopped part way keeps what it played
                with open(args.raw, "w") as fh:
                    json.dump(raw, fh)
    render(raw, args.bootstrap, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
