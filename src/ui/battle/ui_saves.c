/* ui_saves.c — the autosave, named saves, continue, and the list of saves (see ui_saves.h). */
#include "ui_saves.h"
#include "kit/files.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ----------------------------------------------------------------- where files live */

static bool first_look(const char *path, ui_save_info *out);

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* Temporary files a killed writer left behind (".autosave.json.tmpXXXXXX"), once per folder
 * (*swept) and run; a write in progress, of another running copy too, holds its file's lock and
 * is left alone (jsd_sweep_folder). */
static void sweep_once(bool *swept, const char *dir)
{
    if (!*swept) {
        *swept = true;
        jsd_sweep_folder(dir);
    }
}

bool ui_saves_dir(char *out, size_t cap, char *err, size_t errcap)
{
    char *p = SDL_GetPrefPath("jumpstrike", "jumpstrike");
    if (!p) {
        /* SDL's reason, e.g. "neither XDG_DATA_HOME nor HOME environment is set" */
        if (err)
            snprintf(err, errcap, "there is no data folder for saved games (%s): autosave is off and games "
                     "cannot be saved", SDL_GetError());
        return false;
    }
    int w = snprintf(out, cap, "%s", p);
    SDL_free(p);
    if (w < 0 || (size_t)w >= cap) {
        if (err)
            snprintf(err, errcap, "the data folder's path is too long");
        return false;
    }
    static bool swept;
    sweep_once(&swept, out);
    return true;
}

bool ui_saves_autosave_path(char *out, size_t cap)
{
    char dir[1024];
    if (!ui_saves_dir(dir, sizeof dir, NULL, 0))
        return false;
    int w = snprintf(out, cap, "%sautosave.json", dir);
    return w > 0 && (size_t)w < cap;
}

/* Without making it: reading the saves must not depend on being able to write (a read-only data
 * folder still lists its autosave and saves). */
bool ui_saves_named_dir_path(char *out, size_t cap, char *err, size_t errcap)
{
    char dir[1024];
    if (!ui_saves_dir(dir, sizeof dir, err, errcap))
        return false;
    int w = snprintf(out, cap, "%ssaves/", dir);
    if (w < 0 || (size_t)w >= cap) {
        if (err)
            snprintf(err, errcap, "the saves folder's path is too long");
        return false;
    }
    return true;
}

static bool saves_swept; /* the saves folder's sweep was done (sweep_once) */

/* The saves folder, made when missing; false with the reason in err (may be NULL). */
static bool make_named_dir(char *out, size_t cap, char *err, size_t errcap)
{
    if (!ui_saves_named_dir_path(out, cap, err, errcap))
        return false;
    if (!is_dir(out) && mkdir(out, 0777) != 0 && errno != EEXIST) {
        if (err)
            snprintf(err, errcap, "cannot make the saves folder %s: %s", out, strerror(errno));
        return false;
    }
    if (!is_dir(out)) {
        if (err)
            snprintf(err, errcap, "%s is not a folder", out);
        return false;
    }
    sweep_once(&saves_swept, out);
    return true;
}

bool ui_saves_named_dir(char *out, size_t cap) { return make_named_dir(out, cap, NULL, 0); }

void ui_saves_sweep(void)
{
    char dir[1100];
    if (ui_saves_named_dir_path(dir, sizeof dir, NULL, 0) && is_dir(dir)) /* the data folder's too */
        sweep_once(&saves_swept, dir);
}

bool ui_saves_has_autosave(void)
{
    char p[1100];
    ui_save_info look;
    if (!ui_saves_autosave_path(p, sizeof p) || !first_look(p, &look))
        return false;
    jsd_record *r = jsd_record_load(p, NULL);
    jsd_sealed_info sealed;
    bool ok = r != NULL || jsd_record_sealed_info(p, &sealed, NULL); /* sealed: opened with the passwords */
    jsd_record_free(r);
    return ok;
}

/* ----------------------------------------------------------------- writing */

