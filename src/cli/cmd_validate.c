/* cmd_validate.c — `validate`: check files of every kind; exit 0 when all are good. A lesson is
 * played through along its script (jsd_lesson_check); with --log its log is printed as the
 * player sees it, for the lesson's author. */
#include "cli.h"
#include "jsd_lesson.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The lesson's game as its scripted path ends, from the player's side. */
static bool print_lesson_log(const char *path)
{
    jsd_error err;
    jsd_lesson *l = jsd_lesson_load(path, &err);
    js_game *g = NULL;
    if (!l || !jsd_lesson_check(l, path, &g, &err)) {
        jsd_lesson_free(l);
        return false; /* validation has said why */
    }
    printf("%s: the scripted path, as %s sees it:\n", path, l->player ? "B" : "A");
    for (int i = 0; i < js_log_count(g); i++) {
        const js_event *e = js_log_at(g, i);
        if (js_event_visible(e, l->player))
            printf("  %s\n", e->text);
    }
    js_game_destroy(g);
    jsd_lesson_free(l);
    return true;
}

/* A record whose last command was cut short is good without it: say what was left out. */
static void print_torn(const char *path, const char *const *pw)
{
    jsd_record *r = jsd_record_load_pw(path, pw, NULL);
    if (r && r->torn_line) {
        char note[JSD_PATH_MAX + 256];
        jsd_record_torn_msg(r, path, note, sizeof note);
        fprintf(stderr, "%s\n", note);
    }
    jsd_record_free(r);
}

int cli_validate(int argc, char **argv)
{
    bool log = false;
    int nfiles = 0;
    const char *pw_file = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--log"))
            log = true;
        else if (!strcmp(argv[i], "--passwords") && i + 1 < argc)
            pw_file = argv[++i];
        else
            nfiles++;
    }
    char pw[2][CLI_PW_MAX];
    if (pw_file && !cli_read_passwords("validate", pw_file, pw))
        return 1;
    const char *pws[2] = {pw[0], pw[1]};
    const char *const *use = pw_file ? pws : NULL;
    if (nfiles == 0) {
        fprintf(stderr, "jumpstrike-sim validate: name one or more files\n");
        return 1;
    }
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--log"))
            continue;
        if (!strcmp(argv[i], "--passwords")) {
            i++;
            continue;
        }
        jsd_error err;
        char kind[32] = "";
        if (jsd_validate_file_pw(argv[i], use, kind, sizeof kind, &err)) {
            printf("%s: ok (%s)\n", argv[i], kind);
            if (!strcmp(kind, "record") || !strcmp(kind, "save"))
                print_torn(argv[i], use);
            if (log && !strcmp(kind, "lesson"))
                print_lesson_log(argv[i]);
        } else {
            fprintf(stderr, "%s\n", err.msg);
            bad++;
        }
    }
    return bad ? 1 : 0;
}
