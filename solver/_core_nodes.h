/* The nodes of normal forms (solver/form_nodes.py) as the C core reads them.
 *
 * A node is a nested tuple: (LEAF, value), (SUM, value, plus, minus), (PRODUCT, value, num,
 * den), or the HOLE (3, 1).  Python orders nodes as tuples; ncmp() orders them the same way
 * (kind, then value, then the tuples of nodes inside, each in turn, then their lengths) but
 * with the values compared as machine-word fractions.  A universe (Uni) is the nodes of one
 * bag, sorted, each with its rank (the index of the first node equal to it) and the side it
 * started on; the bags of solver/form_bags.py are then bit masks over a universe.
 *
 * Functions here and in _core_bags.h and _core_forms.h return DONE, GIVE_UP (no error set: a
 * value or a bag that does not fit, and Python's solver.normal_form.combine does the work)
 * or FAILED (a Python error is set).
 */
#ifndef CORE_NODES_H
#define CORE_NODES_H
#include <stdint.h>

#define LEAF_KIND 0    /* as form_nodes.LEAF */
#define SUM_KIND 1     /* as form_nodes.SUM */
#define PRODUCT_KIND 2 /* as form_nodes.PRODUCT */
#define HOLE_KIND 3    /* as form_nodes.HOLE[0] */
#define UMAX 12        /* nodes a universe may hold: its bags are masks of UMAX bits */

enum { DONE = 0, GIVE_UP = 1, FAILED = -1 };

typedef struct { PyObject *node; Rat v; long kind; } Elem; /* node borrowed */

typedef struct {
    int n;
    Elem e[UMAX];
    int top[UMAX];  /* 1: on the plus side (or numerator) at the start */
    int rank[UMAX]; /* index of the first node equal to this one */
} Uni;

static PyObject *hole_node; /* (3, 1), made once */
static PyObject *kinds[3];  /* LEAF_KIND, SUM_KIND and PRODUCT_KIND as int objects */

/* The value of a number object (int or Fraction). */
static int value_of(PyObject *x, Rat *r) {
    int ok = as_rat(x, r);
    return ok == 1 ? DONE : ok == 0 ? GIVE_UP : FAILED;
}

/* A node's kind and value into e. */
static int elem_of(PyObject *node, Elem *e) {
    if (!PyTuple_CheckExact(node) || PyTuple_GET_SIZE(node) < 2) return GIVE_UP;
    PyObject *its = PyTuple_GET_ITEM(node, 0);
    long kind = its == kinds[0] ? 0 : its == kinds[1] ? 1 : its == kinds[2] ? 2 : -1;
    if (kind < 0 && (kind = PyLong_AsLong(its)) == -1 && PyErr_Occurred()) return FAILED;
    if (kind < LEAF_KIND || kind > HOLE_KIND) return GIVE_UP;
    if (kind != LEAF_KIND && kind != HOLE_KIND &&
        (PyTuple_GET_SIZE(node) != 4 || !PyTuple_CheckExact(PyTuple_GET_ITEM(node, 2)) ||
         !PyTuple_CheckExact(PyTuple_GET_ITEM(node, 3))))
        return GIVE_UP;
    e->node = node;
    e->kind = kind;
    return value_of(PyTuple_GET_ITEM(node, 1), &e->v);
}

static inline int rat_cmp(Rat a, Rat b) {
    __int128 x = (__int128)a.n * b.d, y = (__int128)b.n * a.d;
    return (x > y) - (x < y);
}

static int ncmp(PyObject *x, PyObject *y, int *out);

/* Two tuples of nodes, as Python compares them. */
static int tuple_cmp(PyObject *x, PyObject *y, int *out) {
    Py_ssize_t lx = PyTuple_GET_SIZE(x), ly = PyTuple_GET_SIZE(y);
    for (Py_ssize_t i = 0; i < lx && i < ly; i++) {
        int st = ncmp(PyTuple_GET_ITEM(x, i), PyTuple_GET_ITEM(y, i), out);
        if (st != DONE || *out) return st;
    }
    *out = (lx > ly) - (lx < ly);
    return DONE;
}

