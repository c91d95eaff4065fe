/* jsd_record_lines.c — records as JSON Lines (version 2): a header line, then one line a command
 * with the hash after it. A command is saved by appending its line (jsd_record_sync), so saving
 * costs the same at the 300th command as at the 10th; a line is complete only with its newline,
 * so a crash in the middle of an append leaves a last line without one, which the loader leaves
 * out and names (r->torn_line). */
#define _POSIX_C_SOURCE 200809L
#include "jsd_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------------------------------------------------------------- reading */

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* One line holding one whole JSON value (white space around it allowed); NULL otherwise, with
 * the 1-based column where it stops being JSON in *col (may be NULL). */
static cJSON *parse_line(const char *s, size_t n, int *col)
{
    const char *end = NULL;
    cJSON *v = cJSON_ParseWithLengthOpts(s, n, &end, false);
    size_t pos = end && end >= s ? (size_t)(end - s) : 0;
    if (v) {
        while (pos < n && is_space(s[pos]))
            pos++;
        if (pos == n)
            return v;
        cJSON_Delete(v);
    }
    if (col)
        *col = (int)(pos < n ? pos : n) + 1;
    return NULL;
}

bool jsd_record_is_lines(const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    cJSON *head = parse_line(text, nl ? (size_t)(nl - text) : len, NULL);
    const cJSON *v = cJSON_IsObject(head) ? jx_get(head, "version") : NULL;
    /* a version 1 document written on one line is still one document */
    bool lines = cJSON_IsObject(head) && !(cJSON_IsNumber(v) && v->valuedouble == 1.0);
    cJSON_Delete(head);
    return lines;
}

static void line_name(char *out, size_t cap, const char *file, int line)
{
    snprintf(out, cap, "%s: line %d", file, line);
}

bool jsd_record_parse_lines(const jx *x, const char *text, size_t len, const char *dir, jsd_record *r)
{
    return jsd_record_parse_lines_pw(x, text, len, dir, NULL, NULL, r);
}

bool jsd_record_parse_lines_pw(const jx *x, const char *text, size_t len, const char *dir, const char *const *pw,
                               const jsd_seal *known, jsd_record *r)
{
    char name[JSD_PATH_MAX + 32];
    const char *nl = memchr(text, '\n', len);
    size_t pos = nl ? (size_t)(nl - text) : len;
    line_name(name, sizeof name, x->file, 1);
    jx lx = {name, x->err};
    int col = 1;
    cJSON *head = parse_line(text, pos, &col);
    if (head && !(head = jx_checked_text(&lx, head, text, pos)))
        return false;
    if (cJSON_IsObject(head) && jx_get(head, "sealed")) { /* a protected game's file */
        bool sealed_ok = jsd_sealed_parse(x, text, len, head, pos, dir, pw, known, r);
        cJSON_Delete(head);
        return sealed_ok;
    }
    bool ok = head ? jsd_record_parse_head(&lx, head, dir, r)
                   : jx_fail(&lx, "", "not a record's header: JSON syntax error at column %d", col);
    cJSON_Delete(head);
    pos += nl != NULL;
    for (int line = 2; ok && pos < len; line++) {
        const char *s = text + pos;
        nl = memchr(s, '\n', len - pos);
        if (!nl) {
            /* No newline: the program stopped while appending this line. Everything before it
             * was complete (each append ends with its newline), so it alone is lost. */
            r->torn_line = line;
            break;
        }
        size_t n = (size_t)(nl - s);
        char path[JX_PATH];
        jx_idx(path, "commands", r->ncmds);
        line_name(name, sizeof name, x->file, line);
        cJSON *c = parse_line(s, n, &col);
        if (!c) {
            bool blank = true;
            for (size_t i = 0; i < n; i++)
                blank = blank && is_space(s[i]);
            if (blank)
                ok = jx_fail(&lx, path, "an empty line: every line after the header is one command");
            else if (jsd_json_syntax_ok(s, n))
                ok = jx_fail(&lx, path, "not enough memory to read the line (%zu bytes of JSON)", n);
            else
                ok = jx_fail(&lx, path, "not a command: JSON syntax error at column %d", col);
        } else if (!(c = jx_checked_text(&lx, c, s, n))) {
            ok = false;
        } else {
            ok = jsd_record_parse_cmd(&lx, c, path, r);
        }
        cJSON_Delete(c);
        pos += n + 1;
    }
    return ok;
}

/* ---------------------------------------------------------------- writing */

typedef struct buf {
    char *s;
    size_t n, cap;
    bool bad;
} buf;

static void buf_add(buf *b, const char *s, size_t n)
{
    if (b->bad)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1)
            cap *= 2;
        char *ns = realloc(b->s, cap);
        if (!ns) {
            b->bad = true;
            return;
        }
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

/* The lines of commands [from, r->ncmds), each with its hash and a newline; sealed (each its own
 * entry, chained on tag) when r->seal is set. */
static void add_commands(buf *b, const jsd_record *r, int from, const unsigned char head[32], unsigned char tag[16])
{
    for (int i = from; i < r->ncmds && !b->bad; i++) {
        cJSON *c = jsd_cmd_json(&r->cmds[i]);
        char hash[17];
        jx_hash_str(r->hashes[i], hash);
        if (!c || !cJSON_AddStringToObject(c, "hash", hash)) {
            cJSON_Delete(c);
            b->bad = true;
            return;
        }
        char *line = jx_print(c, false);
        if (!line) {
            b->bad = true;
            return;
        }
        if (r->seal) {
            char *e = jsd_sealed_entry(r->seal, head, (uint64_t)i + 1, tag, line, strlen(line));
            free(line);
            if (!e) {
                b->bad = true;
                return;
            }
            buf_add(b, e, strlen(e));
            free(e);
            continue;
        }
        buf_add(b, line, strlen(line));
        buf_add(b, "\n", 1);
        free(line);
    }
}

