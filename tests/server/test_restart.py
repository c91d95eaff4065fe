"""Nothing acknowledged is lost: a client plays side A against the server's computer while the
server is killed with SIGKILL at random moments (between the client's requests, while the
computer may be thinking or committing) and restarted on the same data folder. The game goes on
where it was; when it ends, every command the server acknowledged to the client is in the record,
in order, and the record replays with `jumpstrike-sim replay --verify` to the server's hashes;
then the next game begins, until KILLS kills are done (one game has room for about 60). Both ways
of storing (--sync full and --sync normal: a kill is not a power cut, so both must keep
everything). A short run here (KILLS=8 for each); the full one: tools/server_kills.sh
(KILLS=200 SYNCS=full python3 test_restart.py SERVER SIM SOURCE_DIR)."""
import json, os, random, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(__file__))
from srvlib import Server, Bot, check, deadline

server_bin, sim, src = sys.argv[1:4]
KILLS = int(os.environ.get("KILLS", "8"))
SYNCS = os.environ.get("SYNCS", "full normal").split()
rng = random.Random(2026)


def play_one(srv, tmp, data, sync, n, kills, budget):
    """Game n to its end, killing the server as it goes while kills remain; (the server now
    running, kills done, commands acknowledged to side A)."""
    g = srv.json("POST", "/v1/games", {"scenario": "carrier_strike", "seed": str(9 + n),
                                       "sides": {"A": "human", "B": "ai:cadet"}}, want=201)
    gid, tok = g["game"], g["token"]
    st, hello = srv.call("GET", "/v1/games/%s/hello" % gid, token=tok)
    bot = Bot(sim, "cadet", hello.decode())
    acked, since, next_kill = [], 0, rng.randint(1, 3)
    try:
        while budget():
            v = srv.json("GET", "/v1/games/%s/view?since=%d" % (gid, since), token=tok)
            if v["over"]:
                break
            if not v["update"]["view"]["decision"].get("sides", 0) & 1:
                srv.json("GET", "/v1/games/%s/view?etag=%s&wait=5" % (gid, v["etag"]), token=tok)
                continue
            since = v["events_total"]
            cmd = bot.decide(json.dumps(v["update"]))
            st, b = srv.call("POST", "/v1/games/%s/commands" % gid, cmd.encode(), token=tok)
            check(st == 200, "game %d: a command was refused: %s: %s" % (n, cmd, b[:300]))
            acked.append(json.loads(cmd)["command"])
            if len(acked) >= next_kill and kills < KILLS:
                time.sleep(rng.random() * 0.03)  # the computer may be thinking, or storing its move
                srv.kill()
                kills += 1
                next_kill = len(acked) + rng.randint(1, 3)
                srv = Server(server_bin, data, src, "--sync", sync, "--allow-seeds")
    finally:
        bot.stop()
    check(v["over"], "game %d did not end within the time (%d commands, %d kills)" % (n, len(acked), kills))
    st, rec = srv.call("GET", "/v1/games/%s/record" % gid, token=tok)
    check(st == 200, "game %d: no record: %s" % (n, rec[:300]))
    lines = [json.loads(l) for l in rec.decode().splitlines()[1:]]
    mine = [l for l in lines if l.get("side") == "A"]
    check(len(mine) == len(acked), "game %d: the record holds %d of side A's commands; %d were acknowledged"
          % (n, len(mine), len(acked)))
    for i, (r, a) in enumerate(zip(mine, acked)):
        check(r["type"] == a["type"], "game %d: side A's command %d: the record has %s, %s was acknowledged"
              % (n, i, r["type"], a["type"]))
    path = os.path.join(tmp, "game%d.jsonl" % n)
    open(path, "wb").write(rec)
    out = subprocess.run([sim, "replay", "--verify", path], capture_output=True, text=True, timeout=60)
    final = lines[-1]["hash"]
    check(out.returncode == 0 and ("final %s" % final) in out.stdout,
          "game %d: the record does not replay to the server's final hash %s: %s %s"
          % (n, final, out.stdout, out.stderr))
    return srv, kills, len(acked)


def run(sync):
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data")
        srv = Server(server_bin, data, src, "--sync", sync, "--allow-seeds")
        budget = deadline(max(240, 8 * KILLS))
        kills = games = commands = 0
        try:
            while kills < KILLS or games == 0:
                check(budget(), "the time ran out after %d kills in %d games" % (kills, games))
                before = kills
                srv, kills, n = play_one(srv, tmp, data, sync, games, kills, budget)
                games += 1
                commands += n
                if KILLS > 8:
                    print("game %d: %d kills, %d commands acknowledged, verified (%d kills in all)"
                          % (games, kills - before, n, kills), flush=True)
        finally:
            srv.stop()
    print("ok (--sync %s): %d kills over %d games, %d commands acknowledged to side A, every one in its "
          "game's record; every record replays with --verify to the server's final hash (%.0f s)"
          % (sync, kills, games, commands, time.monotonic() - t0), flush=True)


for sync in SYNCS:
    run(sync)
