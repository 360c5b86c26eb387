/* The search of solver._countdown (see _countdown.c): Countdown's rules over machine words.
 *
 * A hand of up to eight whole numbers from 1 up, sorted.  A *part* is a subset of its
 * positions (a bit mask); parts with the same numbers are one sub-multiset, represented by
 * their canonical mask (in each run of equal numbers, the lowest positions).  The values a
 * part makes, using each of its numbers once with every step a positive whole number, are
 * listed when first needed, after those of its smaller parts (dynamic programming over the
 * parts), each list with an open-addressing hash table for membership.  To answer `best`
 * the whole hand is not listed (nor, while the target may be made by n - 1 numbers, the
 * parts of n - 1): whether it makes a value is asked of its cuts (_countdown_find.h), and
 * its values nearest a target are found by going over the pairs of values of each cut.
 * Every sum and product is checked for overflow: a hand whose values do not fit in 64 bits
 * is given up (`failed`), for Python.
 */
#ifndef COUNTDOWN_SEARCH_H
#define COUNTDOWN_SEARCH_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HAND 8
#define MASKS (1 << MAX_HAND)

typedef struct {
    uint64_t *vals;  /* the values, in the order found */
    uint64_t *table; /* open addressing, 0 for empty (no value is 0) */
    size_t count, alloc, cap;
    uint64_t *sorted; /* the values ascending, made when first asked for */
    int listed;
} Values;

typedef struct {
    int n, full, parts;
    uint64_t num[MAX_HAND];
    uint8_t canon[MASKS];
    uint8_t order[MASKS]; /* the canonical parts, by size and then by their numbers */
    Values sets[MASKS];   /* by canonical mask */
    int failed;           /* 1: no memory; 2: a value does not fit in 64 bits */
} Search;

static inline size_t slot(uint64_t x, size_t cap) {
    return (size_t)((x * 0x9E3779B97F4A7C15ull) >> 32) & (cap - 1);
}

static int contains(const Values *s, uint64_t x) {
    if (!s->cap) return 0;
    for (size_t i = slot(x, s->cap);; i = (i + 1) & (s->cap - 1)) {
        if (s->table[i] == x) return 1;
        if (!s->table[i]) return 0;
    }
}

static int grow(Values *s, size_t least) {
    size_t cap = s->cap ? s->cap * 2 : 64;
    while (cap / 2 < least) cap *= 2;
    uint64_t *table = calloc(cap, sizeof *table);
    uint64_t *vals = realloc(s->vals, cap / 2 * sizeof *vals);
    if (!table || !vals) {
        free(table);
        if (vals) s->vals = vals;
        return -1;
    }
    for (size_t k = 0; k < s->count; k++) {
        size_t i = slot(vals[k], cap);
        while (table[i]) i = (i + 1) & (cap - 1);
        table[i] = vals[k];
    }
    free(s->table);
    s->table = table, s->vals = vals, s->cap = cap, s->alloc = cap / 2;
    return 0;
}

static int add(Values *s, uint64_t x) {
    if (s->count + 1 > s->alloc && grow(s, 0) < 0) return -1;
    size_t i = slot(x, s->cap);
    for (; s->table[i]; i = (i + 1) & (s->cap - 1))
        if (s->table[i] == x) return 0;
    s->table[i] = x;
    s->vals[s->count++] = x;
    return 0;
}

