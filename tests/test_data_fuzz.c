/* Loading never crashes and never half-loads, whatever the bytes: every truncation of a real
 * scenario, and thousands of seeded byte changes, either load whole or fail with a message
 * that names the source. (Run under AddressSanitizer in CI.) */
#include "testlib.h"
#include "jsd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A loaded scenario keeps the invariants the engine relies on. */
static void check_loaded(const js_scenario *s)
{
    assert_true(s->width >= 4 && s->width <= JS_MAX_W && s->height >= 4 && s->height <= JS_MAX_H);
    assert_true(s->nterrain >= 1 && s->nterrain <= JS_MAX_TERRAIN);
    assert_true(s->nunits >= 2 && s->nunits <= JS_MAX_UNITS);
    for (int i = 0; i < s->nunits; i++) {
        assert_true(s->units[i].def >= 0 && s->units[i].def < s->ncards);
        assert_true(s->units[i].side == 0 || s->units[i].side == 1);
    }
    for (int i = 0; i < s->width * s->height; i++)
        assert_true(s->terrain[i] < s->nterrain);
}

static void parse_one(const char *text, int *loaded, int *failed)
{
    jsd_error err;
    memset(&err, 0, sizeof err);
    js_scenario *s = jsd_scenario_parse(text, "fuzz.json", "scenarios", &err);
    if (s) {
        check_loaded(s);
        free(s);
        (*loaded)++;
    } else {
        assert_memory_equal(err.msg, "fuzz.json: ", 11);
        assert_true(strlen(err.msg) > 11);
        (*failed)++;
    }
}

/* Every prefix of the duel fails (a truncated file), only the whole file loads. */
static void test_every_truncation(void **state)
{
    (void)state;
    size_t len;
    char *text = tl_slurp("scenarios/duel.json", &len);
    char *buf = malloc(len + 1);
    int loaded = 0, failed = 0;
    for (size_t n = 0; n < len; n++) {
        memcpy(buf, text, n);
        buf[n] = '\0';
        parse_one(buf, &loaded, &failed);
    }
    /* only cuts inside the trailing white space leave a whole document */
    size_t end = len;
    while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == ' '))
        end--;
    assert_int_equal(loaded, (int)(len - end));
    assert_int_equal(failed, (int)end);
    free(buf);
    free(text);
}

/* Seeded byte changes: flips, deletions and insertions of JSON punctuation and digits. */
static void test_byte_changes(void **state)
{
    (void)state;
    size_t len;
    char *text = tl_slurp("tests/bad/base_valid.json", &len);
    char *buf = malloc(len + 8);
    static const char ALPHABET[] = "{}[]\":,0123456789-.tfnaeAB \n\\";
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    int loaded = 0, failed = 0;
    for (int it = 0; it < 4000; it++) {
        memcpy(buf, text, len + 1);
        size_t n = len;
        int edits = 1 + it % 3;
        for (int e = 0; e < edits; e++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            size_t pos = (size_t)(rng >> 33) % n;
            char ch = ALPHABET[(rng >> 20) % (sizeof ALPHABET - 1)];
            switch ((rng >> 10) % 3) {
            case 0: /* replace */
                buf[pos] = ch;
                break;
            case 1: /* delete */
                memmove(buf + pos, buf + pos + 1, n - pos);
                n--;
                break;
            default: /* insert */
                if (n + 1 < len + 8) {
                    memmove(buf + pos + 1, buf + pos, n - pos + 1);
                    buf[pos] = ch;
                    n++;
                }
                break;
            }
        }
        parse_one(buf, &loaded, &failed);
    }
    /* most changes break something, and the checks above ran on both outcomes */
    assert_true(failed > 2000);
    assert_true(loaded > 0);
    free(buf);
    free(text);
}

/* Command text gets the same treatment. */
static void test_command_changes(void **state)
{
    (void)state;
    const char *text = "{\"type\":\"plot\",\"side\":\"A\",\"ship\":3,\"slot\":2,\"order\":{\"turn\":"
                       "\"port\",\"move\":3,\"astern\":false,\"phase\":5,\"missiles_fwd\":1,"
                       "\"pods\":1,\"pod_dirs\":[1,2,3],\"guard\":[1,0,0,0,0,1]}}";
    size_t len = strlen(text);
    char buf[512];
    uint64_t rng = 12345;
    int ok = 0, bad = 0;
    for (int it = 0; it < 4000; it++) {
        memcpy(buf, text, len + 1);
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        size_t pos = (size_t)(rng >> 33) % len;
        buf[pos] = "{}[]\":,0123456789-tfnAB"[(rng >> 20) % 23];
        js_cmd c;
        jsd_error err;
        if (jsd_cmd_from_json(buf, &c, "c", &err)) {
            ok++;
            assert_true(c.type >= 0 && c.type < JS_CMD_COUNT);
            char *again = jsd_cmd_to_json(&c);
            js_cmd d;
            assert_true(jsd_cmd_from_json(again, &d, "c", &err)); /* what we write, we read */
            free(again);
        } else {
            bad++;
            assert_memory_equal(err.msg, "c: ", 3);
        }
    }
    assert_true(ok > 0 && bad > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_truncation),
        cmocka_unit_test(test_byte_changes),
        cmocka_unit_test(test_command_changes),
    };
    return cmocka_run_group_tests(tests, tl_setup_source_dir, NULL);
}
