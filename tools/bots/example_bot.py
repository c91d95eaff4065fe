#!/usr/bin/env python3
"""A small Jumpstrike bot (docs/bots.md): it reads the wire format's messages on stdin, one JSON
object a line, and answers each update with one command on stdout.

It plays simply: each plotting phase it moves every active ship of its own two hexes ahead and
fires a missile forward while it has one; it resolves its missiles in order, holds its pods, never
attacks with pods or ships and sacrifices no guard pods. At setup it buys nothing, places its jump
points, jump-off points and entry point near its base line, and keeps the deck's own Vanguard. It
launches nothing and plays no command card or die, so ships held in reserve stay there.

    jumpstrike-sim arena scenarios/duel.json --a exec:"python3 tools/bots/example_bot.py" --b ai:cadet
"""
import json
import random
import sys


def at(array, i):
    """Element i of a wire array, which drops its trailing zeros (and is left out when all are)."""
    return array[i] if array and i < len(array) else 0


def command(cmd):
    """Send one command: a wire "command" message, flushed (a pipe is not a terminal)."""
    print(json.dumps({"type": "command", "version": 1, "command": cmd}), flush=True)


def plot_or_ready(me, state, cards):
    """One plot a message: the first active ship of ours not yet plotted this phase. Orders are
    kept three turns deep (P-1): a ship new on the map plots from this turn (slot 0), the others
    the turn after next (slot 2), its phase within 1 of the turn before's (P-2)."""
    for i, ship in enumerate(state.get("ships", [])):
        if ship.get("side") != me or not ship.get("on_map") or ship.get("state") != "active" or ship.get("plotted"):
            continue
        unit = state["units"][ship.get("unit", 0)]
        card = cards[unit.get("def", 0)]
        slot = 0 if ship.get("fresh") else 2
        before = ship.get("phase", 5) if slot == 0 else ship.get("plan", [{}, {}])[1].get("phase", 5)
        order = {"phase": before, "move": min(2, card.get("move", 0))}
        plotted = sum(o.get("msl_fwd", 0) + o.get("msl_aft", 0) for k, o in enumerate(ship.get("plan", [])) if k != slot)
        if ship.get("missiles", 0) > plotted and card.get("fwd_launchers", 0) > 0:
            order["missiles_fwd"] = 1
        return {"type": "plot", "side": me, "ship": i, "slot": slot, "order": order}
    return {"type": "ready", "side": me}


class Board:
    """The map as the hello gives it, seen from one side: its base line is the row it starts
    from (A's the bottom row, B's the top), and its left is west for A, east for B (G-7)."""

    def __init__(self, scn, me):
        self.scn, self.me, self.w, self.h = scn, me, scn["width"], scn["height"]

    def row(self, depth):
        """The row `depth` steps in from our base line (0: the base line itself)."""
        return self.h - 1 - depth if self.me == "A" else depth

    def passable(self, col, row):
        kind = at(self.scn.get("terrain"), row * self.w + col)
        return not self.scn["terrain_types"][kind].get("impassable")

    def clear(self, col, row):
        """The hex and its six neighbours are on the map and passable: any ship fits on it (J-5)."""
        q, r = axial([col, row])
        around = [offset(q + dq, r + dr) for dq, dr in ((0, 0),) + AXIAL]
        return all(0 <= c < self.w and 0 <= r < self.h and self.passable(c, r) for c, r in around)

    def near(self, col, depths, columns, taken=(), fits=None):
        """The passable hex closest to column `col` among `columns`, trying the depths in order;
        with `fits`, a hex it accepts if there is one."""
        for test in ([fits] if fits else []) + [self.passable]:
            for depth in depths:
                for c in sorted(columns, key=lambda c: abs(c - col)):
                    if test(c, self.row(depth)) and [c, self.row(depth)] not in taken:
                        return [c, self.row(depth)]
        return None

    def section(self, k):
        """Columns of our section k (0 left, 1 centre, 2 right); section lines are in none (J-2)."""
        c1, c2 = self.scn["section_c1"], self.scn["section_c2"]
        west = [range(0, c1), range(c1 + 1, c2), range(c2 + 1, self.w)][k if self.me == "A" else 2 - k]
        return list(west)


def play_card(me, state, scn, board, side):
    """The first Scout, Probe or Attack card in hand whose jump point of ours stands where any
    ship fits: it deploys as many reserve cards as it gives orders, facing the enemy (J-4, J-5)."""
    reserve = [i for i, u in enumerate(state.get("units", [])) if u.get("side") == me and u.get("where") == "reserve"]
    for k in range(at(state.get("nhand"), side)):
        card = at(at(state.get("hand"), side), k)
        cc = scn["deck"][card]
        site = [s for s in state.get("sites", []) if s.get("kind") == "jump_point" and s.get("side") == me
                and s.get("alive") and s.get("section") == cc.get("section")]
        if reserve and cc.get("kind") in ("scout", "probe", "attack") and site and board.clear(*site[0]["hex"]):
            deploy = [{"unit": u, "facing": 1 if me == "A" else 4, "phase": 5} for u in reserve[:cc["orders"]]]
            return {"type": "play_card", "side": me, "card": card, "deploy": deploy}
    return None


