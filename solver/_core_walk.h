/* Steps towards a value for solver/_core.c (included after _core_search.h): Engine.reach and
 * the loop of Engine.forms.
 *
 * walk() calls a function for each step (part, a, op, rest, w, a_first) of the forms of v:
 * `part` makes a, `rest` makes w, and a op w (w op a unless a_first) is worth v.  reach()
 * asks whether there is one (search(): walk() stopping at the first), memoised per multiset;
 * _core_join.h lists the forms of each step.
 */
#ifndef CORE_WALK_H
#define CORE_WALK_H

/* Engine._needs: each (op, w, a_first) for a from one side and the target v. */
typedef struct { char op; char any; char a_first; Rat w; } Need;

static int needs(Rat a, Rat v, int integer_only, Need *out) {
    int k = 0, order = cmp(v, a);
    if (order >= 0) out[k++] = (Need){'+', 0, 1, diff(v, a)};
    if (order <= 0) out[k++] = (Need){'-', 0, 1, diff(a, v)};
    if (v.n) out[k++] = (Need){'-', 0, 0, add(a, v)};
    if (a.n) {
        out[k++] = (Need){'*', 0, 1, quo(v, a)};
        out[k++] = (Need){'/', 0, 0, mul(v, a)};
        if (v.n) out[k++] = (Need){'/', 0, 1, quo(a, v)};
    } else if (!v.n) {
        out[k++] = (Need){'*', 1, 1, {0, 1}};
        out[k++] = (Need){'/', 1, 1, {0, 1}};
    }
    if (!integer_only) return k;
    int kept = 0;
    for (int i = 0; i < k; i++)
        if (out[i].any || out[i].w.d == 1) out[kept++] = out[i];
    return kept;
}

/* Engine._any: whether (or, with `each`, which) values of r may stand beside a 0. */
static inline int beside_zero(Rat x, const Need *need) {
    return x.n || !(need->op == '/' && need->a_first);
}

static int reach(Core *c, Node *x, Rat v);

/* Whether r makes w, from its list while it is small (as Engine.forms asks). */
static inline int makes(Core *c, Node *r, Rat w) {
    if (r->n <= SMALL || r->listed) {
        if (list_values(c, r) < 0) return -1;
        return find(&r->set, w) != NULL;
    }
    return reach(c, r, w);
}

typedef int (*StepFn)(Core *c, void *with, Node *p, Rat a, const Need *need, Node *r, Rat w);

/* Each step of the forms of v over x, as Engine.forms finds them, to step(); stops at the
 * first step() that returns non-zero (an error, -1, or a step found, 1) and returns it. */
static int walk(Core *c, Node *x, Rat v, StepFn step, void *with) {
    Need need[6];
    int done;
    if (make_splits(c, x) < 0) return -1;
    for (Py_ssize_t s = 0; s < x->splits; s++) {
        Node *p = x->parts[2 * s], *r = x->parts[2 * s + 1];
        if (list_values(c, p) < 0) return -1;
        for (Py_ssize_t i = 0; i < p->count; i++) {
            Rat a = p->list[i];
            int k = needs(a, v, c->integer_only, need);
            for (int j = 0; j < k; j++) {
                if (need[j].any) {
                    if (list_values(c, r) < 0) return -1;
                    for (Py_ssize_t m = 0; m < r->count; m++)
                        if (beside_zero(r->list[m], &need[j]) &&
                            (done = step(c, with, p, a, &need[j], r, r->list[m])))
                            return done;
                    continue;
                }
                int found = makes(c, r, need[j].w);
                if (found < 0) return -1;
                if (found && (done = step(c, with, p, a, &need[j], r, need[j].w))) return done;
            }
        }
    }
    return 0;
}

/* A step: the search stops there (search()). */
static int found_one(Core *c, void *with, Node *p, Rat a, const Need *need, Node *r, Rat w) {
    (void)c, (void)with, (void)p, (void)a, (void)need, (void)r, (void)w;
    return 1;
}

/* Engine._search: whether some split of x makes v (the first step that walk() finds). */
static int search(Core *c, Node *x, Rat v) { return walk(c, x, v, found_one, NULL); }

/* Engine.reach */
static int reach(Core *c, Node *x, Rat v) {
    if (x->n <= SMALL || x->listed) return makes(c, x, v);
    long limit = 1;
    for (Py_ssize_t i = SMALL; i < x->n; i++) limit *= LIST_GROWTH;
    if (++x->asked > limit) {
        if (list_values(c, x) < 0) return -1;
        return find(&x->set, v) != NULL;
    }
    intptr_t *memo = find(&x->memo, v);
    if (memo) return (int)*memo;
    int found = search(c, x, v);
    if (found < 0 || put(&x->memo, v, found) < 0) return -1;
    c->entries++;
    return found;
}

#endif
