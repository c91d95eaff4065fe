/* jsd_file.c — reading whole files, atomic writes, content hashes, path helpers. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* flock */
#include "jsd_internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* "a FIFO", "a folder", ... for the message that refuses a file that is not a regular file. */
static const char *file_type_name(mode_t m)
{
    if (S_ISDIR(m))
        return "a folder";
    if (S_ISFIFO(m))
        return "a named pipe (FIFO)";
    if (S_ISSOCK(m))
        return "a socket";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "a device";
    return "not a regular file";
}

static void size_words(size_t n, char *out, size_t cap)
{
    if (n >= 1024 * 1024 && n % (1024 * 1024) == 0)
        snprintf(out, cap, "%zu MiB", n / (1024 * 1024));
    else if (n >= 1024 && n % 1024 == 0)
        snprintf(out, cap, "%zu KiB", n / 1024);
    else
        snprintf(out, cap, "%zu bytes", n);
}

char *jsd_read_file_max(const char *path, size_t max, size_t *len, jsd_error *err)
{
    /* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer for ever. The
     * type is checked on the open descriptor (fstat), so nothing can swap the file in between. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        jsd_fail_plain(err, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        jsd_fail_plain(err, "%s: cannot read: %s", path, strerror(e));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        if (S_ISDIR(st.st_mode))
            jsd_fail_plain(err, "%s: is a folder, not a file", path);
        else
            jsd_fail_plain(err, "%s: is %s, not a regular file; only regular files are read", path,
                           file_type_name(st.st_mode));
        return NULL;
    }
    char limit[32];
    size_words(max, limit, sizeof limit);
    if (st.st_size < 0 || (unsigned long long)st.st_size > max) {
        close(fd);
        jsd_fail_plain(err, "%s: the file is too large (%lld bytes; at most %s are read)", path,
                       (long long)st.st_size, limit);
        return NULL;
    }
    /* Read what fstat promised and one byte more, to notice a file that grows meanwhile. */
    size_t cap = (size_t)st.st_size + 1;
    char *buf = malloc(cap + 1);
    if (!buf) {
        close(fd);
        jsd_fail_plain(err, "%s: out of memory (%lld bytes)", path, (long long)st.st_size);
        return NULL;
    }
    size_t n = 0;
    while (n < cap) {
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            free(buf);
            close(fd);
            jsd_fail_plain(err, "%s: read error: %s", path, strerror(e));
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (n == cap) {
        free(buf);
        jsd_fail_plain(err, "%s: the file grew while it was being read; try again", path);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

char *jsd_read_file(const char *path, size_t *len, jsd_error *err)
{
    return jsd_read_file_max(path, JSD_MAX_FILE, len, err);
}

bool jsd_is_file(const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A temporary file of ours, locked (an flock held until the rename) and still linked: a
 * sweeper that took the lock between mkstemp and flock has removed it, so make another. */
static int make_temporary(char *tmp, size_t cap, const char *dir, const char *base)
{
    for (int tries = 0; tries < 5; tries++) {
        int w = snprintf(tmp, cap, "%s%s.%s.tmpXXXXXX", dir, dir[0] ? "/" : "", base);
        if (w < 0 || (size_t)w >= cap) {
            errno = ENAMETOOLONG;
            return -1;
        }
        int fd = mkstemp(tmp);
        if (fd < 0)
            return -1;
        struct stat st;
        if (flock(fd, LOCK_EX) == 0 && fstat(fd, &st) == 0 && st.st_nlink > 0)
            return fd;
        close(fd);
    }
    errno = EAGAIN;
    return -1;
}

bool jsd_write_atomic(const char *path, const char *data, size_t len, jsd_error *err)
{
    char dir[JSD_PATH_MAX];
    jsd_dirname(path, dir, sizeof dir);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char tmp[1200];
    int fd = make_temporary(tmp, sizeof tmp, dir, base);
    if (fd < 0 && errno == ENAMETOOLONG)
        return jsd_fail_plain(err, "%s: path too long", path);
    if (fd < 0) {
        int e = errno;
        jsd_sweep_temporaries(path);
        return jsd_fail_plain(err, "%s: cannot create a temporary file beside it: %s", path,
                              strerror(e));
    }
    /* the lock lives as long as one descriptor of the file stays open: this one, past fclose */
    int lockfd = dup(fd);
    /* mkstemp makes the file 0600; a saved game is an ordinary file (0666 less the umask) */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        int e = errno;
        close(fd);
        unlink(tmp);
        if (lockfd >= 0)
            close(lockfd);
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
        if (lockfd >= 0)
            close(lockfd);
        jsd_sweep_temporaries(path); /* a full disk: what dead writers left is room */
        return jsd_fail_plain(err, "%s: write failed, the file is unchanged: %s", path,
                              strerror(e));
    }
    if (rename(tmp, path) != 0) {
        e = errno;
        unlink(tmp);
        if (lockfd >= 0)
            close(lockfd);
        jsd_sweep_temporaries(path);
        return jsd_fail_plain(err, "%s: cannot replace the file, it is unchanged: %s", path,
                              strerror(e));
    }
    if (lockfd >= 0)
        close(lockfd);
    /* make the rename itself durable */
    int dfd = open(dir[0] ? dir : ".", O_RDONLY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return true;
}

/* name is ".<stem>.tmpXXXXXX" (mkstemp's six letters and digits), with stem == want when want
 * is given, else any stem ending in ".json". */
static bool temporary_name(const char *name, const char *want)
{
    size_t n = strlen(name);
    if (n < 1 + 1 + 4 + 6 || name[0] != '.' || memcmp(name + n - 10, ".tmp", 4) != 0)
        return false;
    for (size_t i = n - 6; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            return false;
    }
    size_t stem = n - 11;
    if (want)
        return strlen(want) == stem && memcmp(name + 1, want, stem) == 0;
    return stem > 5 && memcmp(name + 1 + stem - 5, ".json", 5) == 0;
}

/* Remove dir/name when it is this user's regular file and no writer holds its lock. */
static bool sweep_one(const char *dir, const char *name)
{
    char p[JSD_PATH_MAX + 300];
    if (!jsd_path_join(dir[0] ? dir : ".", name, p, sizeof p))
        return false;
    int fd = open(p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return false;
    struct stat st, now;
    bool gone = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
                flock(fd, LOCK_EX | LOCK_NB) == 0 && lstat(p, &now) == 0 && now.st_ino == st.st_ino &&
                now.st_dev == st.st_dev && unlink(p) == 0;
    close(fd);
    return gone;
}

static int sweep(const char *dir, const char *want)
{
    DIR *d = opendir(dir[0] ? dir : ".");
    if (!d)
        return 0;
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)))
        if (temporary_name(de->d_name, want))
            n += sweep_one(dir, de->d_name);
    closedir(d);
    return n;
}

int jsd_sweep_temporaries(const char *path)
{
    if (!path || !path[0])
        return 0;
    char dir[JSD_PATH_MAX];
    if (!jsd_dirname(path, dir, sizeof dir))
        return 0;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    return base[0] ? sweep(dir, base) : 0;
}

int jsd_sweep_folder(const char *dir) { return dir && dir[0] ? sweep(dir, NULL) : 0; }

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

bool jsd_dirname(const char *path, char *out, size_t cap)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(out, cap, "%s", "");
        return true;
    }
    size_t n = (size_t)(slash - path);
    if (n == 0)
        n = 1; /* "/file" -> "/" */
    bool fits = n < cap;
    if (!fits)
        n = cap - 1;
    memcpy(out, path, n);
    out[n] = '\0';
    return fits;
}

bool jsd_path_join(const char *dir, const char *rel, char *out, size_t cap)
{
    int w;
    if (rel[0] == '/' || !dir || !dir[0])
        w = snprintf(out, cap, "%s", rel);
    else if (dir[strlen(dir) - 1] == '/')
        w = snprintf(out, cap, "%s%s", dir, rel);
    else
        w = snprintf(out, cap, "%s/%s", dir, rel);
    return w >= 0 && (size_t)w < cap;
}