bool ui_saves_write(const jsd_record *r, const char *path, char *err, size_t cap)
{
    jsd_record_file none = {0}; /* nothing known of the file: it is written whole, atomically */
    return ui_saves_autosave(r, path, &none, err, cap);
}

bool ui_saves_autosave(const jsd_record *r, const char *path, jsd_record_file *f, char *err, size_t cap)
{
    if (!r || !path || !path[0]) {
        snprintf(err, cap, "%s: nothing to save", path ? path : "(no file)");
        return false;
    }
    jsd_record copy = *r; /* the same commands, written as a save */
    snprintf(copy.kind, sizeof copy.kind, "save");
    jsd_error e;
    if (!jsd_record_sync(&copy, path, f, &e)) {
        snprintf(err, cap, "%s", e.msg);
        return false;
    }
    return true;
}

/* Characters a save's name may not hold: they mean something to file systems and shells on
 * some system (a folder separator, a drive, a wildcard, a quote), or they are control codes. */
static bool bad_name_char(unsigned char c)
{
    return c < 0x20 || c == 0x7f || strchr("/\\:*?\"<>|", c) != NULL;
}

const char *ui_saves_bad_name_chars(void) { return "/ \\ : * ? \" < > |"; }

bool ui_saves_name_chars_ok(const char *text, char *why, size_t cap)
{
    for (const char *p = text ? text : ""; *p; p++)
        if (bad_name_char((unsigned char)*p)) {
            if ((unsigned char)*p < 0x20 || *p == 0x7f)
                snprintf(why, cap, "A save's name cannot hold control characters");
            else
                snprintf(why, cap, "\"%c\" cannot be in a save's name (not allowed: %s)", *p,
                         ui_saves_bad_name_chars());
            return false;
        }
    return true;
}

bool ui_saves_name_ok(const char *name, char *why, size_t cap)
{
    size_t n = name ? strlen(name) : 0;
    if (!ui_saves_name_chars_ok(name, why, cap))
        return false;
    size_t lo = 0, hi = n;
    while (lo < n && (name[lo] == ' ' || name[lo] == '.'))
        lo++;
    while (hi > lo && (name[hi - 1] == ' ' || name[hi - 1] == '.'))
        hi--;
    if (hi == lo) {
        snprintf(why, cap, "Type a name for the save");
        return false;
    }
    if (n > UI_SAVE_NAME_MAX) {
        snprintf(why, cap, "A save's name can be at most %d characters long", UI_SAVE_NAME_MAX);
        return false;
    }
    return true;
}

/* Bytes of the UTF-8 sequence a lead byte starts (1 for ASCII and for stray bytes). */
static size_t utf8_len(unsigned char c)
{
    return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

static void safe_name(const char *name, char *out, size_t cap)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)(name ? name : ""); *p && n + 1 < cap && n < UI_SAVE_NAME_MAX; p++) {
        unsigned char c = *p;
        if (n == 0 && (c == '.' || c == ' '))
            continue; /* no hidden files, no leading blanks */
        out[n++] = bad_name_char(c) ? '_' : (char)c;
    }
    /* a cut in the middle of a UTF-8 sequence: drop that last, partial character (a whole one,
     * "é" at the end of "Café", stays) */
    size_t lead = n;
    while (lead > 0 && ((unsigned char)out[lead - 1] & 0xC0) == 0x80 && n - lead < 3)
        lead--;
    if (lead > 0 && (unsigned char)out[lead - 1] >= 0xC0 && utf8_len((unsigned char)out[lead - 1]) > n - lead + 1)
        n = lead - 1;
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '.'))
        n--;
    out[n] = '\0';
}

bool ui_saves_named_path(const char *name, char *out, size_t cap)
{
    char dir[1100], base[UI_SAVE_NAME_MAX + 4];
    if (!ui_saves_named_dir(dir, sizeof dir))
        return false;
    safe_name(name, base, sizeof base);
    if (!base[0])
        return false;
    snprintf(out, cap, "%s%s.json", dir, base);
    return true;
}

