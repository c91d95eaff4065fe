/* jsd_seal.c — sealed records: the file of a game protected by hotseat passwords, encrypted and
 * authenticated with libsodium (docs/formats.md "Sealed records").
 *
 * The file key is random; it is wrapped (XChaCha20-Poly1305) under a key hashed from BOTH sides'
 * password keys (Argon2id, a random salt per side), so one side's password alone opens nothing.
 * The header line stays in the clear with what the Load list needs; every further line is one
 * sealed entry (entry 0: the whole plain header, dice and all; entry i + 1: command i), its
 * associated data the header line's hash, its index and the previous entry's tag, so no line can
 * be changed, moved, removed or taken from another file without the next one failing to open. */
#define _POSIX_C_SOURCE 200809L
#include "jsd_internal.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    KEY = crypto_aead_xchacha20poly1305_ietf_KEYBYTES,
    NONCE = crypto_aead_xchacha20poly1305_ietf_NPUBBYTES,
    TAG = crypto_aead_xchacha20poly1305_ietf_ABYTES,
    SALT = crypto_pwhash_SALTBYTES,
    AD = 32 + 8 + TAG, /* header hash, entry index, previous tag */
    WRAPPED = NONCE + KEY + TAG,
};
/* Limits a file may ask of Argon2id: enough for every machine the game runs on, and not a way
 * for a hostile file to ask for gigabytes. */
#define OPS_MAX 10ull
#define MEM_MAX ((size_t)1024 * 1024 * 1024)

struct jsd_seal {
    unsigned char key[KEY];                 /* the file key */
    bool has[JS_SIDES];                     /* the side has a password */
    unsigned char salt[JS_SIDES][SALT];
    char verifier[JS_SIDES][crypto_pwhash_STRBYTES]; /* crypto_pwhash_str, for the handovers */
    unsigned char wrapped[WRAPPED];         /* nonce, then the file key sealed */
    unsigned long long ops;
    size_t mem;
};

static const char *const SIDE[] = {"A", "B"};
static const unsigned char WRAP_AD[] = "jumpstrike-sealed-key-1";

static bool ready(jsd_error *err)
{
    if (sodium_init() < 0)
        return jsd_fail_plain(err, "cannot start libsodium (no random source)");
    return true;
}

static jsd_seal *seal_alloc(void)
{
    if (sodium_init() < 0) /* sodium_malloc needs it first */
        return NULL;
    jsd_seal *s = sodium_malloc(sizeof *s); /* locked memory, wiped when freed */
    if (s)
        memset(s, 0, sizeof *s);
    return s;
}

void jsd_seal_free(jsd_seal *s)
{
    if (s)
        sodium_free(s);
}

jsd_seal *jsd_seal_dup(const jsd_seal *s)
{
    jsd_seal *d = s ? seal_alloc() : NULL;
    if (d)
        memcpy(d, s, sizeof *d);
    return d;
}

bool jsd_seal_side(const jsd_seal *s, int side)
{
    return s && side >= 0 && side < JS_SIDES && s->has[side];
}

static bool pw_len_ok(const char *pw) { return pw && strlen(pw) < 4096; }

bool jsd_seal_check(const jsd_seal *s, int side, const char *pw)
{
    if (!jsd_seal_side(s, side))
        return true; /* no password: the handover is open */
    if (!pw_len_ok(pw) || sodium_init() < 0)
        return false;
    return crypto_pwhash_str_verify(s->verifier[side], pw, strlen(pw)) == 0;
}

/* The key that wraps the file key: both sides' password keys hashed together (a side with no
 * password adds zeros). */
static bool wrap_key(const jsd_seal *s, const char *const pw[JS_SIDES], unsigned char out[KEY])
{
    unsigned char kek[JS_SIDES][KEY];
    memset(kek, 0, sizeof kek);
    bool ok = true;
    for (int i = 0; i < JS_SIDES && ok; i++)
        if (s->has[i])
            ok = pw_len_ok(pw[i]) && crypto_pwhash(kek[i], KEY, pw[i], strlen(pw[i]), s->salt[i], s->ops, s->mem,
                                                   crypto_pwhash_ALG_ARGON2ID13) == 0;
    if (ok)
        crypto_generichash(out, KEY, &kek[0][0], sizeof kek, NULL, 0);
    sodium_memzero(kek, sizeof kek);
    return ok;
}

