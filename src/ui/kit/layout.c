/* layout.c — the test layout file (layout.h). */
#include "layout.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool ui_layout_put(const char *text)
{
    const char *path = getenv("JS_UI_LAYOUT");
    if (!path || !*path)
        return false;
    /* compare with the file itself: the battle, the replay viewer and the screens write it */
    static char prev[65536]; /* the battle writes up to 64 KiB */
    FILE *cur = fopen(path, "rb");
    size_t got = 0;
    if (cur) {
        got = fread(prev, 1, sizeof prev - 1, cur);
        fclose(cur);
    }
    prev[got] = 0;
    if (strcmp(text, prev) == 0)
        return false;
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
        rename(tmp, path);
    }
    return true;
}

int ui_layout_buttons(char *out, int n, size_t cap, const ui_buttons *bs)
{
    for (int i = 0; i < bs->n && n >= 0 && (size_t)n + 1024 < cap; i++) {
        const ui_button *b = &bs->b[i];
        n += snprintf(out + n, cap - (size_t)n, "button %d %d %d %d %d %d %d %d %s\n", b->id, b->arg, b->arg2,
                      b->enabled, b->rc.x + b->rc.w / 2, b->rc.y + b->rc.h / 2, b->rc.w, b->rc.h, b->label);
    }
    return n;
}

bool ui_layout_put_buttons(char *out, int n, size_t cap, const ui_buttons *bs)
{
    ui_layout_buttons(out, n, cap, bs);
    return ui_layout_put(out);
}
