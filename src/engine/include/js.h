/*
 * js.h — the public API of the Jumpstrike turn-sequence engine.
 *
 * The engine is pure C17: it uses libc (memory, strings) and nothing else — no SDL, no JSON, no
 * clock, no libc rand, no I/O. It is a state machine that waits for decisions: ask it what it
 * waits for (js_wait_get), hand it commands (js_submit), read back events (the log) and views.
 *
 * Rules are referenced by the IDs of RULES.md (docs/rules.md in this repository).
 *
 * Coordinates: inside the engine every hex is axial (q, r) for flat-topped hexes. Files and
 * screens use offset (col, row) in the "odd-q" layout (odd columns half a hex lower, row 0 is
 * north); convert with js_hex_from_offset / js_hex_to_offset.
 *
 * Ownership: js_game_create copies everything it is given; the caller keeps its scenario and
 * dice arrays. js_game_destroy frees the game. Strings returned through `reason` buffers are
 * written into caller storage. Pointers into a game (js_game_state, js_log_at) stay valid
 * until the next js_submit or js_game_destroy on that game.
 *
 * Errors: functions that can fail return a js_status; JS_OK is 0. A status other than JS_OK
 * comes with a reason a player can read, written to the caller's buffer when one is given.
 */
#ifndef JS_H
#define JS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- limits */
enum {
    JS_MAX_W = 64,          /* map columns */
    JS_MAX_H = 64,          /* map rows */
    JS_MAX_HEXES = JS_MAX_W * JS_MAX_H,
    JS_MAX_TERRAIN = 16,    /* terrain types; type 0 is open space */
    JS_MAX_DEFS = 64,       /* ship card definitions in one scenario */
    JS_MAX_UNITS = 160,     /* cards in play (both sides) */
    JS_MAX_SQUAD = 8,       /* ships on one card */
    JS_MAX_SHIPS = 320,
    JS_MAX_PODS = 320,      /* pod groups alive at once */
    JS_MAX_MISSILES = 320,  /* missiles alive at once */
    JS_MAX_SITES = 32,      /* jump points, jump-off points, entry points */
    JS_MAX_PENDING = 32,    /* pending launches per side per turn */
    JS_MAX_CARGO = 12,      /* cards in one hold */
    JS_NAME_LEN = 32,
    JS_TEXT_LEN = 120,      /* event text */
    JS_REASON_LEN = 160,    /* a refusal reason */
    JS_PLAN_DEPTH = 3,      /* orders kept three turns deep (P-1) */
    JS_MAX_DECK = 64,       /* command cards in a deck (H-1) */
    JS_MAX_HAND = 12,
    JS_MAX_SUPPORT = 24,    /* support vessels on offer (S-1) */
    JS_MAX_VANGUARD = 9,    /* H-4 */
    JS_MAX_DEPLOY = 8,      /* cards deployed by one command card */
    JS_MAX_KDICE = 8,       /* command dice a side rolls (K-3) */
    JS_MAX_JUMP_OFFS = 6,   /* jump-off points a side places at setup (K-2) */
};

/* ---------------------------------------------------------------- rule numbers
 * Every number a rule names lives here once; the engine's code, its refusal messages, the data
 * layer's defaults and the screens use these names (RULES.md IDs in the comments). */
enum {
    JS_PHASE_MIN = 1,         /* P-2: phases run 1..10 */
    JS_PHASE_MAX = 10,
    JS_PHASE_DEFAULT = 5,     /* placements and launches that name no phase */
    JS_PHASE_STEP = 1,        /* P-2: most a phase may change from one turn to the next */
    JS_TURN_WINDOW = 3,       /* P-3: one turn in any three consecutive turns */
    JS_ENERGY_START = 15,     /* E-1 defaults */
    JS_ENERGY_INCOME = 10,
    JS_ENERGY_MAX = 40,
    JS_ECM_DIE = 8,           /* V-4: the number die */
    JS_ECM_HITS = 5,          /* V-4: ECM hurts on this or more */
    JS_MISSILE_RANGE = 5,     /* C-1: hexes a missile flies */
    JS_MISSILE_DESTROYS = 2,  /* C-1: d10 at or below destroys */
    JS_MISSILE_DISABLES = 3,  /* C-1: d10 at or below (above DESTROYS) disables a ship, destroys others */
    JS_GUARD_DEFENSE = 5,     /* C-2: Defense per sacrificed guard pod */
    JS_POD_RANGE_STEP = 5,    /* C-3: floor(range / 5) */
    JS_POD_DESTROYS_BELOW = 1,/* C-3: a total below this destroys */
    JS_POD_DISABLES = 5,      /* C-3: a total up to this disables a ship (destroys a pod group) */
    JS_POD_TD_DISABLES = 2,   /* C-4: "to disable": up to this disables */
    JS_POD_TD_DESTROYS = 4,   /* C-4: up to this (above TD_DISABLES) destroys */
    JS_SHIP_ATTACK_HITS = 2,  /* C-5: 2d10 totalling this */
    JS_JP_DEPTH = 3,          /* J-2: within 3 hexes of the base line (base-line hex counts 1) */
    JS_CAPTURE_POINTS = 2,    /* J-8 */
    JS_BILLET_MIN = 2,        /* H-2 */
    JS_BILLET_MAX = 6,
    JS_BILLET_START = 4,
    JS_INITIAL_HAND = 6,      /* H-3 */
    JS_VANGUARD_DEFAULT = 2,  /* H-4 */
    JS_KDICE_DEFAULT = 5,     /* K-3: command dice a side rolls */
    JS_KDICE_SPEND_MAX = 4,   /* K-3: dice spent alone or added together up to 4 */
    JS_JUMP_OFF_RADIUS = 3,   /* K-4: deployments entirely within 3 hexes (6") */
    JS_JUMP_OFF_BLOCK = 2,    /* K-5: an enemy ship within 2 hexes (4") blocks */
    JS_ENTRY_RADIUS = 5,      /* K-6: vehicles entirely within 5 hexes (9") of the entry point */
    JS_ENTRY_MOVE = 9,        /* K-7: a new entry point 9 hexes (18") from the old and every enemy ship */
    JS_HESITANT_ARRIVES = 4,  /* K-8: d6 of 4 or more arrives */
    JS_JUMP_OFFS_DEFAULT = 3, /* Z-28: jump-off points a side places at setup */
    JS_JUMP_OFF_DEPTH = 4,    /* Z-28: the deployment area, rows from the home edge */
};

/* The "no hex" of events that concern no place. */
#define JS_NOHEX ((js_hex){INT16_MIN, INT16_MIN})

/* ---------------------------------------------------------------- basics */
typedef enum { JS_SIDE_A = 0, JS_SIDE_B = 1, JS_SIDES = 2, JS_SIDE_NONE = -1 } js_side;
#define JS_SIDE_MASK(s) (1u << (s))
#define JS_BOTH_SIDES 3u

typedef enum {
    JS_OK = 0,
    JS_ERR_ILLEGAL,     /* the command breaks a rule; reason says which */
    JS_ERR_NOT_NOW,     /* the game is not waiting for this kind of command from this side */
    JS_ERR_BAD_ARG,     /* an id or value out of range */
    JS_ERR_NEED_DIE,    /* manual dice: the command is parked until the die is entered */
    JS_ERR_NOMEM,
    JS_ERR_SCENARIO,    /* the scenario breaks an engine invariant (reason says which) */
    JS_ERR_LIMIT,       /* the game met an engine limit while applying a command and has stopped:
                         * js_game_error says which; every later command gets this status */
} js_status;

typedef struct js_hex { int16_t q, r; } js_hex;

typedef enum { JS_SIZE_SMALL = 0, JS_SIZE_MEDIUM = 1, JS_SIZE_LARGE = 2 } js_size;

/* Role flags of a ship card (U-1, K-1). */
enum {
    JS_ROLE_FLAGSHIP = 1 << 0,
    JS_ROLE_LEADER = 1 << 1,
    JS_ROLE_ADJUTANT = 1 << 2,
    JS_ROLE_HEAVY = 1 << 3,
    JS_ROLE_TRANSPORT = 1 << 4,
    JS_ROLE_SCOUT = 1 << 5,
};