bool ui_saves_delete(const char *path, char *err, size_t cap)
{
    char dir[1100];
    if (!ui_saves_named_dir_path(dir, sizeof dir, NULL, 0) || strncmp(path, dir, strlen(dir)) != 0 ||
        strchr(path + strlen(dir), '/')) {
        snprintf(err, cap, "%s: only named saves can be deleted here", path);
        return false;
    }
    if (remove(path) != 0) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return false;
    }
    char pw[1200]; /* a kept game's passwords live beside it (scr_battle.c) */
    snprintf(pw, sizeof pw, "%s.passwords", path);
    remove(pw);
    return true;
}

bool ui_saves_save_named(const jsd_record *r, const char *name, char *path_out, size_t pcap, char *err,
                         size_t cap)
{
    char dir[1100], base[UI_SAVE_NAME_MAX + 4], path[1300];
    if (!make_named_dir(dir, sizeof dir, err, cap))
        return false;
    safe_name(name, base, sizeof base);
    if (!base[0]) {
        time_t now = time(NULL);
        struct tm tm;
        localtime_r(&now, &tm);
        strftime(base, sizeof base, "save %Y-%m-%d %H.%M.%S", &tm);
    }
    snprintf(path, sizeof path, "%s%s.json", dir, base);
    if (!ui_saves_write(r, path, err, cap))
        return false;
    if (path_out)
        snprintf(path_out, pcap, "%s", path);
    return true;
}

void ui_saves_auto_name(const js_game *g, char *out, size_t cap)
{
    const js_scenario *sc = js_game_scenario(g);
    char when[24];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(when, sizeof when, "%Y-%m-%d %H.%M.%S", &tm);
    char tail[64];
    int tl = snprintf(tail, sizeof tail, ", turn %d (%s)", js_game_state(g)->turn, when);
    /* the scenario's name as far as it fits a save's name, cut between words with an ellipsis
     * ("Raid on Tessaly Rela" was cut mid-word at 20 bytes), and without the characters a save's
     * name may not hold ("Open Tournament: Fair Field" made a default name Save refused) */
    const char *nm = sc->name[0] ? sc->name : sc->id;
    size_t room = UI_SAVE_NAME_MAX - (size_t)(tl > 0 ? tl : 0), n = 0;
    char head[UI_SAVE_NAME_MAX + 1];
    for (const char *p = nm; *p && n < sizeof head - 1; p++) {
        if (bad_name_char((unsigned char)*p)) {
            if (n && head[n - 1] != ' ' && p[1] == ' ')
                continue; /* "Tournament: Fair" -> "Tournament Fair" */
            head[n++] = '-';
        } else {
            head[n++] = *p;
        }
    }
    head[n] = 0;
    if (n > room) {
        size_t cut = room >= 3 ? room - 3 : 0, word = cut; /* the ellipsis takes 3 bytes */
        while (word > 0 && head[word] != ' ')
            word--;
        if (word > 0)
            cut = word;
        else /* one long word: cut it, not inside a UTF-8 character */
            while (cut > 0 && ((unsigned char)head[cut] & 0xC0) == 0x80)
                cut--;
        while (cut > 0 && (head[cut - 1] == ' ' || head[cut - 1] == ',')) /* no ", …" */
            cut--;
        snprintf(head + cut, sizeof head - cut, "\xe2\x80\xa6");
    }
    snprintf(out, cap, "%s%s", head, tail);
}

bool ui_saves_quicksave(const jsd_record *r, const js_game *g, char *path_out, size_t pcap, char *err, size_t cap)
{
    char name[UI_SAVE_NAME_MAX + 4];
    ui_saves_auto_name(g, name, sizeof name);
    return ui_saves_save_named(r, name, path_out, pcap, err, cap);
}

