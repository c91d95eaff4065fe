/* jsd_catalogue.c — a ship catalogue file: {"format":"jumpstrike-catalogue", "cards":[...]}. */
#include "jsd_internal.h"

#include <stdlib.h>
#include <string.h>

static const char *const CATALOGUE_FIELDS[] = {"format", "version", "name", "description", "cards",
                                               NULL};

/* Parse the "cards" array at path into defs[first..]; ids must be unique over defs[0..]. */
int jsd_cards_parse(const jx *x, const cJSON *cards, const char *path, js_card_def *defs,
                    int first, int cap)
{
    if (!jx_want_array(x, cards, path, 0, 1000000))
        return -1;
    int n = cJSON_GetArraySize(cards);
    if (first + n > cap) {
        jx_fail(x, path, "too many cards: %d, at most %d", first + n, cap);
        return -1;
    }
    int i = 0;
    for (const cJSON *c = cards->child; c; c = c->next, i++) {
        char p[JX_PATH];
        jx_idx(p, path, i);
        if (!jsd_card_parse(x, c, p, &defs[first + i]))
            return -1;
        for (int k = 0; k < first + i; k++)
            if (strcmp(defs[k].id, defs[first + i].id) == 0) {
                char idp[JX_PATH];
                jx_key(idp, p, "id");
                if (k >= first)
                    jx_fail(x, idp, "duplicate card id \"%s\" (also %s[%d])", defs[k].id, path,
                            k - first);
                else
                    jx_fail(x, idp, "duplicate card id \"%s\" (already in the catalogue)",
                            defs[k].id);
                return -1;
            }
    }
    return first + n;
}

/* Parse catalogue text into defs (at most cap); returns the count or -1. */
int jsd_catalogue_parse_text(const jx *x, const char *text, size_t len, js_card_def *defs, int cap)
{
    cJSON *root = jx_parse(x, text, len);
    if (!root)
        return -1;
    int n = -1;
    char name[64], desc[320];
    const cJSON *cards;
    if (!jx_want_object(x, root, "") || !jx_header(x, root, "jumpstrike-catalogue", 1) ||
        !jx_fields(x, root, "", CATALOGUE_FIELDS) ||
        !jx_str(x, root, "", "name", false, 0, 63, name, sizeof name) ||
        !jx_text(x, root, "", "description", false, 0, 319, desc, sizeof desc) ||
        !jx_need(x, root, "", "cards", &cards))
        goto done;
    if (cJSON_GetArraySize(cards) == 0 && cJSON_IsArray(cards)) {
        jx_fail(x, "cards", "a catalogue needs at least one card");
        goto done;
    }
    n = jsd_cards_parse(x, cards, "cards", defs, 0, cap);
done:
    cJSON_Delete(root);
    return n;
}

int jsd_catalogue_load(const char *path, js_card_def *defs, int cap, jsd_error *err)
{
    size_t len;
    char *text = jsd_read_file_max(path, JSD_MAX_SCENARIO, &len, err);
    if (!text)
        return -1;
    if (cap > JS_MAX_DEFS)
        cap = JS_MAX_DEFS;
    js_card_def *scratch = calloc(JS_MAX_DEFS, sizeof *scratch);
    if (!scratch) {
        free(text);
        jsd_fail_plain(err, "%s: out of memory", path);
        return -1;
    }
    jx x = {path, err};
    int n = jsd_catalogue_parse_text(&x, text, len, scratch, cap < 0 ? 0 : cap);
    if (n >= 0)
        memcpy(defs, scratch, (size_t)n * sizeof *defs);
    free(scratch);
    free(text);
    return n;
}