jsd_seal *jsd_seal_new(const char *const pw[JS_SIDES], unsigned ops, size_t mem, jsd_error *err)
{
    if (!ready(err))
        return NULL;
    if (ops < crypto_pwhash_OPSLIMIT_MIN || ops > OPS_MAX || mem < crypto_pwhash_MEMLIMIT_MIN || mem > MEM_MAX) {
        jsd_fail_plain(err, "Argon2id limits out of range (%u passes, %zu bytes)", ops, mem);
        return NULL;
    }
    jsd_seal *s = seal_alloc();
    if (!s) {
        jsd_fail_plain(err, "out of memory (the game's keys)");
        return NULL;
    }
    s->ops = ops;
    s->mem = mem;
    for (int i = 0; i < JS_SIDES; i++)
        s->has[i] = pw && pw[i] && pw[i][0];
    if (!s->has[0] && !s->has[1]) {
        jsd_seal_free(s);
        jsd_fail_plain(err, "no password: nothing to seal the game with");
        return NULL;
    }
    unsigned char wk[KEY];
    bool ok = true;
    crypto_aead_xchacha20poly1305_ietf_keygen(s->key);
    for (int i = 0; i < JS_SIDES && ok; i++)
        if (s->has[i]) {
            randombytes_buf(s->salt[i], SALT);
            ok = pw_len_ok(pw[i]) && crypto_pwhash_str(s->verifier[i], pw[i], strlen(pw[i]), ops, mem) == 0;
        }
    ok = ok && wrap_key(s, pw, wk);
    if (ok) {
        randombytes_buf(s->wrapped, NONCE);
        crypto_aead_xchacha20poly1305_ietf_encrypt(s->wrapped + NONCE, NULL, s->key, KEY, WRAP_AD, sizeof WRAP_AD,
                                                   NULL, s->wrapped, wk);
    }
    sodium_memzero(wk, sizeof wk);
    if (!ok) {
        jsd_seal_free(s);
        jsd_fail_plain(err, "cannot derive the game's keys (out of memory for Argon2id, or a password longer "
                            "than 4,095 bytes)");
        return NULL;
    }
    return s;
}

uint64_t jsd_legacy_pw_digest(const char *pw)
{
    if (!pw || !*pw)
        return 0;
    uint64_t h = 1469598103934665603ull;
    for (const char *p = "jumpstrike-handover:"; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ull;
    for (; *pw; pw++)
        h = (h ^ (unsigned char)*pw) * 1099511628211ull;
    return h ? h : 1;
}

/* ---------------------------------------------------------------- writing */

static void hex(const unsigned char *b, size_t n, char *out) { sodium_bin2hex(out, n * 2 + 1, b, n); }

char *jsd_sealed_head(const jsd_record *r, const char *record_path, int32_t count)
{
    const jsd_seal *s = r->seal;
    /* the plain header gives the scenario path as the file holds it, and checks it reads back */
    char *plain = jsd_record_head_line(r, record_path);
    cJSON *ph = plain ? cJSON_Parse(plain) : NULL;
    free(plain);
    if (!ph)
        return NULL;
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "format", "jumpstrike-record");
    cJSON_AddNumberToObject(root, "version", JSD_RECORD_VERSION);
    cJSON_AddStringToObject(root, "kind", strcmp(r->kind, "save") == 0 ? "save" : "record");
    cJSON *se = cJSON_AddObjectToObject(root, "sealed");
    cJSON_AddStringToObject(se, "kdf", "argon2id13");
    cJSON_AddNumberToObject(se, "ops", (double)s->ops);
    cJSON_AddNumberToObject(se, "mem", (double)s->mem);
    for (int i = 0; i < JS_SIDES; i++) {
        if (!s->has[i])
            continue;
        char salt[SALT * 2 + 1];
        hex(s->salt[i], SALT, salt);
        cJSON *side = cJSON_AddObjectToObject(se, SIDE[i]);
        cJSON_AddStringToObject(side, "salt", salt);
        cJSON_AddStringToObject(side, "verifier", s->verifier[i]);
    }
    char wrapped[WRAPPED * 2 + 1];
    hex(s->wrapped, WRAPPED, wrapped);
    cJSON_AddStringToObject(se, "key", wrapped);
    if (count >= 0)
        cJSON_AddNumberToObject(se, "commands", count);
    cJSON *scn = cJSON_DetachItemFromObjectCaseSensitive(ph, "scenario");
    if (scn)
        cJSON_AddItemToObject(root, "scenario", scn);
    cJSON *pl = cJSON_DetachItemFromObjectCaseSensitive(ph, "players");
    if (pl)
        cJSON_AddItemToObject(root, "players", pl);
    cJSON_AddNumberToObject(root, "turn", r->turn > 0 ? r->turn : 0);
    cJSON_Delete(ph);
    return jx_print(root, false);
}