/* Move src into dir as "base.json", or "base (2).json" ... when that name is taken: a kept game
 * never replaces another. A hard link claims the name atomically (it fails on a name in use);
 * where the file system has none, a rename to a name seen free. An earlier version's passwords
 * file beside src (legacy_passwords) goes along, or the kept game would open without them. */
static bool move_aside(const char *src, const char *dir, const char *base, char *name_out, size_t ncap)
{
    for (int k = 1; k <= 20; k++) {
        char name[UI_SAVE_NAME_MAX + 12], path[1400];
        if (k == 1)
            snprintf(name, sizeof name, "%s", base);
        else
            snprintf(name, sizeof name, "%s (%d)", base, k);
        snprintf(path, sizeof path, "%s%s.json", dir, name);
        if (link(src, path) == 0)
            unlink(src); /* should that fail, the game is in both: still kept */
        else if (errno == EEXIST)
            continue;
        else if (access(path, F_OK) == 0)
            continue;
        else if (errno != ENOENT || rename(src, path) != 0)
            return false; /* errno says why */
        char pw[1300], pw_to[1500];
        snprintf(pw, sizeof pw, "%s.passwords", src);
        snprintf(pw_to, sizeof pw_to, "%s.passwords", path);
        if (access(pw, F_OK) == 0)
            rename(pw, pw_to);
        snprintf(name_out, ncap, "%s", name);
        return true;
    }
    return false;
}

/* The name an autosave that does not load is kept under: its scenario and the time it was
 * last written, "duel, does not load (2024-05-01 18.22.05)". */
static void unloadable_name(const char *path, char *out, size_t cap)
{
    char when[24] = "", id[48] = "Autosave";
    struct stat st;
    if (stat(path, &st) == 0) {
        struct tm tm;
        time_t t = st.st_mtime;
        localtime_r(&t, &tm);
        strftime(when, sizeof when, "%Y-%m-%d %H.%M.%S", &tm);
    }
    jsd_record *hdr = jsd_record_load(path, NULL);
    if (hdr && hdr->scenario_id[0])
        snprintf(id, sizeof id, "%s", hdr->scenario_id);
    jsd_record_free(hdr);
    char name[UI_SAVE_NAME_MAX * 2];
    jsd_sealed_info sealed; /* a protected game: it loads, with its players' passwords */
    if (jsd_record_sealed_info(path, &sealed, NULL))
        snprintf(name, sizeof name, "%.24s, turn %d, locked (%s)", sealed.scenario_id, (int)sealed.turn, when);
    else
        snprintf(name, sizeof name, "%.24s, does not load (%s)", id, when);
    safe_name(name, out, cap);
}

bool ui_saves_keep_autosave(char *name_out, size_t ncap, char *err, size_t cap)
{
    char autosave[1100], dir[1100], name[UI_SAVE_NAME_MAX + 4], why[700];
    err[0] = 0;
    if (!ui_saves_autosave_path(autosave, sizeof autosave) || !is_file(autosave))
        return false;
    jsd_record *r = NULL;
    js_game *g = NULL;
    if (!ui_saves_rebuild(autosave, &r, &g, why, sizeof why)) {
        /* It does not load (the scenario changed with an update, another version wrote it, it
         * was damaged), yet it may hold a game someone wants back: it moves as it is, and Load
         * lists it in red with the reason. Only a record that reads and holds no command is
         * known to hold nothing. */
        jsd_record *hdr = jsd_record_load(autosave, NULL);
        bool empty = hdr && hdr->ncmds == 0;
        jsd_record_free(hdr);
        if (empty)
            return false;
        unloadable_name(autosave, name, sizeof name);
        if (!make_named_dir(dir, sizeof dir, err, cap))
            return false;
        if (move_aside(autosave, dir, name, name_out, ncap))
            return true;
        snprintf(err, cap, "cannot move %s into %s: %s", autosave, dir, strerror(errno));
        return false;
    }
    bool kept = false;
    if (r->ncmds > 0) {
        ui_saves_auto_name(g, name, sizeof name);
        if (js_game_state(g)->phase == JS_PHASE_OVER) { /* "Duel, finished (date)" */
            char *turn = strstr(name, ", turn ");
            char *when = strchr(name, '(');
            if (turn && when) {
                char tail[40];
                snprintf(tail, sizeof tail, "%s", when);
                snprintf(turn, sizeof name - (size_t)(turn - name), ", finished %s", tail);
            }
        }
        if (make_named_dir(dir, sizeof dir, err, cap)) {
            char base[UI_SAVE_NAME_MAX + 4], path[1300];
            safe_name(name, base, sizeof base);
            /* the same folder tree: a move keeps it whole (the bytes, passwords and all) */
            kept = move_aside(autosave, dir, base, name_out, ncap);
            if (!kept) {
                snprintf(path, sizeof path, "%s%s.json", dir, base);
                kept = !is_file(path) && ui_saves_write(r, path, err, cap);
                if (kept)
                    snprintf(name_out, ncap, "%s", base);
                else if (!err[0])
                    snprintf(err, cap, "cannot move %s into %s", autosave, dir);
            }
        }
    }
    js_game_destroy(g);
    jsd_record_free(r);
    return kept;
}

