/* hex.c — hex geometry (RULES G-1, G-2): axial coordinates for flat-topped hexes. */
#include "js.h"

/* Axial steps for directions 1..6 clockwise from north (flat-topped hexes). */
static const js_hex DIRS[7] = {{0, 0}, {0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}};

int js_dir_wrap(int dir) { return ((dir - 1) % 6 + 6) % 6 + 1; }
int js_dir_opposite(int dir) { return js_dir_wrap(dir + 3); }

const char *js_dir_name(int dir)
{
    static const char *const NAMES[7] = {"?", "N", "NE", "SE", "S", "SW", "NW"};
    return NAMES[dir >= 1 && dir <= 6 ? dir : 0];
}

js_hex js_hex_from_offset(int col, int row)
{
    /* odd-q: odd columns sit half a hex lower */
    js_hex h = {(int16_t)col, (int16_t)(row - (col - (col & 1)) / 2)};
    return h;
}

void js_hex_to_offset(js_hex h, int *col, int *row)
{
    *col = h.q;
    *row = h.r + (h.q - (h.q & 1)) / 2;
}

js_hex js_hex_add(js_hex a, js_hex b)
{
    js_hex h = {(int16_t)(a.q + b.q), (int16_t)(a.r + b.r)};
    return h;
}

js_hex js_hex_neighbor(js_hex h, int dir) { return js_hex_add(h, DIRS[js_dir_wrap(dir)]); }

bool js_hex_eq(js_hex a, js_hex b) { return a.q == b.q && a.r == b.r; }

static int iabs(int v) { return v < 0 ? -v : v; }

int js_hex_distance(js_hex a, js_hex b)
{
    int dq = a.q - b.q, dr = a.r - b.r;
    int ds = -dq - dr;
    int m = iabs(dq) > iabs(dr) ? iabs(dq) : iabs(dr);
    return m > iabs(ds) ? m : iabs(ds);
}

int js_hex_dir_toward(js_hex a, js_hex b)
{
    int best = 1, bd = 1 << 30;
    for (int d = 1; d <= 6; d++) {
        int x = js_hex_distance(js_hex_neighbor(a, d), b);
        if (x < bd)
            bd = x, best = d;
    }
    return best;
}

int js_hex_dir_to(js_hex a, js_hex b)
{
    for (int d = 1; d <= 6; d++)
        if (js_hex_eq(js_hex_neighbor(a, d), b))
            return d;
    return 0;
}

int js_footprint(int size, js_hex pos, int facing, js_hex out[7])
{
    out[0] = pos;
    if (size == JS_SIZE_MEDIUM) {
        out[1] = js_hex_neighbor(pos, js_dir_opposite(facing)); /* stern behind the bow */
        return 2;
    }
    if (size == JS_SIZE_LARGE) {
        for (int d = 1; d <= 6; d++)
            out[d] = js_hex_neighbor(pos, d);
        return 7;
    }
    return 1;
}
