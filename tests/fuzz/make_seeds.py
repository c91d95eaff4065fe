#!/usr/bin/env python3
"""Regenerates the fuzz targets' seed corpora (tests/fuzz/seeds/<target>/) from the shipped
scenarios, the golden records and tests/bad, and the dictionary (tests/fuzz/jumpstrike.dict)
from the names the data layer knows. Run it when a file format changes:

    python3 tests/fuzz/make_seeds.py build/jumpstrike-sim

The wire seeds are a bot's conversation in arena games (write_wire_seeds). Seeds are small on
purpose: records keep only their first commands (every stored hash is still right for a prefix),
so each execution stays fast. The fuzzer's own corpus is never committed.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SEEDS = os.path.join(HERE, "seeds")
PREFIX = 40  # commands kept from each golden record

SCENARIO_BAD = ["base_valid", "jump_base_valid", "reserve_with_ships", "squadron_placements",
                "support_too_expensive", "deck_wrong_orders", "competition_base_depth",
                "sites_as_object", "truncated", "nul_byte_inside", "position_hand_card_twice"]
GOLDEN = ["duel-21", "duel-22", "carrier_strike-31", "carrier_strike-32", "jump_and_launch-41",
          "competition-42"]
DEMOS = ["dice_skirmish", "dice_landing"]  # scenarios/demos: records of the command-dice scenarios


def fresh(target):
    d = os.path.join(SEEDS, target)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def copy(src, dst_dir, name=None):
    shutil.copy(os.path.join(ROOT, src), os.path.join(dst_dir, name or os.path.basename(src)))


def write_record_v1(path, rec):
    """Version 1, the one JSON document every record was before version 2: one command a line."""
    cmds = rec["commands"]
    head = dict(rec)
    head["version"] = 1
    head["commands"] = []
    text = json.dumps(head, indent="\t")
    lines = ",\n".join("\t\t" + json.dumps(c, separators=(",", ":")) for c in cmds)
    text = text.replace('"commands": []', '"commands": [\n' + lines + "\n\t]" if cmds else '"commands": []')
    with open(path, "w") as f:
        f.write(text + "\n")


def write_record(path, rec, torn=0):
    """Version 2, as jsd_record_to_json writes it (JSON Lines: the header, then one command a
    line); torn > 0 cuts that many bytes off the end, as a kill in the middle of an append does."""
    head = {k: v for k, v in rec.items() if k != "commands"}
    head["version"] = 2
    text = json.dumps(head, separators=(",", ":"), ensure_ascii=False) + "\n"
    text += "".join(json.dumps(c, separators=(",", ":")) + "\n" for c in rec["commands"])
    data = text.encode()
    with open(path, "wb") as f:
        f.write(data[:len(data) - torn])


def read_record(path):
    """A record of either version as one dict with its "commands"."""
    with open(path) as f:
        text = f.read()
    try:
        return json.loads(text)
    except ValueError:
        lines = text.split("\n")
        rec = json.loads(lines[0])
        rec["commands"] = [json.loads(l) for l in lines[1:] if l]
        return rec


def golden(name):
    if name in DEMOS:
        with open(os.path.join(ROOT, "scenarios", "demos", name + ".json")) as f:
            rec = json.load(f)
        rec["scenario"]["path"] = "../../scenarios/%s.json" % name  # as from tests/golden
        return rec
    with open(os.path.join(ROOT, "tests", "golden", name + ".json")) as f:
        return json.load(f)


def without_hashes(cmds):
    return [{k: v for k, v in c.items() if k != "hash"} for c in cmds]


def play(sim, scenario, cmds, dice_args, tmp):
    """Play commands through `jumpstrike-sim play --record`; returns the record (the commands
    accepted before the first refusal) and the refusal's message."""
    cpath = os.path.join(tmp, "cmds.json")
    rpath = os.path.join(tmp, "rec.json")
    with open(cpath, "w") as f:
        json.dump(cmds, f)
    p = subprocess.run([sim, "play", os.path.join(ROOT, "scenarios", scenario + ".json"),
                        "--commands", cpath, "--record", rpath] + dice_args,
                       capture_output=True, text=True)
    rec = read_record(rpath)
    rec["scenario"]["path"] = "../../scenarios/%s.json" % scenario
    return rec, p.stderr