static int ascending(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static const uint64_t *sorted_values(Values *s) {
    if (!s->sorted) {
        s->sorted = malloc((s->count ? s->count : 1) * sizeof *s->sorted);
        if (!s->sorted) return NULL;
        memcpy(s->sorted, s->vals, s->count * sizeof *s->sorted);
        qsort(s->sorted, s->count, sizeof *s->sorted, ascending);
    }
    return s->sorted;
}

/* Compares the numbers of two parts as sorted tuples (Python's order of tuples). */
static int compare_parts(const Search *h, int a, int b) {
    for (int i = 0, j = 0;; i++, j++) {
        while (i < h->n && !(a >> i & 1)) i++;
        while (j < h->n && !(b >> j & 1)) j++;
        if (i == h->n || j == h->n) return (i < h->n) - (j < h->n);
        if (h->num[i] != h->num[j]) return h->num[i] < h->num[j] ? -1 : 1;
    }
}

static int search_init(Search *h, const uint64_t *num, int n) {
    memset(h, 0, sizeof *h);
    h->n = n, h->full = (1 << n) - 1;
    memcpy(h->num, num, n * sizeof *num);
    for (int m = 1; m <= h->full; m++) {
        int c = 0;
        for (int i = 0; i < n;) {
            int j = i, chosen = 0;
            for (; j < n && h->num[j] == h->num[i]; j++) chosen += m >> j & 1;
            for (int k = i; k < i + chosen; k++) c |= 1 << k;
            i = j;
        }
        h->canon[m] = (uint8_t)c;
        if (c != m) continue;
        int at = h->parts++; /* insertion sort: by size, then by numbers */
        while (at > 0) {
            int o = h->order[at - 1], d = __builtin_popcount(o) - __builtin_popcount(m);
            if (d < 0 || (d == 0 && compare_parts(h, o, m) < 0)) break;
            h->order[at] = h->order[at - 1];
            at--;
        }
        h->order[at] = (uint8_t)m;
    }
    return 0;
}

static void search_free(Search *h) {
    for (int m = 0; m < MASKS; m++) {
        free(h->sets[m].vals), free(h->sets[m].table), free(h->sets[m].sorted);
    }
}

/* Every way to cut a part in two, the smaller side first, once each, in the order of
 * solver.search.splits: left[i] and right[i] (right as a plain mask); returns how many. */
static int cuts(const Search *h, int part, uint8_t *left, uint8_t *right) {
    int e[MAX_HAND], m = 0, count = 0;
    for (int i = 0; i < h->n; i++)
        if (part >> i & 1) e[m++] = i;
    for (int k = 1; k <= m / 2; k++) {
        int c[MAX_HAND];
        for (int i = 0; i < k; i++) c[i] = i;
        for (;;) {
            int chosen = 0, first = 1;
            for (int i = 0; i < k; i++) chosen |= 1 << e[c[i]];
            /* Distinct sub-multisets only: of equal numbers, the first ones are taken. */
            for (int i = 0; i < k && first; i++) {
                int j = c[i];
                if (j > 0 && h->num[e[j]] == h->num[e[j - 1]] && !(chosen >> e[j - 1] & 1))
                    first = 0;
            }
            int rest = part ^ chosen;
            if (first && !(2 * k == m && compare_parts(h, rest, chosen) < 0)) {
                left[count] = (uint8_t)chosen, right[count] = (uint8_t)rest;
                count++;
            }
            int i = k - 1;
            while (i >= 0 && c[i] == m - k + i) i--;
            if (i < 0) break;
            c[i]++;
            for (int j = i + 1; j < k; j++) c[j] = c[j - 1] + 1;
        }
    }
    return count;
}

#define MAX_CUTS 128
#define PRESIZE ((size_t)1 << 16)

/* Lists the values of a canonical part (and first those of its smaller parts). */
static int list_values(Search *h, int part) {
    Values *s = &h->sets[part];
    if (s->listed) return 0;
    if (__builtin_popcount(part) == 1) {
        if (add(s, h->num[__builtin_ctz(part)]) < 0) return h->failed = 1, -1;
        s->listed = 1;
        return 0;
    }
    uint8_t left[MAX_CUTS], right[MAX_CUTS];
    int count = cuts(h, part, left, right);
    for (int c = 0; c < count; c++)
        if (list_values(h, h->canon[left[c]]) < 0 || list_values(h, h->canon[right[c]]) < 0)
            return -1;
    size_t pairs = 0; /* room for a value a pair of values of a cut (at most PRESIZE) */
    for (int c = 0; c < count; c++)
        pairs += h->sets[h->canon[left[c]]].count * h->sets[h->canon[right[c]]].count;
    if (grow(s, pairs < PRESIZE ? pairs : PRESIZE) < 0) return h->failed = 1, -1;
    for (int c = 0; c < count; c++) {
        const Values *l = &h->sets[h->canon[left[c]]], *r = &h->sets[h->canon[right[c]]];
        for (size_t i = 0; i < l->count; i++) {
            uint64_t a = l->vals[i];
            for (size_t j = 0; j < r->count; j++) {
                uint64_t b = r->vals[j], sum, product;
                if (__builtin_add_overflow(a, b, &sum) || __builtin_mul_overflow(a, b, &product))
                    return h->failed = 2, -1;
                int bad = add(s, sum) < 0 || add(s, product) < 0;
                if (a > b) bad |= add(s, a - b) < 0 || (a % b == 0 && add(s, a / b) < 0);
                else if (b > a) bad |= add(s, b - a) < 0 || (b % a == 0 && add(s, b / a) < 0);
                else bad |= add(s, 1) < 0;
                if (bad) return h->failed = 1, -1;
            }
        }
    }
    s->listed = 1;
    return 0;
}

#endif
