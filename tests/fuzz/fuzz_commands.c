/* fuzz_commands — commands files (`play --commands`): a JSON array of commands or the
 * {"format": "jumpstrike-commands", ...} object. A refusal names the file. Each loaded command
 * writes and reads back to itself, and the whole list is played, as `play` would, against the
 * starting positions of the golden and demo records' scenarios (duel, carrier strike, jump and
 * launch, competition, the two command-dice ones), every command checked by fz_submit, then a
 * few random commands more. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const fz_golden *goldens;
static int ngoldens;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    ngoldens = fz_goldens(&goldens);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", fz_write("commands.json", data, size));
    jsd_error err;
    memset(&err, 0, sizeof err);
    int n = -1;
    js_cmd *cmds = jsd_commands_load(path, &n, &err);
    if (!cmds) {
        fz_check_error(&err, path);
        return 0;
    }
    FZ_CHECK(n >= 0, "a loaded commands file with %d commands", n);
    for (int i = 0; i < n; i++) {
        char *text = jsd_cmd_to_json(&cmds[i]);
        FZ_CHECK(text, "commands[%d]: no JSON text", i);
        js_cmd back;
        FZ_CHECK(jsd_cmd_from_json(text, &back, "again", &err), "commands[%d] written as %s reads back "
                 "as an error: %s", i, text, err.msg);
        FZ_CHECK(memcmp(&back, &cmds[i], sizeof back) == 0, "commands[%d] written as %s reads back "
                 "different", i, text);
        free(text);
    }
    uint64_t h = fz_hash(data, size);
    for (int k = 0; k < ngoldens; k++) {
        if (strstr(goldens[k].path, "-22.json") || strstr(goldens[k].path, "-32.json"))
            continue; /* one game per scenario is enough */
        js_game *g = js_game_clone(goldens[k].start);
        FZ_CHECK(g, "out of memory");
        for (int i = 0; i < n; i++)
            fz_submit(g, &cmds[i]);
        fz_play(g, h, 10);
        js_game_destroy(g);
    }
    free(cmds);
    return 0;
}
