/* main.c — jumpstrike-sim: validate, play, replay, selfplay and bench without a window. */
#include "cli.h"
#include <stdio.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: jumpstrike-sim COMMAND ...\n"
            "  validate FILE...                      check scenarios, catalogues, records, saves, commands\n"
            "  play SCENARIO --commands FILE [--seed N | --dice 3,7,1,... | --manual-dice]\n"
            "       [--view a|b|all] [--json] [--record OUT]\n"
            "                                        apply commands; print the log and the final state\n"
            "  replay RECORD [--verify] [--view a|b|all] [--json]\n"
            "                                        re-run a record; --verify checks every stored hash\n"
            "  selfplay SCENARIO [--games N] [--seed S] [--max-commands N] [--out DIR] [--save DIR]\n"
            "                                        random legal games with invariant checks;\n"
            "                                        --out: where a violation's record goes, --save: keep every record\n"
            "  bench SCENARIO [--turns N] [--seed S]  time full turns of self-play\n"
            "  --help, --version\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("jumpstrike-sim 0.1.0 (record format %d)\n", JSD_RECORD_VERSION);
        return 0;
    }
    if (!strcmp(cmd, "validate"))
        return cli_validate(argc - 1, argv + 1);
    if (!strcmp(cmd, "play"))
        return cli_play(argc - 1, argv + 1);
    if (!strcmp(cmd, "replay"))
        return cli_replay(argc - 1, argv + 1);
    if (!strcmp(cmd, "selfplay"))
        return cli_selfplay(argc - 1, argv + 1);
    if (!strcmp(cmd, "bench"))
        return cli_bench(argc - 1, argv + 1);
    fprintf(stderr, "jumpstrike-sim: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}
