/* solver._countdown: an optional compiled search under Countdown's rules (see
 * _countdown_search.h and _countdown_find.h), for solver/countdown.py.
 *
 * best(numbers, target, both) takes a sorted tuple of whole numbers from 1 up (at most
 * eight) and a whole target from 0 up, and gives (exact, below, above): `exact` is one way
 * the smallest part that makes the target makes it, `below` and `above` the reachable
 * values nearest the target on each side with one way each (`None` where there is none),
 * the two computed only where the target is not made, or with `both`.  A way is
 * (value, tree), a tree being a number or (op, first, second, value), `first op second`.
 * The choice of part and tree is that of solver.countdown (the part with the fewest
 * numbers, then the least; its first cut, the least value of the cut's smaller side, the
 * first operation), so that both paths give the same answers.  None where the hand or a
 * value it makes does not fit in 64 bits: Python then works it out.  Built only where a C
 * compiler is at hand; solver/countdown_compiled.py decides whether it is used.
 *
 * values(numbers) gives [(part, frozenset of its values)] for every distinct sub-multiset
 * of the numbers but the whole hand (what listing every solution needs), or None.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_countdown_find.h"

static PyObject *op_text[4]; /* "+", "-", "*", "/" */

/* One way (a tree) in which a part makes v (it does); NULL with no exception set where a
 * value does not fit in machine words. */
static PyObject *tree(Search *h, int part, uint64_t v) {
    if (__builtin_popcount(part) == 1) return PyLong_FromUnsignedLongLong(v);
    uint8_t left[MAX_CUTS], right[MAX_CUTS];
    int count = cuts(h, part, left, right);
    Need need[6];
    for (int c = 0; c < count; c++) {
        Values *l = &h->sets[h->canon[left[c]]];
        const uint64_t *sorted = sorted_values(l);
        if (!sorted) return PyErr_NoMemory();
        for (size_t i = 0; i < l->count; i++) {
            int k = needs(sorted[i], v, need);
            for (int j = 0; j < k; j++) {
                int made = makes(h, right[c], need[j].b);
                if (made < 0) return h->failed == 1 ? PyErr_NoMemory() : NULL; /* too large */
                if (!made) continue;
                PyObject *a = tree(h, left[c], sorted[i]);
                PyObject *b = a ? tree(h, right[c], need[j].b) : NULL;
                if (!b) {
                    Py_XDECREF(a);
                    return NULL;
                }
                PyObject *first = need[j].a_first ? a : b, *second = need[j].a_first ? b : a;
                return Py_BuildValue("(ONNK)", op_text[need[j].op], first, second,
                                     (unsigned long long)v);
            }
        }
    }
    PyErr_SetString(PyExc_RuntimeError, "countdown: a part lost its value");
    return NULL;
}

/* (v, tree) from the smallest part that makes v, None for v == 0 (no value). */
static PyObject *way(Search *h, uint64_t v) {
    if (!v) Py_RETURN_NONE;
    int part = smallest_part(h, v);
    if (part <= 0) {
        if (part == 0) PyErr_SetString(PyExc_RuntimeError, "countdown: a value lost its part");
        if (part < 0 && h->failed == 1) PyErr_NoMemory();
        return NULL;
    }
    PyObject *t = tree(h, part, v);
    return t ? Py_BuildValue("(KN)", (unsigned long long)v, t) : NULL;
}

static PyObject *answer(Search *h, uint64_t t, int both) {
    PyObject *exact = Py_None, *below = NULL, *above = NULL;
    Py_INCREF(exact);
    int part = t ? smallest_part(h, t) : 0;
    if (part > 0) {
        Py_DECREF(exact);
        exact = way(h, t);
        if (!exact) goto fail;
        if (!both) return Py_BuildValue("(NOO)", exact, Py_None, Py_None);
    }
    Near near;
    if (part < 0 || nearest(h, t, &near) < 0 || (near.overflow_above && !near.above)) {
        Py_DECREF(exact);
        if (h->failed == 1) return PyErr_NoMemory();
        Py_RETURN_NONE; /* too large for machine words */
    }
    below = way(h, near.below);
    above = below ? way(h, near.above) : NULL;
    if (!above) {
        Py_DECREF(exact);
        Py_XDECREF(below);
        goto fail;
    }
    return Py_BuildValue("(NNN)", exact, below, above);
fail:
    if (PyErr_Occurred()) return NULL;
    Py_RETURN_NONE; /* too large for machine words */
}

