/* jsd_file.c — reading whole files, atomic writes, content hashes, path helpers. */
#define _POSIX_C_SOURCE 200809L
#include "jsd_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { JSD_MAX_FILE = 64 * 1024 * 1024 };

char *jsd_read_file(const char *path, size_t *len, jsd_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        jsd_fail_plain(err, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        jsd_fail_plain(err, "%s: is a folder, not a file", path);
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) {
        fclose(f);
        jsd_fail_plain(err, "%s: out of memory", path);
        return NULL;
    }
    for (;;) {
        if (n == cap) {
            if (cap >= JSD_MAX_FILE) {
                free(buf);
                fclose(f);
                jsd_fail_plain(err, "%s: file too large (over %d bytes)", path, JSD_MAX_FILE);
                return NULL;
            }
            cap *= 2;
            char *nb = realloc(buf, cap + 1);
            if (!nb) {
                free(buf);
                fclose(f);
                jsd_fail_plain(err, "%s: out of memory", path);
                return NULL;
            }
            buf = nb;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        int e = errno;
        free(buf);
        fclose(f);
        jsd_fail_plain(err, "%s: read error: %s", path, strerror(e));
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

bool jsd_write_atomic(const char *path, const char *data, size_t len, jsd_error *err)
{
    char dir[1024];
    jsd_dirname(path, dir, sizeof dir);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char tmp[1200];
    int w = snprintf(tmp, sizeof tmp, "%s%s.%s.tmpXXXXXX", dir, dir[0] ? "/" : "", base);
    if (w < 0 || (size_t)w >= sizeof tmp)
        return jsd_fail_plain(err, "%s: path too long", path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return jsd_fail_plain(err, "%s: cannot create a temporary file beside it: %s", path,
                              strerror(errno));
    /* mkstemp makes the file 0600; a saved game is an ordinary file (0666 less the umask) */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        int e = errno;
        close(fd);
        unlink(tmp);
        return jsd_fail_plain(err, "%s: cannot write: %s", path, strerror(e));
    }
    bool ok = fwrite(data, 1, len, f) == len;
    ok = fflush(f) == 0 && ok;
    ok = ok && fsync(fileno(f)) == 0;
    int e = errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (!ok) {
        unlink(tmp);
        return jsd_fail_plain(err, "%s: write failed, the file is unchanged: %s", path,
                              strerror(e));
    }
    if (rename(tmp, path) != 0) {
        e = errno;
        unlink(tmp);
        return jsd_fail_plain(err, "%s: cannot replace the file, it is unchanged: %s", path,
                              strerror(e));
    }
    /* make the rename itself durable */
    int dfd = open(dir[0] ? dir : ".", O_RDONLY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return true;
}

uint64_t jsd_fnv1a(const void *data, size_t len)
{
    const unsigned char *p = data;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

bool jsd_file_hash(const char *path, uint64_t *out, jsd_error *err)
{
    size_t len;
    char *text = jsd_read_file(path, &len, err);
    if (!text)
        return false;
    *out = jsd_fnv1a(text, len);
    free(text);
    return true;
}

void jsd_dirname(const char *path, char *out, size_t cap)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(out, cap, "%s", "");
        return;
    }
    size_t n = (size_t)(slash - path);
    if (n == 0)
        n = 1; /* "/file" -> "/" */
    if (n >= cap)
        n = cap - 1;
    memcpy(out, path, n);
    out[n] = '\0';
}

void jsd_path_join(const char *dir, const char *rel, char *out, size_t cap)
{
    if (rel[0] == '/' || !dir || !dir[0])
        snprintf(out, cap, "%s", rel);
    else if (dir[strlen(dir) - 1] == '/')
        snprintf(out, cap, "%s%s", dir, rel);
    else
        snprintf(out, cap, "%s/%s", dir, rel);
}
