/* main.c — jumpstrike-sim: validate, play, replay, selfplay and bench without a window. */
#include "cli.h"
#include <stdio.h>
#include <string.h>

/* One row per subcommand: its usage is printed by `--help` and by `SUBCOMMAND --help`. */
static const struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
} SUBCOMMANDS[] = {
    {"validate", cli_validate,
     "  validate [--log] [--passwords FILE] FILE...\n"
     "                                        check scenarios, catalogues, records, saves, commands,\n"
     "                                        lessons (played along their script; --log prints\n"
     "                                        a lesson's log as its player sees it); --passwords:\n"
     "                                        a sealed game's passwords, A's line then B's (- = stdin)\n"},
    {"play", cli_play,
     "  play SCENARIO [--commands FILE] [--seed N] [--dice 3,7,1,... | --manual-dice]\n"
     "       [--view a|b|all] [--json] [--record OUT] [--keep-going]\n"
     "                                        apply commands; print the log and the final state;\n"
     "                                        --seed with --dice: the generator after the script ends;\n"
     "                                        --keep-going: report a refused command and go on\n"},
    {"replay", cli_replay,
     "  replay RECORD [--verify] [--view a|b|all] [--json] [--passwords FILE]\n"
     "                                        re-run a record; --verify checks every stored hash;\n"
     "                                        --passwords: a protected game's passwords, A's line\n"
     "                                        then B's (- = stdin), never on the command line\n"},
    {"selfplay", cli_selfplay,
     "  selfplay SCENARIO [--games N] [--seed S] [--max-commands N] [--out DIR] [--save DIR]\n"
     "                                        random legal games with invariant checks;\n"
     "                                        --max-commands: a game's limit (default: from the\n"
     "                                        scenario's turn limit and ships);\n"
     "                                        --out: where a violation's record goes, --save: keep every record\n"},
    {"bench", cli_bench,
     "  bench SCENARIO [--turns N] [--seed S] [--saves N]\n"
     "                                        time full turns of self-play; --saves: also the\n"
     "                                        time to save command 10 and 300 (median of N games)\n"},
    {"arena", cli_arena,
     "  arena SCENARIO --a PLAYER --b PLAYER [--games N] [--seed S] [--json] [--save DIR]\n"
     "                                        players against each other, sides swapping every\n"
     "                                        other game: results, win rates, think times\n"
     "                                        (arena --help lists the players)\n"},
    {"bot", cli_bot,
     "  bot --level LEVEL                     the computer as a program for the bot protocol:\n"
     "                                        wire messages on stdin, commands on stdout (docs/bots.md)\n"},
    {"online", cli_online,
     "  online --server URL --player PLAYER (--scenario NAME [--seed N] [--side a|b] [--opponent P]\n"
     "       | --join INVITE | --game ID --token T) [--record OUT]\n"
     "                                        play one side of a game on jumpstrike-server\n"
     "                                        (docs/server.md; online --help says more)\n"},
    {"online-arena", cli_online_arena,
     "  online-arena --server URL SCENARIO --a PLAYER --b PLAYER [--games N] [--concurrency K] [--json]\n"
     "                                        load test of jumpstrike-server: latency, errors\n"},
};
enum { NSUB = sizeof SUBCOMMANDS / sizeof SUBCOMMANDS[0] };

static bool is_help(const char *a) { return !strcmp(a, "--help") || !strcmp(a, "-h"); }
/* A subcommand whose --help says more than its usage row (arena lists the players). */
static bool own_help(const struct subcommand *s) { return s->run == cli_arena || s->run == cli_bot || s->run == cli_online || s->run == cli_online_arena; }

static void usage(FILE *f)
{
    fprintf(f, "usage: jumpstrike-sim COMMAND ...\n");
    for (int i = 0; i < NSUB; i++)
        fputs(SUBCOMMANDS[i].usage, f);
    fprintf(f, "  --help, --version                     (also: COMMAND --help)\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (is_help(cmd) || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("jumpstrike-sim 0.1.0 (record format %d)\n", JSD_RECORD_VERSION);
        return 0;
    }
    for (int i = 0; i < NSUB; i++) {
        const struct subcommand *s = &SUBCOMMANDS[i];
        if (strcmp(cmd, s->name))
            continue;
        for (int k = 2; k < argc && !own_help(s); k++)
            if (is_help(argv[k])) {
                printf("usage: jumpstrike-sim %s", s->usage + 2);
                return 0;
            }
        return s->run(argc - 1, argv + 1);
    }
    fprintf(stderr, "jumpstrike-sim: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}
