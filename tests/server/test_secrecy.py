"""The differential secrecy test over HTTP (RULES X-2, P-5, L-6): two bots play whole games through
jumpstrike-server; each time one side answers a secret decision (a plot, a launch and its cargo,
a purchase, a jump point, a card from its hand) and still owes the rest of its answer, every byte
the other side can get from the server — its hello, its view with every event it may see, the
list of its games — is the same before and after. A side's secrets change; the other side's
bytes do not."""
import json, os, re, sys, tempfile
sys.path.insert(0, os.path.dirname(__file__))
from srvlib import Server, Bot, check, deadline, two_players

server_bin, sim, src = sys.argv[1:4]
SCENARIOS = ["duel", "carrier_strike", "competition", "jump_and_launch"]


def bytes_of(srv, gid, tok):
    """Everything the side of tok can read now."""
    out = []
    for path in ("/v1/games/%s/hello" % gid, "/v1/games/%s/view" % gid, "/v1/games/%s/view?since=3" % gid):
        st, b = srv.call("GET", path, token=tok)
        check(st == 200, "GET %s: HTTP %d" % (path, st))
        out.append(b)
    st, b = srv.call("POST", "/v1/mine", {"tokens": [tok]})
    # how long ago the last move was grows with the clock, not with the other side's secrets (the
    # time of the move itself, last_move, is compared)
    out.append(re.sub(rb'"last_move_ago":[0-9]+', b'"last_move_ago":N', b))
    return b"\n".join(out)


def play(srv, scenario, seed, budget):
    gid, tok = two_players(srv, {"scenario": scenario, "seed": str(seed)})
    bots = []
    for s in (0, 1):
        st, hello = srv.call("GET", "/v1/games/%s/hello" % gid, token=tok[s])
        bots.append(Bot(sim, "cadet", hello.decode()))
    since, checked, n = [0, 0], 0, 0
    while budget() and n < 200:  # the setup and the first turns: where the secrets are
        views = [srv.json("GET", "/v1/games/%s/view?since=%d" % (gid, since[s]), token=tok[s]) for s in (0, 1)]
        if views[0]["over"]:
            break
        mover = [s for s in (0, 1) if views[s]["update"]["view"]["decision"].get("sides", 0) & (1 << s)]
        check(mover, "%s: nobody to move in a game not over" % scenario)
        s, o = mover[0], 1 - mover[0]
        decision = views[s]["update"]["view"]["decision"]
        since[s] = views[s]["events_total"]
        cmd = bots[s].decide(json.dumps(views[s]["update"]))
        before = bytes_of(srv, gid, tok[o])
        st, b = srv.call("POST", "/v1/games/%s/commands" % gid, cmd.encode(), token=tok[s])
        check(st == 200, "%s: the server refused a bot's command %s: %s" % (scenario, cmd, b[:300]))
        n += 1
        after_s = srv.json("GET", "/v1/games/%s/view" % gid, token=tok[s])
        # the same decision, still owed by s: nothing public has happened
        st0, st1 = views[s]["update"]["view"]["state"], after_s["update"]["view"]["state"]
        still = (after_s["update"]["view"]["decision"].get("sides", 0) & (1 << s) and
                 after_s["update"]["view"]["decision"].get("kind") == decision.get("kind") and
                 (st0.get("turn"), st0.get("phase")) == (st1.get("turn"), st1.get("phase")))
        public = json.loads(cmd)["command"]["type"] == "ready"  # a Ready is public: it ends the answer
        if decision.get("secret") and still and not public and not after_s["over"]:
            after = bytes_of(srv, gid, tok[o])
            k = next((i for i in range(min(len(before), len(after))) if before[i] != after[i]), 0)
            check(before == after, "%s: side %s's secret command %s changed what side %s reads at byte %d:\n%s\n%s"
                  % (scenario, "AB"[s], cmd, "AB"[o], k, before[k - 300:k + 200], after[k - 300:k + 200]))
            checked += 1
    for b in bots:
        b.stop()
    return checked, n


with tempfile.TemporaryDirectory() as tmp:
    srv = Server(server_bin, os.path.join(tmp, "data"), src, "--allow-seeds")
    try:
        budget = deadline(240)
        for i, scn in enumerate(SCENARIOS):
            checked, n = play(srv, scn, 20 + i, budget)
            print("%s: %d commands, %d secret answers checked" % (scn, n, checked))
            check(checked >= 5, "%s: only %d secret answers were checked" % (scn, checked))
    finally:
        srv.stop()
print("ok")
