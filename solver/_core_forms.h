/* The plain cases of solver.normal_form.combine, for solver/_core.c.
 *
 * plain(a, b, op, v) is combine(a, b, op, v) where nothing in the result cancels and
 * nothing is worth 1: every term (of a + or −) or factor (of a × or ÷) is a fraction that
 * fits in machine words, no part of a sum but all of it (and not a sum worth 0) adds up to
 * 0, no factor is 1, and no part of the numerator has the product of a part of the
 * denominator.  There the
 * form is the sorted terms or factors under v, with the lifted ones and the cancelled parts
 * of a and b merged; that is what make_sum and make_product give.  Elsewhere plain() returns
 * NULL with no error set, and the caller asks Python's combine.
 */
#ifndef CORE_FORMS_H
#define CORE_FORMS_H
#include <stdint.h>

#define SUM_KIND 1     /* as form_nodes.SUM */
#define PRODUCT_KIND 2 /* as form_nodes.PRODUCT */
#define SIDE_MAX 10    /* terms or factors on one side that plain() looks at */
#define WORD ((int64_t)1 << 40) /* numerators, denominators and sums plain() works with */

/* Append the terms (kind SUM_KIND) or factors (PRODUCT_KIND) of a node to same and other. */
static int spread(PyObject *node, long kind, PyObject *same, PyObject *other) {
    if (!PyTuple_Check(node) || PyTuple_GET_SIZE(node) < 2) {
        PyErr_SetString(PyExc_TypeError, "a node is a tuple");
        return -1;
    }
    long its = PyLong_AsLong(PyTuple_GET_ITEM(node, 0));
    if (its == -1 && PyErr_Occurred()) return -1;
    if (its != kind) return PyList_Append(same, node);
    if (PyTuple_GET_SIZE(node) != 4) {
        PyErr_SetString(PyExc_TypeError, "a sum or product node has four items");
        return -1;
    }
    PyObject *in = PyTuple_GET_ITEM(node, 2), *out = PyTuple_GET_ITEM(node, 3);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(in); i++)
        if (PyList_Append(same, PyTuple_GET_ITEM(in, i)) < 0) return -1;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(out); i++)
        if (PyList_Append(other, PyTuple_GET_ITEM(out, i)) < 0) return -1;
    return 0;
}

/* The values of the nodes into `out`: 1, 0 if one does not fit in machine words, -1 error. */
static int node_values(PyObject *nodes, Rat *out) {
    Py_ssize_t n = PyList_GET_SIZE(nodes);
    if (n > SIDE_MAX) return 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int ok = as_rat(PyTuple_GET_ITEM(PyList_GET_ITEM(nodes, i), 1), &out[i]);
        if (ok != 1) return ok;
        if (out[i].n >= WORD || out[i].d >= WORD) return 0;
    }
    return 1;
}

/* The sum of each subset of the values by mask, over their least common denominator; 0 if
 * a number grows too large. */
static int sums(const Rat *values, Py_ssize_t n, uint64_t common, int64_t *out) {
    out[0] = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t x;
        if (__builtin_mul_overflow(values[i].n, (int64_t)common / values[i].d, &x) || x >= WORD)
            return 0;
        size_t had = (size_t)1 << i;
        for (size_t m = 0; m < had; m++) out[had + m] = out[m] + x;
    }
    return 1;
}

/* The product of each subset of the values by mask, in lowest terms; 0 on overflow. */
static int products(const Rat *values, Py_ssize_t n, Rat *out) {
    out[0] = (Rat){1, 1};
    for (Py_ssize_t i = 0; i < n; i++) {
        size_t had = (size_t)1 << i;
        for (size_t m = 0; m < had; m++) {
            int64_t top, bottom;
            if (__builtin_mul_overflow(out[m].n, values[i].n, &top) ||
                __builtin_mul_overflow(out[m].d, values[i].d, &bottom))
                return 0;
            out[had + m] = top ? make(top, bottom) : (Rat){0, 1};
        }
    }
    return 1;
}

/* The least common denominator of the values (0 if it does not fit in a word). */
static uint64_t common_denominator(const Rat *values, Py_ssize_t n, uint64_t common) {
    for (Py_ssize_t i = 0; common && i < n; i++) {
        uint64_t d = (uint64_t)values[i].d;
        if (__builtin_mul_overflow(common / gcd(common, d), d, &common) || common >= WORD)
            return 0;
    }
    return common;
}

/* Whether a sum of `top` − `bottom` (or product `top` ÷ `bottom`, with `times`) of these
 * values has a part that cancels: one that adds up to 0 and is not the whole sum, or a
 * numerator and a denominator part of equal products.  -1 where it cannot tell. */
static int cancels(const Rat *top, Py_ssize_t p, const Rat *bottom, Py_ssize_t m, int times) {
    size_t whole_top = ((size_t)1 << p) - 1, whole_bottom = ((size_t)1 << m) - 1;
    if (times) {
        Rat tops[1 << SIDE_MAX], bottoms[1 << SIDE_MAX];
        if (!products(top, p, tops) || !products(bottom, m, bottoms)) return -1;
        for (size_t i = 1; i <= whole_top; i++)
            for (size_t j = 1; j <= whole_bottom; j++)
                if (tops[i].n == bottoms[j].n && tops[i].d == bottoms[j].d) return 1;
        return 0;
    }
    int64_t tops[1 << SIDE_MAX], bottoms[1 << SIDE_MAX];
    uint64_t common = common_denominator(bottom, m, common_denominator(top, p, 1));
    if (!common || !sums(top, p, common, tops) || !sums(bottom, m, common, bottoms)) return -1;
    for (size_t i = 0; i <= whole_top; i++)
        for (size_t j = 0; j <= whole_bottom; j++)
            if (tops[i] == bottoms[j] && (i || j) && (i != whole_top || j != whole_bottom))
                return 1;
    return 0;
}

