/* fuzz.h — what the coverage-guided fuzz targets in tests/fuzz share (README: "Fuzzing").
 *
 * Each fuzz_*.c defines LLVMFuzzerTestOneInput (and LLVMFuzzerInitialize). Built with clang and
 * -DJS_FUZZ=ON they link libFuzzer; otherwise replay_main.c drives them over the seed corpora
 * and the regression inputs, so every build's ctest runs them.
 *
 * A target reports a finding by aborting (FZ_CHECK prints what broke first): the sanitizers and
 * libFuzzer then save the input. Everything here is single-threaded and keeps static state
 * only for speed (scratch buffers, games built once at start-up).
 */
#ifndef JS_FUZZ_H
#define JS_FUZZ_H

#include "js.h"
#include "jsd.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 3, 4)))
#endif
void fz_fail(const char *file, int line, const char *fmt, ...);
#define FZ_CHECK(cond, ...)                                                                        \
    do {                                                                                           \
        if (!(cond))                                                                               \
            fz_fail(__FILE__, __LINE__, __VA_ARGS__);                                              \
    } while (0)

/* The source tree (JS_SOURCE_DIR, or the environment variable of that name). */
const char *fz_source_dir(void);
/* rel under the source tree, written to out. */
void fz_source_path(const char *rel, char *out, size_t cap);
/* A private temporary folder made at first use and removed at exit; ends without '/'. */
const char *fz_tmp_dir(void);
/* Write data to fz_tmp_dir()/rel (folders made as needed); returns the path in a static buffer. */
const char *fz_write(const char *rel, const void *data, size_t size);
/* A malloc'd NUL-ended copy of the input (inputs are not NUL-ended). */
char *fz_text(const uint8_t *data, size_t size);
uint64_t fz_hash(const void *data, size_t size);

/* A refused load's message names its source and says something: "NAME: ...". */
void fz_check_error(const jsd_error *err, const char *name);

/* Submit c to g, checking what the engine promises (js.h): js_check changes nothing; a refusal
 * by js_check is js_submit's refusal too, with the same status and reason, and changes nothing;
 * a command js_check accepts is applied (JS_OK), parked for a die (JS_ERR_NEED_DIE) or stops
 * the game at an engine limit with a reason (JS_ERR_LIMIT); after it the game waits on a side,
 * or is over or stopped and waits on nobody, and the self-play invariants hold (no ship off the
 * map, phases 1..10, ...: cli_check_invariants). Returns js_submit's status. */
js_status fz_submit(js_game *g, const js_cmd *c);
/* Play up to n random legal commands (the self-play player) through fz_submit, then check the
 * views and JSON forms of the game and that a clone has its hash. */
void fz_play(js_game *g, uint64_t seed, int n);
/* A game of a scenario (seeded dice); aborts when the engine refuses what the loader accepted. */
js_game *fz_game(const js_scenario *s, int dice_kind, uint64_t seed);

/* The golden records (tests/golden) and the demo records of the command-dice scenarios
 * (scenarios/demos/dice_*.json), loaded once with their games at the start: real positions
 * for the targets that apply commands. */
typedef struct fz_golden {
    jsd_record *rec;
    js_game *start;
    char path[1024];
} fz_golden;
int fz_goldens(const fz_golden **out);

#endif
