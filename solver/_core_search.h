/* The search of solver/search.py over machine-word fractions, for solver/_core.c.
 *
 * A compiled twin of Engine.values, with what Engine.reach and the loop of Engine.forms
 * build on (_core_walk.h).  It answers exactly what the pure Python path answers, on the same rules, and only for
 * hands whose every value fits: with each number p/q and the target weighing p + q, every
 * value made (and every product worked out on the way) is at most the product of the
 * weights, which must stay below 2**62.  Other hands get None, and Python does the work.
 * Memoised per multiset; the caller empties it (clear()) or it empties itself between two
 * calls once it holds more than LIMIT entries or FORMS_LIMIT sets of forms (_core_join.h).
 */
#ifndef CORE_SEARCH_H
#define CORE_SEARCH_H
#include <stdint.h>

#define SMALL 3          /* as search.SMALL */
#define LIST_GROWTH 16   /* as search.LIST_GROWTH */
#define LIMIT 4000000    /* entries held before the next call empties everything */
#define FORMS_LIMIT 200000 /* sets of forms held before it does (as search.CACHE_LIMIT) */
#define BOUND ((uint64_t)1 << 62)

typedef struct { int64_t n, d; } Rat; /* n >= 0, d >= 1, in lowest terms; d == 0: empty slot */

static inline uint64_t gcd(uint64_t a, uint64_t b) {
    if (!a) return b;
    if (!b) return a;
    int shift = __builtin_ctzll(a | b);
    a >>= __builtin_ctzll(a);
    do {
        b >>= __builtin_ctzll(b);
        if (a > b) { uint64_t t = b; b = a; a = t; }
        b -= a;
    } while (b);
    return a << shift;
}
static inline Rat make(int64_t n, int64_t d) {
    int64_t g = (int64_t)gcd((uint64_t)n, (uint64_t)d);
    return (Rat){n / g, d / g};
}
static inline Rat add(Rat a, Rat b) {
    if (a.d == 1 && b.d == 1) return (Rat){a.n + b.n, 1};
    return make(a.n * b.d + b.n * a.d, a.d * b.d);
}
static inline Rat diff(Rat a, Rat b) { /* |a - b| */
    if (a.d == 1 && b.d == 1) return (Rat){a.n >= b.n ? a.n - b.n : b.n - a.n, 1};
    int64_t x = a.n * b.d, y = b.n * a.d;
    return make(x >= y ? x - y : y - x, a.d * b.d);
}
static inline Rat mul(Rat a, Rat b) {
    if (a.d == 1 && b.d == 1) return (Rat){a.n * b.n, 1};
    return make(a.n * b.n, a.d * b.d);
}
static inline Rat quo(Rat a, Rat b) { return make(a.n * b.d, a.d * b.n); } /* b.n != 0 */
static inline int cmp(Rat a, Rat b) {
    int64_t x = a.n * b.d, y = b.n * a.d;
    return (x > y) - (x < y);
}

/* --- a hash table of fractions, each with a word ----------------------------------------- */

typedef struct { Rat *keys; intptr_t *vals; size_t cap, len; } Table;

static inline size_t slot(const Table *t, Rat r) {
    uint64_t h = (uint64_t)r.n * 0x9E3779B97F4A7C15ULL ^ (uint64_t)r.d * 0xC2B2AE3D27D4EB4FULL;
    return (size_t)(h ^ h >> 31) & (t->cap - 1);
}
static intptr_t *find(const Table *t, Rat r) { /* the word of r, or NULL */
    if (!t->len) return NULL;
    for (size_t i = slot(t, r);; i = (i + 1) & (t->cap - 1)) {
        if (t->keys[i].d == 0) return NULL;
        if (t->keys[i].n == r.n && t->keys[i].d == r.d) return &t->vals[i];
    }
}
static int put(Table *t, Rat r, intptr_t v) { /* 1 added, 0 there already, -1 no memory */
    if (2 * (t->len + 1) > t->cap) {
        Table bigger = {NULL, NULL, t->cap ? 2 * t->cap : 16, 0};
        bigger.keys = PyMem_Calloc(bigger.cap, sizeof(Rat));
        bigger.vals = PyMem_Malloc(bigger.cap * sizeof(intptr_t));
        if (!bigger.keys || !bigger.vals) {
            PyMem_Free(bigger.keys);
            PyMem_Free(bigger.vals);
            PyErr_NoMemory();
            return -1;
        }
        for (size_t i = 0; i < t->cap; i++)
            if (t->keys[i].d) put(&bigger, t->keys[i], t->vals[i]);
        PyMem_Free(t->keys);
        PyMem_Free(t->vals);
        *t = bigger;
    }
    size_t i = slot(t, r);
    for (; t->keys[i].d; i = (i + 1) & (t->cap - 1))
        if (t->keys[i].n == r.n && t->keys[i].d == r.d) return 0;
    t->keys[i] = r;
    t->vals[i] = v;
    t->len++;
    return 1;
}
static void drop(Table *t) {
    PyMem_Free(t->keys);
    PyMem_Free(t->vals);
    *t = (Table){NULL, NULL, 0, 0};
}