void jsd_sealed_ad_head(const char *head, size_t n, unsigned char out[32])
{
    crypto_generichash(out, 32, (const unsigned char *)head, n, NULL, 0);
}

static void make_ad(unsigned char ad[AD], const unsigned char head[32], uint64_t index, const unsigned char prev[TAG])
{
    memcpy(ad, head, 32);
    for (int i = 0; i < 8; i++)
        ad[32 + i] = (unsigned char)(index >> (8 * i));
    memcpy(ad + 40, prev, TAG);
}

char *jsd_sealed_entry(const jsd_seal *s, const unsigned char head[32], uint64_t index, unsigned char tag[TAG],
                       const char *plain, size_t n)
{
    unsigned char ad[AD];
    make_ad(ad, head, index, tag);
    size_t blen = NONCE + n + TAG;
    unsigned char *box = malloc(blen);
    size_t b64 = sodium_base64_ENCODED_LEN(blen, sodium_base64_VARIANT_ORIGINAL);
    char *line = malloc(b64 + 1);
    if (!box || !line) {
        free(box);
        free(line);
        return NULL;
    }
    randombytes_buf(box, NONCE);
    crypto_aead_xchacha20poly1305_ietf_encrypt(box + NONCE, NULL, (const unsigned char *)plain, n, ad, AD, NULL, box,
                                               s->key);
    memcpy(tag, box + blen - TAG, TAG);
    sodium_bin2base64(line, b64, box, blen, sodium_base64_VARIANT_ORIGINAL);
    free(box);
    size_t len = strlen(line);
    line[len] = '\n';
    line[len + 1] = '\0';
    return line;
}

/* ---------------------------------------------------------------- reading */

static bool unhex(const char *s, unsigned char *out, size_t n)
{
    size_t got = 0;
    return strlen(s) == n * 2 && sodium_hex2bin(out, n, s, n * 2, NULL, &got, NULL) == 0 && got == n;
}

