/* solver.normal_form.combine in C, for solver/_core.c.
 *
 * combine_forms(c, a, b, op, v) is combine(a, b, op, v): the terms (of a + or −) or factors
 * (of a × or ÷) of a and b's cores put in one bag, the parts of it that cancel taken out
 * (make_sum of form_sums, make_product of form_products: _core_bags.h, _core_products.h),
 * with a and b's lifted ones and cancelled parts merged.  It gives the very nested tuples
 * Python gives, in the same order, but works over machine-word fractions and bags of at
 * most UMAX nodes: elsewhere it returns GIVE_UP, and the caller asks Python's combine.
 */
#ifndef CORE_FORMS_H
#define CORE_FORMS_H
#include <stdint.h>

#include "_core_nodes.h"
#include "_core_bags.h"
#include "_core_products.h"

/* The sorted tuple of the items of sorted tuples x and y (form_bags.merge). */
static PyObject *merged(PyObject *x, PyObject *y) {
    if (!PyTuple_GET_SIZE(y)) return Py_NewRef(x);
    if (!PyTuple_GET_SIZE(x)) return Py_NewRef(y);
    PyObject *list = PySequence_List(x), *out = NULL;
    if (!list) return NULL;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(y); i++)
        if (PyList_Append(list, PyTuple_GET_ITEM(y, i)) < 0) goto done;
    if (PyList_Sort(list) == 0) out = PyList_AsTuple(list);
done:
    Py_DECREF(list);
    return out;
}

/* The sorted tuple of a list's items (of none without a list). */
static PyObject *sorted_tuple(PyObject *list) {
    if (!list) return PyTuple_New(0);
    return PyList_GET_SIZE(list) > 1 && PyList_Sort(list) < 0 ? NULL : PyList_AsTuple(list);
}

/* Add the terms (kind SUM_KIND) or factors (PRODUCT_KIND) of a node to a universe: its own
 * (or the node itself) on `top`, its others on the other side. */
static int spread(PyObject *node, long kind, Uni *u, int top) {
    Elem e;
    int st = elem_of(node, &e);
    if (st != DONE) return st;
    if (e.kind != kind) return uni_add(u, &e, top);
    for (int half = 2; half < 4; half++) {
        PyObject *nodes = PyTuple_GET_ITEM(node, half);
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(nodes); i++)
            if ((st = elem_of(PyTuple_GET_ITEM(nodes, i), &e)) != DONE ||
                (st = uni_add(u, &e, half == 2 ? top : !top)) != DONE)
                return st;
    }
    return DONE;
}

/* (core, lifted, cancelled), core the one node on top or (kind, v, top, bottom); steals
 * lifted and the list cancelled (sorted here; none at all if NULL). */
static int form_of(const Uni *u, uint32_t top, uint32_t bottom, PyObject *kind, PyObject *v,
                   PyObject *lifted, PyObject *cancelled, PyObject **out) {
    PyObject *core = NULL, *plus = NULL, *minus = NULL, *parts = NULL;
    if (__builtin_popcount(top) == 1 && !bottom) {
        core = Py_NewRef(u->e[__builtin_ctz(top)].node);
    } else if ((plus = side_tuple(u, top)) && (minus = side_tuple(u, bottom))) {
        core = PyTuple_Pack(4, kind, v, plus, minus);
    }
    if (core && lifted) parts = sorted_tuple(cancelled);
    *out = parts ? PyTuple_Pack(3, core, lifted, parts) : NULL;
    Py_XDECREF(plus);
    Py_XDECREF(minus);
    Py_XDECREF(core);
    Py_XDECREF(lifted);
    Py_XDECREF(parts);
    Py_XDECREF(cancelled);
    return *out ? DONE : FAILED;
}

/* make_sum of form_sums over the universe of the terms. */
static int make_sum(Uni *u, PyObject *v, Rat value, PyObject *a, PyObject *b, PyObject **out) {
    PyObject *lifted = merged(PyTuple_GET_ITEM(a, 1), PyTuple_GET_ITEM(b, 1));
    PyObject *cancelled = NULL;
    uint32_t found[SUBSETS];
    int st = FAILED, n;
    if (!lifted) goto fail;
    for (int k = 0; k < 2; k++) {
        PyObject *bags = PyTuple_GET_ITEM(k ? b : a, 2);
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(bags); i++) {
            PyObject *bag = PyTuple_GET_ITEM(bags, i);
            if (value.n) {
                if (append(&cancelled, bag) < 0) goto fail;
                continue;
            }
            /* Worth nothing, the sum takes back the parts wasted inside it. */
            if (!PyTuple_CheckExact(bag) || PyTuple_GET_SIZE(bag) != 2) {
                st = GIVE_UP;
                goto fail;
            }
            for (int side = 0; side < 2; side++) {
                PyObject *nodes = PyTuple_GET_ITEM(bag, side);
                if (!PyTuple_CheckExact(nodes)) {
                    st = GIVE_UP;
                    goto fail;
                }
                for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(nodes); j++) {
                    Elem e;
                    if ((st = elem_of(PyTuple_GET_ITEM(nodes, j), &e)) != DONE ||
                        (st = uni_add(u, &e, !side)) != DONE)
                        goto fail;
                }
            }
        }
    }
    if ((st = uni_sort(u)) != DONE) goto fail;
    uint32_t all = (uint32_t)((1u << u->n) - 1), top = uni_top(u), rest = all;
    if ((st = zero_parts(u, all, top, found, &n)) != DONE) goto fail;
    uint32_t part = best_part(u, all, top, found, n, 0);
    st = FAILED;
    if (part) {
        Uni taken;
        uni_sub(u, part, top, &taken);
        PyObject *bag = canonical_bag(&taken, &st);
        if (!bag) goto fail;
        int failed = append(&cancelled, bag) < 0;
        Py_DECREF(bag);
        if (failed) goto fail;
        rest &= ~part;
    }
    if (value.n)
        return form_of(u, top & rest, ~top & rest, kinds[SUM_KIND], v, lifted, cancelled, out);
    Uni left;
    uni_sub(u, rest, top, &left);
    if ((st = flips(&left, (uint32_t)((1u << left.n) - 1), uni_top(&left), 0, found, &n)) != DONE)
        goto fail;
    /* canonical(): the least orientation, as masks of `left`. */
    uint32_t whole = (uint32_t)((1u << left.n) - 1), best = found[0];
    for (int i = 1; i < n; i++) {
        int order = (found[i] == 0) - (best == 0);
        if (!order) order = side_cmp(&left, found[i], best);
        if (!order) order = side_cmp(&left, whole & ~found[i], whole & ~best);
        if (order < 0) best = found[i];
    }
    return form_of(&left, best, whole & ~best, kinds[SUM_KIND], v, lifted, cancelled, out);
