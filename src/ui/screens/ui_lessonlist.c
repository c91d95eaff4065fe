/* ui_lessonlist.c — the tutorial's lessons on disk (docs/lessons.md) and the player's progress in
 * the settings: what the list of lessons, a lesson and the rules reference read. */
#include "ui_lessonlist.h"
#include "jsd_lesson.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_entry(const void *x, const void *y)
{
    const ui_lesson_entry *a = x, *b = y;
    if (a->ok != b->ok)
        return a->ok ? -1 : 1;
    if (a->ok && a->order != b->order)
        return a->order - b->order;
    return strcmp(a->file, b->file);
}

int ui_lesson_list(const char *dir, bool check, ui_lesson_entry **out, char *err, size_t cap)
{
    *out = NULL;
    ui_json_name *names;
    int nn = ui_json_files(dir, &names);
    if (nn < 0) {
        snprintf(err, cap, "cannot read the lessons folder %s", dir);
        return -1;
    }
    ui_lesson_entry *v = nn ? malloc(sizeof *v * (size_t)nn) : NULL;
    int n = 0;
    for (int i = 0; i < nn && v; i++) {
        ui_lesson_entry *e = &v[n++];
        memset(e, 0, sizeof *e);
        snprintf(e->file, sizeof e->file, "%s", names[i]);
        snprintf(e->path, sizeof e->path, "%s/%s", dir, names[i]);
        jsd_error je = {{0}};
        jsd_lesson *l = jsd_lesson_load(e->path, &je);
        e->ok = l && (!check || jsd_lesson_check(l, e->path, NULL, &je));
        if (l) {
            e->order = l->order;
            e->minutes = l->minutes;
            e->nrules = l->nrules;
            memcpy(e->rules, l->rules, sizeof e->rules);
            snprintf(e->id, sizeof e->id, "%s", l->id);
            snprintf(e->title, sizeof e->title, "%s", l->title);
            snprintf(e->summary, sizeof e->summary, "%s", l->summary);
        }
        if (!e->ok)
            snprintf(e->error, sizeof e->error, "%s", je.msg[0] ? je.msg : "not a lesson");
        jsd_lesson_free(l);
    }
    free(names);
    if (n > 1)
        qsort(v, (size_t)n, sizeof *v, cmp_entry);
    *out = v;
    return n;
}

void ui_lesson_mark(ui_app *a, const char *id, int state)
{
    jsd_settings_mark_lesson(&a->set, id, state);
    if (!a->settings_path[0])
        return;
    /* into the file as it is: this run's --windowed or --mute stay out of it */
    ui_settings file;
    char msg[600];
    ui_settings_load(&file, a->settings_path, msg, sizeof msg);
    jsd_settings_mark_lesson(&file, id, state);
    if (!ui_settings_save(&file, a->settings_path, msg, sizeof msg))
        ui_app_toast(a, "%s", msg);
}

int ui_lessons_done(const ui_app *a, const ui_lesson_entry *e, int n)
{
    int done = 0;
    for (int i = 0; i < n; i++)
        done += e[i].ok && jsd_settings_lesson(&a->set, e[i].id) == JSD_MARK_DONE;
    return done;
}