/* Scenario option flags. */
enum {
    JS_OPT_ATTACK_TO_DISABLE = 1 << 0, /* C-4 */
};

/* Deployment systems a scenario uses (S-1, T-1). */
enum {
    JS_DEPLOY_LAUNCH = 1 << 0, /* L: launches into the starting zone */
    JS_DEPLOY_JUMP = 1 << 1,   /* J: jump points and command cards */
    JS_DEPLOY_DICE = 1 << 2,   /* K: jump-off points, an entry point and command dice */
};

/* Sections (G-7), seen from a side: its own left, centre and right. */
typedef enum { JS_SECTION_LEFT = 0, JS_SECTION_CENTRE = 1, JS_SECTION_RIGHT = 2, JS_SECTION_ANY = 3 } js_section;

/* Command cards (J-3, J-4, H-1). */
typedef enum {
    JS_CC_SCOUT = 0,          /* 1 order */
    JS_CC_PROBE = 1,          /* 2 orders */
    JS_CC_ATTACK = 2,         /* 3 orders */
    JS_CC_ASSAULT = 3,        /* orders = cards left in hand, a section of the player's choice */
    JS_CC_OFFICER = 4,        /* officer: `orders` deployments through any own jump point */
} js_cc_kind;

typedef struct js_command_card {
    char name[JS_NAME_LEN];   /* "Attack Left", "Commodore" */
    int8_t kind;              /* js_cc_kind */
    int8_t section;           /* js_section: LEFT/CENTRE/RIGHT for section cards, ANY otherwise */
    int8_t orders;            /* deployments it allows (Assault: 0, counted when played) */
    int8_t pad_;
} js_command_card;

/* Terrain placement of a competition format (S-2). */
typedef enum { JS_SITES_FIXED = 0, JS_SITES_RANDOM = 1, JS_SITES_FAIR = 2 } js_sites_mode;

typedef struct js_support_offer {
    int16_t def;              /* card definition on offer */
    int8_t side;              /* who may buy it */
    int8_t pad_;
} js_support_offer;

/* ---------------------------------------------------------------- hex math (G) */
/* Directions 1..6 clockwise from north (G-2). */
js_hex js_hex_from_offset(int col, int row);
void js_hex_to_offset(js_hex h, int *col, int *row);
js_hex js_hex_neighbor(js_hex h, int dir);            /* dir 1..6; other values wrap */
js_hex js_hex_add(js_hex a, js_hex b);
int js_hex_distance(js_hex a, js_hex b);
bool js_hex_eq(js_hex a, js_hex b);
int js_dir_wrap(int dir);                             /* any int -> 1..6 */
int js_dir_opposite(int dir);
/* Compass name of a direction for players: "N", "NE", "SE", "S", "SW", "NW" ("?" otherwise). */
const char *js_dir_name(int dir);
/* Direction (1..6) from a to an adjacent hex b, or 0 when not adjacent. */
int js_hex_dir_to(js_hex a, js_hex b);
/* The first step from a toward any hex b: the direction (1..6) of a's neighbour nearest b, the
 * lowest of equals (1 when a is b). */
int js_hex_dir_toward(js_hex a, js_hex b);

/* ---------------------------------------------------------------- cards (U) */
typedef struct js_card_def {
    char id[JS_NAME_LEN];     /* catalogue key, e.g. "vega-lancer" */
    char name[JS_NAME_LEN];   /* shown to players */
    int8_t size;              /* js_size */
    int8_t ships;             /* 1 .. JS_MAX_SQUAD */
    int8_t move;              /* 0..20 */
    int8_t shields;
    int8_t hull;              /* >= 1 */
    int8_t defense;
    int8_t tr;                /* tactical rating */
    int8_t fwd_launchers, aft_launchers;
    int8_t missiles;          /* carried */
    int8_t pod_squadrons;     /* carried */
    int8_t pods_per_squadron;
    int8_t guard_pods;
    int8_t pad_;
    int16_t launch_cost, activation_cost;
    int16_t capacity;         /* hold, in hexes (L-4) */
    int16_t mass;
    int16_t points;
    uint16_t roles;           /* JS_ROLE_* */
} js_card_def;

/* ---------------------------------------------------------------- scenario (S-1) */
typedef struct js_terrain_type {
    char name[JS_NAME_LEN];
    char look[16];            /* "asteroids", "nebula", "dust", "planet", ... drawn by the UI */
    int8_t impassable;        /* G-8 */
    int8_t blocks_missiles;
    int8_t defense_bonus;
    int8_t pad_;
} js_terrain_type;

typedef enum { JS_SITE_JUMP_POINT = 0, JS_SITE_JUMP_OFF = 1, JS_SITE_ENTRY = 2 } js_site_kind;

/* js_site.alive: a site stands until captured (J-8); a jump-off point or entry point an enemy
 * ship ended its move on is held until the Resolution phase settles it (K-7). */
enum { JS_SITE_GONE = 0, JS_SITE_UP = 1, JS_SITE_HELD = 2 };

typedef struct js_site {
    int8_t kind;              /* js_site_kind */
    int8_t side;
    int8_t alive;             /* JS_SITE_GONE, JS_SITE_UP or JS_SITE_HELD (still there) */
    int8_t section;           /* jump points: js_section of their owner, else JS_SECTION_ANY */
    js_hex hex;
} js_site;

typedef struct js_ship_place {
    js_hex hex;               /* small: the hex; medium: bow hex; large: centre hex */
    int8_t facing;            /* 1..6 */
    int8_t phase;             /* 1..10 (launches/deployments: 0 = default 5) */
} js_ship_place;

typedef enum {
    JS_AT_RESERVE = 0,        /* behind the screen */
    JS_AT_CARGO = 1,          /* in a transport's hold (L-4) */
    JS_AT_MAP = 2,
    JS_AT_GONE = 3,           /* destroyed and removed */
    JS_AT_HIDDEN = 4,         /* only in views: the other side's card you may not see */
    JS_AT_ARRIVING = 5,       /* deploying through a jump point this turn (J-5, J-6) */
} js_where;

typedef struct js_unit_setup {
    int16_t def;              /* index into js_scenario.cards */
    int8_t side;
    int8_t where;             /* JS_AT_RESERVE or JS_AT_MAP */
    js_ship_place place[JS_MAX_SQUAD]; /* for JS_AT_MAP: one per ship */
} js_unit_setup;

typedef struct js_side_cfg {
    char name[JS_NAME_LEN];   /* faction, e.g. "Vega Concord" */
    uint8_t rgb[3];
    uint8_t pad_;
    int16_t energy_start;     /* E-1: default 15 */
    int16_t energy_income;    /* default 10 */
    int16_t energy_max;       /* default 40 */
    int16_t pad2_;
} js_side_cfg;

/* ---------------------------------------------------------------- a set-up position (Z-36)
 * A scenario may start from a position, not only from placements: ships already damaged or
 * disabled, pod groups and missiles on the map, energy, points and hands set. All zero means
 * none: the game starts as its placements say, and the scenario digest is what it always was. */
enum {
    JS_MAX_POS_PODS = 64,     /* pod groups a position may place */
    JS_MAX_POS_MISSILES = 64, /* missiles a position may place */
    JS_MAX_POS_GROUP = 100,   /* pods in one placed group */
};

/* Which members of a js_ship_setup the position sets (the rest stay as a fresh ship's). */
enum {
    JS_SET_SHIELDS = 1 << 0,
    JS_SET_HULL = 1 << 1,     /* hull_damage */
    JS_SET_STATE = 1 << 2,
    JS_SET_TR = 1 << 3,
    JS_SET_GUARD = 1 << 4,
    JS_SET_MISSILES = 1 << 5,
    JS_SET_PODS = 1 << 6,     /* pod_squadrons */
};

