"""Nothing acknowledged is lost: a client plays side A against the server's computer while the
server is killed with SIGKILL at random moments (between the client's requests, while the
computer may be thinking or committing) and restarted on the same data folder. The game goes on
where it was; at the end every command the server acknowledged to the client is in the record,
in order, and the record replays with `jumpstrike-sim replay --verify` to the server's hashes.
Both ways of storing (--sync full and --sync normal: a kill is not a power cut, so both must
keep everything). A short run here (KILLS kills each); longer: KILLS=200 python3 test_restart.py ..."""
import json, os, random, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(__file__))
from srvlib import Server, Bot, check, deadline

server_bin, sim, src = sys.argv[1:4]
KILLS = int(os.environ.get("KILLS", "8"))
rng = random.Random(2026)

def run(sync):
  with tempfile.TemporaryDirectory() as tmp:
    data = os.path.join(tmp, "data")
    srv = Server(server_bin, data, src, "--sync", sync, "--allow-seeds")
    g = srv.json("POST", "/v1/games", {"scenario": "carrier_strike", "seed": "9", "sides": {"A": "human", "B": "ai:cadet"}},
                 want=201)
    gid, tok = g["game"], g["token"]
    st, hello = srv.call("GET", "/v1/games/%s/hello" % gid, token=tok)
    bot = Bot(sim, "cadet", hello.decode())
    acked, kills, since, next_kill = [], 0, 0, rng.randint(1, 3)
    budget = deadline(240)
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
            check(st == 200, "a command was refused: %s: %s" % (cmd, b[:300]))
            acked.append(json.loads(cmd)["command"])
            if len(acked) >= next_kill and kills < KILLS:
                time.sleep(rng.random() * 0.03)  # the computer may be thinking, or storing its move
                srv.kill()
                kills += 1
                next_kill = len(acked) + rng.randint(1, 3)
                srv = Server(server_bin, data, src, "--sync", sync, "--allow-seeds")
        check(v["over"], "the game did not end within the time (%d commands, %d kills)" % (len(acked), kills))
        check(kills == KILLS, "only %d kills happened (the game was too short)" % kills)
        st, rec = srv.call("GET", "/v1/games/%s/record" % gid, token=tok)
        check(st == 200, "no record: %s" % rec[:300])
        lines = [json.loads(l) for l in rec.decode().splitlines()[1:]]
        mine = [l for l in lines if l.get("side") == "A"]
        check(len(mine) == len(acked), "the record holds %d of side A's commands; %d were acknowledged"
              % (len(mine), len(acked)))
        for i, (r, a) in enumerate(zip(mine, acked)):
            check(r["type"] == a["type"], "side A's command %d: the record has %s, %s was acknowledged"
                  % (i, r["type"], a["type"]))
        path = os.path.join(tmp, "game.jsonl")
        open(path, "wb").write(rec)
        out = subprocess.run([sim, "replay", "--verify", path], capture_output=True, text=True, timeout=60)
        final = lines[-1]["hash"]
        check(out.returncode == 0 and ("final %s" % final) in out.stdout,
              "the record does not replay to the server's final hash %s: %s %s" % (final, out.stdout, out.stderr))
    finally:
        bot.stop()
        srv.stop()
  print("ok (--sync %s): %d kills, %d commands acknowledged to side A, all in the record; it replays to %s"
        % (sync, kills, len(acked), final))


run("full")
run("normal")
