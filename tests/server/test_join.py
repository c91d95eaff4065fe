"""Joining is claim-once (RULES X-2): the creator of a game between two people gets only its own
side's token and an invite whose code claims the other side once. No string in the creator's
answer reads the other side; until the join nobody can read it; the join makes a fresh token
(shown once) and burns the code, committed before the answer, so that a second join, a wrong
code, an unknown game all get the same bytes, before and after a restart (SIGKILL); a join after
a restart works, once; eight joins at once with one code seat one player."""
import json, os, re, sys, tempfile, threading
sys.path.insert(0, os.path.dirname(__file__))
from srvlib import Server, check

server_bin, sim, src = sys.argv[1:4]
PEOPLE = {"A": "human", "B": "human"}
NO_INVITE = "this invite was already used or is not valid"


def join(srv, gid, code):
    return srv.call("POST", "/v1/games/%s/join" % gid, {"code": code})


def refused(srv, gid, code, what):
    st, b = join(srv, gid, code)
    check(st == 404 and json.loads(b).get("reason") == NO_INVITE, "%s: %d %s" % (what, st, b[:300]))
    return b


def side_of(srv, gid, token):
    """The side a token reads in gid, or None."""
    st, b = srv.call("GET", "/v1/games/%s/hello" % gid, token=token)
    return json.loads(b)["side"] if st == 200 else None


def create(srv, **extra):
    g = srv.json("POST", "/v1/games", dict({"scenario": "duel", "sides": PEOPLE}, **extra), want=201)
    m = re.fullmatch(r"js2:([0-9a-f]{16}):([0-9a-f]{32})", g["invite"] or "")
    check(m and m.group(1) == g["game"], "the invite is not js2:GAME:CODE: %s" % g)
    return g, m.group(2)


with tempfile.TemporaryDirectory() as tmp:
    data = os.path.join(tmp, "data")
    srv = Server(server_bin, data, src)
    try:
        g, code = create(srv)
        gid, me = g["game"], g["side"]
        check(me == "A" and "tokens" not in g, "the creator's answer: %s" % g)
        check(side_of(srv, gid, g["token"]) == "A", "the creator's token does not read side A")
        # no string of 16 hex digits or more in the creator's answer reads side B
        for s in set(re.findall(r"[0-9a-f]{16,}", json.dumps(g))):
            check(side_of(srv, gid, s) in (None, "A"), "the creator's answer holds a key to side B: %s" % s)
        mine = srv.json("POST", "/v1/mine", {"tokens": [g["token"], code]})
        check([x["side"] for x in mine["games"]] == ["A"], "before the join, side B is seen: %s" % mine)

        # what claims nothing gets one answer, byte for byte
        same = {refused(srv, gid, "0" * 32, "a wrong code"), refused(srv, gid, g["token"], "the creator's token"),
                refused(srv, "0123456789abcdef", code, "an unknown game"), refused(srv, gid + "0", code, "a bad id")}
        vs_ai = srv.json("POST", "/v1/games", {"scenario": "duel", "sides": {"A": "human", "B": "ai:cadet"}}, want=201)
        check(vs_ai["invite"] is None, "a game against the computer has an invite: %s" % vs_ai)
        same.add(refused(srv, vs_ai["game"], code, "a game with nobody to join"))
        for body, words in [({}, "code: expected"), ({"code": 7}, "code: expected"), ({"code": "x" * 200}, "code:"),
                            ({"code": code, "token": 1}, 'unknown field "token"')]:
            st, b = srv.call("POST", "/v1/games/%s/join" % gid, body)
            check(st == 400 and words in json.loads(b)["reason"], "join %s: %d %s" % (body, st, b[:200]))

        st, b = join(srv, gid, code)
        check(st == 200, "the join: %d %s" % (st, b[:300]))
        j = json.loads(b)
        check(j["side"] == "B" and j["game"] == gid and len(j["token"]) == 32, "the join's answer: %s" % j)
        check(side_of(srv, gid, j["token"]) == "B" and j["token"] not in json.dumps(g), "the joiner's token")
        same.add(refused(srv, gid, code, "a second join"))
        check(len(same) == 1, "refused joins are told apart: %s" % same)

        # the creator may take side B; the join then seats side A
        gb, code_b = create(srv, me="B")
        check(gb["side"] == "B" and side_of(srv, gb["game"], gb["token"]) == "B", "me=B: %s" % gb)
        st, b = join(srv, gb["game"], code_b)
        check(st == 200 and json.loads(b)["side"] == "A", "the join of a game made by B: %s" % b[:200])

        # a join across a restart: the burnt code stays burnt, an unused one works once
        g2, code2 = create(srv)
        srv.kill()
        srv = Server(server_bin, data, src)
        refused(srv, gid, code, "a join used before the restart")
        check(side_of(srv, gid, j["token"]) == "B", "the joiner's token did not survive the restart")
        check(side_of(srv, g2["game"], g2["token"]) == "A", "the creator's token did not survive the restart")
        st, b = join(srv, g2["game"], code2)
        check(st == 200, "a join after a restart: %d %s" % (st, b[:300]))
        t2 = json.loads(b)["token"]
        srv.kill()
        srv = Server(server_bin, data, src)
        refused(srv, g2["game"], code2, "a second join, after a restart")
        check(side_of(srv, g2["game"], t2) == "B", "a join's token was lost in a restart")

        # eight players paste one code at once: one is seated
        g3, code3 = create(srv)
        got = []
        ths = [threading.Thread(target=lambda: got.append(join(srv, g3["game"], code3))) for _ in range(8)]
        for t in ths:
            t.start()
        for t in ths:
            t.join(30)
        check(sorted(st for st, _ in got) == [200] + [404] * 7, "eight joins at once: %s" % [st for st, _ in got])
    finally:
        rc = srv.stop()
    check(rc == 0, "the server stopped with %s" % rc)
print("ok: the creator holds side A alone; one join seats side B, across restarts; refusals are alike")
