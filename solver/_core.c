/* solver._core: an optional compiled core for solver/search.py (see _core_search.h).
 *
 * Core(integer_only, fraction, splitter) answers values(numbers), reach(numbers, v),
 * steps(numbers, v) and forms(numbers, v, combine) as solver.search.Engine does, or None for
 * a hand it cannot hold in machine words.  forms lists the normal forms of v, every one of
 * them made here (combine(a, b, op, v): _core_forms.h) where its bag fits in machine words,
 * else by Python's `combine` (_core_join.h); clear() forgets everything.  Built only where a
 * C compiler is at hand (pyproject.toml); solver/core.py decides whether it is used.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "_core_search.h"
#include "_core_walk.h"
#include "_core_forms.h"

static PyObject *op_text[4]; /* "+", "-", "*", "/" */

static void forget(Core *c) {
    for (Py_ssize_t i = 0; i < c->count; i++) {
        Node *x = c->nodes[i];
        Py_DECREF(x->key);
        Py_XDECREF(x->frozen);
        drop(&x->set);
        drop(&x->memo);
        for (size_t k = 0; k < x->forms.cap; k++)
            if (x->forms.keys[k].d) Py_DECREF((PyObject *)x->forms.vals[k]);
        drop(&x->forms);
        PyMem_Free(x->list);
        PyMem_Free(x->parts);
        PyMem_Free(x);
    }
    c->count = 0;
    for (size_t i = 0; i < c->interned.cap; i++)
        if (c->interned.keys[i].d) Py_DECREF((PyObject *)c->interned.vals[i]);
    drop(&c->interned);
    if (c->index) PyDict_Clear(c->index);
    c->entries = 0;
    c->forms_kept = 0;
}

/* The Python object of a value (int or Fraction), made once: a borrowed reference. */
static PyObject *object(Core *c, Rat r) {
    intptr_t *known = find(&c->interned, r);
    if (known) return (PyObject *)*known;
    PyObject *made;
    if (r.d == 1) {
        made = PyLong_FromLongLong(r.n);
    } else {
        PyObject *n = PyLong_FromLongLong(r.n), *d = PyLong_FromLongLong(r.d);
        made = n && d ? PyObject_CallFunctionObjArgs(c->fraction, n, d, NULL) : NULL;
        Py_XDECREF(n);
        Py_XDECREF(d);
    }
    if (!made) return NULL;
    if (put(&c->interned, r, (intptr_t)made) < 0) {
        Py_DECREF(made);
        return NULL;
    }
    c->entries++;
    return made;
}

#include "_core_join.h"

/* The node of `key` and the value `target` (if any), or 0 when the hand does not fit. */
static int enter(Core *c, PyObject *key, PyObject *target, Node **x, Rat *v) {
    int ok = fits(key, target);
    if (ok <= 0 || PyTuple_GET_SIZE(key) == 0) return ok < 0 ? -1 : 0;
    if ((c->entries > LIMIT || c->forms_kept > FORMS_LIMIT) && !c->busy) forget(c);
    if (target && as_rat(target, v) != 1) return -1;
    *x = node(c, key);
    return *x ? 1 : -1;
}

static PyObject *core_values(Core *c, PyObject *key) {
    Node *x;
    int ok = enter(c, key, NULL, &x, NULL);
    if (ok <= 0) return ok < 0 ? NULL : Py_NewRef(Py_None);
    if (!x->frozen) {
        if (list_values(c, x) < 0) return NULL;
        PyObject *all = PyFrozenSet_New(NULL);
        for (Py_ssize_t i = 0; all && i < x->count; i++) {
            PyObject *one = object(c, x->list[i]);
            if (!one || PySet_Add(all, one) < 0) Py_CLEAR(all);
        }
        if (!all) return NULL;
        x->frozen = all;
    }
    return Py_NewRef(x->frozen);
}

static PyObject *core_reach(Core *c, PyObject *args) {
    PyObject *key, *target;
    Node *x;
    Rat v;
    if (!PyArg_ParseTuple(args, "OO", &key, &target)) return NULL;
    int ok = enter(c, key, target, &x, &v);
    if (ok <= 0) return ok < 0 ? NULL : Py_NewRef(Py_None);
    int found = reach(c, x, v);
    return found < 0 ? NULL : PyBool_FromLong(found);
}

static int emit(Core *c, void *out, Node *p, Rat a, const Need *need, Node *r, Rat w) {
    int op = need->op == '+' ? 0 : need->op == '-' ? 1 : need->op == '*' ? 2 : 3;
    PyObject *a_obj = object(c, a), *w_obj = a_obj ? object(c, w) : NULL;
    if (!w_obj) return -1;
    PyObject *step = PyTuple_Pack(6, p->key, a_obj, op_text[op], r->key, w_obj,
                                  need->a_first ? Py_True : Py_False);
    int failed = !step || PyList_Append(out, step) < 0;
    Py_XDECREF(step);
    return failed ? -1 : 0;
}

