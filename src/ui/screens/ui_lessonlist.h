/* ui_lessonlist.h — the tutorial's lessons in the lessons folder, and the player's progress kept
 * in the settings (ui_lessonlist.c). */
#ifndef UI_LESSONLIST_H
#define UI_LESSONLIST_H

#include "ui_screens.h"

/* ---- the tutorial's lessons (docs/lessons.md) */
typedef struct ui_lesson_entry {
    char path[1100];
    char file[256];
    bool ok;                      /* loaded (and, when checked, played through) */
    char error[512];              /* the loader's or the check's message when !ok */
    int order, minutes, nrules;
    char id[48], title[64], summary[200];
    char rules[12][8];
} ui_lesson_entry;
/* Every *.json in dir that is a lesson, in their "order" (bad files last, by name, with their
 * message); check: also play each through (jsd_lesson_check), as the list of lessons does.
 * Returns the count (-1 when the folder cannot be read, err says so). Free with free(). */
int ui_lesson_list(const char *dir, bool check, ui_lesson_entry **out, char *err, size_t cap);
/* Keep lesson id done or skipped in the settings (settings.json when there is one). */
void ui_lesson_mark(ui_app *a, const char *id, int state);
/* How many of the lessons in the list are done. */
int ui_lessons_done(const ui_app *a, const ui_lesson_entry *e, int n);

#endif
