/* cmd_replay.c — `replay`: re-run a record; --verify checks every stored hash. */
#include "cli.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_replay(int argc, char **argv)
{
    const char *path = NULL;
    bool verify = false, json = false;
    int viewer = -1;
    const char *pw_file = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--passwords") && i + 1 < argc)
            pw_file = argv[++i];
        else if (!strcmp(argv[i], "--verify"))
            verify = true;
        else if (!strcmp(argv[i], "--json"))
            json = true;
        else if (!strcmp(argv[i], "--view") && i + 1 < argc) {
            viewer = cli_parse_side(argv[++i]);
            if (viewer == -2) {
                fprintf(stderr, "jumpstrike-sim replay: --view: expected a, b or all, got \"%s\"\n", argv[i]);
                return 1;
            }
        } else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else {
            fprintf(stderr, "jumpstrike-sim replay: unknown or incomplete option \"%s\"\n", argv[i]);
            return 1;
        }
    }
    if (!path) {
        fprintf(stderr, "jumpstrike-sim replay: name a record file\n");
        return 1;
    }
    jsd_error err;
    char pw[2][CLI_PW_MAX];
    if (pw_file && !cli_read_passwords("replay", pw_file, pw))
        return 1;
    const char *pws[2] = {pw[0], pw[1]};
    jsd_record *r = jsd_record_load_pw(path, pw_file ? pws : NULL, &err);
    if (!r) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    for (int s = 0; s < JS_SIDES; s++) /* an earlier version's save: its passwords' digests */
        if (r->passwords[s] && (!pw_file || jsd_legacy_pw_digest(pw[s]) != r->passwords[s])) {
            fprintf(stderr, "%s: the game is protected by its players' passwords: %s\n", path,
                    pw_file ? "a password is wrong" : "give them with --passwords FILE");
            jsd_record_free(r);
            return 1;
        }
    if (r->torn_line) { /* kept going: the commands before it are whole and verified */
        char note[JSD_PATH_MAX + 256];
        jsd_record_torn_msg(r, path, note, sizeof note);
        fprintf(stderr, "%s\n", note);
    }
    js_game *g = jsd_record_start(r, path, &err);
    if (!g) {
        fprintf(stderr, "%s\n", err.msg);
        jsd_record_free(r);
        return 1;
    }
    int rc = 0;
    char reason[JS_REASON_LEN];
    for (int i = 0; i < r->ncmds; i++) {
        js_status s = js_submit(g, &r->cmds[i], reason, sizeof reason);
        if (s != JS_OK && s != JS_ERR_NEED_DIE) {
            fprintf(stderr, "%s: commands[%d] (%s): refused: %s\n", path, i, js_cmd_type_name(r->cmds[i].type),
                    reason);
            rc = 1;
            break;
        }
        uint64_t h = js_game_hash(g);
        if (verify && r->hashes && r->hashes[i] != h) {
            fprintf(stderr, "%s: commands[%d] (%s): diverges: hash %016" PRIx64 ", record says %016" PRIx64 "\n",
                    path, i, js_cmd_type_name(r->cmds[i].type), h, r->hashes[i]);
            rc = 1;
            break;
        }
    }
    const struct jsd_forfeit *f = &r->forfeit;
    char bad[JSD_FORFEIT_LEN + 64] = "";
    if (rc == 0 && f->set) /* the commands replayed: the game must stand where the forfeit says */
        jsd_record_forfeit_check(r, g, bad, sizeof bad);
    if (bad[0]) {
        fprintf(stderr, "%s: forfeit: %s\n", path, bad);
        rc = 1;
    }
    js_view *v = malloc(sizeof *v);
    js_view_build(g, viewer, v);
    if (json) {
        char *s = jsd_view_to_json(v, true);
        printf("%s\n", s ? s : "null");
        free(s);
    } else {
        if (!verify)
            cli_print_log(g, viewer, 0);
        cli_print_view(v);
        if (f->set)
            printf("forfeit: side %c%s%s%s loses by forfeit after %d commands (turn %d, deciding %s): %s\n",
                   'A' + f->side, f->player[0] ? " (" : "", f->player, f->player[0] ? ")" : "", (int)f->commands,
                   (int)f->turn, jsd_wait_name(f->decision), f->reason);
    }
    if (verify && rc == 0)
        printf("verified: %d commands, every hash matches (final %016" PRIx64 ")%s\n", r->ncmds, js_game_hash(g),
               f->set ? "; the forfeit stands where the record says" : "");
    free(v);
    js_game_destroy(g);
    jsd_record_free(r);
    return rc;
}
