/*
 * jsd_wire_int.h — the wire format's member tables (jsd_wire_tables.c), read by its writer and
 * its reader (jsd_wire.c). Not part of the public API.
 *
 * A table lists the members of one engine struct: its name in the message (the C member's name),
 * how it is written and where it lives. The macros take the member's type and size from the
 * struct itself, so a table line cannot disagree with js.h about either.
 */
#ifndef JSD_WIRE_INT_H
#define JSD_WIRE_INT_H

#include "jsd_internal.h"
#include "jsd_wire.h"
#include <stddef.h>

/* How an integer is stored. */
enum { W_I8, W_U8, W_I16, W_U16, W_I32, W_U32, W_U64 };
/* How a member is written: a number (uint64: a decimal string), a hex [col,row] (null for
 * JS_NOHEX), a string, "A"/"B" (null for -1), a name from a list (its number when it has none),
 * or an object of another table. */
enum { W_NUM, W_HEX, W_STR, W_SIDE, W_NAME, W_SUB };
enum { W_MAX_FIELDS = 96 };

typedef struct wdesc wdesc;
typedef struct wfield {
    const char *name;
    int kind;
    int ik;                       /* how each integer is stored */
    size_t off;                   /* offsetof the member */
    int n1, n2;                   /* array dimensions; 1 and 1 for a single value */
    size_t stride;                /* bytes of one element */
    const wdesc *sub;             /* W_SUB */
    const char *const *names;     /* W_NAME: a list, or ... */
    const char *(*name_fn)(int);  /* ... a function (the engine's names) */
    int nnames;
    int lo, hi;                   /* W_NUM: the values allowed, when lo != hi (counts) */
} wfield;

struct wdesc {
    const wfield *f;
    int n;
};

extern const wdesc jsd_wire_scenario, jsd_wire_state, jsd_wire_wait, jsd_wire_event;

#endif