/* ----------------------------------------------------------------- loading */

/* Scenario folders to search for a scenario that moved: ./scenarios, next to the program, the
 * installed share folder, the source tree. */
static int scenario_dirs(char dirs[][1100], int max)
{
    int n = 0;
    snprintf(dirs[n++], 1100, "scenarios");
    char *base = SDL_GetBasePath();
    if (base) {
        if (n < max)
            snprintf(dirs[n++], 1100, "%sscenarios", base);
        if (n < max)
            snprintf(dirs[n++], 1100, "%s../share/jumpstrike/scenarios", base);
        SDL_free(base);
    }
#ifdef JS_SOURCE_SCENARIOS
    if (n < max)
        snprintf(dirs[n++], 1100, "%s", JS_SOURCE_SCENARIOS);
#endif
    return n;
}

/* The record's scenario is not where it says: find a file with the same content hash. */
static bool find_moved_scenario(jsd_record *r, const char *record_path)
{
    if (is_file(r->scenario_path))
        return false;
    char rel[2 * JSD_PATH_MAX];
    const char *slash = strrchr(record_path, '/');
    if (slash) {
        snprintf(rel, sizeof rel, "%.*s/%s", (int)(slash - record_path), record_path, r->scenario_path);
        if (is_file(rel))
            return false; /* jsd_record_start finds it */
    }
    char dirs[6][1100];
    int nd = scenario_dirs(dirs, 6);
    for (int i = 0; i < nd; i++) {
        /* the id's own file first, then everything */
        char p[1400];
        uint64_t h;
        snprintf(p, sizeof p, "%.1100s/%.47s.json", dirs[i], r->scenario_id);
        if (jsd_file_hash(p, &h, NULL) && h == r->scenario_hash && strlen(p) < sizeof r->scenario_path) {
            memcpy(r->scenario_path, p, strlen(p) + 1);
            return true;
        }
        DIR *d = opendir(dirs[i]);
        if (!d)
            continue;
        struct dirent *de;
        bool found = false;
        while (!found && (de = readdir(d))) {
            size_t l = strlen(de->d_name);
            if (l < 6 || strcmp(de->d_name + l - 5, ".json") != 0)
                continue;
            snprintf(p, sizeof p, "%.1100s/%.255s", dirs[i], de->d_name);
            if (jsd_file_hash(p, &h, NULL) && h == r->scenario_hash && strlen(p) < sizeof r->scenario_path) {
                memcpy(r->scenario_path, p, strlen(p) + 1);
                found = true;
            }
        }
        closedir(d);
        if (found)
            return true;
    }
    return false;
}

/* Saves of earlier versions kept the passwords' digests beside them, in PATH.passwords. Such a
 * file that is there but cannot be read refuses the game: a protected game never resumes
 * without its passwords. */
