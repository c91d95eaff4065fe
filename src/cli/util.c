/* util.c — option parsing, clocks and printing shared by the subcommands. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

bool cli_parse_int(const char *s, long lo, long hi, long *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

bool cli_read_passwords(const char *cmd, const char *file, char pw[2][CLI_PW_MAX])
{
    memset(pw, 0, 2 * CLI_PW_MAX);
    FILE *f = !strcmp(file, "-") ? stdin : NULL;
    jsd_error err;
    char *text = NULL;
    if (!f && !(text = jsd_read_file_max(file, JSD_MAX_SMALL, NULL, &err))) {
        fprintf(stderr, "jumpstrike-sim %s: --passwords: %s\n", cmd, err.msg);
        return false;
    }
    const char *p = text;
    for (int s = 0; s < 2; s++) {
        char line[CLI_PW_MAX + 2] = "";
        if (f) {
            if (!fgets(line, sizeof line, f))
                line[0] = 0;
        } else if (p && *p) {
            const char *nl = strchr(p, '\n');
            size_t n = nl ? (size_t)(nl - p) : strlen(p);
            snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line - 1 ? n : sizeof line - 1), p);
            if (n >= CLI_PW_MAX)
                line[CLI_PW_MAX] = 'x'; /* too long: refused below */
            p = nl ? nl + 1 : p + n;
        }
        size_t n = strcspn(line, "\r\n");
        if (n >= CLI_PW_MAX) {
            fprintf(stderr, "jumpstrike-sim %s: --passwords: side %c's password is longer than %d bytes\n", cmd,
                    s ? 'B' : 'A', CLI_PW_MAX - 1);
            free(text);
            return false;
        }
        memcpy(pw[s], line, n);
    }
    free(text);
    return true;
}

int cli_parse_side(const char *s)
{
    if (!s)
        return -2;
    if (!strcmp(s, "a") || !strcmp(s, "A"))
        return 0;
    if (!strcmp(s, "b") || !strcmp(s, "B"))
        return 1;
    if (!strcmp(s, "all"))
        return -1;
    return -2;
}

/* Two options that both choose the dice source, or one given twice, would leave the run to
 * whichever came last; refuse them so the dice are always the ones asked for. */
static bool dice_conflict(const char *o, const cli_dice *d)
{
    const char *clash = NULL;
    if (!strcmp(o, "--manual-dice"))
        clash = d->given_manual ? "--manual-dice" : d->given_script ? "--dice" : NULL;
    else if (!strcmp(o, "--dice"))
        clash = d->given_script ? "--dice" : d->given_manual ? "--manual-dice" : NULL;
    else
        clash = d->given_seed ? "--seed" : NULL;
    if (!clash)
        return false;
    if (!strcmp(clash, o))
        fprintf(stderr, "jumpstrike-sim: %s is given twice; give it once\n", o);
    else
        fprintf(stderr, "jumpstrike-sim: %s and %s both choose the dice; give one of them\n", clash, o);
    return true;
}

int cli_parse_games_opt(const char *cmd, int argc, char **argv, int *i, long *games, long *seed, long *maxcmds)
{
    const char *a = argv[*i];
    if (*i + 1 >= argc)
        return 0;
    const char *v = argv[*i + 1];
    if (games && !strcmp(a, "--games")) {
        if (!cli_parse_int(v, 1, 1000000, games)) {
            fprintf(stderr, "jumpstrike-sim %s: --games: expected 1..1000000, got \"%s\"\n", cmd, v);
            return -1;
        }
    } else if (seed && !strcmp(a, "--seed")) {
        if (!cli_parse_int(v, 0, 2147483647L, seed)) {
            fprintf(stderr, "jumpstrike-sim %s: --seed: expected a whole number, got \"%s\"\n", cmd, v);
            return -1;
        }
    } else if (maxcmds && !strcmp(a, "--max-commands")) {
        if (!cli_parse_int(v, 1, 100000000L, maxcmds)) {
            fprintf(stderr, "jumpstrike-sim %s: --max-commands: expected a positive number\n", cmd);
            return -1;
        }
    } else {
        return 0;
    }
    (*i)++;
    return 1;
}

js_scenario *cli_load_scenario(const char *path)
{
    jsd_error err;
    js_scenario *scn = jsd_scenario_load(path, &err);
    if (!scn)
        fprintf(stderr, "%s\n", err.msg);
    return scn;
}

bool cli_save_dir_ok(const char *cmd, const char *dir)
{
    struct stat st;
    const char *why = NULL;
    if (stat(dir, &st) != 0)
        why = strerror(errno);
    else if (!S_ISDIR(st.st_mode))
        why = "not a folder";
    else if (access(dir, W_OK | X_OK) != 0)
        why = strerror(errno);
    if (why) {
        fprintf(stderr, "jumpstrike-sim %s: --save %s: %s; no record could be kept there\n", cmd, dir, why);
        return false;
    }
    jsd_sweep_folder(dir);
    return true;
}

