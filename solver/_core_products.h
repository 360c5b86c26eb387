/* The normal form of a × or ÷ (solver/form_products.py), for _core_forms.h.
 *
 * make_product() is make_product of form_products over a universe of factors: factors worth
 * 1 lifted (_lift_ones), the best part that cancels taken out (_without_waste), and where a
 * part worth 1 is the whole numerator, every orientation reachable by turning such parts
 * considered and the least result taken (_reduce_product).
 */
#ifndef CORE_PRODUCTS_H
#define CORE_PRODUCTS_H

static PyObject *object(Core *c, Rat r);

/* A product reduced from one orientation: what is left, the part taken out (if any) and the
 * factors worth 1 lifted, all as masks of the universe. */
typedef struct { uint32_t num, den, out_num, out_den, lifted; } Option;

static inline int is_one(Rat r) { return r.n == 1 && r.d == 1; }

/* The cancelled factors N ÷ D as the signed terms +N − D, in their least orientation
 * (_as_term_bag). */
static PyObject *term_bag(Core *c, const Uni *u, uint32_t num, uint32_t den, int *st) {
    Uni t = {0};
    PyObject *made[2] = {NULL, NULL}, *bag = NULL;
    *st = FAILED;
    for (int side = 0; side < 2; side++) {
        uint32_t mask = side ? den : num;
        Elem e;
        if (__builtin_popcount(mask) == 1) {
            e = u->e[__builtin_ctz(mask)];
        } else {
            Rat value = {1, 1};
            for (uint32_t m = mask; m; m &= m - 1)
                if (!rat_mul(value, u->e[__builtin_ctz(m)].v, &value)) {
                    *st = GIVE_UP;
                    goto out;
                }
            PyObject *number = object(c, value), *nodes = number ? side_tuple(u, mask) : NULL;
            PyObject *none = nodes ? PyTuple_New(0) : NULL;
            made[side] = none ? PyTuple_Pack(4, kinds[PRODUCT_KIND], number, nodes, none) : NULL;
            Py_XDECREF(nodes);
            Py_XDECREF(none);
            if (!made[side]) goto out;
            e = (Elem){made[side], value, PRODUCT_KIND};
        }
        if (e.kind != SUM_KIND) {
            if ((*st = uni_add(&t, &e, !side)) != DONE) goto out;
            continue;
        }
        for (int half = 2; half < 4; half++) {
            PyObject *nodes = PyTuple_GET_ITEM(e.node, half);
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(nodes); i++) {
                Elem term;
                if ((*st = elem_of(PyTuple_GET_ITEM(nodes, i), &term)) != DONE ||
                    (*st = uni_add(&t, &term, (half == 2) != side)) != DONE)
                    goto out;
            }
        }
    }
    if ((*st = uni_sort(&t)) == DONE) bag = canonical_bag(&t, st);
out:
    Py_XDECREF(made[0]);
    Py_XDECREF(made[1]);
    return bag;
}

/* The product of one orientation `top` of the bag `in` (_without_waste); `hole` is the
 * universe's spare HOLE, for a numerator left with nothing.  `known` (or NULL) holds the
 * `count` parts of the bag that cancel, if found already. */
static int reduce_one(const Uni *u, uint32_t in, uint32_t top, uint32_t hole, Option *o,
                      const uint32_t *known, int count) {
    uint32_t ones = 0, holes = 0, found[SUBSETS];
    for (int i = 0; i < u->n; i++) {
        if (!(in >> i & 1) || !is_one(u->e[i].v)) continue;
        ones |= 1u << i;
        if (u->e[i].kind == HOLE_KIND) holes |= 1u << i;
    }
    uint32_t keep = in & top & ~ones, under = in & ~top & ~ones, pool = ones & ~holes;
    if (!keep) {
        if (under) {
            keep = hole;
        } else {
            if (!pool) return GIVE_UP;
            keep = pool & -pool;
            pool &= pool - 1;
        }
    }
    if (!known || keep != (in & top) || under != (in & ~top)) {
        int st = one_parts(u, keep | under, keep, found, &count);
        if (st != DONE) return st;
        known = found;
    }
    uint32_t part = best_part(u, keep | under, keep, known, count, 1);
    *o = (Option){keep & ~part, under & ~part, keep & part, under & part, pool};
    return DONE;
}

