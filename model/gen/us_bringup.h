/* The bring-up export: one vector as the files a lab replays on an R500 (docs/bringup.md): the register writes in
 * order, the program they load, the inputs the rasterizer and texture unit supply, the expected results and a
 * README. us_bringup_make composes the texts; us_bringup_write puts them in a directory. */
#ifndef US_BRINGUP_H
#define US_BRINGUP_H

#include <stdbool.h>

#include "gen/us_vec.h"

typedef struct us_write_list {
    us_reg_write_t *w;
    unsigned n, cap;
} us_write_list_t;

/* The export's register writes (us_bringup_writes.c): what a driver writes to load the state sh that the vector's
 * own writes leave, in Mesa's order; const_chans[k] != 0 for the constants the vector loads. Free l->w. */
void us_bringup_driver_writes(const us_shader_t *sh, const us_vector_t *v, const uint8_t const_chans[US_NCONST],
                              us_write_list_t *l);
/* 0 when the writes load exactly sh's program, constants and control registers; else 2 and a message. */
int us_bringup_writes_check(const us_shader_t *sh, const us_write_list_t *l, char *err, size_t err_size);

typedef struct us_bringup {
    us_strbuf_t writes, program, expected, inputs, readme; /* writes.txt program.hex expected.txt inputs.txt README.txt */
    unsigned nwrites;                  /* register writes of the vector */
    unsigned ninst, first_slot, last_slot; /* the code window: ninst slots first_slot..last_slot (mod 512) */
    bool from_model;                   /* expected results are the golden model's (the vector has no expect lines) */
    unsigned model_diffs;              /* places the golden model differs from the vector's expect lines */
    unsigned nexact, nbounded;         /* expected values compared exactly, and within bounds */
    unsigned unstable;                 /* decisions the bounds do not settle (golden/us_bound.h); 0: stable */
    unsigned unstable_pc, unstable_pixel;
    char unstable_why[200];
    char error[256];                   /* non-empty: the export could not be made (an internal check failed) */
} us_bringup_t;

/* Composes every text of the export of v (read from vec_path, which the texts name). Free with us_bringup_free. */
void us_bringup_make(us_bringup_t *b, const us_vector_t *v, const char *vec_path);
void us_bringup_free(us_bringup_t *b);

/* Writes the five files into dir, making it and its parents as needed. Returns 0, or 2 with a message naming the
 * path in err. */
int us_bringup_write(const us_bringup_t *b, const char *dir, char *err, size_t err_size);

/* A lab's read-back `results` (read from results_path; expected.txt's line format, bounds ignored) against the
 * `expected` text of an export: a table into out, one row per expected item (*checked of them read). Returns 0
 * when every item is read and within its rule, 1 when any is outside or missing (a MISSING row names it; with
 * `partial`, items left out are only counted), 2 on bad input (err names file:line). */
int us_bringup_check(const char *expected, const char *results, const char *results_path, bool partial,
                     us_strbuf_t *out, unsigned *checked, char *err, size_t err_size);

/* What us_bringup_suite has done so far, for a front end to show while it works: phase "read" (candidates read of
 * all there are, the suite's own two sweeps included; failed: the unreadable ones), then "choose" (field values
 * covered by the vectors chosen and exported, of those the stable, silicon-safe candidates reach; failed: 1 when an
 * export failed, which ends the suite). Called after every candidate read and every vector chosen. */
typedef void us_bringup_progress_fn(void *ctx, const char *phase, unsigned done, unsigned total, unsigned failed);

/* The bring-up suite into directory out: from the candidate vectors (files, or every *.vec of a directory), the
 * stable, silicon-safe ones that together execute every legal value of every instruction field they reach,
 * chosen greedily, each exported into out/vectors/NAME/ with the vector, plus out/index.tsv and out/README.md.
 * A summary line (and any unreadable candidate) goes to summary. progress (NULL: none) is told how far it is, with
 * progress_ctx. Returns 0, or 2 with a message in err. */
int us_bringup_suite(const char *out, char *const *inputs, unsigned ninputs, us_strbuf_t *summary,
                     us_bringup_progress_fn *progress, void *progress_ctx, char *err, size_t err_size);

#endif
