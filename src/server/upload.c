/* upload.c — scenarios a game is created from that are not shipped: the creator sends the
 * scenario's JSON text, the loader judges it (its limits, its messages naming the field), and the
 * text is kept under DATA/uploads/HASH.json (HASH: its jsd_file_hash, so a scenario sent twice is
 * one file) before the game is stored, so that a restart rebuilds the game from the same bytes.
 * Such a game's scenario name is "@HASH", which no shipped scenario's name can be. */
#define _GNU_SOURCE
#include "server.h"
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool upload_path(const srv *s, const char *name, char *path, size_t cap)
{
    if (name[0] != '@' || strlen(name + 1) != 16)
        return false;
    for (const char *p = name + 1; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
            return false;
    return (size_t)snprintf(path, cap, "%s/%s.json", s->uploads, name + 1) < cap;
}

/* Written whole or not at all: a temporary file, fsync, rename, fsync of the folder. */
static bool write_durably(const char *dir, const char *path, const char *text, size_t len)
{
    char tmp[1200];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)gettid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return false;
    bool ok = true;
    for (size_t done = 0; ok && done < len;) {
        ssize_t n = write(fd, text + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        done += ok ? (size_t)n : 0;
    }
    ok = ok && fsync(fd) == 0;
    ok = close(fd) == 0 && ok;
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
        unlink(tmp);
        return false;
    }
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return true;
}

bool upload_save(srv *s, const char *text, char name[STORE_NAME_LEN], int *http, char *why, size_t cap)
{
    *http = 400;
    size_t len = strlen(text);
    if (len > JSD_MAX_SCENARIO)
        return snprintf(why, cap, "scenario_text: larger than %d bytes", JSD_MAX_SCENARIO), false;
    /* a catalogue is one of the shipped ones, by its file name: an upload never names a path on
     * the server (the loader would read it) */
    cJSON *root = cJSON_ParseWithLength(text, len);
    const cJSON *cat = cJSON_GetObjectItemCaseSensitive(root, "catalogue");
    bool cat_ok = !cJSON_IsString(cat) ||
                  (cat->valuestring[0] && cat->valuestring[0] != '.' && !strchr(cat->valuestring, '/'));
    char catpath[1400] = "";
    if (cat_ok && cJSON_IsString(cat))
        snprintf(catpath, sizeof catpath, "%s/%.300s", s->scenarios, cat->valuestring);
    char catname[64];
    snprintf(catname, sizeof catname, "%s", cJSON_IsString(cat) ? cat->valuestring : "");
    cJSON_Delete(root);
    if (!cat_ok)
        return snprintf(why, cap, "scenario_text: catalogue: expected the file name of a shipped catalogue "
                                  "(e.g. \"catalogue.json\"), not a path"), false;
    if (catpath[0] && !jsd_is_file(catpath)) /* said without the server's folders */
        return snprintf(why, cap, "scenario_text: catalogue: no shipped catalogue is called \"%s\"", catname),
               false;
    jsd_error err;
    js_scenario *scn = jsd_scenario_parse(text, "scenario_text", s->scenarios, &err);
    if (!scn)
        return snprintf(why, cap, "%s", err.msg), false;
    free(scn);
    snprintf(name, STORE_NAME_LEN, "@%016" PRIx64, jsd_fnv1a(text, len));
    char path[1100];
    *http = 503;
    if (!upload_path(s, name, path, sizeof path))
        return snprintf(why, cap, "the data folder's path is too long"), false;
    if (mkdir(s->uploads, 0700) != 0 && errno != EEXIST)
        return snprintf(why, cap, "cannot make %s: %s", s->uploads, strerror(errno)), false;
    if (!jsd_is_file(path) && !write_durably(s->uploads, path, text, len))
        return snprintf(why, cap, "cannot store the scenario in %s", s->uploads), false;
    *http = 0;
    return true;
}
