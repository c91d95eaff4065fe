/* token.h — the secrets that stand for a side: 128 random bits from the OS (getrandom), shown as
 * 32 hex digits, kept only as their SHA-256 (GnuTLS), compared in constant time. */
#ifndef JS_SERVER_TOKEN_H
#define JS_SERVER_TOKEN_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TOKEN_BYTES = 16, TOKEN_TEXT = 2 * TOKEN_BYTES + 1, TOKEN_HASH = 32 };

bool token_random(void *out, size_t n);          /* from getrandom(); false if the OS would not */
void token_hex(const uint8_t *b, size_t n, char *out); /* 2n digits and a NUL */
/* A new token (text) and its digest. */
bool token_new(char text[TOKEN_TEXT], uint8_t hash[TOKEN_HASH]);
/* The digest of a token as given (any text; a wrong length hashes to something no token has). */
void token_hash(const char *text, size_t len, uint8_t hash[TOKEN_HASH]);
bool token_equal(const uint8_t a[TOKEN_HASH], const uint8_t b[TOKEN_HASH]); /* constant time */
#endif