bool jsd_sealed_parse_head(const jx *x, const cJSON *root, const char *dir, jsd_sealed_info *info, jsd_seal *s,
                           int32_t *count)
{
    static const char *const F[] = {"format", "version", "kind", "sealed", "scenario", "players", "turn", NULL};
    static const char *const SF[] = {"kdf", "ops", "mem", "A", "B", "key", "commands", NULL};
    static const char *const PF[] = {"salt", "verifier", NULL};
    static const char *const KINDS[] = {"record", "save"};
    const cJSON *se, *v;
    int kind, ops, mem, turn;
    if (!jx_want_object(x, root, "") || !jx_fields(x, root, "", F) || !jx_header(x, root, "jumpstrike-record", 2) ||
        !jx_enum(x, root, "", "kind", true, KINDS, 2, 0, &kind) || !jx_need(x, root, "", "sealed", &se) ||
        !jx_want_object(x, se, "sealed") || !jx_fields(x, se, "sealed", SF) || !jx_need(x, se, "sealed", "kdf", &v))
        return false;
    if (!cJSON_IsString(v) || strcmp(v->valuestring, "argon2id13") != 0)
        return jx_fail(x, "sealed.kdf", "expected \"argon2id13\"");
    if (!jx_need(x, se, "sealed", "ops", &v) || !jx_int_v(x, v, "sealed.ops", 1, (int)OPS_MAX, &ops) ||
        !jx_need(x, se, "sealed", "mem", &v) ||
        !jx_int_v(x, v, "sealed.mem", (int)crypto_pwhash_MEMLIMIT_MIN, (int)MEM_MAX, &mem) ||
        !jx_need(x, root, "", "turn", &v) || !jx_int_v(x, v, "turn", 0, 1000000, &turn))
        return false;
    snprintf(info->kind, sizeof info->kind, "%s", KINDS[kind]);
    info->turn = turn;
    s->ops = (unsigned long long)ops;
    s->mem = (size_t)mem;
    for (int i = 0; i < JS_SIDES; i++) {
        const cJSON *side = jx_get(se, SIDE[i]), *salt, *ver;
        char p[JX_PATH], q[JX_PATH];
        jx_key(p, "sealed", SIDE[i]);
        if (!side)
            continue;
        if (!jx_want_object(x, side, p) || !jx_fields(x, side, p, PF) || !jx_need(x, side, p, "salt", &salt) ||
            !jx_need(x, side, p, "verifier", &ver))
            return false;
        jx_key(q, p, "salt");
        if (!cJSON_IsString(salt) || !unhex(salt->valuestring, s->salt[i], SALT))
            return jx_fail(x, q, "expected %d hexadecimal digits", SALT * 2);
        jx_key(q, p, "verifier");
        unsigned long vm = 0, vt = 0, vp = 0;
        if (!cJSON_IsString(ver) || strlen(ver->valuestring) >= sizeof s->verifier[i] ||
            sscanf(ver->valuestring, "$argon2id$v=19$m=%lu,t=%lu,p=%lu$", &vm, &vt, &vp) != 3)
            return jx_fail(x, q, "expected an Argon2id verifier (\"$argon2id$v=19$m=...\")");
        /* checking a password costs what the verifier asks: no more than a file may ask */
        if (vm < 8 || vm > MEM_MAX / 1024 || vt < 1 || vt > OPS_MAX || vp != 1)
            return jx_fail(x, q, "the verifier asks Argon2id for %lu KiB and %lu passes (at most %zu KiB and %llu "
                                 "passes, one lane)", vm, vt, MEM_MAX / 1024, OPS_MAX);
        snprintf(s->verifier[i], sizeof s->verifier[i], "%s", ver->valuestring);
        s->has[i] = info->has_pw[i] = true;
    }
    if (!s->has[0] && !s->has[1])
        return jx_fail(x, "sealed", "no side's password is named (\"A\" or \"B\")");
    if (!jx_need(x, se, "sealed", "key", &v))
        return false;
    if (!cJSON_IsString(v) || !unhex(v->valuestring, s->wrapped, WRAPPED))
        return jx_fail(x, "sealed.key", "expected %d hexadecimal digits", WRAPPED * 2);
    *count = 0;
    if ((v = jx_get(se, "commands")) && !jx_int_v(x, v, "sealed.commands", 0, 10000000, count))
        return false;
    /* the public part: the plain header's own members, read by the plain header's reader */
    const cJSON *scn;
    if (!jx_need(x, root, "", "scenario", &scn))
        return false;
    jsd_record tmp;
    memset(&tmp, 0, sizeof tmp);
    cJSON *plain = cJSON_CreateObject();
    cJSON_AddStringToObject(plain, "format", "jumpstrike-record");
    cJSON_AddNumberToObject(plain, "version", JSD_RECORD_VERSION);
    cJSON_AddStringToObject(plain, "kind", KINDS[kind]);
    cJSON_AddItemToObject(plain, "scenario", cJSON_Duplicate(scn, true));
    cJSON *dice = cJSON_AddObjectToObject(plain, "dice");
    cJSON_AddStringToObject(dice, "kind", "seeded");
    cJSON_AddStringToObject(dice, "seed", "0");
    if ((v = jx_get(root, "players")))
        cJSON_AddItemToObject(plain, "players", cJSON_Duplicate(v, true));
    bool ok = jsd_record_parse_head(x, plain, dir, &tmp);
    cJSON_Delete(plain);
    free(tmp.script);
    if (!ok)
        return false;
    snprintf(info->scenario_path, sizeof info->scenario_path, "%s", tmp.scenario_path);
    snprintf(info->scenario_id, sizeof info->scenario_id, "%s", tmp.scenario_id);
    info->scenario_hash = tmp.scenario_hash;
    memcpy(info->players, tmp.players, sizeof info->players);
    return true;
}