static bool legacy_passwords(jsd_record *r, const char *path, char *err, size_t cap)
{
    if (r->passwords[0] || r->passwords[1])
        return true;
    char pw[JSD_PATH_MAX + 16];
    snprintf(pw, sizeof pw, "%s.passwords", path);
    struct stat st;
    if (lstat(pw, &st) != 0 && errno == ENOENT)
        return true;
    jsd_error e;
    char *text = jsd_read_file_max(pw, JSD_MAX_SMALL, NULL, &e);
    unsigned long long a = 0, b = 0;
    const char *pa = text ? strstr(text, "\"a\": \"") : NULL, *pb = text ? strstr(text, "\"b\": \"") : NULL;
    bool ok = pa && pb && sscanf(pa + 6, "%16llx", &a) == 1 && sscanf(pb + 6, "%16llx", &b) == 1;
    bool read = text != NULL;
    free(text);
    if (!ok) {
        snprintf(err, cap, "%s: the game's passwords (%s) cannot be read: %s; a password-protected game is not "
                 "resumed without them", path, pw, read ? "not a passwords file" : e.msg);
        return false;
    }
    r->passwords[0] = a;
    r->passwords[1] = b;
    return true;
}

bool ui_saves_rebuild(const char *path, jsd_record **rec_out, js_game **game_out, char *err, size_t cap)
{
    return ui_saves_rebuild_pw(path, NULL, rec_out, game_out, err, cap);
}

bool ui_saves_needs_passwords(const char *path, bool has[JS_SIDES], char names[JS_SIDES][JS_NAME_LEN])
{
    jsd_sealed_info info;
    if (jsd_record_sealed_info(path, &info, NULL)) {
        memcpy(has, info.has_pw, sizeof info.has_pw);
        memcpy(names, info.players, sizeof info.players);
        return true;
    }
    jsd_record *r = jsd_record_load(path, NULL);
    char why[8];
    bool old = r && legacy_passwords(r, path, why, sizeof why) && (r->passwords[0] || r->passwords[1]);
    for (int s = 0; old && s < JS_SIDES; s++) {
        has[s] = r->passwords[s] != 0;
        snprintf(names[s], JS_NAME_LEN, "%s", r->players[s]);
    }
    jsd_record_free(r);
    return old;
}

/* A save of an earlier version (the passwords' FNV digests): the passwords typed must match them;
 * then the game is sealed with them (its next write), the digests dropped. */
static bool seal_old_save(jsd_record *r, const char *path, const char *const *pw, char *err, size_t cap)
{
    if (!r->passwords[0] && !r->passwords[1])
        return true;
    if (!pw) {
        snprintf(err, cap, "%s: the game is protected by its players' passwords; they are needed to open it", path);
        return false;
    }
    for (int s = 0; s < JS_SIDES; s++)
        if (r->passwords[s] && jsd_legacy_pw_digest(pw[s]) != r->passwords[s]) {
            snprintf(err, cap, "%s: side %c's password is wrong", path, s ? 'B' : 'A');
            return false;
        }
    jsd_error e;
    const char *keep[JS_SIDES] = {r->passwords[0] ? pw[0] : NULL, r->passwords[1] ? pw[1] : NULL};
    r->seal = jsd_seal_new(keep, JSD_SEAL_OPS, JSD_SEAL_MEM, &e);
    if (!r->seal) {
        snprintf(err, cap, "%s: %s", path, e.msg);
        return false;
    }
    memset(r->passwords, 0, sizeof r->passwords);
    return true;
}