/* Two nodes read into elements, as Python compares the nodes: *out is -1, 0 or 1. */
static int ecmp(const Elem *a, const Elem *b, int *out) {
    *out = 0;
    if (a->node == b->node) return DONE;
    if (a->kind != b->kind) {
        *out = a->kind < b->kind ? -1 : 1;
        return DONE;
    }
    if ((*out = rat_cmp(a->v, b->v)) != 0) return DONE;
    PyObject *x = a->node, *y = b->node;
    Py_ssize_t lx = PyTuple_GET_SIZE(x), ly = PyTuple_GET_SIZE(y);
    if (lx == 4 && ly == 4) {
        int st = tuple_cmp(PyTuple_GET_ITEM(x, 2), PyTuple_GET_ITEM(y, 2), out);
        if (st != DONE || *out) return st;
        return tuple_cmp(PyTuple_GET_ITEM(x, 3), PyTuple_GET_ITEM(y, 3), out);
    }
    *out = (lx > ly) - (lx < ly);
    return DONE;
}

/* Two nodes, as Python compares them: *out is -1, 0 or 1. */
static int ncmp(PyObject *x, PyObject *y, int *out) {
    *out = 0;
    if (x == y) return DONE;
    Elem a, b;
    int st = elem_of(x, &a);
    if (st == DONE) st = elem_of(y, &b);
    return st == DONE ? ecmp(&a, &b, out) : st;
}

/* Append to a list, made on the first item. */
static int append(PyObject **list, PyObject *item) {
    if (!*list && !(*list = PyList_New(0))) return -1;
    return PyList_Append(*list, item);
}

/* Add a node (already read into e) to a universe, on the given side. */
static int uni_add(Uni *u, const Elem *e, int top) {
    if (u->n >= UMAX) return GIVE_UP;
    u->e[u->n] = *e;
    u->top[u->n++] = top;
    return DONE;
}

/* Sort a universe's nodes (insertion sort: a few nodes) and give each its rank. */
static int uni_sort(Uni *u) {
    for (int i = 1; i < u->n; i++) {
        Elem e = u->e[i];
        int top = u->top[i], j = i, order = 0;
        for (; j > 0; j--) {
            int st = ecmp(&u->e[j - 1], &e, &order);
            if (st != DONE) return st;
            if (order <= 0) break;
            u->e[j] = u->e[j - 1];
            u->top[j] = u->top[j - 1];
        }
        u->e[j] = e;
        u->top[j] = top;
    }
    for (int i = 0; i < u->n; i++) {
        int order = 1;
        if (i) {
            int st = ecmp(&u->e[i - 1], &u->e[i], &order);
            if (st != DONE) return st;
        }
        u->rank[i] = order ? i : u->rank[i - 1];
    }
    return DONE;
}

/* The starting top mask of a universe. */
static uint32_t uni_top(const Uni *u) {
    uint32_t top = 0;
    for (int i = 0; i < u->n; i++) top |= (uint32_t)u->top[i] << i;
    return top;
}

/* The sub-universe of the nodes in `mask` (still sorted), on their sides in `top`. */
static void uni_sub(const Uni *u, uint32_t mask, uint32_t top, Uni *out) {
    out->n = 0;
    int last = -1; /* the rank in u of the node taken last */
    for (int i = 0; i < u->n; i++) {
        if (!(mask >> i & 1)) continue;
        int k = out->n++;
        out->e[k] = u->e[i];
        out->top[k] = top >> i & 1;
        out->rank[k] = k && u->rank[i] == last ? out->rank[k - 1] : k;
        last = u->rank[i];
    }
}

/* Two sorted sides (masks) compared as Python compares the tuples of their nodes. */
static int side_cmp(const Uni *u, uint32_t a, uint32_t b) {
    while (a && b) {
        int i = __builtin_ctz(a), j = __builtin_ctz(b);
        if (u->rank[i] != u->rank[j]) return u->rank[i] < u->rank[j] ? -1 : 1;
        a &= a - 1;
        b &= b - 1;
    }
    return (a != 0) - (b != 0);
}

/* The tuple of the nodes of a side, in order. */
static PyObject *side_tuple(const Uni *u, uint32_t mask) {
    PyObject *out = PyTuple_New(__builtin_popcount(mask));
    for (Py_ssize_t k = 0; out && mask; mask &= mask - 1, k++)
        PyTuple_SET_ITEM(out, k, Py_NewRef(u->e[__builtin_ctz(mask)].node));
    return out;
}

#endif