/* A ship on the map as the position finds it (D-1, D-2, R-1, C-2). */
typedef struct js_ship_setup {
    int16_t unit;             /* index into js_scenario.units: a unit on the map */
    int8_t ship;              /* its ship, 0 .. card ships - 1 */
    uint8_t set;              /* JS_SET_* */
    int8_t state;             /* JS_SHIP_ACTIVE or JS_SHIP_DISABLED */
    int8_t shields;           /* 0 .. card shields */
    int8_t hull_damage;       /* 0 .. card hull - 1 */
    int8_t tr;                /* 0 .. card TR; unset: card TR - groups it controls */
    int8_t missiles;          /* 0 .. card missiles */
    int8_t pod_squadrons;     /* 0 .. card pod squadrons */
    int8_t guard[6];          /* per side, bow first; at most the card's guard pods in all */
} js_ship_setup;

/* A pod group on the map, controlled by a ship of the position (V-2, C-2). */
typedef struct js_pod_setup {
    int16_t unit;             /* the controlling ship: unit index and ship within it */
    int8_t ship;
    int8_t entered;           /* direction of its last step 1..6 (the side it attacks), 0 = never moved */
    js_hex hex;
    int16_t pods;             /* 1 .. JS_MAX_POS_GROUP */
    int8_t dir[JS_PLAN_DEPTH];/* plotted directions for T, T+1, T+2: 1..6 */
    int8_t pad_;
} js_pod_setup;

/* A missile on the map: it flies in the first turn's missile combat phase (C-1). */
typedef struct js_missile_setup {
    int16_t unit;             /* the launcher: unit index and ship within it */
    int8_t ship;
    int8_t facing;            /* 1..6 */
    js_hex hex;
} js_missile_setup;

/* A side's command cards (H): deck indices. Only with jump points; set for both sides or none. */
typedef struct js_hand_setup {
    int8_t nhand;
    int8_t pad_;
    int16_t nhq, ndiscard;
    int16_t hand[JS_MAX_HAND];
    int16_t hq[JS_MAX_DECK];  /* hq[0] is drawn first */
    int16_t discard[JS_MAX_DECK];
} js_hand_setup;

typedef struct js_position {
    int16_t turn;             /* the first turn, 1..turn_limit; 0 = 1 */
    uint8_t energy_set;       /* JS_SIDE_MASK bits: energy[] holds that side's energy in the first
                               * turn, which pays it no income (E-1) */
    uint8_t hands_set;        /* 1: hands[] replace the Vanguard and the deal (H-3, H-4) */
    int16_t energy[JS_SIDES];
    int16_t points[JS_SIDES];  /* points already scored (W-1) */
    int32_t nships, npods, nmissiles;         /* int32: the position starts 4-aligned, where the
                                               * scenario's storage ended before it was added */
    js_ship_setup ships[JS_MAX_SHIPS];
    js_pod_setup pods[JS_MAX_POS_PODS];
    js_missile_setup missiles[JS_MAX_POS_MISSILES];
    js_hand_setup hands[JS_SIDES];
} js_position;

/* Bits of js_scenario.zone[] */
enum { JS_ZONE_A = 1, JS_ZONE_B = 2 };

typedef struct js_scenario {
    char id[48];
    char name[64];
    char description[320];
    int16_t width, height;                    /* 4..JS_MAX_W, 4..JS_MAX_H */
    int16_t section_c1, section_c2;           /* G-7 section-line columns, c1 < c2 (or -1) */
    int16_t turn_limit;                       /* W-2; >= 1 */
    int16_t target_points;                    /* W-2; 0 = none */
    uint32_t options;                         /* JS_OPT_* */
    int32_t nterrain;
    js_terrain_type terrain_types[JS_MAX_TERRAIN];
    uint8_t terrain[JS_MAX_HEXES];            /* type per hex, index row*width+col */
    uint8_t zone[JS_MAX_HEXES];               /* JS_ZONE_* bits, index row*width+col */
    js_side_cfg sides[JS_SIDES];
    int32_t ncards;
    js_card_def cards[JS_MAX_DEFS];
    int32_t nunits;
    js_unit_setup units[JS_MAX_UNITS];
    int32_t nsites;
    js_site sites[JS_MAX_SITES];
    /* deployment systems and the command-card hand (J, H) */
    uint8_t deploy;                           /* JS_DEPLOY_* bits; default JS_DEPLOY_LAUNCH */
    int8_t billet;                            /* H-2: 2..6, default 4 */
    int8_t initial_hand;                      /* H-3: default 6 */
    int8_t vanguard;                          /* H-4: 0..9, default 2 */
    int32_t ndeck;                            /* 0: the default deck (js_default_deck) */
    js_command_card deck[JS_MAX_DECK];
    /* setup (S) */
    int16_t support_points[JS_SIDES];         /* points each side may spend on support vessels */
    int32_t nsupport;
    js_support_offer support[JS_MAX_SUPPORT]; /* cost = the card's points */
    int8_t sites_mode;                        /* js_sites_mode */
    int8_t sites_field_only;                  /* 1: terrain only on field spots (default) */
    int8_t base_depth;                        /* rows from each home edge that are base spots (3) */
    int8_t pad2_;
    int16_t site_weight[JS_MAX_TERRAIN];      /* draw weights per terrain type, [0] = open space */
    /* command dice (K) */
    int8_t kdice;                             /* K-3: dice a side rolls, 1..JS_MAX_KDICE (5) */
    int8_t jump_offs;                         /* K-2: jump-off points each side places at setup */
    int8_t jump_off_depth;                    /* K-2: their area, rows from the home edge (4) */
    int8_t pad3_;
    js_position position;                     /* Z-36: last, so that a scenario without one keeps
                                               * its digest (js_game_hash) */
} js_scenario;

/* Fill deck with the default command deck (H-1, J-4); returns the count. */
int js_default_deck(js_command_card *deck, int cap);
/* The side-relative section of a column (G-7): LEFT/CENTRE/RIGHT, or -1 on a section line. */
int js_section_of(const js_scenario *s, int side, int col);

/* Fill a scenario with defaults (empty 16x12 map, energy 15/10/40, 12 turns, no units). */
void js_scenario_defaults(js_scenario *s);
int js_scenario_hex_index(const js_scenario *s, js_hex h); /* -1 when off the map */

/* ---------------------------------------------------------------- orders (P) */
typedef struct js_order {
    int8_t turn;              /* 0 none, -1 port (TP), +1 starboard (TS) */
    int8_t move;              /* F(n): 0..card move */
    int8_t astern;            /* 1: the move goes astern */
    int8_t phase;             /* 1..10, within 1 of the previous turn's (always plotted) */
    int8_t msl_fwd, msl_aft;  /* missiles launched forward / aft */
    int8_t pods;              /* pod squadrons launched as one new group (0 = none) */
    int8_t pod_dir[3];        /* the new group's first three directions 1..6 */
    int8_t redistribute;      /* 1: guard[] is a new split of the guard pods */
    int8_t guard[6];          /* per side, side 1 = bow, clockwise */
    int8_t pad_;
} js_order;

/* ---------------------------------------------------------------- state */
typedef enum { JS_SHIP_ACTIVE = 0, JS_SHIP_DISABLED = 1, JS_SHIP_DESTROYED = 2 } js_ship_state;

typedef struct js_unit {
    int16_t def;              /* card definition; -1 in a view when hidden */
    int8_t side;
    int8_t where;             /* js_where */
    int16_t carrier;          /* ship id of the transport when JS_AT_CARGO, else -1 */
    int16_t first_ship;       /* ships first_ship .. first_ship+nships-1 */
    int8_t nships;
    int8_t pending;           /* 1 while a launch of this card waits for the reveal (secret) */
    int16_t arrived_turn;     /* turn it came onto the map, 0 = at start */
    int16_t activated_turn;   /* E-3: the last turn its activation cost was paid */
    int8_t limits;            /* JS_LIMIT_* for its arrival turn (K-4, K-6) */
    int8_t pad_;
} js_unit;

/* What a card deployed by command dice may not do in the turn it arrives (K-4, K-6). */
enum { JS_LIMIT_NO_MOVE = 1 << 0, JS_LIMIT_NO_LAUNCH = 1 << 1 };