/* The hand's numbers in `num`: how many, or 0 where they are not for machine words. */
static int hand(PyObject *numbers, uint64_t *num) {
    Py_ssize_t n = PyTuple_GET_SIZE(numbers);
    if (n < 1 || n > MAX_HAND) return 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = PyTuple_GET_ITEM(numbers, i);
        num[i] = PyLong_Check(x) ? PyLong_AsUnsignedLongLong(x) : 0;
        if (PyErr_Occurred()) { /* negative or too large */
            PyErr_Clear();
            return 0;
        }
        if (num[i] < 1 || (i > 0 && num[i] < num[i - 1])) return 0;
    }
    return (int)n;
}

static PyObject *countdown_best(PyObject *self, PyObject *args) {
    PyObject *numbers, *target;
    int both, n;
    uint64_t num[MAX_HAND];
    if (!PyArg_ParseTuple(args, "O!O!p", &PyTuple_Type, &numbers, &PyLong_Type, &target, &both))
        return NULL;
    if (!(n = hand(numbers, num))) Py_RETURN_NONE;
    uint64_t t = PyLong_AsUnsignedLongLong(target);
    if (PyErr_Occurred()) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    Search *h = PyMem_Malloc(sizeof *h);
    if (!h) return PyErr_NoMemory();
    search_init(h, num, n);
    PyObject *result = answer(h, t, both);
    search_free(h);
    PyMem_Free(h);
    return result;
}

/* (part, frozenset of its values) for a listed part. */
static PyObject *listing(const Search *h, int part) {
    PyObject *key = PyTuple_New(__builtin_popcount(part)), *made = PyFrozenSet_New(NULL);
    if (!key || !made) goto fail;
    for (int i = 0, k = 0; i < h->n; i++) {
        if (!(part >> i & 1)) continue;
        PyObject *x = PyLong_FromUnsignedLongLong(h->num[i]);
        if (!x) goto fail;
        PyTuple_SET_ITEM(key, k++, x);
    }
    const Values *s = &h->sets[part];
    for (size_t i = 0; i < s->count; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(s->vals[i]);
        int bad = !x || PySet_Add(made, x) < 0; /* a brand-new frozenset may be filled */
        Py_XDECREF(x);
        if (bad) goto fail;
    }
    return Py_BuildValue("(NN)", key, made);
fail:
    Py_XDECREF(key);
    Py_XDECREF(made);
    return NULL;
}

static PyObject *countdown_values(PyObject *self, PyObject *numbers) {
    uint64_t num[MAX_HAND];
    int n;
    if (!PyTuple_Check(numbers)) return PyErr_Format(PyExc_TypeError, "numbers: a tuple");
    if (!(n = hand(numbers, num))) Py_RETURN_NONE;
    Search *h = PyMem_Malloc(sizeof *h);
    PyObject *out = h ? PyList_New(0) : PyErr_NoMemory();
    if (h) search_init(h, num, n);
    for (int i = 0; out && i < h->parts; i++) {
        int part = h->order[i];
        if (part == h->full && n > 1) continue;
        PyObject *item = NULL;
        if (list_values(h, part) == 0) {
            item = listing(h, part);
        } else if (h->failed == 1) {
            PyErr_NoMemory();
        } else {
            Py_DECREF(out); /* too large for machine words */
            out = Py_NewRef(Py_None);
            break;
        }
        if (!item || PyList_Append(out, item) < 0) Py_CLEAR(out);
        Py_XDECREF(item);
    }
    if (h) search_free(h);
    PyMem_Free(h);
    return out;
}

static PyMethodDef countdown_methods[] = {
    {"best", countdown_best, METH_VARARGS,
     "best(numbers, target, both): (exact, below, above), or None."},
    {"values", countdown_values, METH_O,
     "values(numbers): [(part, its values)] for every part but the whole hand, or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef countdown_module = {
    PyModuleDef_HEAD_INIT, "solver._countdown", "The compiled search of solver.countdown.", -1,
    countdown_methods,
};

PyMODINIT_FUNC PyInit__countdown(void) {
    const char *texts[4] = {"+", "-", "*", "/"};
    for (int i = 0; i < 4; i++)
        if (!op_text[i] && !(op_text[i] = PyUnicode_InternFromString(texts[i]))) return NULL;
    return PyModule_Create(&countdown_module);
}