bool ui_saves_rebuild_pw(const char *path, const char *const *pw, jsd_record **rec_out, js_game **game_out,
                         char *err, size_t cap)
{
    *rec_out = NULL;
    *game_out = NULL;
    jsd_error e;
    jsd_record *r = jsd_record_load_pw(path, pw, &e);
    if (!r) {
        snprintf(err, cap, "%s", e.msg);
        return false;
    }
    if ((!r->seal && !legacy_passwords(r, path, err, cap)) || (pw && !seal_old_save(r, path, pw, err, cap))) {
        jsd_record_free(r);
        return false;
    }
    find_moved_scenario(r, path);
    js_game *g = jsd_record_start(r, path, &e);
    if (!g) {
        snprintf(err, cap, "%s", e.msg);
        jsd_record_free(r);
        return false;
    }
    for (int i = 0; i < r->ncmds; i++) {
        char reason[JS_REASON_LEN] = "";
        js_status st = js_submit(g, &r->cmds[i], reason, sizeof reason);
        if (st != JS_OK && st != JS_ERR_NEED_DIE) {
            snprintf(err, cap, "%s: commands[%d]: the game refuses this %s command: %s", path, i,
                     js_cmd_type_name(r->cmds[i].type), reason[0] ? reason : "not allowed now");
            goto fail;
        }
        uint64_t h = js_game_hash(g);
        if (h != r->hashes[i]) {
            snprintf(err, cap,
                     "%s: commands[%d].hash: the game replays to state %016llx but the file expects %016llx "
                     "(the file was changed, or made by another version of the game)",
                     path, i, (unsigned long long)h, (unsigned long long)r->hashes[i]);
            goto fail;
        }
    }
    r->turn = js_game_state(g)->turn;
    *rec_out = r;
    *game_out = g;
    return true;
fail:
    js_game_destroy(g);
    jsd_record_free(r);
    return false;
}

/* ----------------------------------------------------------------- the list */

/* Name, date, and the cheap first look: a regular file no larger than UI_SAVE_LIST_MAX whose
 * first bytes are a record's ('{', then "jumpstrike-" soon: the "format" member leads every
 * record this game writes). Five junk 8 MiB files in saves/ used to be parsed whole, each
 * twice, on the UI thread: 12 s frozen and 460 MB. False with out->problem when it fails. */
static bool first_look(const char *path, ui_save_info *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->path, sizeof out->path, "%s", path);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(out->name, sizeof out->name, "%.*s", (int)(strlen(base) > 5 ? strlen(base) - 5 : strlen(base)), base);
    snprintf(out->scenario, sizeof out->scenario, "?");
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(out->problem, sizeof out->problem, "%s: cannot open: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return false;
    }
    out->mtime = (long long)st.st_mtime;
    struct tm tm;
    time_t t = st.st_mtime;
    localtime_r(&t, &tm);
    strftime(out->date, sizeof out->date, "%Y-%m-%d %H:%M", &tm);
    char head[4096];
    ssize_t got = S_ISREG(st.st_mode) && st.st_size <= UI_SAVE_LIST_MAX ? read(fd, head, sizeof head - 1) : 0;
    close(fd);
    if (!S_ISREG(st.st_mode)) {
        snprintf(out->problem, sizeof out->problem, "%s: not a regular file", path);
        return false;
    }
    if (st.st_size > UI_SAVE_LIST_MAX) {
        snprintf(out->problem, sizeof out->problem,
                 "%s: too large for a saved game (%lld bytes; at most %d MiB are read here)", path,
                 (long long)st.st_size, UI_SAVE_LIST_MAX / (1024 * 1024));
        return false;
    }
    head[got > 0 ? got : 0] = 0;
    size_t i = 0;
    while (head[i] == ' ' || head[i] == '\t' || head[i] == '\n' || head[i] == '\r')
        i++;
    if (got <= 0 || head[i] != '{' || !strstr(head + i, "\"jumpstrike-")) {
        snprintf(out->problem, sizeof out->problem, "%s: not a saved game (it does not begin as a Jumpstrike record)",
                 path);
        return false;
    }
    return true;
}

void ui_saves_info_quick(const char *path, ui_save_info *out) { out->pending = first_look(path, out); }