/* The loop of Engine.forms: each (part, a, op, rest, w, a_first) of a form of v. */
static PyObject *core_steps(Core *c, PyObject *args) {
    PyObject *key, *target;
    Node *x;
    Rat v;
    if (!PyArg_ParseTuple(args, "OO", &key, &target)) return NULL;
    int ok = enter(c, key, target, &x, &v);
    if (ok <= 0) return ok < 0 ? NULL : Py_NewRef(Py_None);
    PyObject *out = PyList_New(0);
    if (out && walk(c, x, v, emit, out) < 0) Py_CLEAR(out);
    return out;
}

/* Engine.forms: the frozenset of the normal forms of v (_core_join.h), or None. */
static PyObject *core_forms(Core *c, PyObject *args) {
    PyObject *key, *target, *combine;
    Node *x;
    Rat v;
    if (!PyArg_ParseTuple(args, "OOO", &key, &target, &combine)) return NULL;
    int ok = enter(c, key, target, &x, &v);
    if (ok <= 0) return ok < 0 ? NULL : Py_NewRef(Py_None);
    c->busy++;
    PyObject *out = forms_of(c, x, v, combine);
    c->busy--;
    return out;
}

static PyObject *core_combine(Core *c, PyObject *args) {
    PyObject *a, *b, *op, *v, *form;
    if (!PyArg_ParseTuple(args, "OOOO", &a, &b, &op, &v)) return NULL;
    int st = combine_forms(c, a, b, op, v, &form);
    return st == GIVE_UP ? Py_NewRef(Py_None) : form;
}

static PyObject *core_clear(Core *c, PyObject *Py_UNUSED(ignored)) {
    if (c->busy) {
        PyErr_SetString(PyExc_RuntimeError, "forms are being listed");
        return NULL;
    }
    forget(c);
    return Py_NewRef(Py_None);
}

static int core_init(Core *c, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"integer_only", "fraction", "splitter", NULL};
    int integer_only;
    PyObject *fraction, *splitter;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "pOO", names, &integer_only, &fraction,
                                     &splitter))
        return -1;
    if (c->busy) {
        PyErr_SetString(PyExc_RuntimeError, "forms are being listed");
        return -1;
    }
    forget(c);
    c->integer_only = integer_only;
    Py_XSETREF(c->fraction, Py_NewRef(fraction));
    Py_XSETREF(c->splitter, Py_NewRef(splitter));
    if (!c->index && !(c->index = PyDict_New())) return -1;
    return 0;
}

static void core_dealloc(Core *c) {
    forget(c);
    PyMem_Free(c->nodes);
    Py_XDECREF(c->index);
    Py_XDECREF(c->fraction);
    Py_XDECREF(c->splitter);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

static PyMethodDef core_methods[] = {
    {"values", (PyCFunction)core_values, METH_O, "Every value the multiset makes, or None."},
    {"reach", (PyCFunction)core_reach, METH_VARARGS, "Whether it makes v, or None."},
    {"steps", (PyCFunction)core_steps, METH_VARARGS,
     "Each (part, a, op, rest, w, a_first) of a form of v, or None."},
    {"forms", (PyCFunction)core_forms, METH_VARARGS,
     "The frozenset of the normal forms of v over the multiset, or None."},
    {"combine", (PyCFunction)core_combine, METH_VARARGS,
     "combine(a, b, op, v) of solver.normal_form, or None where the core cannot make it."},
    {"clear", (PyCFunction)core_clear, METH_NOARGS, "Forget everything."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver._core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The memoised search of one rule set, over machine-word fractions.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)core_init,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_methods = core_methods,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "solver._core", "The compiled core of solver.search.", -1, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    static const char *ops[4] = {"+", "-", "*", "/"};
    for (int i = 0; i < 4; i++)
        if (!op_text[i] && !(op_text[i] = PyUnicode_InternFromString(ops[i]))) return NULL;
    if (!fraction_type && fraction_slots() < 0) return NULL;
    if (!hole_node && !(hole_node = Py_BuildValue("(ii)", HOLE_KIND, 1))) return NULL;
    for (int k = LEAF_KIND; k <= PRODUCT_KIND; k++)
        if (!kinds[k] && !(kinds[k] = PyLong_FromLong(k))) return NULL;
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (m && PyModule_AddObjectRef(m, "Core", (PyObject *)&CoreType) < 0) Py_CLEAR(m);
    return m;
}
