"""Players' names: create and join take the player's "name" (optional; printable UTF-8, at most 32
characters, no control characters; a bad one is a 400 naming the field). The server keeps them
(a restart keeps them; a database made before names gets the column) and both sides see both
names, in the create/join answers, the view answer's envelope and /v1/mine, which also gives the
scenario's title and the sides' factions; the computer is named by its level; the record at the
end names both players."""
import json, os, sqlite3, sys, tempfile, threading, time
sys.path.insert(0, os.path.dirname(__file__))
from srvlib import Server, check

server_bin, sim, src = sys.argv[1:4]

with tempfile.TemporaryDirectory() as tmp:
    data = os.path.join(tmp, "data")
    srv = Server(server_bin, data, src, "--allow-seeds")
    try:
        # bad names: each a 400 naming the field, and nothing created
        for bad, why in (("x" * 33, "longer than 32"), ("Bo\nb", "control"), ("Bo\x7fb", "control"),
                         ("Bo\u0085b", "control"), (7, "expected a string")):
            st, b = srv.call("POST", "/v1/games", {"scenario": "duel", "sides": {"A": "human", "B": "human"},
                                                   "name": bad})
            check(st == 400 and b'"reason":"name: ' in b and why.encode() in b,
                  "create with name %r: HTTP %d %s" % (bad, st, b[:200]))
        st, b = srv.call("POST", "/v1/games", b'{"scenario":"duel","sides":{"A":"human","B":"human"},"name":"\xff"}')
        check(st == 400 and b"name: not valid UTF-8" in b, "a name of bad UTF-8: %d %s" % (st, b[:200]))
        ok32 = "\u00c5" * 32  # 32 characters, 64 bytes: allowed
        g = srv.json("POST", "/v1/games", {"scenario": "duel", "seed": "3", "sides": {"A": "human", "B": "human"},
                                           "name": "Alice \"the\" Bold"}, want=201)
        check(g["players"] == {"A": "Alice \"the\" Bold", "B": None}, "the create answer's players: %s" % g)
        gid, code = g["invite"].split(":")[1:3]
        # the creator waits on a long-poll: the join names the other player, and answers it
        v0 = srv.json("GET", "/v1/games/%s/view" % gid, token=g["token"])
        m0 = srv.json("POST", "/v1/mine", {"tokens": [g["token"]]})["games"][0]["last_move"]
        polled = {}
        poll = threading.Thread(target=lambda: polled.update(r=srv.json(
            "GET", "/v1/games/%s/view?etag=%s&wait=20" % (gid, v0["etag"]), token=g["token"])))
        t0 = time.monotonic()
        poll.start()
        time.sleep(0.3)
        st, b = srv.call("POST", "/v1/games/%s/join" % gid, {"code": code, "name": "Bob\tX"})
        check(st == 400 and b"name:" in b, "a join with a tab in the name: %d %s" % (st, b[:200]))
        j = srv.json("POST", "/v1/games/%s/join" % gid, {"code": code, "name": ok32})
        check(j["players"] == {"A": "Alice \"the\" Bold", "B": ok32}, "the join answer's players: %s" % j)
        toks = [g["token"], j["token"]]
        poll.join(10)
        check("r" in polled and polled["r"]["players"]["B"] == ok32 and time.monotonic() - t0 < 5,
              "the creator's long-poll did not answer the join with the name: %s" % polled.get("r", {}).get("players"))
        m1 = srv.json("POST", "/v1/mine", {"tokens": [g["token"]]})["games"][0]["last_move"]
        check(m1 == m0, "a join is not a move: last_move %s became %s" % (m0, m1))
        for s in (0, 1):
            v = srv.json("GET", "/v1/games/%s/view" % gid, token=toks[s])
            check(v["players"] == {"A": "Alice \"the\" Bold", "B": ok32}, "side %d's view: %s" % (s, v["players"]))
        m = srv.json("POST", "/v1/mine", {"tokens": [toks[1]]})["games"][0]
        check(m["players"] == {"A": "Alice \"the\" Bold", "B": ok32} and m["title"] == "Duel at Kepler Gap"
              and m["factions"]["A"] and m["factions"]["B"] and m["factions"]["A"] != m["factions"]["B"],
              "/v1/mine: %s" % m)
        # against the computer: its name is its level; a creator who gives none is null
        c = srv.json("POST", "/v1/games", {"scenario": "duel", "seed": "4", "sides": {"A": "ai:captain", "B": "human"}},
                     want=201)
        check(c["players"] == {"A": "Computer (Captain)", "B": None}, "against the computer: %s" % c["players"])
        r = srv.json("POST", "/v1/games/%s/resign" % gid, {}, token=toks[0])
        st, rec = srv.call("GET", "/v1/games/%s/record" % gid, token=toks[1])
        check(st == 200, "the record: %d %s" % (st, rec[:200]))
        head = json.loads(rec.decode().splitlines()[0])
        check(head.get("players", {}).get("A") == "Alice \"the\" Bold" and
              head["players"]["B"].startswith("\u00c5" * 15) and len(head["players"]["B"].encode()) <= 31,
              "the record's players: %s" % head.get("players"))
    finally:
        check(srv.stop() == 0, "the stop")
    # a restart keeps them
    srv = Server(server_bin, data, src)
    try:
        v = srv.json("GET", "/v1/games/%s/view" % gid, token=toks[1])
        check(v["players"] == {"A": "Alice \"the\" Bold", "B": ok32}, "after a restart: %s" % v["players"])
    finally:
        check(srv.stop() == 0, "the second stop")
    # a database made before names: the columns are added, its games have no names
    db = sqlite3.connect(os.path.join(data, "jumpstrike.sqlite"))
    db.execute("CREATE TABLE g2 AS SELECT id,scenario,scenario_hash,seed,computer_a,computer_b,side_seed_a,"
               "side_seed_b,token_a,token_b,resigned,join_code,created,resigned_at FROM games")
    db.execute("DROP TABLE games")
    db.execute("ALTER TABLE g2 RENAME TO games")
    db.commit()
    db.close()
    srv = Server(server_bin, data, src)
    try:
        v = srv.json("GET", "/v1/games/%s/view" % gid, token=toks[1])
        check(v["players"] == {"A": None, "B": None}, "an older database: %s" % v["players"])
        g = srv.json("POST", "/v1/games", {"scenario": "duel", "sides": {"A": "human", "B": "ai:cadet"},
                                           "name": "Carol"}, want=201)
        check(g["players"] == {"A": "Carol", "B": "Computer (Cadet)"}, "a new game on it: %s" % g["players"])
    finally:
        check(srv.stop() == 0, "the third stop")
    srv = Server(server_bin, data, src)
    try:
        v = srv.json("GET", "/v1/games/%s/view" % g["game"], token=g["token"])
        check(v["players"]["A"] == "Carol", "its name kept: %s" % v["players"])
    finally:
        check(srv.stop() == 0, "the fourth stop")
print("ok: names checked (5 bad ones refused naming the field), kept, shown to both sides, in /v1/mine "
      "with the title and factions, the computer's by its level, in the record, kept across restarts "
      "and an older database")