fail:
    Py_XDECREF(lifted);
    Py_XDECREF(cancelled);
    return st;
}

/* make_product of form_products over the universe of the factors. */
static int make_product(Core *c, Uni *u, PyObject *v, Rat value, PyObject *a, PyObject *b,
                        PyObject **out) {
    PyObject *lifted = NULL, *cancelled = NULL;
    Uni kept;
    int st = FAILED;
    for (int k = 0; k < 2; k++) {
        PyObject *bags = PyTuple_GET_ITEM(k ? b : a, 2);
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(bags); i++)
            if (append(&cancelled, PyTuple_GET_ITEM(bags, i)) < 0) goto fail;
    }
    if ((st = lift_ones(u, a, b, &kept, &lifted)) != DONE) goto fail;
    uint32_t below = 0;
    for (int i = 0; i < kept.n; i++) {
        /* 0÷w is 0×w: a product worth nothing has no denominator. */
        if (!value.n) kept.top[i] = 1;
        below |= (uint32_t)!kept.top[i] << i;
    }
    if (!below) {
        if ((st = uni_sort(&kept)) != DONE) goto fail;
        uint32_t all = (uint32_t)((1u << kept.n) - 1);
        st = form_of(&kept, all, 0, kinds[PRODUCT_KIND], v, sorted_tuple(lifted), cancelled, out);
        Py_XDECREF(lifted);
        return st;
    }
    Elem spare;
    if ((st = elem_of(hole_node, &spare)) != DONE || (st = uni_add(&kept, &spare, 0)) != DONE ||
        (st = uni_sort(&kept)) != DONE)
        goto fail;
    uint32_t hole = 0;
    for (int i = 0; i < kept.n; i++)
        if (kept.e[i].kind == HOLE_KIND && !kept.top[i]) hole = 1u << i;
    Option best;
    if ((st = reduce(c, &kept, hole, &best)) != DONE) goto fail;
    st = FAILED;
    for (uint32_t m = best.lifted; m; m &= m - 1)
        if (append(&lifted, kept.e[__builtin_ctz(m)].node) < 0) goto fail;
    if (best.out_num) {
        PyObject *bag = term_bag(c, &kept, best.out_num, best.out_den, &st);
        if (!bag) goto fail;
        int failed = append(&cancelled, bag) < 0;
        Py_DECREF(bag);
        if (failed) goto fail;
    }
    st = form_of(&kept, best.num, best.den, kinds[PRODUCT_KIND], v, sorted_tuple(lifted),
                 cancelled, out);
    Py_XDECREF(lifted);
    return st;
fail:
    Py_XDECREF(lifted);
    Py_XDECREF(cancelled);
    return st;
}

/* combine(a, b, op, v) of solver.normal_form into *out, or GIVE_UP (see above). */
static int combine_forms(Core *c, PyObject *a, PyObject *b, PyObject *op, PyObject *v,
                         PyObject **out) {
    *out = NULL;
    if (!PyTuple_CheckExact(a) || !PyTuple_CheckExact(b) || PyTuple_GET_SIZE(a) != 3 ||
        PyTuple_GET_SIZE(b) != 3 || !PyUnicode_Check(op) || PyUnicode_GET_LENGTH(op) != 1)
        return GIVE_UP;
    for (int i = 1; i < 3; i++)
        if (!PyTuple_CheckExact(PyTuple_GET_ITEM(a, i)) || !PyTuple_CheckExact(PyTuple_GET_ITEM(b, i)))
            return GIVE_UP;
    Py_UCS4 sign = PyUnicode_READ_CHAR(op, 0);
    int times = sign == '*' || sign == '/', turned = sign == '-' || sign == '/';
    if (!times && sign != '+' && sign != '-') return GIVE_UP;
    Rat value;
    Uni u = {0};
    long kind = times ? PRODUCT_KIND : SUM_KIND;
    int st = value_of(v, &value);
    if (st == DONE) st = spread(PyTuple_GET_ITEM(a, 0), kind, &u, 1);
    if (st == DONE) st = spread(PyTuple_GET_ITEM(b, 0), kind, &u, !turned);
    if (st != DONE) return st;
    return times ? make_product(c, &u, v, value, a, b, out) : make_sum(&u, v, value, a, b, out);
}

#endif