typedef struct js_ship {
    int16_t unit;
    int8_t side;
    int8_t on_map;            /* 1 when on the map (its unit is JS_AT_MAP) */
    js_hex pos;               /* small: hex; medium: bow; large: centre */
    int8_t facing;            /* 1..6 */
    int8_t phase;             /* 1..10 */
    int8_t shields;           /* pegs left */
    int8_t hull_damage;
    int8_t state;             /* js_ship_state */
    int8_t tr;                /* current tactical rating */
    int8_t missiles;          /* missiles left */
    int8_t pod_squadrons;     /* pod squadrons left */
    int8_t guard[6];          /* guard pods per side, side 1 = bow */
    int8_t fresh;             /* 1: new on the map; plots all three turns this turn (P-1) */
    int8_t plotted;           /* 1: its owner touched its plot this plotting phase */
    int8_t attack_target_set; /* ship combat: 1 when a choice was made */
    int8_t pad_;
    int16_t attack_target;    /* ship combat: enemy ship id or -1 (secret until resolved) */
    js_order plan[JS_PLAN_DEPTH]; /* orders for turns T, T+1, T+2 (secret) */
} js_ship;

typedef struct js_podgroup {
    int8_t alive;
    int8_t side;
    int16_t controller;       /* ship id */
    js_hex pos;
    int16_t pods;
    int16_t launched_turn;
    int8_t dir[JS_PLAN_DEPTH];/* plotted directions for T, T+1, T+2 (secret) */
    int8_t acted;             /* acted in the current pod-movement sub-phase */
    int8_t moved_this_turn;   /* V-2: moved in the first pod movement. No rule reads it, but
                               * js_game_hash digests it: every stored record's hashes (demos,
                               * golden files, players' saves) depend on it, so it stays until
                               * the record format's hash changes for another reason */
    int8_t ever_moved;        /* C-2: whether it has ever moved */
    int8_t entered_dir;       /* direction of its last step (1..6), 0 = never moved */
    int8_t plotted;
} js_podgroup;

typedef struct js_missile {
    int8_t alive;
    int8_t side;
    int8_t facing;
    int8_t pad_;
    js_hex pos;
    int16_t ship;             /* launcher */
} js_missile;

typedef struct js_pending_launch {
    int16_t unit;             /* card launched */
    int16_t carrier;          /* transport ship for a cargo launch (L-5), -1 for a zone launch */
    int8_t ncargo;
    int8_t pad_;
    int16_t cargo[JS_MAX_CARGO]; /* cards loaded into the hold (L-4) */
    js_ship_place place[JS_MAX_SQUAD];
} js_pending_launch;

/* A deployment by command dice chosen this Command phase, waiting for the reveal (K-4, secret). */
typedef struct js_dice_deploy {
    int16_t unit;             /* the card that arrives (a transport for K-9) */
    int16_t site;             /* the jump-off point or entry point it comes through */
    int16_t passenger;        /* K-9: the card carried in a transport's hold, else -1 */
    uint8_t dice;             /* bit i: command die i is spent on it */
    int8_t total;             /* the dice added together, 1..4 */
    js_ship_place place[JS_MAX_SQUAD];
} js_dice_deploy;

typedef enum {
    JS_PHASE_COMMAND = 0,     /* T-1 */
    JS_PHASE_PLOT,            /* T-2 */
    JS_PHASE_POD1,            /* V-2 first pod movement */
    JS_PHASE_SHIPS,           /* V-3 (no decision inside) */
    JS_PHASE_POD2,            /* V-2 second pod movement */
    JS_PHASE_MISSILE,         /* C-1 */
    JS_PHASE_POD_COMBAT,      /* C-2, C-3 */
    JS_PHASE_SHIP_COMBAT,     /* C-5 */
    JS_PHASE_RESOLUTION,      /* R */
    JS_PHASE_OVER,
    JS_PHASE_SETUP_BUY,       /* S-3: support-vessel purchases (secret) */
    JS_PHASE_SETUP_JP,        /* S-3, J-2: jump-point placement (secret, then revealed) */
    JS_PHASE_SETUP_VANGUARD,  /* S-3, H-4: Vanguard (secret), then hands are dealt */
    JS_PHASE_DISCARD,         /* H-5: a side above its Billet discards (secret) */
    JS_PHASE_SETUP_JO,        /* S-3, K-2: jump-off points and entry points (secret, then revealed) */
    JS_PHASE_NEW_ENTRY,       /* K-7: a side whose entry point was captured picks a new one */
    JS_PHASE_COUNT
} js_phase;

typedef enum { JS_DICE_SEEDED = 0, JS_DICE_SCRIPTED = 1, JS_DICE_MANUAL = 2 } js_dice_kind;

/* A pod attack declared and waiting for the defender's guard-pod choice (C-2). */
typedef struct js_pod_attack {
    int16_t group;
    int16_t target;           /* ship or pod group id */
    int8_t target_is_pod;
    int8_t count;             /* pods attacking */
    int8_t guard_side;        /* 1..6 side facing the attack, 0 = all sides */
    int8_t active;
} js_pod_attack;

typedef struct js_state {
    js_scenario scn;
    int16_t turn;             /* 1.. */
    int8_t phase;             /* js_phase */
    int8_t winner;            /* when over: 0 A, 1 B, -1 draw */
    int8_t to_move;           /* alternating sub-phases: the side whose choice it is */
    int8_t ready;             /* secret decisions: JS_SIDE_MASK bits of sides that committed */
    int8_t passed;            /* pod combat: sides that passed */
    int8_t pad_;
    int16_t energy[JS_SIDES];
    int16_t points[JS_SIDES];
    int16_t nunits, nships;
    js_unit units[JS_MAX_UNITS];
    js_ship ships[JS_MAX_SHIPS];
    js_podgroup pods[JS_MAX_PODS];
    js_missile missiles[JS_MAX_MISSILES];
    js_site sites[JS_MAX_SITES];
    int16_t nsites;
    int16_t npending[JS_SIDES];
    js_pending_launch pending[JS_SIDES][JS_MAX_PENDING]; /* secret */
    js_pod_attack attack;
    /* command cards (H, J): indices into scn.deck; everything but counts is secret */
    int8_t billet[JS_SIDES];
    int16_t nhq[JS_SIDES], nhand[JS_SIDES], ndiscard[JS_SIDES];
    int16_t hq[JS_SIDES][JS_MAX_DECK];
    int16_t hand[JS_SIDES][JS_MAX_HAND];
    int16_t discard[JS_SIDES][JS_MAX_DECK];
    /* secret choices waiting for the reveal */
    int16_t play_card[JS_SIDES];              /* deck index of the card to play, -1 none */
    int8_t play_section[JS_SIDES];            /* Assault: the section chosen */
    int8_t play_site[JS_SIDES];               /* officer: the jump point (site index) */
    int8_t nplay_units[JS_SIDES];
    int8_t pad3_[2];
    int16_t play_units[JS_SIDES][JS_MAX_DEPLOY];          /* in arrival order */
    js_ship_place play_place[JS_SIDES][JS_MAX_DEPLOY];    /* facing and phase of each */
    int8_t npurchase[JS_SIDES];
    int16_t purchase[JS_SIDES][JS_MAX_SUPPORT];           /* support offer indices */
    js_hex jp_pick[JS_SIDES][3];                          /* per section; valid when set */
    int8_t jp_set_mask[JS_SIDES];                         /* bit per section */
    int8_t nvanguard[JS_SIDES];
    int16_t vanguard[JS_SIDES][JS_MAX_VANGUARD];          /* deck indices, in order */
    int8_t ndiscard_pick[JS_SIDES];                       /* H-5 discards chosen, applied together */
    int16_t discard_pick[JS_SIDES][JS_MAX_HAND];
    /* jump-point arrivals this turn (J-6): unit ids in order, per jump point */
    int8_t arrive_site[JS_MAX_UNITS];                     /* site index of an arriving unit */
    int8_t arrive_order[JS_MAX_UNITS];                    /* position in its jump point's queue */
    /* command dice (K): the roll is public, the deployments secret until the reveal */
    int8_t kdice_rolled;                                  /* this Command phase's dice are rolled */
    int8_t nkdice[JS_SIDES];
    int8_t kdice[JS_SIDES][JS_MAX_KDICE];                 /* values 1..6 */
    int8_t khesitant[JS_SIDES];                           /* K-8: judged when the dice are rolled */
    int8_t kentry_hesitant[JS_SIDES];                     /* K-7: the entry point was moved */
    int8_t nkdep[JS_SIDES];
    js_dice_deploy kdep[JS_SIDES][JS_MAX_KDICE];
    int8_t jo_set_mask[JS_SIDES];                         /* K-2 setup picks, secret */
    int8_t entry_set[JS_SIDES];
    js_hex jo_pick[JS_SIDES][JS_MAX_JUMP_OFFS];
    js_hex entry_pick[JS_SIDES];
    /* dice */
    int8_t dice_kind;
    int8_t pad2_[3];
    uint64_t rng;             /* seeded generator state */
    int32_t script_pos;       /* next scripted result */
    int32_t rolls;            /* dice rolled so far */
} js_state;

