/* ui_core.c — colour helpers, the global UI scale, a synthetic key press. */
#include "ui_core.h"
#include <string.h>

float ui_scale = 1.0f;
int ui_side_palette = 0;

static Uint8 mix8(int a, int b, float t) { return (Uint8)(a + (b - a) * t + 0.5f); }

ui_rgba ui_col_shade(ui_rgba c, float t)
{
    int to = t > 0 ? 255 : 0;
    if (t < 0)
        t = -t;
    return ui_col(mix8(c.r, to, t), mix8(c.g, to, t), mix8(c.b, to, t), c.a);
}

SDL_Event ui_key_event(SDL_Keycode k, Uint16 mod)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    e.key.keysym.mod = mod;
    return e;
}

ui_rgba ui_col_alpha(ui_rgba c, int a)
{
    c.a = (Uint8)(a < 0 ? 0 : a > 255 ? 255 : a);
    return c;
}

ui_rgba ui_side_col(const js_scenario *s, int side)
{
    static const ui_rgba fallback[2] = {{80, 170, 255, 255}, {255, 110, 80, 255}};
    static const ui_rgba safe[2] = {{86, 180, 233, 255}, {230, 159, 0, 255}}; /* Okabe-Ito */
    if (side < 0 || side > 1)
        return ui_col(200, 200, 200, 255);
    if (ui_side_palette == 1)
        return safe[side];
    const uint8_t *c = s->sides[side].rgb;
    if (c[0] + c[1] + c[2] < 90) /* too dark to read on space */
        return fallback[side];
    return ui_col(c[0], c[1], c[2], 255);
}
