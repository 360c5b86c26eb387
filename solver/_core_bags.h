/* Bags of signed nodes and their parts that cancel (solver/form_bags.py), for _core_forms.h.
 *
 * A bag is a top mask over a universe (_core_nodes.h) and a mask `in` of the nodes it holds:
 * the nodes of `in & top` are added (or multiply), the others subtracted (or divide).  A part
 * is a sub-mask of `in`; it cancels when its nodes add up to 0 (a sum), or when it has nodes
 * on both sides and they make a product of 1 (a product).  Moving a part to the other side
 * is `top ^ part`.  Equal nodes are interchangeable: canon() puts the ones of each rank that
 * are on top first, so that a bag has one mask.
 */
#ifndef CORE_BAGS_H
#define CORE_BAGS_H
#include <stdint.h>

#define SUBSETS (1 << UMAX)

/* a × b in lowest terms; 0 on overflow (a, b in lowest terms, non-negative). */
static int rat_mul(Rat a, Rat b, Rat *out) {
    if (a.d == 1 && b.d == 1) {
        out->d = 1;
        return !__builtin_mul_overflow(a.n, b.n, &out->n);
    }
    if (!a.n || !b.n) {
        *out = (Rat){0, 1};
        return 1;
    }
    int64_t g1 = (int64_t)gcd((uint64_t)a.n, (uint64_t)b.d);
    int64_t g2 = (int64_t)gcd((uint64_t)b.n, (uint64_t)a.d);
    return !__builtin_mul_overflow(a.n / g1, b.n / g2, &out->n) &&
           !__builtin_mul_overflow(a.d / g2, b.d / g1, &out->d);
}

/* The positions of the bits of `in`, and how many. */
static int positions(const Uni *u, uint32_t in, int *at) {
    int m = 0;
    for (int i = 0; i < u->n; i++)
        if (in >> i & 1) at[m++] = i;
    return m;
}

/* The parts of the sum `in` (top: added) whose nodes add up to 0 (zero_subbags). */
static int zero_parts(const Uni *u, uint32_t in, uint32_t top, uint32_t *out, int *count) {
    int at[UMAX], m = positions(u, in, at);
    int64_t common = 1, scaled[UMAX];
    for (int k = 0; k < m; k++) {
        int64_t d = u->e[at[k]].v.d;
        if (__builtin_mul_overflow(common / (int64_t)gcd((uint64_t)common, (uint64_t)d), d,
                                   &common))
            return GIVE_UP;
    }
    for (int k = 0; k < m; k++) {
        Rat x = u->e[at[k]].v;
        if (__builtin_mul_overflow(x.n, common / x.d, &scaled[k])) return GIVE_UP;
        if (!(top >> at[k] & 1)) scaled[k] = -scaled[k];
    }
    __int128 total[SUBSETS];
    uint32_t mask[SUBSETS];
    total[0] = 0;
    mask[0] = 0;
    *count = 0;
    for (uint32_t s = 1; s < (1u << m); s++) {
        int low = __builtin_ctz(s);
        uint32_t before = s & (s - 1);
        total[s] = total[before] + scaled[low];
        mask[s] = mask[before] | 1u << at[low];
        if (!total[s]) out[(*count)++] = mask[s];
    }
    return DONE;
}

/* The parts of the product `in` (top: the numerator) with a numerator and a denominator
 * part of equal products (the masks of form_products._one_subbags). */
static int one_parts(const Uni *u, uint32_t in, uint32_t top, uint32_t *out, int *count) {
    int at[UMAX], m = positions(u, in, at);
    Rat product[SUBSETS];
    uint32_t mask[SUBSETS];
    product[0] = (Rat){1, 1};
    mask[0] = 0;
    *count = 0;
    for (uint32_t s = 1; s < (1u << m); s++) {
        int low = __builtin_ctz(s);
        uint32_t before = s & (s - 1);
        Rat x = u->e[at[low]].v;
        if (!x.n) return GIVE_UP;
        if (!rat_mul(product[before], top >> at[low] & 1 ? x : (Rat){x.d, x.n}, &product[s]))
            return GIVE_UP;
        mask[s] = mask[before] | 1u << at[low];
        if (product[s].n == 1 && product[s].d == 1 && (mask[s] & top) && (mask[s] & ~top))
            out[(*count)++] = mask[s];
    }
    return DONE;
}