/* (the part taken out or (), the lifted factors): what breaks a tie between two options. */
static PyObject *tie_key(Core *c, const Uni *u, const Option *o, int *st) {
    PyObject *out = NULL, *bag = NULL, *lifted = side_tuple(u, o->lifted);
    *st = FAILED;
    if (!lifted) return NULL;
    if (o->out_num)
        bag = term_bag(c, u, o->out_num, o->out_den, st);
    else if ((bag = PyTuple_New(0)))
        *st = DONE;
    if (bag && (out = PyTuple_Pack(2, bag, lifted)) == NULL) *st = FAILED;
    Py_XDECREF(bag);
    Py_DECREF(lifted);
    return out;
}

/* -1, 0 or 1 as option a is less than, the same as, or more than b (_reduce_product's key). */
static int option_cmp(Core *c, const Uni *u, const Option *a, const Option *b, int *order) {
    *order = __builtin_popcount(a->num | a->den) - __builtin_popcount(b->num | b->den);
    if (!*order) *order = side_cmp(u, a->num, b->num);
    if (!*order) *order = side_cmp(u, a->den, b->den);
    if (*order) return DONE;
    if (!side_cmp(u, a->out_num, b->out_num) && !side_cmp(u, a->out_den, b->out_den) &&
        !side_cmp(u, a->lifted, b->lifted) && !a->out_num == !b->out_num)
        return DONE;
    int st;
    PyObject *x = tie_key(c, u, a, &st), *y = x ? tie_key(c, u, b, &st) : NULL;
    int less = y ? PyObject_RichCompareBool(x, y, Py_LT) : -1;
    int more = less == 0 ? PyObject_RichCompareBool(y, x, Py_LT) : 0;
    Py_XDECREF(x);
    Py_XDECREF(y);
    if (!y) return st;
    if (less < 0 || more < 0) return FAILED;
    *order = less ? -1 : more;
    return DONE;
}

/* _reduce_product: the universe's factors (plus a spare HOLE, not in the bag, at `hole`)
 * reduced; the least option into *best. */
static int reduce(Core *c, const Uni *u, uint32_t hole, Option *best) {
    uint32_t in = (uint32_t)((1u << u->n) - 1) & ~hole, top = canon(u, in, uni_top(u));
    uint32_t found[SUBSETS], states[SUBSETS];
    int n, st = one_parts(u, in, top, found, &n), turns = 0;
    if (st != DONE) return st;
    for (int j = 0; j < n; j++) turns |= (found[j] & top) == top;
    if (!turns) return reduce_one(u, in, top, hole, best, found, n);
    if ((st = flips(u, in, top, 1, states, &n)) != DONE) return st;
    for (int j = 0; j < n; j++) {
        Option o;
        int order = -1;
        if ((st = reduce_one(u, in, states[j], hole, &o, NULL, 0)) != DONE) return st;
        if (j && (st = option_cmp(c, u, &o, best, &order)) != DONE) return st;
        if (order < 0) *best = o;
    }
    return DONE;
}

/* The factors worth 1 of a universe lifted (_lift_ones): the others into *kept, the lifted
 * (with those of a and b) into `lifted`, sorted; a numerator left with nothing gets a HOLE,
 * or with nothing left at all the least of the ones. */
static int lift_ones(const Uni *u, PyObject *a, PyObject *b, Uni *kept, PyObject **lifted) {
    int ones = 0, on_top = 0, st;
    kept->n = 0;
    for (int i = 0; i < u->n; i++) {
        if (!is_one(u->e[i].v)) {
            on_top += u->top[i];
            if ((st = uni_add(kept, &u->e[i], u->top[i])) != DONE) return st;
        } else if (++ones && u->e[i].kind != HOLE_KIND && append(lifted, u->e[i].node) < 0) {
            return FAILED;
        }
    }
    for (int k = 0; k < 2; k++) {
        PyObject *more = PyTuple_GET_ITEM(k ? b : a, 1);
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(more); i++)
            if (append(lifted, PyTuple_GET_ITEM(more, i)) < 0) return FAILED;
    }
    if (*lifted && PyList_GET_SIZE(*lifted) > 1 && PyList_Sort(*lifted) < 0) return FAILED;
    if (!ones || on_top) return DONE;
    Elem e;
    if (kept->n) {
        if ((st = elem_of(hole_node, &e)) != DONE) return st;
    } else {
        if (!*lifted || !PyList_GET_SIZE(*lifted)) return GIVE_UP;
        if ((st = elem_of(PyList_GET_ITEM(*lifted, 0), &e)) != DONE) return st;
        /* Borrowed all the same: a or b holds it. */
        if (PySequence_DelItem(*lifted, 0) < 0) return FAILED;
    }
    return uni_add(kept, &e, 1);
}

#endif