/* ---------------------------------------------------------------- events (the log) */
typedef enum {
    JS_EV_TURN = 0,           /* a new turn begins */
    JS_EV_PHASE,              /* a phase begins */
    JS_EV_ENERGY,             /* income or payment */
    JS_EV_LAUNCH,             /* a card arrived on the map */
    JS_EV_LOAD,               /* cargo loaded (owner only) */
    JS_EV_READY,              /* a side committed a secret decision */
    JS_EV_REVEAL,
    JS_EV_TURNED,
    JS_EV_PHASE_CHANGE,
    JS_EV_GUARD,              /* guard pods redistributed or sacrificed */
    JS_EV_MOVE,               /* a ship stepped one hex (hex = from, hex2 = to) */
    JS_EV_BLOCKED,            /* a step was not taken */
    JS_EV_POD_MOVE,
    JS_EV_POD_HOLD,
    JS_EV_POD_LAUNCH,
    JS_EV_POD_REMOVED,
    JS_EV_MISSILE_LAUNCH,
    JS_EV_MISSILE_FLY,        /* hex = start, hex2 = where it stopped */
    JS_EV_MISSILE_GONE,
    JS_EV_ROLL,               /* a die: value, value2 = sides, text = purpose */
    JS_EV_DAMAGE,             /* direct damage: value = amount */
    JS_EV_DISABLED,
    JS_EV_DESTROYED,
    JS_EV_ATTACK,             /* an attack declared */
    JS_EV_NO_EFFECT,
    JS_EV_CANCELLED,          /* orders cancelled (energy, disabled, no room) */
    JS_EV_TR,
    JS_EV_POINTS,
    JS_EV_CAPTURE,
    JS_EV_GAME_OVER,
    JS_EV_INFO,
    JS_EV_CARD,               /* a command card played, drawn or discarded */
    JS_EV_JUMP,               /* a card arrives through a jump point */
    JS_EV_SETUP,              /* purchases, jump points, sites, hands */
    JS_EV_POD_ROLL,           /* one attacking pod's roll and its whole sum (C-3): see js_pod_sum */
    JS_EV_DICE,               /* a side's command dice: value = how many, text = the faces (K-3) */
    JS_EV_DEPLOY,             /* a card deployed by command dice: a = ship, b = unit, hex = its
                               * place, value = the dice total, value2 = the site (K-4, K-6) */
    JS_EV_COUNT
} js_event_type;

/* The terms of one attacking pod's roll (C-3), as the rule adds them up:
 * total = d10 + phase + defense + guard + range - tr. */
typedef struct js_pod_sum {
    int16_t d10;              /* the die */
    int16_t phase;            /* |phase of the pods - phase of the target| */
    int16_t defense;          /* the target's Defense: its card (0 for pods, U-3) + terrain */
    int16_t guard;            /* guard pods sacrificed x JS_GUARD_DEFENSE (C-2) */
    int16_t range;            /* the range term: min(floor(range / JS_POD_RANGE_STEP), TR) */
    int16_t tr;               /* the controlling ship's current TR (at least 0), subtracted */
    int16_t total;
} js_pod_sum;

/* What a die was rolled for (JS_EV_ROLL; JS_EV_POD_ROLL is always JS_ROLL_POD_ATTACK). */
typedef enum {
    JS_ROLL_NONE = 0,         /* not a roll */
    JS_ROLL_MISSILE,          /* C-1: the missile's d10 against what it struck */
    JS_ROLL_MISSILE_TIE,      /* C-1: which of several equal units a missile strikes */
    JS_ROLL_POD_ATTACK,       /* C-3: one attacking pod's d10 */
    JS_ROLL_SHIP_ATTACK,      /* C-5: one die of a ship attack's 2d10 (die 1 or 2) */
    JS_ROLL_SHIP_ON_PODS,     /* C-5: one die of the 2d10 of a ship's attack on pods */
    JS_ROLL_ECM,              /* V-4: an enemy's ECM against a ship moving alongside */
    JS_ROLL_COMMAND_DIE,      /* K-3: one of a side's command dice (die 1..n) */
    JS_ROLL_HESITATION,       /* K-8: a hesitant deployment's arrival */
    JS_ROLL_OTHER,            /* a roll no rule above names */
    JS_ROLL_COUNT
} js_roll_for;

/* What an id in an event (a, b) names. */
typedef enum {
    JS_UNIT_NONE = 0,
    JS_UNIT_SHIP,             /* st.ships[] */
    JS_UNIT_CARD,             /* st.units[]: a card (reserve, cargo, on the map) */
    JS_UNIT_POD_GROUP,        /* st.pods[] */
    JS_UNIT_MISSILE,          /* st.missiles[] */
    JS_UNIT_SITE,             /* st.sites[]: a jump point, jump-off point or entry point */
    JS_UNIT_DECK,             /* scn.deck[]: a command card */
    JS_UNIT_SIDE,             /* a side, 0 or 1 (JS_EV_GAME_OVER: the side left without ships) */
    JS_UNIT_KIND_COUNT
} js_unit_kind;

/* Why something happened: what scored points (JS_EV_POINTS), what damaged, disabled or destroyed a
 * unit (JS_EV_DAMAGE, JS_EV_DISABLED, JS_EV_DESTROYED, JS_EV_POD_REMOVED, JS_EV_MISSILE_GONE,
 * JS_EV_NO_EFFECT: the attack that failed), a capture (JS_EV_CAPTURE), why the game ended
 * (JS_EV_GAME_OVER). */
typedef enum {
    JS_CAUSE_NONE = 0,
    JS_CAUSE_MISSILE,         /* C-1 */
    JS_CAUSE_POD_ATTACK,      /* C-3 */
    JS_CAUSE_SHIP_ATTACK,     /* C-5 */
    JS_CAUSE_ECM,             /* V-4 */
    JS_CAUSE_DESTROYED,       /* W-1: points for a destroyed ship */
    JS_CAUSE_CARGO_LOST,      /* W-1: points for cargo lost with its carrier */
    JS_CAUSE_DISABLED_AT_END, /* W-1: half points for a ship still disabled at the end */
    JS_CAUSE_CAPTURE,         /* J-8, K-7: a site captured */
    JS_CAUSE_OUT_OF_RANGE,    /* C-1: a missile that met nothing in its range */
    JS_CAUSE_OFF_MAP,         /* C-1, V-2: a missile or pod group that left the map */
    JS_CAUSE_TERRAIN,         /* C-1: a missile lost in terrain that blocks it */
    JS_CAUSE_USED_UP,         /* C-3: a pod group whose last pods attacked */
    JS_CAUSE_WITH_ITS_SHIP,   /* D-3: pod groups removed with the ship that controls them */
    JS_CAUSE_TARGET_REACHED,  /* W-2 (JS_EV_GAME_OVER): a side reached the target points */
    JS_CAUSE_NO_FORCES,       /* W-2: a side has no ships left (a = that side) */
    JS_CAUSE_LAST_TURN,       /* W-2: the last turn was played */
    JS_CAUSE_OTHER,
    JS_CAUSE_COUNT
} js_cause;