static int parts(const Uni *u, uint32_t in, uint32_t top, int times, uint32_t *out, int *count) {
    return times ? one_parts(u, in, top, out, count) : zero_parts(u, in, top, out, count);
}

/* The one top mask of a bag: of each rank's nodes in `in`, those on top come first. */
static uint32_t canon(const Uni *u, uint32_t in, uint32_t top) {
    uint32_t out = 0;
    for (int i = 0; i < u->n;) {
        int j = i, k = 0;
        for (; j < u->n && u->rank[j] == u->rank[i]; j++) k += (in & top) >> j & 1;
        for (int x = i; x < j && k; x++)
            if (in >> x & 1) {
                out |= 1u << x;
                k--;
            }
        i = j;
    }
    return out;
}

/* Every top mask reachable from `top` by moving parts that cancel (form_bags.flips), the
 * start first; `states` holds SUBSETS masks. */
static int flips(const Uni *u, uint32_t in, uint32_t top, int times, uint32_t *states,
                 int *count) {
    uint8_t seen[SUBSETS / 8] = {0};
    uint32_t found[SUBSETS];
    int k = 0, done = 0, n;
    top = canon(u, in, top);
    states[k++] = top;
    seen[top >> 3] |= (uint8_t)(1 << (top & 7));
    while (done < k) {
        uint32_t t = states[done++];
        int st = parts(u, in, t, times, found, &n);
        if (st != DONE) return st;
        for (int j = 0; j < n; j++) {
            uint32_t f = canon(u, in, t ^ found[j]);
            if (seen[f >> 3] >> (f & 7) & 1) continue;
            seen[f >> 3] |= (uint8_t)(1 << (f & 7));
            states[k++] = f;
        }
    }
    *count = k;
    return DONE;
}

/* The least orientation of the bag of a whole universe (form_bags.canonical_bag), as the
 * tuples of its plus and minus nodes. */
static int canonical(const Uni *u, PyObject **plus, PyObject **minus) {
    uint32_t all = (uint32_t)((1u << u->n) - 1), states[SUBSETS], best;
    int k;
    int st = flips(u, all, uni_top(u), 0, states, &k);
    if (st != DONE) return st;
    best = states[0];
    for (int i = 1; i < k; i++) {
        uint32_t t = states[i];
        int order = (t == 0) - (best == 0);
        if (!order) order = side_cmp(u, t, best);
        if (!order) order = side_cmp(u, all & ~t, all & ~best);
        if (order < 0) best = t;
    }
    *plus = side_tuple(u, best);
    *minus = *plus ? side_tuple(u, all & ~best) : NULL;
    if (*minus) return DONE;
    Py_CLEAR(*plus);
    return FAILED;
}

/* The same as a bag, (plus, minus). */
static PyObject *canonical_bag(const Uni *u, int *status) {
    PyObject *plus, *minus;
    *status = canonical(u, &plus, &minus);
    if (*status != DONE) return NULL;
    PyObject *bag = PyTuple_Pack(2, plus, minus);
    Py_DECREF(plus);
    Py_DECREF(minus);
    if (!bag) *status = FAILED;
    return bag;
}

/* Of the parts that cancel, the one whose taking out leaves the fewest nodes, then the
 * least nodes on top, then below (form_bags.extract; equal keys are equal parts): 0 if none.
 * A part that would take all of `in` (or, with `times`, all of its top) is not taken. */
static uint32_t best_part(const Uni *u, uint32_t in, uint32_t top, const uint32_t *found, int n,
                          int times) {
    uint32_t best = 0;
    for (int j = 0; j < n; j++) {
        uint32_t s = found[j];
        if (times ? (s & top & in) == (top & in) : s == in) continue;
        if (best) {
            int order = __builtin_popcount(in & ~best) - __builtin_popcount(in & ~s);
            if (!order) order = side_cmp(u, in & top & ~best, in & top & ~s);
            if (!order) order = side_cmp(u, in & ~top & ~best, in & ~top & ~s);
            if (order <= 0) continue;
        }
        best = s;
    }
    return best;
}

#endif
