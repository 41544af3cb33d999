#include "isa/us_labels.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/us_strbuf.h"

/* FNV-1a: labels are short, any spread will do. */
static size_t hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The slot holding name, or the empty one where it would go. */
static size_t probe(const us_labels_t *t, const char *name)
{
    size_t mask = t->nslots - 1, i = hash(name) & mask;
    while (t->slot[i] && strcmp(t->v[t->slot[i] - 1].name, name) != 0)
        i = (i + 1) & mask;
    return i;
}

const us_label_t *us_labels_find(const us_labels_t *t, const char *name)
{
    if (!t->nslots)
        return NULL;
    unsigned s = t->slot[probe(t, name)];
    return s ? &t->v[s - 1] : NULL;
}

static void rehash(us_labels_t *t, size_t nslots)
{
    free(t->slot);
    t->slot = us_xrealloc(NULL, nslots * sizeof *t->slot);
    memset(t->slot, 0, nslots * sizeof *t->slot);
    t->nslots = nslots;
    for (unsigned k = 0; k < t->n; k++)
        t->slot[probe(t, t->v[k].name)] = k + 1;
}

void us_labels_add(us_labels_t *t, const char *name, unsigned index, unsigned line)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 64;
        t->v = us_xrealloc(t->v, (size_t)t->cap * sizeof *t->v);
    }
    us_label_t *lb = &t->v[t->n++];
    snprintf(lb->name, sizeof lb->name, "%s", name);
    lb->index = index;
    lb->line = line;
    if ((size_t)t->n * 2 > t->nslots)
        rehash(t, t->nslots ? t->nslots * 2 : 128);
    else
        t->slot[probe(t, lb->name)] = t->n;
}

void us_labels_free(us_labels_t *t)
{
    free(t->v);
    free(t->slot);
    memset(t, 0, sizeof *t);
}