/* --- multisets ----------------------------------------------------------------------------- */

typedef struct Node {
    Py_ssize_t n;
    PyObject *key;       /* the multiset, a sorted tuple (owned) */
    Rat one;             /* its number, when n == 1 */
    int listed;          /* values listed: in set, and list[0..count) */
    Table set;
    Rat *list;
    Py_ssize_t count;
    PyObject *frozen;    /* the values as a frozenset, once asked for (owned) */
    long asked;
    Table memo;          /* reach: value -> 0 or 1 */
    Table forms;         /* value -> the frozenset of its normal forms (owned) */
    Py_ssize_t splits;   /* -1: not yet made; else parts[2 * i], parts[2 * i + 1] */
    struct Node **parts;
} Node;

typedef struct {
    PyObject_HEAD
    int integer_only;
    PyObject *index;     /* multiset -> its node's number */
    Node **nodes;
    Py_ssize_t count, cap;
    Table interned;      /* value -> its Python object (owned) */
    PyObject *fraction;  /* fraction(n, d) makes a Fraction */
    PyObject *splitter;  /* splitter(multiset) lists its splits, as search.splits */
    size_t entries;
    size_t forms_kept;   /* sets of forms held on the nodes */
    int busy;            /* forms being listed (Python may run meanwhile): nothing is forgotten */
} Core;

/* fractions.Fraction and the slots that hold its numerator and denominator, found once
 * (fraction_slots()): read straight from there, not through its properties. */
static PyTypeObject *fraction_type;
static PyMemberDef *numerator_slot, *denominator_slot;

static int fraction_slots(void) {
    PyObject *module = PyImport_ImportModule("fractions"), *slot[2] = {NULL, NULL};
    PyObject *type = module ? PyObject_GetAttrString(module, "Fraction") : NULL;
    Py_XDECREF(module);
    if (!type) return -1;
    if (!PyType_Check(type)) {
        Py_DECREF(type);
        return 0; /* not a class: numbers are read through their properties */
    }
    static const char *names[2] = {"_numerator", "_denominator"};
    for (int i = 0; i < 2; i++) {
        slot[i] = PyObject_GetAttrString(type, names[i]);
        if (!slot[i]) {
            PyErr_Clear(); /* another Fraction: its properties will do */
        } else if (Py_IS_TYPE(slot[i], &PyMemberDescr_Type)) {
            PyMemberDef *member = ((PyMemberDescrObject *)slot[i])->d_member;
            if (member->type == T_OBJECT_EX) *(i ? &denominator_slot : &numerator_slot) = member;
        }
    }
    if (!numerator_slot || !denominator_slot) numerator_slot = denominator_slot = NULL;
    /* The type and its slots are kept for good (the module is never unloaded). */
    fraction_type = (PyTypeObject *)type;
    return 0;
}

static int as_rat(PyObject *x, Rat *out) { /* 1 done, 0 does not fit, -1 error */
    PyObject *n = NULL, *d = NULL;
    int overflow = 0, done = 0;
    if (PyLong_CheckExact(x)) {
        long long nn = PyLong_AsLongLongAndOverflow(x, &overflow);
        if (nn == -1 && PyErr_Occurred()) return -1;
        if (overflow || nn < 0 || (uint64_t)nn >= BOUND) return 0;
        *out = (Rat){nn, 1};
        return 1;
    }
    if (numerator_slot && PyObject_TypeCheck(x, fraction_type)) {
        n = PyMember_GetOne((const char *)x, numerator_slot);
        d = n ? PyMember_GetOne((const char *)x, denominator_slot) : NULL;
    } else {
        n = PyObject_GetAttrString(x, "numerator");
        d = n ? PyObject_GetAttrString(x, "denominator") : NULL;
    }
    if (!n || !d || !PyLong_Check(n) || !PyLong_Check(d)) goto out;
    long long nn = PyLong_AsLongLongAndOverflow(n, &overflow);
    if (overflow || (nn == -1 && PyErr_Occurred())) goto out;
    long long dd = PyLong_AsLongLongAndOverflow(d, &overflow);
    if (overflow || (dd == -1 && PyErr_Occurred())) goto out;
    if (nn < 0 || dd < 1 || (uint64_t)nn + (uint64_t)dd >= BOUND) goto out;
    *out = (Rat){nn, dd};
    done = 1;
out:
    Py_XDECREF(n);
    Py_XDECREF(d);
    return PyErr_Occurred() ? -1 : done;
}

