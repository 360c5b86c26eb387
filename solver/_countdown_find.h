/* Which part makes a value, and the values nearest a target (see _countdown_search.h). */
#ifndef COUNTDOWN_FIND_H
#define COUNTDOWN_FIND_H

#include "_countdown_search.h"

enum { ADD, SUB, MUL, DIV };

typedef struct {
    int op, a_first;
    uint64_t b;
} Need;

/* For `a` from one side and `v` to make: the value `b` the other side must make for
 * `a op b` (`b op a` unless a_first) to be v, in the order of solver.countdown_search._needs. */
static int needs(uint64_t a, uint64_t v, Need *out) {
    int k = 0;
    uint64_t x;
    if (v > a) out[k++] = (Need){ADD, 1, v - a};
    if (a > v) out[k++] = (Need){SUB, 1, a - v};
    if (!__builtin_add_overflow(a, v, &x)) out[k++] = (Need){SUB, 0, x};
    if (v % a == 0) out[k++] = (Need){MUL, 1, v / a};
    if (a % v == 0) out[k++] = (Need){DIV, 1, a / v};
    if (!__builtin_mul_overflow(a, v, &x)) out[k++] = (Need){DIV, 0, x};
    return k;
}

/* Whether a part makes v >= 1 (1, 0, or -1 on failure).  Parts of up to n - 2 numbers
 * are listed to answer; the larger ones, the costliest to list, are asked of their cuts
 * unless they were listed: for each value of the smaller side, whether the other side
 * (listed) makes the one value then needed.  So a value made by n - 1 numbers is found
 * without listing any part of n - 1 numbers. */
static int makes(Search *h, int part, uint64_t v) {
    part = h->canon[part];
    const Values *s = &h->sets[part];
    int size = __builtin_popcount(part);
    if (s->listed || size == 1 || size <= h->n - 2) {
        if (list_values(h, part) < 0) return -1;
        return contains(s, v);
    }
    uint8_t left[MAX_CUTS], right[MAX_CUTS];
    int count = cuts(h, part, left, right);
    Need need[6];
    for (int c = 0; c < count; c++) {
        int l = h->canon[left[c]], r = h->canon[right[c]];
        if (list_values(h, l) < 0 || list_values(h, r) < 0) return -1;
        for (size_t i = 0; i < h->sets[l].count; i++) {
            int k = needs(h->sets[l].vals[i], v, need);
            for (int j = 0; j < k; j++)
                if (contains(&h->sets[r], need[j].b)) return 1;
        }
    }
    return 0;
}

/* The canonical part with the fewest numbers (then the least numbers) that makes v >= 1;
 * 0 if none does, -1 on failure. */
static int smallest_part(Search *h, uint64_t v) {
    for (int i = 0; i < h->parts; i++) {
        int made = makes(h, h->order[i], v);
        if (made) return made < 0 ? -1 : h->order[i];
    }
    return 0;
}

typedef struct {
    uint64_t below, above; /* 0: none */
    int overflow_above;    /* a value above every one that fits */
} Near;

static inline void consider(Near *near, uint64_t x, uint64_t t) {
    if (x < t) {
        if (x > near->below) near->below = x;
    } else if (x > t && (!near->above || x < near->above)) {
        near->above = x;
    }
}

/* The values nearest t (not t itself) that any part makes; every part but the whole hand
 * is listed first. */
static int nearest(Search *h, uint64_t t, Near *near) {
    memset(near, 0, sizeof *near);
    for (int i = 0; i < h->parts; i++) {
        int part = h->order[i];
        if (part == h->full && h->n > 1) continue;
        if (list_values(h, part) < 0) return -1;
        const Values *s = &h->sets[part];
        for (size_t k = 0; k < s->count; k++) consider(near, s->vals[k], t);
    }
    if (h->n == 1) return 0;
    uint8_t left[MAX_CUTS], right[MAX_CUTS];
    int count = cuts(h, h->full, left, right);
    for (int c = 0; c < count; c++) {
        const Values *l = &h->sets[h->canon[left[c]]], *r = &h->sets[h->canon[right[c]]];
        for (size_t i = 0; i < l->count; i++) {
            uint64_t a = l->vals[i];
            for (size_t j = 0; j < r->count; j++) {
                uint64_t b = r->vals[j], x;
                if (__builtin_add_overflow(a, b, &x)) near->overflow_above = 1;
                else consider(near, x, t);
                if (__builtin_mul_overflow(a, b, &x)) near->overflow_above = 1;
                else consider(near, x, t);
                if (a > b) {
                    consider(near, a - b, t);
                    if (a % b == 0) consider(near, a / b, t);
                } else if (b > a) {
                    consider(near, b - a, t);
                    if (b % a == 0) consider(near, b / a, t);
                } else {
                    consider(near, 1, t);
                }
            }
        }
    }
    return 0;
}

#endif
