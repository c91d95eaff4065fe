/* jsd_card.c — one ship card object (RULES U-1) <-> js_card_def. */
#include "jsd_internal.h"

#include <string.h>

static const char *const ROLE_NAMES[] = {"flagship", "leader", "adjutant",
                                         "heavy",    "transport", "scout"};
enum { NROLES = 6 };

static const char *const CARD_FIELDS[] = {
    "id",           "name",          "faction",       "size",         "ships",
    "move",         "shields",       "hull",          "defense",      "tr",
    "fwd_launchers", "aft_launchers", "missiles",     "pod_squadrons", "pods_per_squadron",
    "guard_pods",   "launch_cost",   "activation_cost", "capacity",   "mass",
    "points",       "roles",         "notes",         NULL,
};

static bool valid_id(const char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
            return false;
    return true;
}

bool jsd_card_parse(const jx *x, const cJSON *v, const char *path, js_card_def *out)
{
    js_card_def d;
    memset(&d, 0, sizeof d);
    if (!jx_want_object(x, v, path) || !jx_fields(x, v, path, CARD_FIELDS))
        return false;
    char p[JX_PATH], faction[JS_NAME_LEN], notes[240];
    if (!jx_str(x, v, path, "id", true, 1, JS_NAME_LEN - 1, d.id, sizeof d.id))
        return false;
    if (!valid_id(d.id)) {
        jx_key(p, path, "id");
        return jx_fail(x, p, "\"%s\": a card id uses only a-z, 0-9, '-' and '_'", d.id);
    }
    int size, ships, move, shields, hull, defense, tr, fwd, aft, msl, psq, pps, guard, lc, ac,
        cap, mass, points;
    if (!jx_str(x, v, path, "name", true, 1, JS_NAME_LEN - 1, d.name, sizeof d.name) ||
        !jx_str(x, v, path, "faction", false, 0, JS_NAME_LEN - 1, faction, sizeof faction) ||
        !jx_text(x, v, path, "notes", false, 0, 200, notes, sizeof notes) ||
        !jx_enum(x, v, path, "size", true, jsd_size_names, 3, 0, &size) ||
        !jx_int(x, v, path, "ships", false, 1, JS_MAX_SQUAD, 1, &ships) ||
        !jx_int(x, v, path, "move", true, 0, 20, 0, &move) ||
        !jx_int(x, v, path, "shields", true, 0, 10, 0, &shields) ||
        !jx_int(x, v, path, "hull", true, 1, 20, 1, &hull) ||
        !jx_int(x, v, path, "defense", true, 0, 10, 0, &defense) ||
        !jx_int(x, v, path, "tr", true, 0, 10, 0, &tr) ||
        !jx_int(x, v, path, "fwd_launchers", false, 0, 6, 0, &fwd) ||
        !jx_int(x, v, path, "aft_launchers", false, 0, 6, 0, &aft) ||
        !jx_int(x, v, path, "missiles", false, 0, 60, 0, &msl) ||
        !jx_int(x, v, path, "pod_squadrons", false, 0, 20, 0, &psq) ||
        !jx_int(x, v, path, "pods_per_squadron", false, 0, 20, 0, &pps) ||
        !jx_int(x, v, path, "guard_pods", false, 0, 60, 0, &guard) ||
        !jx_int(x, v, path, "launch_cost", true, 0, 200, 0, &lc) ||
        !jx_int(x, v, path, "activation_cost", true, 0, 200, 0, &ac) ||
        !jx_int(x, v, path, "capacity", false, 0, 32, 0, &cap) ||
        !jx_int(x, v, path, "mass", true, 0, 10000, 0, &mass) ||
        !jx_int(x, v, path, "points", true, 0, 10000, 0, &points))
        return false;
    const cJSON *roles = jx_get(v, "roles");
    if (roles) {
        jx_key(p, path, "roles");
        if (!jx_want_array(x, roles, p, 0, NROLES))
            return false;
        int i = 0;
        for (const cJSON *r = roles->child; r; r = r->next, i++) {
            char rp[JX_PATH];
            jx_idx(rp, p, i);
            int role;
            if (!jx_enum_v(x, r, rp, ROLE_NAMES, NROLES, &role))
                return false;
            if (d.roles & (1u << role))
                return jx_fail(x, rp, "role \"%s\" is listed twice", ROLE_NAMES[role]);
            d.roles |= (uint16_t)(1u << role);
        }
    }
    /* consistency between fields: a typo in one number should not make a silly card */
    if (ships > 1 && size != JS_SIZE_SMALL) {
        jx_key(p, path, "ships");
        return jx_fail(x, p, "only small ships form squadrons; a %s card has 1 ship, got %d",
                       jsd_size_names[size], ships);
    }
    if (psq > 0 && pps == 0) {
        jx_key(p, path, "pods_per_squadron");
        return jx_fail(x, p, "the card carries %d pod squadrons, so it needs 1..20 pods per "
                             "squadron", psq);
    }
    if (cap > 0 && size == JS_SIZE_SMALL) {
        jx_key(p, path, "capacity");
        return jx_fail(x, p, "a small ship carries no cargo (L-4), got capacity %d", cap);
    }
    bool transport = (d.roles & JS_ROLE_TRANSPORT) != 0;
    if (cap > 0 && !transport) {
        jx_key(p, path, "roles");
        return jx_fail(x, p, "a card with capacity %d needs the \"transport\" role", cap);
    }
    if (transport && cap == 0) {
        jx_key(p, path, "capacity");
        return jx_fail(x, p, "a \"transport\" card needs a capacity of 1..32");
    }
    d.size = (int8_t)size;
    d.ships = (int8_t)ships;
    d.move = (int8_t)move;
    d.shields = (int8_t)shields;
    d.hull = (int8_t)hull;
    d.defense = (int8_t)defense;
    d.tr = (int8_t)tr;
    d.fwd_launchers = (int8_t)fwd;
    d.aft_launchers = (int8_t)aft;
    d.missiles = (int8_t)msl;
    d.pod_squadrons = (int8_t)psq;
    d.pods_per_squadron = (int8_t)pps;
    d.guard_pods = (int8_t)guard;
    d.launch_cost = (int16_t)lc;
    d.activation_cost = (int16_t)ac;
    d.capacity = (int16_t)cap;
    d.mass = (int16_t)mass;
    d.points = (int16_t)points;
    *out = d;
    return true;
}
