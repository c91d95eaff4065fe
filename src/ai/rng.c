/* rng.c — the AI's own random stream (splitmix64): seeded from the game's seed and the view,
 * never the rules' dice, so the computer's choices replay exactly. */
#include "ai_int.h"

uint64_t ai_rng_next(ai_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int ai_rand(ai_rng *r, int n) { return n > 0 ? (int)(ai_rng_next(r) % (uint64_t)n) : 0; }

bool ai_chance(ai_rng *r, int percent) { return ai_rand(r, 100) < percent; }

uint64_t ai_mix(uint64_t h, int64_t v)
{
    uint64_t u = (uint64_t)v;
    for (int i = 0; i < 8; i++) {
        h = (h ^ (u & 0xFF)) * 0x100000001B3ull;
        u >>= 8;
    }
    return h;
}