/* The sorted tuple of the items of tuples x and y (merge(x, y) of form_bags). */
static PyObject *merged(PyObject *x, PyObject *y) {
    PyObject *list = PySequence_List(x);
    if (!list) return NULL;
    PyObject *tail = PySequence_InPlaceConcat(list, y);
    if (!tail) {
        Py_DECREF(list);
        return NULL;
    }
    Py_DECREF(tail);
    PyObject *out = PyList_Sort(list) < 0 ? NULL : PyList_AsTuple(list);
    Py_DECREF(list);
    return out;
}

/* The sorted tuple of a list's items. */
static PyObject *sorted_tuple(PyObject *list) {
    return PyList_Sort(list) < 0 ? NULL : PyList_AsTuple(list);
}

/* The plain form: the sorted terms or factors under v (or the one term), a and b's lifted
 * ones and cancelled parts merged. */
static PyObject *plain_form(PyObject *a, PyObject *b, long kind, PyObject *v, PyObject *top,
                            PyObject *bottom) {
    PyObject *core = NULL, *lifted = NULL, *cancelled = NULL, *form = NULL;
    PyObject *a_lifted = PyTuple_GET_ITEM(a, 1), *b_lifted = PyTuple_GET_ITEM(b, 1);
    PyObject *a_cancelled = PyTuple_GET_ITEM(a, 2), *b_cancelled = PyTuple_GET_ITEM(b, 2);
    if (PyList_GET_SIZE(top) == 1 && PyList_GET_SIZE(bottom) == 0) {
        core = Py_NewRef(PyList_GET_ITEM(top, 0));
    } else {
        PyObject *t = sorted_tuple(top), *u = t ? sorted_tuple(bottom) : NULL;
        PyObject *k = u ? PyLong_FromLong(kind) : NULL;
        core = k ? PyTuple_Pack(4, k, v, t, u) : NULL;
        Py_XDECREF(t);
        Py_XDECREF(u);
        Py_XDECREF(k);
    }
    if (core) lifted = merged(a_lifted, b_lifted);
    if (lifted) cancelled = merged(a_cancelled, b_cancelled);
    if (cancelled) form = PyTuple_Pack(3, core, lifted, cancelled);
    Py_XDECREF(core);
    Py_XDECREF(lifted);
    Py_XDECREF(cancelled);
    return form;
}

/* combine(a, b, op, v) in its plain cases (see above); NULL with no error set elsewhere. */
static PyObject *plain(PyObject *a, PyObject *b, PyObject *op, PyObject *v) {
    if (!PyTuple_Check(a) || !PyTuple_Check(b) || PyTuple_GET_SIZE(a) != 3 ||
        PyTuple_GET_SIZE(b) != 3 || !PyUnicode_Check(op) || PyUnicode_GET_LENGTH(op) != 1)
        return NULL;
    Py_UCS4 sign = PyUnicode_READ_CHAR(op, 0);
    int times = sign == '*' || sign == '/', turned = sign == '-' || sign == '/';
    int zero = PyObject_Not(v);
    if (zero < 0 || (zero && !times)) return NULL;
    long kind = times ? PRODUCT_KIND : SUM_KIND;
    PyObject *top = PyList_New(0), *bottom = PyList_New(0), *form = NULL;
    Rat up[SIDE_MAX], down[SIDE_MAX];
    if (!top || !bottom || spread(PyTuple_GET_ITEM(a, 0), kind, top, bottom) < 0 ||
        spread(PyTuple_GET_ITEM(b, 0), kind, turned ? bottom : top, turned ? top : bottom) < 0)
        goto out;
    Py_ssize_t p = PyList_GET_SIZE(top), m = PyList_GET_SIZE(bottom);
    if (node_values(top, up) != 1 || node_values(bottom, down) != 1) goto out;
    if (times) {
        for (Py_ssize_t i = 0; i < p + m; i++) {
            Rat x = i < p ? up[i] : down[i - p];
            if (x.n == 1 && x.d == 1) goto out;
        }
        if (zero) {
            /* 0÷w is 0×w: a product worth nothing has no denominator. */
            for (Py_ssize_t i = 0; i < m; i++)
                if (PyList_Append(top, PyList_GET_ITEM(bottom, i)) < 0) goto out;
            if (PyList_SetSlice(bottom, 0, m, NULL) < 0) goto out;
        } else if (m && cancels(up, p, down, m, 1) != 0) {
            goto out;
        }
    } else if (cancels(up, p, down, m, 0) != 0) {
        goto out;
    }
    form = plain_form(a, b, kind, v, top, bottom);
out:
    Py_XDECREF(top);
    Py_XDECREF(bottom);
    return form;
}

#endif