def manual_record(sim, scenario, cmds, tmp):
    """A manual-dice record: the golden's commands with a die entered wherever one is asked."""
    out, value = [], 1
    for c in cmds:
        for _ in range(64):
            rec, err = play(sim, scenario, out + [c], ["--manual-dice"], tmp)
            if len(rec["commands"]) == len(out) + 1:
                out.append(c)
                break
            if "enter a d" not in err:
                return rec  # the golden's command does not fit this game any more
            for side in ("A", "B"):
                die = {"type": "die", "side": side, "value": value}
                rec, _ = play(sim, scenario, out + [die], ["--manual-dice"], tmp)
                if len(rec["commands"]) == len(out) + 1:
                    out.append(die)
                    value = value % 6 + 1
                    break
            else:
                return rec
    return play(sim, scenario, out, ["--manual-dice"], tmp)[0]


def write_dict():
    """JSON punctuation and odd numbers, every quoted name in src/data (member names, enum
    values, formats) and in the engine's name tables (src/engine/log.c: event and command types,
    written to files as they are) as a JSON string, and the shipped catalogue's card ids."""
    names = set()
    for src in glob.glob(os.path.join(ROOT, "src", "data", "*.c")) + [os.path.join(ROOT, "src", "engine", "log.c")]:
        with open(src) as f:
            names.update(re.findall(r'"([A-Za-z_][A-Za-z0-9_-]{0,30})"', f.read()))
    with open(os.path.join(ROOT, "src", "data", "jsd_wire_tables.c")) as f:  # the wire's member names
        names.update(re.findall(r"\b(?:NUMR?|ARR2?R?|STR|SIDE|NAME[SF]|SUBA?2?)\(\w+, (\w+)", f.read()))
    with open(os.path.join(ROOT, "scenarios", "catalogue.json")) as f:
        ids = [c["id"] for c in json.load(f)["cards"]]
    names -= {"rb", "wb", "a", "b", "i", "s"}
    lines = ["# jumpstrike.dict: libFuzzer dictionary for every fuzz target, made by make_seeds.py"]
    lines += ['"\\"%s\\""' % n for n in sorted(names | set(ids))]
    lines += ['"%s"' % t for t in ["{", "}", "[", "]", ":", ",", "true", "false", "null", "-1",
                                   "0", "1e300", "-0.5", "2147483648", "18446744073709551615",
                                   '\\"\\"', "\\\\u0000", "\\\\ud800", "../"]]
    with open(os.path.join(HERE, "jumpstrike.dict"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return len(lines) - 1


def write_wire_seeds(sim, d, tmp):
    """The wire format (fuzz_wire): what the arena and a bot (the computer, `bot --level cadet`)
    say to each other in a game of three scenarios, caught on both sides of the bot's pipes: the
    first hello, the first update of each kind of decision, the first command of each type, the
    end; and an error as the arena writes one for a refused command."""
    kept, kinds = [], set()
    for n, scenario in enumerate(["jump_raid", "dice_skirmish", "carrier_strike"]):
        told, said = os.path.join(tmp, "told%d" % n), os.path.join(tmp, "said%d" % n)
        bot = "tee %s | %s bot --level cadet | tee %s" % (told, sim, said)
        subprocess.run([sim, "arena", os.path.join(ROOT, "scenarios", scenario + ".json"), "--a", "exec:" + bot,
                        "--b", "ai:cadet", "--games", "1", "--seed", "3"], check=True, capture_output=True)
        for path in (told, said):
            with open(path) as f:
                for line in f:
                    m = json.loads(line)
                    if m["type"] == "update":
                        key = ("update", m["view"]["decision"]["kind"])
                    elif m["type"] == "command":
                        key = ("command", m["command"]["type"])
                    else:
                        key = (m["type"],)
                    if key not in kinds and len(line) < 20000:
                        kinds.add(key)
                        kept.append(("-".join(key), line))
    kept.append(("error", json.dumps({"type": "error", "version": 1, "reason": "C-1: missile #3 is not yours",
                                      "rule": "C-1", "command": {"type": "missile", "side": "B", "missile": 3}},
                                     separators=(",", ":")) + "\n"))
    for i, (name, line) in enumerate(kept):
        with open(os.path.join(d, "%02d-%s.json" % (i, name)), "w") as f:
            f.write(line)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_seeds.py PATH/TO/jumpstrike-sim")
    sim = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp()

    d = fresh("scenario")
    for n in ["duel", "carrier_strike", "competition", "jump_and_launch", "jump_raid", "large_battle",
              "dice_skirmish", "dice_landing", "last_salvo"]:
        copy("scenarios/%s.json" % n, d)
    for n in SCENARIO_BAD:
        copy("tests/bad/%s.json" % n, d)

    d = fresh("catalogue")
    copy("scenarios/catalogue.json", d)
    for n in ["catalogue_bad_size", "catalogue_transport_no_hold"]:
        copy("tests/bad/%s.json" % n, d)

    d = fresh("record")
    for n in GOLDEN + DEMOS:
        rec = golden(n)
        rec["commands"] = rec["commands"][:PREFIX]
        write_record(os.path.join(d, n + ".json"), rec)
    save = golden("duel-22")
    save["kind"] = "save"
    save["players"] = {"A": "Vega", "B": "Café"}
    save["commands"] = save["commands"][:PREFIX]
    write_record(os.path.join(d, "duel-22-save.json"), save)
    write_record(os.path.join(d, "duel-22-save-torn.json"), save, torn=17)
    for n in ["duel-21", "competition-42"]:  # version 1 is still read
        rec = golden(n)
        rec["commands"] = rec["commands"][:PREFIX]
        write_record_v1(os.path.join(d, n + "-v1.json"), rec)
    cmds = without_hashes(golden("duel-21")["commands"][:PREFIX])
    rec, _ = play(sim, "duel", cmds, ["--dice", "3,7,1,10,5,2,8,6,4,9,1,1,10,10"], tmp)
    write_record(os.path.join(d, "duel-scripted.json"), rec)
    write_record(os.path.join(d, "duel-manual.json"), manual_record(sim, "duel", cmds, tmp))
    for n in ["record_bad_hash", "record_die_out_of_range"]:
        copy("tests/bad/%s.json" % n, d)

    d = fresh("commands")
    for n in ["duel-21", "carrier_strike-31", "jump_and_launch-41", "competition-42"] + DEMOS:
        with open(os.path.join(d, n + ".json"), "w") as f:
            json.dump(without_hashes(golden(n)["commands"][:PREFIX]), f, separators=(",", ":"))
    with open(os.path.join(d, "duel-22-object.json"), "w") as f:
        json.dump({"format": "jumpstrike-commands", "version": 1,
                   "commands": without_hashes(golden("duel-22")["commands"][:PREFIX])}, f, indent=1)
    for n in ["commands_bad_phase", "commands_withdraw_deploys", "commands_unknown_type",
              "commands_jump_point_section"]:
        copy("tests/bad/%s.json" % n, d)

    d = fresh("command")
    seen = {}
    for n in GOLDEN + DEMOS:
        for c in without_hashes(golden(n)["commands"]):
            key = (c["type"], "order" in c and "pods" in c["order"], "place" in c, "cargo" in c)
            seen.setdefault(key, c)
    seen[("die",)] = {"type": "die", "side": "B", "value": 6}
    for i, c in enumerate(sorted(seen.values(), key=lambda c: c["type"])):
        with open(os.path.join(d, "%02d-%s.json" % (i, c["type"])), "w") as f:
            json.dump(c, f, separators=(",", ":"))

    d = fresh("settings")
    settings = {"format": "jumpstrike-settings", "version": 1, "volume": 80, "mute": False,
                "fullscreen": True, "ui_scale": 100, "animation_speed": 1,
                "colour_blind_palette": False, "confirm_ready": False}
    with open(os.path.join(d, "defaults.json"), "w") as f:
        json.dump(settings, f, indent="\t")
    changed = dict(settings, volume=0, mute=True, fullscreen=False, ui_scale=175,
                   animation_speed=3, colour_blind_palette=True, confirm_ready=True)
    with open(os.path.join(d, "changed.json"), "w") as f:
        json.dump(changed, f)
    with open(os.path.join(d, "bad_member.json"), "w") as f:
        f.write('{"format":"jumpstrike-settings","version":1,"volume":1e300,"ui_scale":150,'
                '"future_member":[1,{"a":null}]}')

    d = fresh("lesson")
    for f in sorted(os.listdir(os.path.join(ROOT, "lessons"))):
        copy(os.path.join("lessons", f), d)
    for f in ["base_valid", "solution_refused", "opponent_refused", "goal_not_reached"]:
        copy("tests/bad_lessons/%s.json" % f, d)

    d = fresh("wire")
    write_wire_seeds(sim, d, tmp)

    shutil.rmtree(tmp)
    print("dictionary: %d entries" % write_dict())
    for t in sorted(os.listdir(SEEDS)):
        files = os.listdir(os.path.join(SEEDS, t))
        size = sum(os.path.getsize(os.path.join(SEEDS, t, f)) for f in files)
        print("%-10s %3d seeds, %6d bytes" % (t, len(files), size))


if __name__ == "__main__":
    main()