static bool open_entry(const jsd_seal *s, const unsigned char head[32], uint64_t index, unsigned char tag[TAG],
                       const char *line, size_t n, char **plain, size_t *plen)
{
    size_t cap = n / 4 * 3 + 3, blen = 0;
    unsigned char *box = malloc(cap);
    const char *end = NULL;
    if (!box)
        return false;
    if (sodium_base642bin(box, cap, line, n, NULL, &blen, &end, sodium_base64_VARIANT_ORIGINAL) != 0 ||
        end != line + n || blen < NONCE + TAG) {
        free(box);
        return false;
    }
    unsigned char ad[AD];
    make_ad(ad, head, index, tag);
    *plain = malloc(blen - NONCE - TAG + 1);
    unsigned long long got = 0;
    bool ok = *plain && crypto_aead_xchacha20poly1305_ietf_decrypt((unsigned char *)*plain, &got, NULL, box + NONCE,
                                                                   blen - NONCE, ad, AD, box, s->key) == 0;
    if (ok) {
        memcpy(tag, box + blen - TAG, TAG);
        (*plain)[got] = '\0';
        *plen = (size_t)got;
    } else {
        free(*plain);
        *plain = NULL;
    }
    free(box);
    return ok;
}

/* The entry as the plain format's line: entry 0 the whole header, others a command. */
static bool take_entry(const jx *x, int line, const char *plain, size_t n, const char *dir, jsd_record *r)
{
    cJSON *v = cJSON_ParseWithLength(plain, n);
    if (v && !(v = jx_checked_text(x, v, plain, n)))
        return false;
    bool ok;
    if (!v)
        ok = jx_fail(x, "", "line %d: the sealed entry opens but is not JSON (a fault of the program that wrote it)",
                     line);
    else if (line == 2)
        ok = jsd_record_parse_head(x, v, dir, r);
    else {
        char path[JX_PATH];
        jx_idx(path, "commands", r->ncmds);
        ok = jsd_record_parse_cmd(x, v, path, r);
    }
    cJSON_Delete(v);
    return ok;
}

static bool read_entries(const jx *x, const char *text, size_t len, size_t head_len, const char *dir,
                         const jsd_sealed_info *info, int32_t count, jsd_seal *s, jsd_record *r);

