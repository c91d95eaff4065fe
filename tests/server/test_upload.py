"""A game from an uploaded scenario (POST /v1/games with scenario_text): the loader judges the
text with its limits and its message names the field; a catalogue is a shipped one, never a path
on the server; the game survives a restart (the text is kept in the data folder); and its record,
with the player's own copy of the file, replays with `jumpstrike-sim replay --verify`."""
import json, os, shutil, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(__file__))
from srvlib import Server, check

server_bin, sim, src = sys.argv[1:4]
text = open(os.path.join(src, "scenarios", "duel.json")).read()
# a scenario of the player's own, not a shipped one: the duel with a nearer turn limit
mine = text.replace('"turn_limit": 10', '"turn_limit": 6')
check(mine != text, "the duel has no turn_limit of 10 to change")
SIDES = {"A": "human", "B": "human"}


def refused(srv, body, status, words):
    st, b = srv.call("POST", "/v1/games", body)
    j = json.loads(b)
    check(st == status and j.get("type") == "error" and words in j.get("reason", ""),
          "wanted %d with \"%s\", got %d: %s" % (status, words, st, b[:300]))


with tempfile.TemporaryDirectory() as tmp:
    data = os.path.join(tmp, "data")
    srv = Server(server_bin, data, src)
    try:
        g = srv.json("POST", "/v1/games", {"scenario_text": mine, "sides": SIDES}, want=201)
        gid, ta = g["game"], g["token"]
        check(g["scenario"].startswith("@") and len(g["scenario"]) == 17, "the upload's name: %s" % g)
        hello = srv.json("GET", "/v1/games/%s/hello" % gid, token=ta)
        check(hello["scenario"]["turn_limit"] == 6, "the game is not the uploaded scenario: %s"
              % json.dumps(hello)[:300])
        again = srv.json("POST", "/v1/games", {"scenario_text": mine, "sides": SIDES}, want=201)
        check(again["scenario"] == g["scenario"], "the same text has two names")
        check(len(os.listdir(os.path.join(data, "uploads"))) == 1, "the same text is kept twice")

        bad = json.loads(text)
        bad["units"][0]["ships"][0]["hex"] = [99, 99]
        for body, status, words in [
            ({"scenario_text": json.dumps(bad), "sides": SIDES}, 400, "scenario_text: units[0]"),
            ({"scenario_text": "{", "sides": SIDES}, 400, "scenario_text:"),
            ({"scenario_text": text.replace('"turn_limit": 10', '"turn_limit": "ten"'), "sides": SIDES},
             400, "scenario_text: turn_limit"),
            ({"scenario_text": text.replace('"catalogue.json"', '"../../../etc/passwd"'), "sides": SIDES},
             400, "scenario_text: catalogue: expected the file name of a shipped catalogue"),
            ({"scenario_text": text.replace('"catalogue.json"', '"nosuch.json"'), "sides": SIDES},
             400, 'scenario_text: catalogue: no shipped catalogue is called "nosuch.json"'),
            ({"scenario_text": 7, "sides": SIDES}, 400, "scenario_text: expected"),
            ({"scenario": "duel", "scenario_text": mine, "sides": SIDES}, 400, "not both"),
            ({"scenario_text": mine, "sides": {"A": "ai:cadet", "B": "ai:cadet"}}, 400, "at least one side"),
        ]:
            refused(srv, body, status, words)
        check(len(os.listdir(os.path.join(data, "uploads"))) == 1, "a refused scenario was kept")

        # a restart rebuilds the game from the kept text
        srv.kill()
        srv = Server(server_bin, data, src)
        hello2 = srv.json("GET", "/v1/games/%s/hello" % gid, token=ta)
        check(hello2 == hello, "the game changed across a restart")
        srv.json("POST", "/v1/games/%s/resign" % gid, token=ta)
        st, rec = srv.call("GET", "/v1/games/%s/record" % gid, token=ta)
        check(st == 200, "no record: %s" % rec[:300])
        # the player replays it with their own copy (beside the shipped catalogue)
        own = os.path.join(tmp, "own")
        os.mkdir(own)
        shutil.copy(os.path.join(src, "scenarios", "catalogue.json"), own)
        open(os.path.join(own, "mine.json"), "w").write(mine)
        lines = rec.decode().splitlines()
        head = json.loads(lines[0])
        check(head["scenario"]["hash"].lower().endswith(g["scenario"][1:]),
              "the record's scenario hash %s is not the upload's %s" % (head["scenario"]["hash"], g["scenario"]))
        head["scenario"]["path"] = os.path.join(own, "mine.json")
        path = os.path.join(tmp, "game.jsonl")
        open(path, "w").write("\n".join([json.dumps(head)] + lines[1:]) + "\n")
        out = subprocess.run([sim, "replay", "--verify", path], capture_output=True, text=True, timeout=60)
        check(out.returncode == 0, "the record does not replay: %s %s" % (out.stdout, out.stderr))
    finally:
        rc = srv.stop()
    check(rc == 0, "the server stopped with %s" % rc)
print("ok: a game from an uploaded scenario, refusals naming the field, a restart, its record replays")