void ui_saves_info(const char *path, ui_save_info *out)
{
    if (!first_look(path, out))
        return;
    jsd_record *r;
    js_game *g;
    jsd_sealed_info sealed;
    if (jsd_record_sealed_info(path, &sealed, NULL)) { /* only its clear header can be read */
        snprintf(out->scenario, sizeof out->scenario, "%s", sealed.scenario_id);
        js_scenario *sc = jsd_scenario_load(sealed.scenario_path, NULL);
        if (sc && sc->name[0])
            snprintf(out->scenario, sizeof out->scenario, "%s", sc->name);
        free(sc);
        memcpy(out->players, sealed.players, sizeof out->players);
        out->replay = strcmp(sealed.kind, "save") != 0;
        out->turn = sealed.turn;
        snprintf(out->phase, sizeof out->phase, "locked");
        out->ok = true;
        return;
    }
    if (!ui_saves_rebuild(path, &r, &g, out->problem, sizeof out->problem)) {
        /* say what can still be read */
        jsd_record *hdr = jsd_record_load(path, NULL);
        if (hdr) {
            snprintf(out->scenario, sizeof out->scenario, "%s", hdr->scenario_id);
            memcpy(out->players, hdr->players, sizeof out->players);
            out->ncmds = hdr->ncmds;
            out->replay = strcmp(hdr->kind, "save") != 0;
            jsd_record_free(hdr);
        }
        return;
    }
    const js_scenario *sc = js_game_scenario(g);
    snprintf(out->scenario, sizeof out->scenario, "%s", sc->name[0] ? sc->name : sc->id);
    memcpy(out->players, r->players, sizeof out->players);
    out->ncmds = r->ncmds;
    out->replay = strcmp(r->kind, "save") != 0;
    const js_state *s = js_game_state(g);
    out->turn = s->turn;
    out->over = s->phase == JS_PHASE_OVER;
    const char *ph = js_phase_name(s->phase);
    snprintf(out->phase, sizeof out->phase, "%s", ph ? ph : "?");
    out->ok = true;
    js_game_destroy(g);
    jsd_record_free(r);
}

static int by_date(const void *a, const void *b)
{
    const ui_save_info *x = a, *y = b;
    if (x->autosave != y->autosave)
        return x->autosave ? -1 : 1;
    return x->mtime < y->mtime ? 1 : x->mtime > y->mtime ? -1 : strcmp(x->name, y->name);
}

int ui_saves_list_quick(ui_save_info **out)
{
    *out = NULL;
    char dir[1100], auto_path[1200];
    if (!ui_saves_named_dir_path(dir, sizeof dir, NULL, 0))
        return -1;
    ui_json_name *names;
    int nf = ui_json_files(dir, &names); /* -1 while the folder is not made yet: no saves */
    int n = 0;
    ui_save_info *v = malloc(sizeof *v * (size_t)(1 + (nf > 0 ? nf : 0)));
    if (!v) {
        free(names);
        return -1;
    }
    if (ui_saves_autosave_path(auto_path, sizeof auto_path) && is_file(auto_path)) {
        ui_saves_info_quick(auto_path, &v[n]);
        snprintf(v[n].name, sizeof v[n].name, "Autosave");
        v[n++].autosave = true;
    }
    for (int f = 0; f < nf; f++) {
        char p[1400];
        snprintf(p, sizeof p, "%s%s", dir, names[f]);
        if (!is_file(p))
            continue;
        ui_saves_info_quick(p, &v[n++]);
    }
    free(names);
    qsort(v, (size_t)n, sizeof *v, by_date);
    *out = v;
    return n;
}

void ui_saves_info_finish(ui_save_info *s)
{
    if (!s->pending)
        return;
    ui_save_info full;
    ui_saves_info(s->path, &full);
    snprintf(full.name, sizeof full.name, "%s", s->name); /* "Autosave" stays */
    full.autosave = s->autosave;
    *s = full;
}

int ui_saves_list(ui_save_info **out)
{
    int n = ui_saves_list_quick(out);
    for (int i = 0; i < n; i++)
        ui_saves_info_finish(&(*out)[i]);
    return n;
}
