/* The assembler's labels: names of instruction slots, found by a hash table so that a source with many labels
 * assembles in linear time. */
#ifndef US_LABELS_H
#define US_LABELS_H

#include <stddef.h>

typedef struct us_label {
    char name[48];
    unsigned index; /* instruction slot it names */
    unsigned line;
} us_label_t;

typedef struct us_labels {
    us_label_t *v; /* in definition order */
    unsigned n, cap;
    unsigned *slot; /* open addressing: label number + 1, 0 = empty; a power of two, at least twice n */
    size_t nslots;
} us_labels_t;

/* The label called name, or NULL. */
const us_label_t *us_labels_find(const us_labels_t *t, const char *name);
/* Adds a label (name shorter than us_label_t.name; not yet defined: the caller checks with us_labels_find). */
void us_labels_add(us_labels_t *t, const char *name, unsigned index, unsigned line);
void us_labels_free(us_labels_t *t);

#endif
