/* The plain cases of solver.normal_form.combine, for solver/_core.c.
 *
 * plain(a, b, op, v) is combine(a, b, op, v) where nothing in the result cancels and
 * nothing is worth 1: v and every term (of a + or −) or factor (of a × or ÷) is a whole
 * number, no part of a sum but all of it (and not the sum itself) adds up to 0, no factor is
 * 1, and no part of the numerator has the product of a part of the denominator.  There the
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

/* The whole values of the nodes into `out`: 1, or 0 if one is not a small whole number. */
static int whole_values(PyObject *nodes, int64_t *out) {
    Py_ssize_t n = PyList_GET_SIZE(nodes);
    if (n > SIDE_MAX) return 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *value = PyTuple_GET_ITEM(PyList_GET_ITEM(nodes, i), 1);
        int overflow = 0;
        if (!PyLong_CheckExact(value)) return 0;
        long long x = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (overflow || x < 0 || x >= ((int64_t)1 << 40)) return 0;
        out[i] = x;
    }
    return 1;
}

/* The total (sum, or product with `times`) of each subset by mask; 0 if a product overflows. */
static int totals(const int64_t *values, Py_ssize_t n, int times, int64_t *out) {
    out[0] = times ? 1 : 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        size_t had = (size_t)1 << i;
        for (size_t m = 0; m < had; m++) {
            if (!times) out[had + m] = out[m] + values[i];
            else if (__builtin_mul_overflow(out[m], values[i], &out[had + m])) return 0;
        }
    }
    return 1;
}

/* Whether a sum of `top` − `bottom` (or product `top` ÷ `bottom`, with `times`) of these
 * values has a part that cancels: one that adds up to 0 and is not the whole sum, or a
 * numerator and a denominator part of equal products.  -1 where it cannot tell. */
static int cancels(const int64_t *top, Py_ssize_t p, const int64_t *bottom, Py_ssize_t m,
                   int times) {
    int64_t tops[1 << SIDE_MAX], bottoms[1 << SIDE_MAX];
    if (!totals(top, p, times, tops) || !totals(bottom, m, times, bottoms)) return -1;
    size_t whole_top = ((size_t)1 << p) - 1, whole_bottom = ((size_t)1 << m) - 1;
    for (size_t i = times ? 1 : 0; i <= whole_top; i++)
        for (size_t j = times ? 1 : 0; j <= whole_bottom; j++) {
            if (tops[i] != bottoms[j]) continue;
            if (times) return 1;
            if ((i || j) && (i != whole_top || j != whole_bottom)) return 1;
        }
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
    if (!PyLong_CheckExact(v) || !PyTuple_Check(a) || !PyTuple_Check(b) ||
        PyTuple_GET_SIZE(a) != 3 || PyTuple_GET_SIZE(b) != 3 || !PyUnicode_Check(op) ||
        PyUnicode_GET_LENGTH(op) != 1)
        return NULL;
    Py_UCS4 sign = PyUnicode_READ_CHAR(op, 0);
    int times = sign == '*' || sign == '/', turned = sign == '-' || sign == '/';
    int zero = PyObject_Not(v);
    if (zero < 0 || (zero && !times)) return NULL;
    long kind = times ? PRODUCT_KIND : SUM_KIND;
    PyObject *top = PyList_New(0), *bottom = PyList_New(0), *form = NULL;
    int64_t up[SIDE_MAX], down[SIDE_MAX];
    if (!top || !bottom || spread(PyTuple_GET_ITEM(a, 0), kind, top, bottom) < 0 ||
        spread(PyTuple_GET_ITEM(b, 0), kind, turned ? bottom : top, turned ? top : bottom) < 0)
        goto out;
    Py_ssize_t p = PyList_GET_SIZE(top), m = PyList_GET_SIZE(bottom);
    if (!whole_values(top, up) || !whole_values(bottom, down)) goto out;
    if (times) {
        for (Py_ssize_t i = 0; i < p + m; i++)
            if ((i < p ? up[i] : down[i - p]) == 1) goto out;
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