/* What came of a roll (JS_EV_ROLL, JS_EV_POD_ROLL) or an attack (JS_EV_NO_EFFECT and the rest). */
typedef enum {
    JS_OUTCOME_NONE = 0,      /* not decided by this event (the first die of two, a tie roll) */
    JS_OUTCOME_NO_EFFECT,
    JS_OUTCOME_DISABLED,
    JS_OUTCOME_DESTROYED,
    JS_OUTCOME_DAMAGED,       /* ECM: damage dealt (shields first) */
    JS_OUTCOME_ARRIVES,       /* K-8: a hesitant deployment arrives */
    JS_OUTCOME_STAYS,         /* K-8: it stays in reserve */
    JS_OUTCOME_COUNT
} js_outcome;

/* An event's facts are its typed fields; `text` is the sentence the engine's log writer makes of
 * them, for people only: nothing outside the log writer reads it (docs/formats.md). */
typedef struct js_event {
    int16_t type;             /* js_event_type */
    int8_t side;              /* the side it concerns, -1 none */
    uint8_t vis;              /* JS_SIDE_MASK bits of who may see it */
    int16_t turn;
    int8_t phase;
    int8_t pad_;
    int16_t a, b;             /* ids: ship, group, missile, unit; -1 none */
    js_hex hex, hex2;
    int16_t value, value2;
    char rule[6];             /* the rule that made it, "V-3", or "": for tooltips and the rules
                               * reference, kept out of the sentence itself */
    char text[JS_TEXT_LEN];   /* one line a player can read */
    js_pod_sum sum;           /* JS_EV_POD_ROLL only (a = group, b = target, value = total,
                               * value2 = 1 when the target is a pod group); zero otherwise */
    int8_t a_kind, b_kind;    /* js_unit_kind: what a and b name */
    int8_t roll_for;          /* js_roll_for: JS_EV_ROLL, JS_EV_POD_ROLL */
    int8_t die;               /* which die of a roll of several, 1-based (2d10, command dice); 0 */
    int8_t cause;             /* js_cause */
    int8_t outcome;           /* js_outcome */
    int8_t ndice;             /* JS_EV_DICE: the faces of a side's command dice (K-3) */
    int8_t dice[JS_MAX_KDICE];
    int8_t pad2_;
    int16_t card;             /* deck index of a command card (JS_EV_CARD), else -1 */
} js_event;

/* ---------------------------------------------------------------- commands */
typedef enum {
    JS_CMD_LAUNCH = 0,        /* L-2, L-4: unit, place[], cargo[] */
    JS_CMD_LAUNCH_CARGO,      /* L-5: unit (cargo card), place[] */
    JS_CMD_CANCEL_LAUNCH,     /* withdraw a pending launch of unit */
    JS_CMD_READY,             /* commit the side's secret decision (command, plots, ship attacks) */
    JS_CMD_PLOT,              /* P-2: unit = ship id, slot 0..2, order */
    JS_CMD_PLOT_POD,          /* P-4: unit = pod group id, slot 0..2, dir */
    JS_CMD_POD_MOVE,          /* V-2: unit = group, hold = 1 to hold */
    JS_CMD_MISSILE,           /* C-1: unit = missile to resolve */
    JS_CMD_POD_ATTACK,        /* C-2: unit = group, target, target_is_pod, count; unit -1 = pass */
    JS_CMD_GUARD,             /* C-2: count = guard pods sacrificed */
    JS_CMD_SHIP_ATTACK,       /* C-5: unit = ship, target = enemy ship or -1 */
    JS_CMD_DIE,               /* X-1 manual dice: value */
    JS_CMD_BUY,               /* S-1: cargo[] = support offer indices bought (replaces the list) */
    JS_CMD_PLACE_JP,          /* J-2: slot = section 0..2, place[0].hex */
    JS_CMD_VANGUARD,          /* H-4: cargo[] = deck indices in order (replaces the list) */
    JS_CMD_PLAY_CARD,         /* J-3, J-4: unit = deck index in hand (-1 withdraws), dir = section
                               * (Assault), target = jump point site (officer), cargo[] = reserve
                               * cards in arrival order, place[i] = facing and phase of cargo[i] */
    JS_CMD_DISCARD,           /* H-5: cargo[] = deck indices discarded, exactly down to the Billet */
    JS_CMD_PLACE_JO,          /* K-2 at setup: slot = jump-off point 0..jump_offs-1, place[0].hex */
    JS_CMD_PLACE_ENTRY,       /* K-2 at setup, K-7 after a capture: place[0].hex on the base line */
    JS_CMD_DICE_DEPLOY,       /* K-4, K-6, K-9: unit = card, dice = bits of the command dice spent
                               * (0 withdraws unit's pending deployment), target = jump-off point or
                               * entry point, place[] = its ships, cargo[0] = a transport's passenger */
    JS_CMD_COUNT
} js_cmd_type;

typedef struct js_cmd {
    int8_t type;              /* js_cmd_type */
    int8_t side;
    int16_t unit;
    int16_t target;
    int8_t target_is_pod;
    int8_t count;
    int8_t slot;
    int8_t dir;
    int8_t hold;
    int8_t value;
    js_order order;
    int8_t nplace;
    int8_t ncargo;
    js_ship_place place[JS_MAX_SQUAD];
    int16_t cargo[JS_MAX_CARGO];
    uint8_t dice;             /* JS_CMD_DICE_DEPLOY: bit i = command die i */
    int8_t pad_;
} js_cmd;

/* A command of this type for this side with nothing chosen yet: every member zero but target,
 * which is -1 (none). */
js_cmd js_cmd_new(int type, int side);

/* ---------------------------------------------------------------- waiting */
typedef enum {
    JS_WAIT_NONE = 0,         /* game over */
    JS_WAIT_COMMAND,          /* secret, both: launches, then READY */
    JS_WAIT_PLOT,             /* secret, both: plots, then READY */
    JS_WAIT_POD_MOVE,         /* public, one side */
    JS_WAIT_MISSILE,          /* public, one side */
    JS_WAIT_POD_ATTACK,       /* public, one side */
    JS_WAIT_GUARD,            /* public, the defending side */
    JS_WAIT_SHIP_ATTACK,      /* secret, both */
    JS_WAIT_DIE,              /* public, the rolling side enters a die */
    JS_WAIT_SETUP_BUY,        /* secret, both: BUY, then READY */
    JS_WAIT_SETUP_JP,         /* secret, both: PLACE_JP x3, then READY */
    JS_WAIT_VANGUARD,         /* secret, both: VANGUARD, then READY */
    JS_WAIT_DISCARD,          /* secret, the sides above their Billet: DISCARD */
    JS_WAIT_SETUP_JO,         /* secret, both: PLACE_JO x jump_offs and PLACE_ENTRY, then READY */
    JS_WAIT_NEW_ENTRY,        /* public, the side whose entry point was captured: PLACE_ENTRY */
    JS_WAIT_COUNT
} js_wait_kind;

typedef struct js_wait {
    int8_t kind;              /* js_wait_kind */
    uint8_t sides;            /* JS_SIDE_MASK bits of sides that must still answer */
    int8_t secret;            /* 1 when the answer is secret (hotseat handover needed) */
    int8_t die_sides;         /* JS_WAIT_DIE: 6, 8 or 10 */
    int8_t max_guard;         /* JS_WAIT_GUARD: pods that may be sacrificed */
    int8_t pad_;
    char what[96];            /* a sentence: "Vega: choose the next missile" */
} js_wait;

/* ---------------------------------------------------------------- the game */
typedef struct js_game js_game;

typedef struct js_dice_cfg {
    int8_t kind;              /* js_dice_kind */
    uint64_t seed;            /* JS_DICE_SEEDED: the seed; also the fallback after a script ends */
    const int8_t *script;     /* JS_DICE_SCRIPTED: results, copied */
    int32_t nscript;
} js_dice_cfg;

/* Create a game at the start of turn 1's Command phase. Copies scenario and dice.
 * Returns NULL with a reason when the scenario breaks an engine invariant. */