int cli_parse_dice_opt(int argc, char **argv, int *i, cli_dice *d)
{
    const char *o = argv[*i];
    if (strcmp(o, "--manual-dice") && strcmp(o, "--seed") && strcmp(o, "--dice"))
        return 0;
    if (dice_conflict(o, d))
        return -1;
    if (!strcmp(o, "--manual-dice")) {
        d->cfg.kind = JS_DICE_MANUAL;
        d->given_manual = true;
        return 1;
    }
    if (*i + 1 >= argc) {
        fprintf(stderr, "jumpstrike-sim: %s needs a value\n", o);
        return -1;
    }
    const char *v = argv[++*i];
    if (!strcmp(o, "--seed")) {
        char *end;
        errno = 0;
        unsigned long long s = strtoull(v, &end, 10);
        if (errno || *end || !*v || *v == '-') {
            fprintf(stderr, "jumpstrike-sim: --seed: expected a whole number, got \"%s\"\n", v);
            return -1;
        }
        d->cfg.seed = s;
        d->given_seed = true;
        if (d->cfg.kind != JS_DICE_SCRIPTED && d->cfg.kind != JS_DICE_MANUAL)
            d->cfg.kind = JS_DICE_SEEDED;
        return 1;
    }
    if (!*v) {
        /* an empty script would silently roll from the seed instead */
        fprintf(stderr, "jumpstrike-sim: --dice: expected die results 1..10 separated by commas, got \"\"\n");
        return -1;
    }
    d->cfg.kind = JS_DICE_SCRIPTED;
    d->given_script = true;
    d->cfg.nscript = 0;
    const char *p = v;
    while (*p) {
        char *end;
        long x = strtol(p, &end, 10);
        if (end == p || x < 1 || x > 10) {
            fprintf(stderr, "jumpstrike-sim: --dice: item %d: expected a die result 1..10 in \"%s\"\n",
                    d->cfg.nscript + 1, v);
            return -1;
        }
        if (d->cfg.nscript >= (int)sizeof d->script) {
            fprintf(stderr, "jumpstrike-sim: --dice: more than %zu results\n", sizeof d->script);
            return -1;
        }
        d->script[d->cfg.nscript++] = (int8_t)x;
        p = end;
        if (*p == ',' && !*++p) {
            fprintf(stderr, "jumpstrike-sim: --dice: expected a die result after item %d in \"%s\"\n",
                    d->cfg.nscript, v);
            return -1;
        }
        if (*p && p == end) {
            fprintf(stderr, "jumpstrike-sim: --dice: expected a comma after item %d in \"%s\"\n",
                    d->cfg.nscript, v);
            return -1;
        }
    }
    d->cfg.script = d->script;
    return 1;
}

double cli_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

double cli_cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

long cli_peak_rss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

void cli_print_log(const js_game *g, int viewer, int from)
{
    for (int i = from; i < js_log_count(g); i++) {
        const js_event *e = js_log_at(g, i);
        if (!js_event_visible(e, viewer))
            continue;
        printf("T%d %-19s %s\n", e->turn, js_phase_name(e->phase), e->text);
    }
}

static const char *STATE_NAMES[] = {"active", "disabled", "destroyed"};

void cli_print_view(const js_view *v)
{
    const js_state *st = &v->st;
    printf("== turn %d, %s phase; waiting: %s\n", st->turn, js_phase_name(st->phase), v->wait.what);
    for (int s = 0; s < JS_SIDES; s++)
        printf("   %s: energy %d, points %d, cards off the map %d\n", st->scn.sides[s].name, st->energy[s],
               st->points[s], v->reserve_count[s]);
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        const js_card_def *d = js_ship_card(st, i);
        if (!s->on_map || !d)
            continue;
        int col, row;
        js_hex_to_offset(s->pos, &col, &row);
        printf("   ship #%d %-20s %s (%d,%d) facing %d phase %d shields %d hull %d/%d %s\n", i, d->name,
               s->side ? "B" : "A", col, row, s->facing, s->phase, s->shields, s->hull_damage, d->hull,
               STATE_NAMES[s->state]);
    }
    for (int i = 0; i < JS_MAX_PODS; i++) {
        const js_podgroup *p = &st->pods[i];
        if (!p->alive)
            continue;
        int col, row;
        js_hex_to_offset(p->pos, &col, &row);
        printf("   pod group #%d %s (%d,%d) %d pods, ship #%d\n", i, p->side ? "B" : "A", col, row, p->pods,
               p->controller);
    }
    for (int i = 0; i < JS_MAX_MISSILES; i++) {
        const js_missile *m = &st->missiles[i];
        if (!m->alive)
            continue;
        int col, row;
        js_hex_to_offset(m->pos, &col, &row);
        printf("   missile #%d %s (%d,%d) heading %d\n", i, m->side ? "B" : "A", col, row, m->facing);
    }
    if (st->phase == JS_PHASE_OVER)
        printf("   winner: %s\n", st->winner < 0 ? "draw" : st->scn.sides[st->winner].name);
}
