/* token.c — see token.h. */
#define _GNU_SOURCE
#include "token.h"
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <string.h>
#include <sys/random.h>

bool token_random(void *out, size_t n)
{
    uint8_t *p = out;
    while (n) {
        ssize_t k = getrandom(p, n, 0);
        if (k <= 0)
            return false;
        p += k, n -= (size_t)k;
    }
    return true;
}

void token_hex(const uint8_t *b, size_t n, char *out)
{
    static const char D[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++)
        out[2 * i] = D[b[i] >> 4], out[2 * i + 1] = D[b[i] & 15];
    out[2 * n] = 0;
}

void token_hash(const char *text, size_t len, uint8_t hash[TOKEN_HASH])
{
    if (gnutls_hash_fast(GNUTLS_DIG_SHA256, text, len, hash) < 0)
        memset(hash, 0xff, TOKEN_HASH); /* matches no stored digest of a token */
}

bool token_new(char text[TOKEN_TEXT], uint8_t hash[TOKEN_HASH])
{
    uint8_t b[TOKEN_BYTES];
    if (!token_random(b, sizeof b))
        return false;
    token_hex(b, sizeof b, text);
    token_hash(text, TOKEN_TEXT - 1, hash);
    return true;
}

bool token_equal(const uint8_t a[TOKEN_HASH], const uint8_t b[TOKEN_HASH])
{
    volatile uint8_t d = 0;
    for (int i = 0; i < TOKEN_HASH; i++)
        d |= a[i] ^ b[i];
    return d == 0;
}