js_game *js_game_create(const js_scenario *scn, const js_dice_cfg *dice, char *reason, size_t cap);
void js_game_destroy(js_game *g);
js_game *js_game_clone(const js_game *g);
/* A game that goes on from a given state rather than from a scenario's start: how a computer
 * player builds the games it imagines from its side's view (js_view.st), once it has filled in
 * guesses for what the view hides: a card for every JS_AT_HIDDEN unit (then JS_AT_RESERVE or
 * JS_AT_CARGO) and orders (phase 1..10) for the other side's ships. Everything the engine looks
 * up by id or count is checked first; a state that fails gets NULL and a reason naming the field.
 * The copy is the caller's to destroy; its dice are seeded with `seed` and its log starts empty. */
js_game *js_game_from_state(const js_state *st, uint64_t seed, char *reason, size_t cap);
/* Start g over from st, a state of g's own scenario (one js_game_from_state would take): as a
 * game js_game_from_state(st, seed) built, but without building one (a search plays thousands of
 * short games from a few states: copying the scenario and checking it each time cost more than
 * playing them). The log is emptied, the error and any parked command dropped; the quiet setting
 * stays. False (g unchanged) when st fails the same checks. */
bool js_game_restart(js_game *g, const js_state *st, uint64_t seed);
/* Quiet (true): events keep their typed fields but no sentence (text and rule stay empty), for
 * the games a computer player imagines, which read states, not sentences. Off by default; a game
 * that is recorded or shown must never be quiet (its log is its record's events). */
void js_game_set_quiet(js_game *g, bool quiet);

/* The whole state (for the data layer, tests and tools). The UI must use js_view instead. */
const js_state *js_game_state(const js_game *g);
const js_scenario *js_game_scenario(const js_game *g);

/* What the game waits for now. */
js_wait js_wait_get(const js_game *g);

/* Which command types answer a decision of this kind (js_wait_kind): bit t is set for each
 * js_cmd_type t that the engine accepts while the game waits so (given a side it waits on and
 * fields that make sense); a command of any other type is refused as JS_ERR_NOT_NOW, whatever its
 * fields. 0 for JS_WAIT_NONE and kinds out of range. The one list of it: the battle's panels, the
 * lesson runner, the computer and the random player all ask here. */
uint32_t js_wait_answers(int wait_kind);
/* Whether a command of type cmd_type answers a decision of kind wait_kind (js_wait_answers). */
bool js_cmd_answers(int wait_kind, int cmd_type);

/* Check a command without changing anything. */
js_status js_check(const js_game *g, const js_cmd *c, char *reason, size_t cap);
/* Check, then apply. On any status but JS_OK nothing changed, except JS_ERR_NEED_DIE where
 * the command is parked until a JS_CMD_DIE arrives (manual dice). */
js_status js_submit(js_game *g, const js_cmd *c, char *reason, size_t cap);

/* The log: every event so far, oldest first. */
int js_log_count(const js_game *g);
const js_event *js_log_at(const js_game *g, int i);
bool js_event_visible(const js_event *e, int viewer); /* viewer: side, or -1 for everything */
/* Append events to the log as they are (nothing is applied): a game rebuilt from a side's view
 * (js_game_from_state) takes the events that side has seen from a server, so that the screens
 * read its log as a local game's. False (nothing appended) when the log cannot hold them. */
bool js_log_restore(js_game *g, const js_event *ev, int n);

/* Why the game stopped at an engine limit (JS_ERR_LIMIT), or NULL while it runs normally. A
 * stopped game waits on nobody (js_wait_get gives JS_WAIT_NONE with the reason in `what`). */
const char *js_game_error(const js_game *g);
/* Cap the event log at `max_events` (0: as many as memory allows, the default). A command that
 * would find the log full before it starts is refused with JS_ERR_NOMEM and changes nothing; one
 * that fills it part way stops the game (JS_ERR_LIMIT) rather than go on with events missing. */
void js_game_set_log_limit(js_game *g, int max_events);

/* Digest of state + dice (FNV-1a 64 over every field, in a fixed order). */
uint64_t js_game_hash(const js_game *g);
/* Scripted dice not yet used (tests). */
int js_dice_left(const js_game *g);

/* ---------------------------------------------------------------- views */
/* A side's view: the state with everything that side may not know removed. viewer -1 gives
 * everything (only for finished games and tools). */
typedef struct js_view {
    int8_t viewer;
    int8_t pad_;
    int16_t reserve_count[JS_SIDES];   /* cards not on the map (reserve + holds, L-6) */
    js_wait wait;
    js_state st;
} js_view;

void js_view_build(const js_game *g, int viewer, js_view *out);

/* ---------------------------------------------------------------- queries on a state */
/* Footprint hexes of a ship at a position (G-3). Returns the count (1, 2 or 7). */
int js_footprint(int size, js_hex pos, int facing, js_hex out[7]);
int js_ship_footprint(const js_state *st, int ship, js_hex out[7]);
const js_card_def *js_ship_card(const js_state *st, int ship);
bool js_hex_on_map(const js_state *st, js_hex h);
const js_terrain_type *js_terrain_at(const js_state *st, js_hex h); /* NULL off map */
int js_unit_distance(const js_state *st, int ship_a, int ship_b);  /* G-4 */
bool js_ships_adjacent(const js_state *st, int ship_a, int ship_b);
int js_initiative(int turn);  /* V-2: A on odd turns, B on even */

/* Why a plotted move stops short (V-3) or a plotted turn is not made (Z-5). */
typedef enum { JS_STOP_NONE = 0, JS_STOP_OFF_MAP, JS_STOP_IMPASSABLE } js_stop_kind;

typedef struct js_plan_note {
    int8_t steps;             /* hexes the ship really moves that turn (<= its F(n)) */
    int8_t stop;              /* js_stop_kind of the step not taken, or JS_STOP_NONE */
    int8_t turn_stop;         /* js_stop_kind of a plotted turn that cannot be made */
    int8_t pad_;
    js_hex stop_hex;          /* the hex the move or the turned stern could not enter */
} js_plan_note;

/* Where the ship would be after each of its plotted turns, moving alone (the ghost). Ships never
 * block each other (G-5), so only the map edge and impassable terrain change a plot, and the
 * ghost shows exactly where the move stops; `notes` (may be NULL) says where and why. Returns
 * how many positions were written (JS_PLAN_DEPTH, or 0 for a ship not on the map). */
int js_project_plan(const js_state *st, int ship, js_ship_place out[JS_PLAN_DEPTH],
                    js_plan_note notes[JS_PLAN_DEPTH]);

/* C-1: how a missile starting at `from` heading `facing` would fly through the state as it is
 * now: the hexes it enters and why it ends. `skip` is a missile id that does not count as a
 * target (the flying missile itself), or -1. Resolution uses the same walk, so a preview of a
 * missile in the missile phase is exactly its flight; a preview while plotting uses today's
 * positions, and units move before missiles fly. Returns out->n. */
typedef enum { JS_MSL_SPENT = 0, JS_MSL_OFF_MAP, JS_MSL_BLOCKED, JS_MSL_STRIKES } js_missile_end;
typedef enum { JS_HIT_SHIP = 0, JS_HIT_POD = 1, JS_HIT_MISSILE = 2 } js_hit_kind;
typedef struct js_missile_path {
    int8_t n;                       /* hexes entered, 1..JS_MISSILE_RANGE */
    int8_t end;                     /* js_missile_end; the last hex is where it ends */
    int8_t hit;                     /* JS_MSL_STRIKES: js_hit_kind of what it strikes, else -1 */
    uint8_t hit_sides;              /* JS_SIDE_MASK bits of the sides among the units it may strike */
    js_hex hex[JS_MISSILE_RANGE];
} js_missile_path;
int js_missile_flight(const js_state *st, js_hex from, int facing, int skip, js_missile_path *out);
/* V-5: the hex a ship of `size` at `p` launches a missile from: its bow hex forward, its stern
 * hex aft (a small ship's own hex; a large ship's outer hex ahead or behind). */
