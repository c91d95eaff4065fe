"""Bad requests of every kind get a JSON error naming the field and the problem (a wire-format
"error" message), never a crash and never a change to a game; an unknown game and a wrong token
get the same answer, byte for byte; the limits hold (body size, nesting, rate per address, slow
clients); a long-poll answers within a second of a change and after its wait when nothing
happens; resigning ends the game and opens its record."""
import json, os, socket, sys, tempfile, threading, time
sys.path.insert(0, os.path.dirname(__file__))
from srvlib import Server, check, two_players

server_bin, sim, src = sys.argv[1:4]
SIDES = {"A": "human", "B": "human"}


def expect(srv, method, path, body, status, words, token=None, headers=None):
    st, b = srv.call(method, path, body, token=token, headers=headers)
    try:
        j = json.loads(b)
    except ValueError:
        check(False, "%s %s: the answer is not JSON: %r" % (method, path, b[:200]))
    check(st == status and j.get("type") == "error" and words in j.get("reason", ""),
          "%s %s %r: wanted %d with \"%s\", got %d: %s" % (method, path, body if body is None else body[:80]
                                                          if isinstance(body, bytes) else body, status, words, st, b[:300]))
    return b


with tempfile.TemporaryDirectory() as tmp:
    srv = Server(server_bin, os.path.join(tmp, "data"), src, "--max-body", "4096")
    try:
        gid, (ta, tb) = two_players(srv, {"scenario": "duel"})
        check(len(ta) == 32 and len(tb) == 32 and ta != tb, "tokens: %s %s" % (ta, tb))
        g2 = srv.json("POST", "/v1/games", {"scenario": "duel", "sides": {"A": "human", "B": "ai:cadet"}}, want=201)
        check(g2["side"] == "A" and g2["invite"] is None and "tokens" not in g2, "against the computer: %s" % g2)
        g2["tokens"] = {"A": g2["token"]}
        V = "/v1/games/%s/view" % gid
        snap = lambda: [srv.call("GET", V, token=t)[1] for t in (ta, tb)]
        before = snap()

        C = "/v1/games"
        ok = {"scenario": "duel", "sides": SIDES}
        for body, status, words in [
            (b"{", 400, "body: not JSON"), (b"", 400, "body: expected a JSON object, got nothing"),
            (b"[]", 400, "body: expected a JSON object"), (b"[" * 100 + b"]" * 100, 400, "deeper than 16"),
            (b"\x00\xff\xfe garbage", 400, "body: not JSON"), (b'{"scenario":"duel\x00"}', 400, "NUL"),
            (dict(ok, colour=1), 400, 'unknown field "colour"'), ({"sides": SIDES}, 400, "scenario: expected"),
            (dict(ok, scenario="../../etc/passwd"), 400, "scenario: expected the name"),
            (dict(ok, scenario=7), 400, "scenario: expected"),
            (dict(ok, scenario="nosuch"), 404, 'no shipped scenario is called "nosuch"'),
            # whoever picks the dice foresees every roll: a server not started --allow-seeds refuses one
            (dict(ok, seed="5"), 400, "seed: this server draws the dice itself"), (dict(ok, seed=5), 400, "--allow-seeds"),
            (dict(ok, me="C"), 400, 'me: expected "A" or "B"'), (dict(ok, me=1), 400, "me: expected"),
            (dict(ok, me="B", sides={"A": "human", "B": "ai:cadet"}), 400, "me: side B is the computer's"),
            ({"scenario": "duel"}, 400, "sides: expected an object"),
            (dict(ok, sides={"A": "robot", "B": "human"}), 400, "sides.A: expected"),
            (dict(ok, sides={"A": "human", "B": "ai:god"}), 400, "sides.B: expected"),
            (dict(ok, sides={"A": "human", "B": "human", "C": "human"}), 400, 'unknown field "C"'),
            (dict(ok, sides={"A": "ai:cadet", "B": "ai:cadet"}), 400, "at least one side"),
            (b'{"scenario":"duel","scenario":"duel"}', 400, "given twice"),
            (b"{" + b'"x":"' + b"a" * 9000 + b'"}', 413, "body: larger than 4096 bytes"),
        ]:
            expect(srv, "POST", C, body, status, words)
        expect(srv, "GET", C, None, 405, "method")
        expect(srv, "PUT", C, b"{}", 405, "method")
        expect(srv, "GET", "/v1/nothing", None, 404, "path: no such route")
        expect(srv, "GET", "/v1/games/%s/dance" % gid, None, 404, "no action")
        expect(srv, "POST", V, b"{}", 405, "method")

        # who may read: no token, a token of the wrong kind; then the same answer for an unknown
        # game, a wrong token, another game's token and an id that is no id
        expect(srv, "GET", V, None, 401, "Authorization")
        expect(srv, "GET", V, None, 401, "Authorization", headers={"Authorization": "Basic eDp5"})
        same = [srv.call("GET", p, token=t) for p, t in [
            ("/v1/games/0123456789abcdef/view", ta), (V, "0" * 32), (V, ta[:-1] + "x"), (V, g2["tokens"]["A"]),
            ("/v1/games/../view", ta), ("/v1/games/%s0/view" % gid, ta), (V, "x" * 2000)]]
        check(all(s == same[0] for s in same) and same[0][0] == 404,
              "an unknown game and a wrong token are told apart: %s" % same)

        for q, words in [("since=-1", "since:"), ("since=abc", "since:"), ("wait=999&etag=" + "0" * 16, "wait:"),
                         ("etag=zz&wait=1", "etag:"), ("since=99999999999", "since:")]:
            expect(srv, "GET", V + "?" + q, None, 400, words, token=ta)
        big = srv.json("GET", V + "?since=1000000", token=ta)  # past the end: clamped, no events
        check(big["update"].get("events", []) == [], "events past the end: %s" % big["update"].get("events"))

        K = "/v1/games/%s/commands" % gid
        cmd = lambda c: json.dumps({"type": "command", "version": 1, "command": c}).encode()
        expect(srv, "POST", K, b"not json", 400, "body: JSON syntax error", token=ta)
        expect(srv, "POST", K, b"", 400, "body", token=ta)
        expect(srv, "POST", K, b'{"type":"command","version":2,"command":{}}', 400, "version", token=ta)
        expect(srv, "POST", K, b'{"type":"end","version":1,"winner":null,"points":[0,0],"reason":""}', 400,
               'expected "command"', token=ta)
        expect(srv, "POST", K, cmd({"type": "ready", "side": "A", "sidee": 1}), 400, "sidee", token=ta)
        expect(srv, "POST", K, cmd({"type": "missile", "side": "A", "missile": 999}), 400, "command.missile", token=ta)
        expect(srv, "POST", K, cmd({"type": "ready", "side": "B"}), 403, "command.side: you play side A", token=ta)
        refused = json.loads(expect(srv, "POST", K, cmd({"type": "missile", "side": "A", "missile": 0}), 409, "",
                                    token=ta))
        check(refused["command"]["type"] == "missile" and refused["reason"], "a refusal: %s" % refused)
        expect(srv, "GET", "/v1/games/%s/record" % gid, None, 409, "not over", token=ta)

        M = "/v1/mine"
        expect(srv, "POST", M, {"tokens": "x"}, 400, "tokens: expected an array", )
        expect(srv, "POST", M, {"tokens": ["a"] * 65}, 400, "tokens: expected an array of at most 64")
        expect(srv, "POST", M, {"tokens": [1]}, 400, "tokens[0]: expected a token")
        expect(srv, "POST", M, {"tokenz": []}, 400, 'unknown field "tokenz"')
        mine = srv.json("POST", M, {"tokens": [ta, "nonsense", g2["tokens"]["A"]]})
        check(sorted(x["game"] for x in mine["games"]) == sorted([gid, g2["game"]]), "mine: %s" % mine)

        check(snap() == before, "bad requests changed a game")
        check(srv.proc.poll() is None, "the server died")

        # a long-poll answers within a second of the other side's Ready, and after its wait otherwise
        et = json.loads(before[0])["etag"]
        t0 = time.monotonic()
        st, b = srv.call("GET", V + "?etag=%s&wait=2" % et, token=ta)
        idle = time.monotonic() - t0
        check(st == 200 and 1.9 < idle < 4, "a long-poll with nothing happening answered after %.2f s" % idle)
        got = {}
        def poll():
            t = time.monotonic()
            got["st"], got["b"] = srv.call("GET", V + "?etag=%s&wait=20" % et, token=ta)
            got["t"] = time.monotonic() - t
        th = threading.Thread(target=poll)
        th.start()
        time.sleep(0.5)
        st, b = srv.call("POST", K, cmd({"type": "ready", "side": "B"}), token=tb)
        check(st == 200, "B's ready: %s" % b)
        th.join(25)
        check(got.get("st") == 200 and got["t"] < 1.6 and json.loads(got["b"])["etag"] != et,
              "the long-poll did not answer within a second of B's Ready: %s" % got)

        # a command with seq (its side's commands taken before it, the view's "commands"): sent
        # again after its answer was lost it is answered as taken and not applied twice (a Ready
        # taken as the next turn's Ready); one past the count (made over a refused one) gets 412;
        # the other side's moves in between change nothing
        expect(srv, "POST", K + "?seq=x", cmd({"type": "ready", "side": "A"}), 400, "seq:", token=ta)
        n = srv.json("GET", V, token=ta)["commands"]
        check(n == 0 and srv.json("GET", V, token=tb)["commands"] == 1, "the views' command counts")
        st_before = snap()
        expect(srv, "POST", K + "?seq=%d" % (n + 1), cmd({"type": "ready", "side": "A"}), 412, "one before it was refused",
               token=ta)
        check(snap() == st_before, "a command past the count changed the game")
        st, b = srv.call("POST", K + "?seq=%d" % n, cmd({"type": "ready", "side": "A"}), token=ta)
        check(st == 200 and b"again" not in b, "A's ready with seq: %s" % b)
        v = srv.json("GET", V, token=ta)
        check(v["commands"] == n + 1 and v["update"]["view"]["state"]["turn"] == 2, "the turn did not resolve: %s" %
              v["update"]["view"]["state"].get("turn"))
        st, b = srv.call("POST", K + "?seq=%d" % n, cmd({"type": "ready", "side": "A"}), token=ta)
        check(st == 200 and json.loads(b).get("again") is True, "the Ready sent again: %s" % b)
        v = srv.json("GET", V, token=ta)
        check(v["commands"] == n + 1 and v["update"]["view"]["decision"]["sides"] & 1, "the repeated Ready was taken")

        # resigning ends the game; then commands are refused and the record is given
        R = "/v1/games/%s/resign" % gid
        check(srv.json("POST", R, token=tb)["resigned"] == "B", "resign")
        expect(srv, "POST", R, None, 409, "the game is over", token=ta)
        expect(srv, "POST", K, cmd({"type": "ready", "side": "A"}), 409, "the game is over", token=ta)
        v = srv.json("GET", V, token=ta)
        check(v["over"] and v["end"]["winner"] == "A" and "resigned" in v["end"]["reason"], "after resign: %s" % v)
        st, rec = srv.call("GET", "/v1/games/%s/record" % gid, token=ta)
        check(st == 200 and rec.startswith(b'{"format":"jumpstrike-record"'), "no record after resigning")
    finally:
        rc = srv.stop()
    check(rc == 0, "the server did not stop cleanly: %s" % rc)

    # the limits of a server started strict: a rate per address, a slow client timed out
    srv = Server(server_bin, os.path.join(tmp, "d2"), src, "--rate", "1", "--burst", "3", "--poll-max", "1",
                 "--timeout", "2")
    port = srv.port
    try:
        codes = [srv.call("GET", "/v1")[0] for _ in range(6)]
        check(codes[:3] == [200] * 3 and 429 in codes[3:], "the rate limit: %s" % codes)
        expect(srv, "GET", "/v1", None, 429, "too many requests")
    finally:
        srv.stop()
    # per token: one token's requests are limited, another token's are not (one address); and a
    # server started --allow-seeds takes a seed, judged as a seed
    srv = Server(server_bin, os.path.join(tmp, "d3"), src, "--token-rate", "1", "--token-burst", "3", "--allow-seeds")
    try:
        gid, tok = two_players(srv, {"scenario": "duel", "seed": "5"})
        V = "/v1/games/%s/view" % gid
        codes = [srv.call("GET", V, token=tok[0])[0] for _ in range(6)]
        check(codes[:3] == [200] * 3 and 429 in codes[3:], "the rate limit per token: %s" % codes)
        check(srv.call("GET", V, token=tok[1])[0] == 200, "one token's limit held back another")
        ok = {"scenario": "duel", "sides": SIDES}
        for body, words in [(dict(ok, seed=-1), "seed: expected"), (dict(ok, seed="abc"), "seed: expected"),
                            (dict(ok, seed=1.5), "seed: expected"), (dict(ok, seed="99999999999999999999999"), "seed:")]:
            expect(srv, "POST", "/v1/games", body, 400, words)
        g, t = two_players(srv, {"scenario": "duel", "seed": "77"})  # the record shows the dice it took
        srv.json("POST", "/v1/games/%s/resign" % g, token=t[1])
        st, rec = srv.call("GET", "/v1/games/%s/record" % g, token=t[0])
        check(st == 200 and json.loads(rec.decode().splitlines()[0])["dice"]["seed"] in ("77", 77),
              "the seed asked for is not the game's: %s" % rec[:400])
    finally:
        srv.stop()
    srv = Server(server_bin, os.path.join(tmp, "d4"), src, "--poll-max", "1", "--timeout", "2")
    port = srv.port
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(b"GET /v1 HTTP/1.1\r\nHost: x\r\n")  # and never the end of the headers
        t0 = time.monotonic()
        try:
            closed = s.recv(100) == b""
        except (socket.timeout, ConnectionResetError):
            closed = False
        check(closed and time.monotonic() - t0 < 9, "a slow client was not timed out")
        s.close()
    finally:
        srv.stop()
print("ok")
