/* Output files that are whole or absent. A file is written to a temporary beside it and renamed into place only
 * when every write and the close succeeded, so a failed write (full disk, size limit) leaves no partial file and
 * the old one untouched. A device or pipe (/dev/null, /dev/full, a FIFO) is written in place. Messages are
 * "cannot write PATH: REASON". */
#ifndef US_OUT_H
#define US_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct us_out {
    FILE *f;    /* write here */
    char *path; /* the file as named */
    char *tmp;  /* the temporary renamed over the target; NULL when written in place */
    char *target; /* where the temporary goes (a symbolic link's target) */
} us_out_t;

bool us_out_open(us_out_t *o, const char *path, char *err, size_t err_size);
/* Flushes, checks every write and the close, renames into place; on failure removes the temporary. */
bool us_out_close(us_out_t *o, char *err, size_t err_size);
/* us_out_close in two steps, for a set of files that replace the old set only together: finish checks every write
 * and closes (on failure it removes the temporary), commit renames into place. */
bool us_out_finish(us_out_t *o, char *err, size_t err_size);
bool us_out_commit(us_out_t *o, char *err, size_t err_size);
/* The set's end: with ok, commits the n finished files (false at the first that fails); else aborts them all. */
bool us_out_commit_all(us_out_t *out, unsigned n, bool ok, char *err, size_t err_size);
/* Gives up, opened or finished: removes the temporary (the old file stays). */
void us_out_abort(us_out_t *o);
/* The whole of text into path. */
bool us_out_text(const char *path, const char *text, char *err, size_t err_size);

/* The tools end with this: flushes standard output and returns status, or, when a write to it failed, prints
 * "TOOL: cannot write standard output: REASON" to stderr and returns 2. */
int us_stdout_status(const char *tool, int status);

#endif
