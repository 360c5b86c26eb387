/* The loop of solver.search.Engine.forms in C, for solver/_core.c (included after object()).
 *
 * forms_of() lists the normal forms of v: for each step that walk() (_core_walk.h) finds,
 * each form of the part's a with each form of the rest's w, combined by combine_forms() (_core_forms.h) or, where that gives up, by Python's
 * `combine`.  The forms of every multiset and value are kept on its node, so that the whole
 * recursion runs here; clear() (forget) drops them with the rest.
 */
#ifndef CORE_JOIN_H
#define CORE_JOIN_H

typedef struct {
    PyObject *out;     /* the set being filled */
    PyObject *combine; /* Python's combine, where combine_forms gives up */
    PyObject *v;       /* the value, as an object */
    PyObject *part;    /* the forms of the last part and its value, kept (owned) */
    Node *part_node;
    Rat part_value;
} Join;

static PyObject *forms_of(Core *c, Node *x, Rat v, PyObject *combine);

/* Every form of one step, into the set. */
static int join(Core *c, void *with, Node *p, Rat a, const Need *need, Node *r, Rat w) {
    Join *j = with;
    if (!j->part || j->part_node != p || j->part_value.n != a.n || j->part_value.d != a.d) {
        Py_CLEAR(j->part);
        if (!(j->part = forms_of(c, p, a, j->combine))) return -1;
        j->part_node = p;
        j->part_value = a;
    }
    if (!PySet_GET_SIZE(j->part)) return 0;
    PyObject *found = forms_of(c, r, w, j->combine);
    PyObject *rest = found ? PySequence_Fast(found, "forms make a set") : NULL;
    Py_XDECREF(found);
    if (!rest) return -1;
    PyObject *op = op_text[need->op == '+' ? 0 : need->op == '-' ? 1 : need->op == '*' ? 2 : 3];
    PyObject *each = PyObject_GetIter(j->part), *fa;
    int failed = !each;
    while (!failed && (fa = PyIter_Next(each))) {
        for (Py_ssize_t k = 0; !failed && k < PySequence_Fast_GET_SIZE(rest); k++) {
            PyObject *fw = PySequence_Fast_ITEMS(rest)[k], *form;
            PyObject *call[4] = {need->a_first ? fa : fw, need->a_first ? fw : fa, op, j->v};
            int st = combine_forms(c, call[0], call[1], op, j->v, &form);
            if (st == GIVE_UP) form = PyObject_Vectorcall(j->combine, call, 4, NULL);
            failed = !form || PySet_Add(j->out, form) < 0;
            Py_XDECREF(form);
        }
        Py_DECREF(fa);
    }
    Py_XDECREF(each);
    Py_DECREF(rest);
    return failed || PyErr_Occurred() ? -1 : 0;
}

/* The frozenset of the normal forms of v over x (Engine.forms), kept on x: a new reference. */
static PyObject *forms_of(Core *c, Node *x, Rat v, PyObject *combine) {
    intptr_t *kept = find(&x->forms, v);
    if (kept) return Py_NewRef((PyObject *)*kept);
    PyObject *out = PyFrozenSet_New(NULL); /* new and not yet shared: PySet_Add may fill it */
    if (!out) return NULL;
    if (x->n == 1) {
        PyObject *leaf = NULL, *form = NULL, *none = PyTuple_New(0);
        PyObject *number = PyTuple_GET_ITEM(x->key, 0);
        if (none) leaf = PyTuple_Pack(2, kinds[LEAF_KIND], number);
        if (leaf) form = PyTuple_Pack(3, leaf, none, none);
        int failed = !form || (x->one.n == v.n && x->one.d == v.d && PySet_Add(out, form) < 0);
        Py_XDECREF(none);
        Py_XDECREF(leaf);
        Py_XDECREF(form);
        if (failed) goto fail;
    } else {
        int empty = 0;
        if (x->n <= SMALL) {
            if (list_values(c, x) < 0) goto fail;
            empty = !find(&x->set, v);
        }
        PyObject *v_obj = empty ? NULL : object(c, v);
        if (!empty && !v_obj) goto fail;
        Join j = {out, combine, v_obj, NULL, NULL, {0, 1}};
        int failed = !empty && walk(c, x, v, join, &j) < 0;
        Py_XDECREF(j.part);
        if (failed) goto fail;
    }
    int added = put(&x->forms, v, (intptr_t)out);
    if (added < 0) goto fail;
    if (!added) { /* listed meanwhile by another thread, while Python ran */
        Py_DECREF(out);
        return Py_NewRef((PyObject *)*find(&x->forms, v));
    }
    c->entries++;
    c->forms_kept++;
    return Py_NewRef(out);
fail:
    Py_DECREF(out);
    return NULL;
}

#endif
