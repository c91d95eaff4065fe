/* cmd_play.c — `play`: apply a commands file to a scenario; print the log and final state. */
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The state and log as the viewer sees them, and every refused command (they come from the
 * commands file, not from the game, so every view shows them). */
static void print_json(const js_game *g, int viewer, char *const *refused, int nrefused)
{
    js_view *v = malloc(sizeof *v);
    js_view_build(g, viewer, v);
    char *state = jsd_view_to_json(v, true);
    char *log = jsd_log_to_json(g, viewer, true);
    printf("{\"state\": %s,\n\"log\": %s,\n\"refused\": [", state ? state : "null", log ? log : "[]");
    for (int i = 0; i < nrefused; i++)
        printf("%s\n  %s", i ? "," : "", refused[i] ? refused[i] : "null");
    printf("%s]}\n", nrefused ? "\n" : "");
    free(state);
    free(log);
    free(v);
}

int cli_play(int argc, char **argv)
{
    const char *scn_path = NULL, *cmds_path = NULL, *record_out = NULL;
    int viewer = -1;
    bool json = false, keep_going = false;
    cli_dice *dice = calloc(1, sizeof *dice);
    dice->cfg.seed = 1;
    int rc = 1;
    for (int i = 1; i < argc; i++) {
        int d = cli_parse_dice_opt(argc, argv, &i, dice);
        if (d < 0)
            goto out;
        if (d)
            continue;
        if (!strcmp(argv[i], "--commands") && i + 1 < argc)
            cmds_path = argv[++i];
        else if (!strcmp(argv[i], "--record") && i + 1 < argc)
            record_out = argv[++i];
        else if (!strcmp(argv[i], "--view") && i + 1 < argc) {
            viewer = cli_parse_side(argv[++i]);
            if (viewer == -2) {
                fprintf(stderr, "jumpstrike-sim play: --view: expected a, b or all, got \"%s\"\n", argv[i]);
                goto out;
            }
        } else if (!strcmp(argv[i], "--json"))
            json = true;
        else if (!strcmp(argv[i], "--keep-going"))
            keep_going = true;
        else if (argv[i][0] != '-' && !scn_path)
            scn_path = argv[i];
        else {
            fprintf(stderr, "jumpstrike-sim play: unknown or incomplete option \"%s\"\n", argv[i]);
            goto out;
        }
    }
    if (!scn_path) {
        fprintf(stderr, "jumpstrike-sim play: name a scenario file\n");
        goto out;
    }
    js_scenario *scn = cli_load_scenario(scn_path);
    if (!scn)
        goto out;
    jsd_sweep_temporaries(record_out); /* what an earlier run, killed mid-write, left beside it */
    jsd_error err;
    int ncmds = 0;
    js_cmd *cmds = NULL;
    if (cmds_path) {
        cmds = jsd_commands_load(cmds_path, &ncmds, &err);
        if (!cmds) {
            fprintf(stderr, "%s\n", err.msg);
            free(scn);
            goto out;
        }
    }
    char reason[JS_REASON_LEN];
    js_game *g = js_game_create(scn, &dice->cfg, reason, sizeof reason);
    if (!g) {
        fprintf(stderr, "%s: %s\n", scn_path, reason);
        free(scn);
        free(cmds);
        goto out;
    }
    uint64_t fh = 0;
    jsd_file_hash(scn_path, &fh, &err);
    jsd_record *rec = jsd_record_new(scn_path, scn, fh, &dice->cfg);
    rc = 0;
    char **refused = calloc((size_t)ncmds + 1, sizeof *refused);
    int nrefused = 0;
    for (int i = 0; i < ncmds; i++) {
        js_status s = js_submit(g, &cmds[i], reason, sizeof reason);
        if (s != JS_OK && s != JS_ERR_NEED_DIE) {
            fprintf(stderr, "%s: commands[%d] (%s by %c): refused: %s\n", cmds_path, i,
                    js_cmd_type_name(cmds[i].type), cmds[i].side ? 'B' : 'A', reason);
            if (refused)
                refused[nrefused++] = jsd_refusal_to_json(i, &cmds[i], reason);
            rc = 1;
            if (!keep_going)
                break;
            continue; /* a refused command changed nothing: the next one meets the same game */
        }
        if (rec)
            jsd_record_append(rec, &cmds[i], js_game_hash(g));
    }
    if (keep_going && nrefused)
        fprintf(stderr, "%s: %d of %d commands refused\n", cmds_path, nrefused, ncmds);
    if (json)
        print_json(g, viewer, refused, nrefused);
    else {
        cli_print_log(g, viewer, 0);
        js_view *v = malloc(sizeof *v);
        js_view_build(g, viewer, v);
        cli_print_view(v);
        free(v);
    }
    for (int i = 0; i < nrefused; i++)
        free(refused[i]);
    free(refused);
    if (record_out && rec && !jsd_record_save(rec, record_out, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        rc = 1;
    }
    jsd_record_free(rec);
    js_game_destroy(g);
    free(scn);
    free(cmds);
out:
    free(dice);
    return rc;
}