char *jsd_sealed_text(const jsd_record *r, const char *record_path, unsigned char head[32], unsigned char tag[16])
{
    char *clear = jsd_sealed_head(r, record_path, r->ncmds);
    char *plain = clear ? jsd_record_head_line(r, record_path) : NULL;
    buf b = {0};
    if (plain) {
        buf_add(&b, clear, strlen(clear));
        buf_add(&b, "\n", 1);
        jsd_sealed_ad_head(clear, strlen(clear), head);
        memset(tag, 0, 16);
        char *e = jsd_sealed_entry(r->seal, head, 0, tag, plain, strlen(plain));
        b.bad = b.bad || !e;
        if (e)
            buf_add(&b, e, strlen(e));
        free(e);
        add_commands(&b, r, 0, head, tag);
    }
    free(clear);
    free(plain);
    if (!plain || b.bad) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

char *jsd_record_to_json(const jsd_record *r, const char *record_path)
{
    unsigned char head_hash[32], tag[16];
    if (r->seal)
        return jsd_sealed_text(r, record_path, head_hash, tag);
    char *head = jsd_record_head_line(r, record_path);
    if (!head)
        return NULL;
    buf b = {0};
    buf_add(&b, head, strlen(head));
    buf_add(&b, "\n", 1);
    free(head);
    add_commands(&b, r, 0, NULL, NULL);
    if (b.bad) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* Write text at the end of fd (O_APPEND), all of it, then fsync; errno on failure. */
static bool append_all(int fd, const char *text, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, text + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return false;
        }
        done += (size_t)w;
    }
    return fsync(fd) == 0;
}

static bool write_whole(const jsd_record *r, const char *path, uint64_t head, jsd_record_file *f,
                        jsd_error *err)
{
    f->known = false;
    if (!jsd_record_save_chain(r, path, f->seal_head, f->seal_tag, err))
        return false;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return true; /* written; the next command writes it whole again */
    jsd_record_file w = {true, r->ncmds, head, r->ncmds ? r->hashes[r->ncmds - 1] : 0,
                         (long long)st.st_size, (unsigned long long)st.st_dev,
                         (unsigned long long)st.st_ino, {0}, {0}};
    memcpy(w.seal_head, f->seal_head, sizeof w.seal_head);
    memcpy(w.seal_tag, f->seal_tag, sizeof w.seal_tag);
    *f = w;
    return true;
}

bool jsd_record_sync(const jsd_record *r, const char *path, jsd_record_file *f, jsd_error *err)
{
    char *line = jsd_record_head_line(r, path);
    if (!line)
        return jsd_record_save(r, path, err); /* it says why */
    uint64_t head = jsd_fnv1a(line, strlen(line)) ^ jsd_fnv1a(path, strlen(path)) * 31;
    free(line);
    if (r->seal) { /* the clear header too (keys, turn), but not its count of commands */
        char *clear = jsd_sealed_head(r, path, -1);
        if (!clear)
            return jsd_record_save(r, path, err);
        head ^= jsd_fnv1a(clear, strlen(clear)) * 7;
        free(clear);
    } else {
        head ^= 1; /* a file once sealed is written whole when the game comes out in the clear */
    }
    bool same = f->known && f->head == head && f->ncmds <= r->ncmds &&
                (f->ncmds == 0 || r->hashes[f->ncmds - 1] == f->last_hash);
    if (!same)
        return write_whole(r, path, head, f, err);
    if (f->ncmds == r->ncmds)
        return true;
    /* The file must still be the one written last, as long as then: anything else (replaced,
     * truncated, grown by someone else) is written whole instead. */
    int fd = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (long long)st.st_size != f->size ||
        (unsigned long long)st.st_dev != f->dev || (unsigned long long)st.st_ino != f->ino) {
        if (fd >= 0)
            close(fd);
        return write_whole(r, path, head, f, err);
    }
    buf b = {0};
    unsigned char tag[16];
    memcpy(tag, f->seal_tag, sizeof tag);
    add_commands(&b, r, f->ncmds, f->seal_head, tag);
    if (b.bad) {
        free(b.s);
        close(fd);
        return jsd_fail_plain(err, "%s: cannot write commands[%d]: out of memory", path, (int)f->ncmds);
    }
    bool ok = append_all(fd, b.s, b.n);
    int e = errno;
    free(b.s);
    if (!ok) {
        /* cut off what a failed write left (a disk that filled up part-way), so the file ends
         * with the last command it held; the next command writes it whole */
        bool cut = ftruncate(fd, (off_t)f->size) == 0 && fsync(fd) == 0;
        close(fd);
        f->known = false;
        return jsd_fail_plain(err, "%s: cannot write commands[%d]: %s; the file %s", path,
                              (int)f->ncmds, strerror(e),
                              cut ? "keeps the commands before it" : "may end with a torn command");
    }
    close(fd);
    memcpy(f->seal_tag, tag, sizeof tag);
    f->ncmds = r->ncmds;
    f->last_hash = r->hashes[r->ncmds - 1];
    f->size += (long long)b.n;
    return true;
}