# Hexes are [col, row] with odd columns half a hex lower (odd-q); axial coordinates make steps
# and distances simple.
AXIAL = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def axial(h):
    return h[0], h[1] - (h[0] - (h[0] & 1)) // 2


def offset(q, r):
    return [q, r + (q - (q & 1)) // 2]


def distance(a, b):
    (aq, ar), (bq, br) = axial(a), axial(b)
    return (abs(aq - bq) + abs(ar - br) + abs(aq + ar - bq - br)) // 2


def answer(me, view, scn):
    kind = view["decision"]["kind"]
    state = view["state"]
    side = 0 if me == "A" else 1
    board = Board(scn, me)
    if kind == "plot":  # move and fire, one ship a message, then ready
        return plot_or_ready(me, state, scn.get("cards", []))
    if kind == "missile":  # which of our missiles flies next: the first
        mine = [i for i, m in enumerate(state.get("missiles", [])) if m.get("alive") and m.get("side") == me]
        return {"type": "missile", "side": me, "missile": mine[0]}
    if kind == "pod_move":  # one pod group that has not moved: it holds
        mine = [i for i, p in enumerate(state.get("pods", []))
                if p.get("alive") and p.get("side") == me and not p.get("acted")]
        return {"type": "pod_move", "side": me, "group": mine[0], "hold": True}
    if kind == "pod_attack":  # no pod attack
        return {"type": "pod_attack", "side": me, "pass": True}
    if kind == "guard":  # sacrifice no guard pods
        return {"type": "guard", "side": me, "count": 0}
    if kind == "die":  # manual dice: roll it ourselves
        return {"type": "die", "side": me, "value": random.randint(1, view["decision"]["die_sides"])}
    if kind == "setup_jump_points":  # J-2: one per section, one step in from the base line
        for k, name in enumerate(("left", "centre", "right")):
            if not at(state.get("jp_set_mask"), side) & (1 << k):
                cols = board.section(k)
                hex_ = board.near(cols[len(cols) // 2], (1, 0, 2), cols, fits=board.clear)
                return {"type": "place_jump_point", "side": me, "section": name, "hex": hex_}
    if kind == "setup_jump_offs":  # K-2: jump-offs spread over our deployment area, then the entry point
        placed = at(state.get("jo_pick"), side) or []
        for k in range(scn.get("jump_offs", 0)):
            if not at(state.get("jo_set_mask"), side) & (1 << k):
                taken = placed[:k] + [s["hex"] for s in state.get("sites", []) if s.get("side") == me]
                depths = range(min(1, scn["jump_off_depth"] - 1), scn["jump_off_depth"])
                hex_ = board.near(board.w * (2 * k + 1) // (2 * scn["jump_offs"]), depths, range(board.w), taken)
                return {"type": "place_jump_off", "side": me, "slot": k, "hex": hex_}
        if not at(state.get("entry_set"), side) and not any(
                s.get("kind") == "entry" and s.get("side") == me for s in state.get("sites", [])):
            return {"type": "place_entry", "side": me, "hex": board.near(board.w // 2, (0,), range(board.w))}
    if kind == "new_entry":  # K-7: the base-line hex farthest from the captured one and every enemy ship
        away = [s["hex"] for s in state.get("sites", []) if s.get("kind") == "entry" and s.get("side") == me]
        away += [s["pos"] for s in state.get("ships", [])
                 if s.get("side") != me and s.get("on_map") and s.get("state") != "destroyed"]
        hexes = [[c, board.row(0)] for c in range(board.w) if board.passable(c, board.row(0))]
        return {"type": "place_entry", "side": me, "hex": max(hexes, key=lambda x: min(distance(x, a) for a in away))}
    if kind == "discard":  # H-5: down to the Billet, the first cards in hand
        over = at(state.get("nhand"), side) - at(state.get("billet"), side)
        return {"type": "discard", "side": me, "cards": [at(at(state.get("hand"), side), i) for i in range(over)]}
    if kind == "command" and at(state.get("play_card"), side) == -1:  # J-3: a card brings in reserves, then ready
        play = play_card(me, state, scn, board, side)
        if play:
            return play
    # command (no launches, no command dice), ship_attack, setup_buy, vanguard: nothing, then ready
    return {"type": "ready", "side": me}


def main():
    me, scn = None, {}
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            me, scn = msg["side"], msg["scenario"]
            random.seed(int(msg["seed"]))
        elif msg["type"] == "update":
            command(answer(me, msg["view"], scn))
        elif msg["type"] == "error":
            print("example_bot: the arena says: " + msg["reason"], file=sys.stderr)
        elif msg["type"] == "end":
            break


if __name__ == "__main__":
    main()
