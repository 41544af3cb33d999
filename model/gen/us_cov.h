/* Functional coverage of the golden model, sampled once per retired instruction from the quad state before the
 * step and the retire record after it. The bins are defined here and in us_cov.c, and nowhere else: the text,
 * HTML and TSV reports (us_cov_report.c) and any other tool read these tables.
 *
 * Spaces (each a full cross of its axes, minus the bins that cannot exist: its rules, each with its reason):
 *   alu:    op (27: 12 rgb + 15 alpha) x input modifier x value class x running pattern x loop depth
 *   fc:     FC op x decision (jumped or not) x loop depth
 *   errors: the error flag a quad ended with
 * Crosses (what the reports show): a space whole, or its projection onto some of its axes. */
#ifndef US_COV_H
#define US_COV_H

#include <stdio.h>

#include "golden/us_exec.h"

enum us_cov_space_id { US_COV_ALU, US_COV_FC, US_COV_ERR, US_COV_NSPACES };

/* Axis sizes. */
#define US_COV_NOPS 27u
#define US_COV_NMODS 5u     /* none neg abs -abs, and "-" for an op that reads no operand */
#define US_COV_NCLASSES 7u  /* zero one +normal -normal inf nan, and "-": no value (no operand, or nobody runs) */
#define US_COV_NPATTERNS 16u
#define US_COV_NDEPTHS 9u   /* 0..7, and 8+ (deeper stacks, possible only with loop_depth > 8, fold in) */
#define US_COV_NFCOPS 8u
#define US_COV_MOD_NA 4u
#define US_COV_CLASS_NA 6u
#define US_COV_MAX_AXES 5u

typedef struct us_cov_axis {
    const char *name;
    unsigned n;
    const char *const *label;
} us_cov_axis_t;

/* A rule that leaves bins of a space out: the bins it excludes, and why none of them can be sampled. */
typedef struct us_cov_rule {
    const char *id, *why;
    bool (*excludes)(const unsigned *idx);
} us_cov_rule_t;

typedef struct us_cov_space {
    const char *name;
    unsigned naxes;
    const us_cov_axis_t *axis[US_COV_MAX_AXES];
    unsigned size; /* product of the axis sizes */
    const us_cov_rule_t *rules; /* a bin exists when no rule excludes it */
    unsigned nrules;
    const char *(*note)(const unsigned *idx); /* why a bin is hard to reach, or NULL */
} us_cov_space_t;

typedef struct us_cov_cross {
    const char *id, *title;
    unsigned space, naxes;
    unsigned axis[US_COV_MAX_AXES]; /* axes of the space, in the space's order */
    bool list_unhit;                /* the report lists every unhit bin */
} us_cov_cross_t;

/* The ALU op axis: unit 0 rgb (RGB_OP), 1 alpha (ALPHA_OP). */
typedef struct us_cov_op {
    const char *name;
    unsigned unit, code;
} us_cov_op_t;

extern const us_cov_op_t us_cov_ops[US_COV_NOPS];
extern const us_cov_space_t us_cov_spaces[US_COV_NSPACES];
#define US_COV_NCROSSES 10u
extern const us_cov_cross_t us_cov_crosses[US_COV_NCROSSES];

/* Per cross, per bin (flat, first axis slowest): how many retired instructions (quads, for errors) hit it.
 * Counted per cross, not summed from the full cross, so an instruction counts once in every bin it hits. */
typedef struct us_cov {
    uint64_t *count[US_COV_NCROSSES];
    uint64_t quads, retired, alu, fc, tex, faulted, quads_clean;
} us_cov_t;

void us_cov_init(us_cov_t *c);
void us_cov_free(us_cov_t *c);

/* What sampling needs from before the step. */
typedef struct us_cov_pre {
    unsigned depth;
    uint32_t errors;
    bool alu; /* an ALU/OUT word: in holds its operand values */
    us_alu_inputs_t in[US_NPIX];
} us_cov_pre_t;

void us_cov_before(us_cov_pre_t *pre, const us_quad_t *q, const us_shader_t *sh);
void us_cov_after(us_cov_t *c, const us_cov_pre_t *pre, const us_shader_t *sh, const us_retire_t *r);
/* us_cov_before, us_quad_step, us_cov_after; returns what us_quad_step returns. Counts the quad at its end. */
bool us_cov_step(us_cov_t *c, us_quad_t *q, const us_shader_t *sh);

/* Value class of an operand value: 0 zero (+-0 and denormals, which the arithmetic reads as zero), 1 one (+1.0),
 * 2 +normal, 3 -normal, 4 +-inf, 5 NaN. */
unsigned us_cov_class(uint32_t v);

/* Bins of a cross: us_cov_cross_size of them, indexed like a space (first axis slowest). A bin exists when some
 * bin of its space above it can exist (valid[] gets that). */
unsigned us_cov_cross_size(const us_cov_cross_t *x);
void us_cov_valid(const us_cov_cross_t *x, bool *valid);
/* The first rule of the space that excludes bin idx (axis values of the whole space), or NULL: the bin exists. */
const us_cov_rule_t *us_cov_excluded_by(unsigned space, const unsigned *idx);
/* Bins of cross c that were hit although no bin of its space above them can exist: a wrong rule or a sampling
 * bug. Counts them; with list, their flat indices go to list (us_cov_cross_size entries at most). */
unsigned us_cov_impossible(const us_cov_t *c, unsigned cross, unsigned *list);
/* Splits a cross's flat index into axis values (idx[k] for the cross's axis k). */
void us_cov_unflatten(const us_cov_cross_t *x, unsigned flat, unsigned *idx);
/* Label of value v of the cross's axis k. */
const char *us_cov_label(const us_cov_cross_t *x, unsigned k, unsigned v);

/* Reports (us_cov_report.c). inputs describes what was run, one line. */
void us_cov_write_text(FILE *f, const us_cov_t *c, const char *inputs);
void us_cov_write_html(FILE *f, const us_cov_t *c, const char *inputs);
/* Every hit bin of every cross, tab separated, for tools and tests. */
void us_cov_write_tsv(FILE *f, const us_cov_t *c);
/* One line per cross: id, title, hit / total, percentage. */
void us_cov_write_headline(FILE *f, const us_cov_t *c);

#endif
