#!/usr/bin/env python3
# Writes scenarios/large_battle.json: both fleets in full on a 32x24 map, one unit per line.
# Rewriting it changes its content hash, so records of it (tests/golden) must be remade.
# usage: python3 scenarios/make_large_battle.py
import json, os
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "large_battle.json")
W, H = 32, 24
# odd-q neighbours, directions 1..6 clockwise from N
def nb(c, r, d):
    odd = c & 1
    if d == 1: return (c, r-1)
    if d == 4: return (c, r+1)
    if d == 2: return (c+1, r-1+odd)
    if d == 3: return (c+1, r+odd)
    if d == 5: return (c-1, r+odd)
    if d == 6: return (c-1, r-1+odd)
def opp(d): return (d+2) % 6 + 1
def foot(size, c, r, f):
    if size == 'small': return [(c, r)]
    if size == 'medium': return [(c, r), nb(c, r, opp(f))]
    return [(c, r)] + [nb(c, r, d) for d in range(1, 7)]
units = []
used = set()
def place(card, side, size, ships):
    for (c, r, f) in ships:
        for h in foot(size, c, r, f):
            assert 0 <= h[0] < W and 0 <= h[1] < H, (card, h)
            assert h not in used, (card, h)
            used.add(h)
    units.append((card, side, ships))
def mirror(r): return H - 1 - r
for side, fac in (('A', 1), ('B', 4)):
    R = (lambda r: r) if side == 'A' else mirror
    v = side == 'A'
    place('vega-aurora' if v else 'hadar-citadel', side, 'large', [(16, R(20), fac)])
    heavy = 'vega-bastion' if v else 'hadar-warden'
    frig = 'vega-lancer' if v else 'hadar-marauder'
    for c in (12, 20): place(heavy, side, 'medium', [(c, R(19), fac)])
    for c in (4, 8, 24, 28): place(frig, side, 'medium', [(c, R(19), fac)])
    place('vega-tender' if v else 'hadar-dray', side, 'medium', [(16, R(17), fac)])
    esc = 'vega-kestrel' if v else 'hadar-jackal'
    for c in (2, 6, 10, 13, 19, 22, 26, 30): place(esc, side, 'small', [(c, R(17), fac)])
    sq = 'vega-wasp' if v else 'hadar-hornet'
    n = 4 if v else 3
    for c0 in (0, 6, 12, 18, 24):
        place(sq, side, 'small', [(c0 + k, R(22), fac) for k in range(n)])
terrain = {
  'asteroids': [(5,10),(6,10),(6,11),(13,11),(14,11),(14,12),(15,12),(25,12),(26,11),(26,12),(20,9),(21,9),(10,14),(11,13),(22,14),(23,14),(2,13),(29,10),(30,10)],
  'nebula': [(8,8),(9,8),(9,9),(8,9),(17,13),(18,13),(18,14),(17,14),(27,8),(28,8),(3,15),(4,15)],
  'dust': [(12,8),(13,8),(13,9),(19,15),(20,15),(19,14),(1,9),(2,9),(30,14),(29,14),(15,7),(16,7),(15,16),(16,16)],
}
for t, hs in terrain.items():
    for h in hs:
        assert h not in used, (t, h)
        assert 0 <= h[0] < W and 0 <= h[1] < H
allh = [h for hs in terrain.values() for h in hs]
assert len(allh) == len(set(allh))
L = []
L.append('{')
L.append('  "format": "jumpstrike-scenario",')
L.append('  "version": 1,')
L.append('  "id": "large_battle",')
L.append('  "name": "Battle of the Hadar Marches",')
L.append('  "description": "Both fleets in full: a carrier, cruisers, frigates, a transport, eight escorts and five fighter squadrons a side, over 60 ships on a 32x24 map. Used for benchmarks; a long game for two patient players. Energy is raised so that most of a fleet can act each turn.",')
L.append('  "map": {"width": %d, "height": %d},' % (W, H))
L.append('  "terrain_types": [')
L.append('    {"id": "asteroids", "name": "Asteroid field", "look": "asteroids", "impassable": true},')
L.append('    {"id": "nebula", "name": "Nebula", "look": "nebula", "blocks_missiles": true, "defense_bonus": 2},')
L.append('    {"id": "dust", "name": "Dust cloud", "look": "dust", "defense_bonus": 1}')
L.append('  ],')
L.append('  "terrain": [')
tl = []
for t, hs in terrain.items():
    tl.append('    {"type": "%s", "hexes": [%s]}' % (t, ', '.join('[%d, %d]' % h for h in hs)))
L.append(',\n'.join(tl))
L.append('  ],')
L.append('  "sections": [10, 21],')
L.append('  "zones": {"A": {"rows": 8}, "B": {"rows": 8}},')
L.append('  "sides": {')
L.append('    "A": {"name": "Vega Concord", "colour": "#4696ff", "energy": {"start": 40, "income": 30, "max": 80}},')
L.append('    "B": {"name": "Hadar Reach", "colour": "#f05a3c", "energy": {"start": 40, "income": 30, "max": 80}}')
L.append('  },')
L.append('  "catalogue": "catalogue.json",')
L.append('  "units": [')
ul = []
for card, side, ships in units:
    sh = ', '.join('{"hex": [%d, %d], "facing": %d}' % s for s in ships)
    ul.append('    {"card": "%s", "side": "%s", "at": "map", "ships": [%s]}' % (card, side, sh))
L.append(',\n'.join(ul))
L.append('  ],')
L.append('  "turn_limit": 12')
L.append('}')
open(OUT, 'w').write('\n'.join(L) + '\n')
json.load(open(OUT))
print(len(units), 'units', sum(len(s) for _, _, s in units), 'ships')
