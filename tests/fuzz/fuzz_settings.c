/* fuzz_settings — the player's settings.json, read as the game reads it at start-up
 * (jsd_settings_load on TMP/s/settings.json, starting from the defaults). Whatever the bytes,
 * every value ends in its range; a file refused as a whole changes nothing; a refusal or a bad
 * member is told with a message naming the file. What a good result writes reads back the same,
 * every member written (read back over values that all differ from it). */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

static void check_ranges(const jsd_settings *s)
{
    FZ_CHECK(s->volume >= 0 && s->volume <= 100 && s->scale_pct >= 100 && s->scale_pct <= 200 &&
                 s->anim_speed >= 0 && s->anim_speed <= 3,
             "settings out of range: volume %d, ui_scale %d, animation_speed %d", s->volume,
             s->scale_pct, s->anim_speed);
    FZ_CHECK(s->nlessons >= 0 && s->nlessons <= JSD_MAX_LESSON_MARKS, "%d lesson marks", s->nlessons);
    for (int i = 0; i < s->nlessons; i++) {
        size_t n = memchr(s->lessons[i].id, 0, sizeof s->lessons[i].id) ? strlen(s->lessons[i].id) : sizeof s->lessons[i].id;
        FZ_CHECK(n >= 1 && n < sizeof s->lessons[i].id && strspn(s->lessons[i].id, "abcdefghijklmnopqrstuvwxyz0123456789-_") == n,
                 "lesson mark %d has the id \"%.47s\"", i, s->lessons[i].id);
        FZ_CHECK(s->lessons[i].state == JSD_MARK_DONE || s->lessons[i].state == JSD_MARK_SKIPPED,
                 "lesson mark %d has the state %d", i, s->lessons[i].state);
        for (int j = 0; j < i; j++)
            FZ_CHECK(strcmp(s->lessons[i].id, s->lessons[j].id) != 0, "lesson %s is marked twice", s->lessons[i].id);
    }
}

/* Every field different from s (and in range), to show that a read sets each one. */
static jsd_settings other_than(const jsd_settings *s)
{
    jsd_settings o = *s;
    o.volume = s->volume == 0 ? 1 : 0;
    o.mute = !s->mute;
    o.fullscreen = !s->fullscreen;
    o.scale_pct = s->scale_pct == 200 ? 100 : 200;
    o.anim_speed = (s->anim_speed + 1) % 4;
    o.cb_palette = !s->cb_palette;
    o.confirm_ready = !s->confirm_ready;
    o.nlessons = s->nlessons ? 0 : 1;
    if (o.nlessons)
        o.lessons[0] = (jsd_lesson_mark){"not-in-the-file", JSD_MARK_SKIPPED};
    return o;
}

static bool same_lessons(const jsd_settings *a, const jsd_settings *b)
{
    if (a->nlessons != b->nlessons)
        return false;
    for (int i = 0; i < a->nlessons; i++)
        if (strcmp(a->lessons[i].id, b->lessons[i].id) != 0 || a->lessons[i].state != b->lessons[i].state)
            return false;
    return true;
}

static bool same(const jsd_settings *a, const jsd_settings *b)
{
    return a->volume == b->volume && a->mute == b->mute && a->fullscreen == b->fullscreen &&
           a->scale_pct == b->scale_pct && a->anim_speed == b->anim_speed &&
           a->cb_palette == b->cb_palette && a->confirm_ready == b->confirm_ready &&
           same_lessons(a, b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", fz_write("s/settings.json", data, size));
    jsd_settings s, defaults;
    jsd_settings_defaults(&defaults);
    s = defaults;
    jsd_error err;
    memset(&err, 0, sizeof err);
    jsd_settings_status st = jsd_settings_load(path, &s, &err);
    FZ_CHECK(st == JSD_SETTINGS_OK || st == JSD_SETTINGS_BAD_FILE || st == JSD_SETTINGS_BAD_MEMBER,
             "status %d for a file that exists", (int)st);
    check_ranges(&s);
    if (st != JSD_SETTINGS_OK)
        fz_check_error(&err, path);
    if (st == JSD_SETTINGS_BAD_FILE)
        FZ_CHECK(same(&s, &defaults), "a settings file refused as a whole changed the settings");
    char *text = jsd_settings_to_json(&s);
    FZ_CHECK(text, "no JSON text for the settings");
    jsd_settings back = other_than(&s);
    st = jsd_settings_parse(text, strlen(text), "again", &back, &err);
    FZ_CHECK(st == JSD_SETTINGS_OK && same(&back, &s), "the settings written as %s read back %s", text,
             st == JSD_SETTINGS_OK ? "different" : err.msg);
    free(text);
    return 0;
}
