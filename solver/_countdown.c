/* solver._countdown: an optional compiled search under Countdown's rules (see
 * _countdown_search.h and _countdown_find.h), for solver/countdown_search.py.
 *
 * hand(numbers) takes a sorted tuple of whole numbers from 1 up (at most eight) and gives
 * the search of that hand (None where a number does not fit in 64 bits), which keeps what
 * it lists between calls:
 *
 * - best(target, both), for a whole target from 0 up, gives (exact, below, above): `exact`
 *   is one way the smallest part that makes the target makes it, `below` and `above` the
 *   reachable values nearest the target on each side with one way each (None where there
 *   is none), the two computed only where the target is not made, or with `both`.  A way
 *   is (value, tree), a tree being a number or (op, first, second, value) for
 *   `first op second`.  The choice of part and tree is that of solver.countdown_search (the part
 *   with the fewest numbers, then the least; its first cut, the least value of the cut's
 *   smaller side, the first operation), so that both paths give the same answers.
 * - values(part) gives the frozenset of the values a part of the hand makes.
 *
 * Each gives None where a value does not fit in 64 bits (from then on, for that hand):
 * Python then works it out.  Built only where a C compiler is at hand;
 * solver/countdown_compiled.py decides whether it is used.
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
static int read_hand(PyObject *numbers, uint64_t *num) {
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

/* A hand's search, kept between calls (what it lists stays listed). */
typedef struct {
    PyObject_HEAD Search *h;
} Hand;

static void hand_dealloc(Hand *self) {
    if (self->h) search_free(self->h);
    PyMem_Free(self->h);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Give up where a value did not fit (or memory ran out): Python answers from then on. */
static PyObject *given_up(Search *h) {
    if (h->failed == 1) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *hand_best(Hand *self, PyObject *args) {
    PyObject *target;
    int both;
    if (!PyArg_ParseTuple(args, "O!p", &PyLong_Type, &target, &both)) return NULL;
    if (self->h->failed) return given_up(self->h);
    uint64_t t = PyLong_AsUnsignedLongLong(target);
    if (PyErr_Occurred()) { /* negative or too large */
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    return answer(self->h, t, both);
}

static PyObject *hand_values(Hand *self, PyObject *part) {
    Search *h = self->h;
    if (!PyTuple_Check(part)) return PyErr_Format(PyExc_TypeError, "part: a tuple");
    int mask = 0;
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(part); k++) {
        PyObject *x = PyTuple_GET_ITEM(part, k);
        uint64_t v = PyLong_Check(x) ? PyLong_AsUnsignedLongLong(x) : 0;
        if (v == (uint64_t)-1 && PyErr_Occurred()) PyErr_Clear();
        int i = 0; /* the first position of that number not taken yet */
        while (i < h->n && (h->num[i] != v || mask >> i & 1)) i++;
        if (i == h->n) return PyErr_Format(PyExc_ValueError, "not a part of the hand");
        mask |= 1 << i;
    }
    if (!mask) return PyErr_Format(PyExc_ValueError, "not a part of the hand");
    if (h->failed || list_values(h, h->canon[mask]) < 0) return given_up(h);
    const Values *s = &h->sets[h->canon[mask]];
    PyObject *made = PyFrozenSet_New(NULL);
    for (size_t i = 0; made && i < s->count; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(s->vals[i]);
        if (!x || PySet_Add(made, x) < 0) Py_CLEAR(made); /* a new frozenset may be filled */
        Py_XDECREF(x);
    }
    return made;
}

static PyMethodDef hand_methods[] = {
    {"best", (PyCFunction)hand_best, METH_VARARGS,
     "best(target, both): (exact, below, above), or None."},
    {"values", (PyCFunction)hand_values, METH_O,
     "values(part): the values a part of the hand makes, or None."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject HandType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solver._countdown.Hand",
    .tp_basicsize = sizeof(Hand),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The search of one hand (made by hand()).",
    .tp_dealloc = (destructor)hand_dealloc,
    .tp_methods = hand_methods,
};

static PyObject *countdown_hand(PyObject *module, PyObject *numbers) {
    uint64_t num[MAX_HAND];
    if (!PyTuple_Check(numbers)) return PyErr_Format(PyExc_TypeError, "numbers: a tuple");
    int n = read_hand(numbers, num);
    if (!n) Py_RETURN_NONE;
    Hand *self = PyObject_New(Hand, &HandType);
    if (!self) return NULL;
    if (!(self->h = PyMem_Malloc(sizeof *self->h))) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    search_init(self->h, num, n);
    return (PyObject *)self;
}

static PyMethodDef countdown_methods[] = {
    {"hand", countdown_hand, METH_O, "hand(numbers): the search of a hand, or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef countdown_module = {
    PyModuleDef_HEAD_INIT, "solver._countdown", "The compiled search of solver.countdown_search.", -1,
    countdown_methods,
};

PyMODINIT_FUNC PyInit__countdown(void) {
    const char *texts[4] = {"+", "-", "*", "/"};
    for (int i = 0; i < 4; i++)
        if (!op_text[i] && !(op_text[i] = PyUnicode_InternFromString(texts[i]))) return NULL;
    if (PyType_Ready(&HandType) < 0) return NULL;
    return PyModule_Create(&countdown_module);
}