bool jsd_sealed_parse(const jx *x, const char *text, size_t len, const cJSON *head, size_t head_len, const char *dir,
                      const char *const *pw, const jsd_seal *known, jsd_record *r)
{
    jsd_sealed_info info;
    memset(&info, 0, sizeof info);
    jsd_seal *s = seal_alloc();
    int32_t count = 0;
    if (!s)
        return jx_fail(x, "", "out of memory");
    if (!jsd_sealed_parse_head(x, head, dir, &info, s, &count)) {
        jsd_seal_free(s);
        return false;
    }
    if (known && known->ops == s->ops && known->mem == s->mem && !memcmp(known->has, s->has, sizeof s->has) &&
        !memcmp(known->salt, s->salt, sizeof s->salt) && !memcmp(known->wrapped, s->wrapped, sizeof s->wrapped)) {
        memcpy(s->key, known->key, KEY); /* the same game's keys, already opened: no Argon2id */
        return read_entries(x, text, len, head_len, dir, &info, count, s, r);
    }
    if (!pw || !ready(x->err)) {
        bool both = s->has[0] && s->has[1];
        jsd_seal_free(s);
        return pw ? false
                  : jx_fail(x, "", "the game is sealed: its players chose passwords, and only with %s can it be "
                                   "opened (the game asks for them; jumpstrike-sim takes --passwords FILE)",
                            both ? "both of them" : "that password");
    }
    for (int i = 0; i < JS_SIDES; i++)
        if (s->has[i] && !jsd_seal_check(s, i, pw[i])) {
            jsd_seal_free(s);
            return jx_fail(x, "", "side %s's password is wrong", SIDE[i]);
        }
    unsigned char wk[KEY];
    bool ok = wrap_key(s, pw, wk) &&
              crypto_aead_xchacha20poly1305_ietf_decrypt(s->key, NULL, NULL, s->wrapped + NONCE, KEY + TAG, WRAP_AD,
                                                         sizeof WRAP_AD, s->wrapped, wk) == 0;
    sodium_memzero(wk, sizeof wk);
    if (!ok) {
        jsd_seal_free(s);
        return jx_fail(x, "sealed.key", "the game's key does not open with these passwords: the file was changed");
    }
    return read_entries(x, text, len, head_len, dir, &info, count, s, r);
}

/* The sealed lines after the clear header, with the file key in s (taken by r, or freed). */
static bool read_entries(const jx *x, const char *text, size_t len, size_t head_len, const char *dir,
                         const jsd_sealed_info *info, int32_t count, jsd_seal *s, jsd_record *r)
{
    bool ok = true;
    unsigned char hh[32], tag[TAG];
    jsd_sealed_ad_head(text, head_len, hh);
    memset(tag, 0, sizeof tag);
    size_t pos = head_len + 1;
    int line = 2;
    for (; ok && pos < len; line++) {
        const char *l = text + pos;
        const char *nl = memchr(l, '\n', len - pos);
        if (!nl) {
            r->torn_line = line; /* the program stopped while appending it: left out, as plain */
            break;
        }
        size_t n = (size_t)(nl - l);
        char *plain = NULL;
        size_t plen = 0;
        if (!open_entry(s, hh, (uint64_t)(line - 2), tag, l, n, &plain, &plen))
            ok = jx_fail(x, "", "line %d: the sealed entry does not open: the file was changed (a byte altered, a "
                                "line removed, moved or taken from another file)", line);
        else
            ok = take_entry(x, line, plain, plen, dir, r);
        if (plain)
            sodium_memzero(plain, plen);
        free(plain);
        pos += n + 1;
    }
    if (ok && line == 2 && !r->torn_line)
        ok = jx_fail(x, "", "the sealed file ends after its header: the game's own header was removed");
    else if (ok && line == 2)
        ok = jx_fail(x, "", "line 2: the game's own header was cut short");
    if (ok && r->ncmds < count)
        ok = jx_fail(x, "", "the file was cut short: it held %d commands when it was written whole, and only %d "
                            "are left", (int)count, (int)r->ncmds);
    if (ok) {
        r->turn = info->turn;
        r->seal = s;
    } else {
        jsd_seal_free(s);
    }
    return ok;
}

bool jsd_record_sealed_info(const char *path, jsd_sealed_info *info, jsd_error *err)
{
    jx x = {path, err};
    size_t len;
    memset(info, 0, sizeof *info);
    char *text = jsd_read_file_max(path, JSD_MAX_FILE, &len, err);
    if (!text)
        return false;
    const char *nl = memchr(text, '\n', len);
    cJSON *head = cJSON_ParseWithLength(text, nl ? (size_t)(nl - text) : len);
    bool ok = false;
    if (!cJSON_IsObject(head) || !jx_get(head, "sealed"))
        jx_fail(&x, "", "not a sealed record");
    else {
        jsd_seal *s = seal_alloc();
        int32_t count;
        char dir[JSD_PATH_MAX];
        jsd_dirname(path, dir, sizeof dir);
        ok = s && jsd_sealed_parse_head(&x, head, dir, info, s, &count);
        jsd_seal_free(s);
    }
    cJSON_Delete(head);
    free(text);
    return ok;
}
