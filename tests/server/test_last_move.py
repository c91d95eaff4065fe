"""When the last move came (docs/server.md, /v1/mine): each game in a side's list says the time
of the last change to what that side sees (last_move, unix seconds by the server's clock) and how
long ago it was (last_move_ago); the times come from the store, so a restart (SIGKILL) keeps them;
a database made before the times were opens, its games' times not known (null), until the next
move. (That the other side's secret answers move nothing is checked by test_secrecy.py.)"""
import os, sqlite3, sys, tempfile, time
sys.path.insert(0, os.path.dirname(__file__))
from srvlib import Server, check

server_bin, sim, src = sys.argv[1:4]


def row(srv, tok):
    games = srv.json("POST", "/v1/mine", {"tokens": [tok]})["games"]
    check(len(games) == 1, "mine: %s" % games)
    return games[0]


with tempfile.TemporaryDirectory() as tmp:
    data = os.path.join(tmp, "data")
    srv = Server(server_bin, data, src)
    try:
        t0 = int(time.time())
        g = srv.json("POST", "/v1/games", {"scenario": "duel", "sides": {"A": "human", "B": "ai:cadet"}}, want=201)
        gid, tok = g["game"], g["token"]
        r = row(srv, tok)
        check(isinstance(r["last_move"], int) and t0 <= r["last_move"] <= time.time() + 1,
              "a new game's last move is not its creation: %s (now %d)" % (r, t0))
        check(isinstance(r["last_move_ago"], int) and 0 <= r["last_move_ago"] <= 5, "last_move_ago: %s" % r)
        created = r["last_move"]
        time.sleep(2.2)
        r = row(srv, tok)
        check(r["last_move"] == created and r["last_move_ago"] >= 2, "with nothing played the time moved: %s" % r)
        # A's Ready: what A sees changes (and the computer plays on)
        srv.json("POST", "/v1/games/%s/commands" % gid, {"type": "command", "version": 1,
                                                         "command": {"type": "ready", "side": "A"}}, token=tok)
        r = row(srv, tok)
        check(r["last_move"] >= created + 2 and r["last_move_ago"] <= 5, "Ready did not move the last move: %s" % r)
        moved = r["last_move"]
        time.sleep(1.1)
        # the times are the store's: a kill and a restart keep them
        srv.kill()
        srv = Server(server_bin, data, src)
        r = row(srv, tok)
        check(r["last_move"] == moved and r["last_move_ago"] >= 1, "after a restart: %s (was %d)" % (r, moved))
        srv.stop()
        # a database of an earlier server, without the times: it opens, the time is not known
        db = sqlite3.connect(os.path.join(data, "jumpstrike.sqlite"))
        for t, c in (("games", "created"), ("games", "resigned_at"), ("commands", "at")):
            db.execute("ALTER TABLE %s DROP COLUMN %s" % (t, c))
        db.commit()
        db.close()
        srv = Server(server_bin, data, src)
        r = row(srv, tok)
        check(r["last_move"] is None and r["last_move_ago"] is None, "an old database's game: %s" % r)
        st, b = srv.call("POST", "/v1/games/%s/resign" % gid, {}, token=tok)
        check(st == 200, "resign: %d %s" % (st, b))
        r = row(srv, tok)
        check(r["over"] and isinstance(r["last_move"], int) and r["last_move_ago"] <= 5,
              "the resignation is the last move: %s" % r)
        print("ok: last_move from creation, a Ready, a restart, an old database, a resignation")
    finally:
        srv.stop()
