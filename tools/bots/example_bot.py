#!/usr/bin/env python3
"""A small Jumpstrike bot (docs/bots.md): it reads the wire format's messages on stdin, one JSON
object a line, and answers each update with one command on stdout.

It plays simply: each plotting phase it moves every active ship of its own two hexes ahead and
fires a missile forward while it has one; it resolves its missiles in order, holds its pods, never
attacks with pods or ships and sacrifices no guard pods. Everything else it answers with "ready".
That is enough for the scenarios that deploy by launches (duel, carrier_strike, large_battle...);
one with jump points or command dice wants setup answers it does not give.

    jumpstrike-sim arena scenarios/duel.json --a exec:"python3 tools/bots/example_bot.py" --b ai:cadet
"""
import json
import sys


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


def answer(me, view, cards):
    kind = view["decision"]["kind"]
    state = view["state"]
    if kind == "plot":
        return plot_or_ready(me, state, cards)
    if kind == "missile":
        mine = [i for i, m in enumerate(state.get("missiles", [])) if m.get("alive") and m.get("side") == me]
        return {"type": "missile", "side": me, "missile": mine[0]}
    if kind == "pod_move":
        mine = [i for i, p in enumerate(state.get("pods", []))
                if p.get("alive") and p.get("side") == me and not p.get("acted")]
        return {"type": "pod_move", "side": me, "group": mine[0], "hold": True}
    if kind == "pod_attack":
        return {"type": "pod_attack", "side": me, "pass": True}
    if kind == "guard":
        return {"type": "guard", "side": me, "count": 0}
    return {"type": "ready", "side": me}


def main():
    me, cards = None, []
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            me, cards = msg["side"], msg["scenario"].get("cards", [])
        elif msg["type"] == "update":
            command(answer(me, msg["view"], cards))
        elif msg["type"] == "error":
            print("example_bot: the arena says: " + msg["reason"], file=sys.stderr)
        elif msg["type"] == "end":
            break


if __name__ == "__main__":
    main()