/* 1 if every value a search of `key` for `target` (or NULL) makes fits, 0 if not, -1 error */
static int fits(PyObject *key, PyObject *target) {
    if (!PyTuple_CheckExact(key)) return 0;
    uint64_t weight = 1;
    Py_ssize_t n = PyTuple_GET_SIZE(key);
    for (Py_ssize_t i = -1; i < n; i++) {
        PyObject *x = i < 0 ? target : PyTuple_GET_ITEM(key, i);
        if (!x) continue;
        Rat r;
        int ok = as_rat(x, &r);
        if (ok <= 0) return ok;
        if (__builtin_mul_overflow(weight, (uint64_t)(r.n + r.d), &weight) || weight >= BOUND)
            return 0;
    }
    return 1;
}

static Node *node(Core *c, PyObject *key) {
    PyObject *at = PyDict_GetItemWithError(c->index, key);
    if (at) return c->nodes[PyLong_AsSsize_t(at)];
    if (PyErr_Occurred()) return NULL;
    Node *x = PyMem_Calloc(1, sizeof(Node));
    if (!x) return (Node *)PyErr_NoMemory();
    x->n = PyTuple_GET_SIZE(key);
    x->key = Py_NewRef(key);
    x->splits = -1;
    if (x->n == 1 && as_rat(PyTuple_GET_ITEM(key, 0), &x->one) != 1) goto fail;
    if (c->count == c->cap) {
        Py_ssize_t cap = c->cap ? 2 * c->cap : 64;
        Node **nodes = PyMem_Realloc(c->nodes, cap * sizeof(Node *));
        if (!nodes) { PyErr_NoMemory(); goto fail; }
        c->nodes = nodes;
        c->cap = cap;
    }
    PyObject *number = PyLong_FromSsize_t(c->count);
    if (!number || PyDict_SetItem(c->index, key, number) < 0) { Py_XDECREF(number); goto fail; }
    Py_DECREF(number);
    c->nodes[c->count++] = x;
    return x;
fail:
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a number that does not fit");
    Py_DECREF(x->key);
    PyMem_Free(x);
    return NULL;
}

static int make_splits(Core *c, Node *x) {
    if (x->splits >= 0) return 0;
    PyObject *list = PyObject_CallOneArg(c->splitter, x->key);
    if (!list) return -1;
    PyObject *seq = PySequence_Fast(list, "splits must be a list");
    Py_DECREF(list);
    if (!seq) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    x->parts = PyMem_Malloc((2 * k + 1) * sizeof(Node *));
    if (!x->parts) { Py_DECREF(seq); PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < 2 * k; i++) {
        PyObject *pair = PySequence_Fast_ITEMS(seq)[i / 2];
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
            !(x->parts[i] = node(c, PyTuple_GET_ITEM(pair, i % 2)))) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a split is a pair");
            PyMem_Free(x->parts);
            x->parts = NULL;
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    x->splits = k;
    return 0;
}

/* Engine.values: every value the multiset makes, into x->set and x->list. */
static int list_values(Core *c, Node *x) {
    if (x->listed) return 0;
    Table out = {NULL, NULL, 0, 0};
    if (x->n == 1) {
        if (put(&out, x->one, 0) < 0) return -1;
    } else {
        if (make_splits(c, x) < 0) return -1;
        for (Py_ssize_t s = 0; s < x->splits; s++) {
            Node *p = x->parts[2 * s], *r = x->parts[2 * s + 1];
            if (list_values(c, p) < 0 || list_values(c, r) < 0) goto fail;
            for (Py_ssize_t i = 0; i < p->count; i++) {
                Rat a = p->list[i];
                for (Py_ssize_t j = 0; j < r->count; j++) {
                    Rat b = r->list[j], q;
                    if (put(&out, add(a, b), 0) < 0 || put(&out, diff(a, b), 0) < 0 ||
                        put(&out, mul(a, b), 0) < 0)
                        goto fail;
                    if (b.n && (q = quo(a, b), !c->integer_only || q.d == 1) && put(&out, q, 0) < 0)
                        goto fail;
                    if (a.n && (q = quo(b, a), !c->integer_only || q.d == 1) && put(&out, q, 0) < 0)
                        goto fail;
                }
            }
        }
    }
    x->list = PyMem_Malloc((out.len + 1) * sizeof(Rat));
    if (!x->list) { PyErr_NoMemory(); goto fail; }
    for (size_t i = 0; i < out.cap; i++)
        if (out.keys[i].d) x->list[x->count++] = out.keys[i];
    x->set = out;
    x->listed = 1;
    c->entries += out.len;
    return 0;
fail:
    drop(&out);
    return -1;
}

#endif