js_hex js_missile_origin(int size, js_ship_place p, bool aft);

/* A decision whose answer cannot matter: the side to move has exactly one legal choice, or the
 * order of its choices cannot change any outcome (missiles whose flights share no hex with any
 * other missile's). Fills `out` with that command (the lowest id first) and returns true, so a
 * screen may take it without asking; the command goes into the record like any other. Secret
 * decisions, and choices between doing something and not (pod moves may hold, pod attacks may
 * pass), are never forced. */
bool js_forced_command(const js_game *g, js_cmd *out);

/* C-2: how many guard pods of ship `target` face an attack by pod group `group` (those on the
 * hex side the group last entered through, or all when it never moved): what the defender may
 * sacrifice if it is declared now. 0 for a pod-group target. */
int js_guard_facing(const js_state *st, int group, int target, bool target_is_pod);

/* Probabilities (per mille) of destroyed / disabled / no effect for a pod attack (C-3). */
void js_pod_attack_odds(const js_state *st, int group, int target, bool target_is_pod, int count,
                        int guard_sacrificed, int out_permille[3]);

/* Whether a side's card is in one of its pending launches (launched or loaded as cargo) this
 * command phase. On the other side's view there are none to see. */
bool js_unit_launching(const js_state *st, int side, int unit);

/* Energy not yet committed to the side's pending launches this turn (E-2). */
int js_launch_energy(const js_state *st, int side);
/* Why card `unit` may not begin a launch now — or JS_OK: into the starting zone from the reserve
 * (from_hold false) or from a transport's hold (L-5: the transport active and on the map since
 * before this turn). Not already launching, loaded or deploying; launches allowed (L-1); room
 * for another launch; its cost within js_launch_energy (E-2). Placing its ships comes after
 * (js_check_launch_place); js_check makes the same checks on the launch command. */
js_status js_check_launch_start(const js_state *st, int side, int unit, bool from_hold, char *reason,
                                size_t cap);
/* L-4 hold space: the hexes a card's ships would cover (a squadron counts all its ships). The
 * one place this is worked out: the engine's checks, the screens and the tools ask here. */
int js_hold_space(const js_card_def *d);
/* The hold space used by the cargo of transport `ship`; *ncards (may be NULL) gets how many
 * cards it carries. Only the owner's view holds cargo (L-6). */
int js_hold_used(const js_state *st, int ship, int *ncards);
/* Why loading `cargo` (ncargo reserve cards) into the hold of reserve card transport_unit, as
 * its zone launch would, breaks L-4 — or JS_OK. The same check js_check makes on the launch;
 * the hold dialog asks it of each card it offers. */
js_status js_check_cargo(const js_state *st, int side, int transport_unit, const int16_t *cargo,
                         int ncargo, char *reason, size_t cap);
/* Why ship number `nplaced` of card `unit` may not go at p, with ships placed[0..nplaced) of the
 * card already placed — or JS_OK. L-2 (on the map, passable, empty also of the side's pending
 * launches, apart from the ships placed, touching the side's starting zone) or, for a card in a
 * hold, L-5 (beside its transport). What only the whole card decides (a squadron's adjacency,
 * the cost) is js_check's at submit. The launch placement preview asks this for every hex. */
js_status js_check_launch_place(const js_state *st, int side, int unit, const js_ship_place *placed,
                                int nplaced, const js_ship_place *p, char *reason, size_t cap);

/* E-3 projection for the plotting screen: the side's energy after this turn's known costs
 * (pending launches, activations of plan[0]) and after turns T+1 and T+2 (income, capped and
 * never below 0 as E-1 says, then the activations their plotted orders need, paid card by card
 * as E-3 says). Writes out[0..2], never below 0; `cancelled` (may be NULL) gets, per turn, the
 * cards that could not pay and would have their moves and launches cancelled. A side's own view
 * gives the truth; the other side's view lacks its plots, so it shows no activation costs. */
void js_projected_energy(const js_state *st, int side, int out[JS_PLAN_DEPTH],
                         int cancelled[JS_PLAN_DEPTH]);

/* Why an order would be refused (P-2, P-3), or JS_OK. Used by the plotting screen. */
js_status js_check_order(const js_state *st, int ship, int slot, const js_order *o, char *reason,
                         size_t cap);

/* ---------------------------------------------------------------- command dice (K) */
/* K-1: how a card deploys by command dice. */
typedef enum {
    JS_K_TEAM = 0,            /* a single ship that is no leader: a 1 (or a 3, as a support ship) */
    JS_K_LEADER,              /* a squadron, or a card flagged leader: a 2 or a 3 */
    JS_K_SENIOR,              /* flagged flagship: a 4 */
    JS_K_VEHICLE,             /* heavy, medium or large: a 3, through the entry point */
    JS_K_TRANSPORT,           /* flagged transport: with a passenger, through the entry point */
} js_k_role;

int js_k_role_of(const js_card_def *d);
/* Die totals that deploy the card: bit v for a total of v (K-4); a transport has none of its
 * own (its passenger's count, K-9). */
unsigned js_k_values(const js_card_def *d);
/* Whether the card comes through the entry point (K-6, K-9) rather than a jump-off point. */
bool js_k_via_entry(const js_card_def *d);
/* The side's standing entry point (site index), or -1. */
int js_entry_site(const js_state *st, int side);
/* K-5: an enemy ship within 2 hexes of the jump-off point. */
bool js_jump_off_blocked(const js_state *st, int site);
/* K-7, K-8: whether a deployment of the side through this site rolls to arrive. */
bool js_dice_hesitant(const js_state *st, int side, int site);
/* K-3: the total of the side's command dice in `mask` (bit i = die i), or 0 with a reason when
 * they may not be spent together; dice already spent on another pending deployment (not that
 * of `unit`, which a new choice replaces) count as spent. */
int js_dice_total(const js_state *st, int side, unsigned mask, int unit, char *reason, size_t cap);
/* K-4, K-6: why `unit` may not be placed so through `site` (the dice aside), or JS_OK. */
js_status js_dice_place_check(const js_state *st, int side, int unit, int site,
                              const js_ship_place *place, int nplace, char *reason, size_t cap);
/* K-4, K-5, K-6: why `unit` may not come through `site` (its own kind of site, standing and
 * unblocked), or JS_OK. */
js_status js_dice_site_check(const js_state *st, int side, int unit, int site, char *reason, size_t cap);
/* K-4, K-6 for ship k of the card alone (its site, hexes and reach; the squadron's shape is
 * js_dice_place_check's): for previews of each ship being placed. */
js_status js_dice_ship_check(const js_state *st, int side, int unit, int site, js_ship_place p, int k,
                             char *reason, size_t cap);
/* K-2 at setup, K-7 after a capture: why h may not be the side's entry point, or JS_OK. */
js_status js_entry_hex_check(const js_state *st, int side, js_hex h, char *reason, size_t cap);
/* K-2 at setup: why h may not be one of the side's jump-off points (slot 0..), or JS_OK. */
js_status js_jump_off_hex_check(const js_state *st, int side, int slot, js_hex h, char *reason,
                                size_t cap);
/* Whether a side's card is in one of its pending deployments by command dice (as the card or
 * as a transport's passenger). On the other side's view there are none to see. */
bool js_unit_dice_deploying(const js_state *st, int side, int unit);

const char *js_phase_name(int phase);
/* The names of event and command types, "?" when out of range. They are the files' names too
 * (docs/formats.md): the data layer writes and reads these, so there is one table of each. */
const char *js_event_type_name(int type);
/* A ship's name as the log's sentences write it: "Lancer Frigate (#3)", "Kestrel 1/2 (#4)". */
const char *js_ship_name(const js_state *st, int ship, char *buf, size_t cap);
/* The wire names of the typed fields' values ("missile", "pod_group", ...); "?" out of range. */
const char *js_roll_for_name(int v);
const char *js_unit_kind_name(int v);
const char *js_cause_name(int v);
const char *js_outcome_name(int v);
const char *js_cmd_type_name(int type);

#ifdef __cplusplus
}
#endif
#endif
