/* Coverage runs: every input through the golden model, each retired instruction sampled into a us_cov_t
 * (us_cov.h), and the reports written. Seeds run 1..N; a random program of seed s runs on the random inputs of seed
 * s with watchdog 4096, as uscosim --random does. Errors return -1 with "file: message" (file:line for a parse
 * error) in err. */
#ifndef US_COV_RUN_H
#define US_COV_RUN_H

#include <stddef.h>

#include "gen/us_cov.h"
#include "isa/us_strbuf.h"

/* A vector, or every *.vec under a directory (recursively, in sorted order). desc gets a description of the input. */
int us_cov_run_vectors(us_cov_t *c, const char *path, us_strbuf_t *desc, char *err, size_t err_size);
/* A hex program, or every *.hex and *.txt in a directory, each on the random inputs of seeds 1..seeds. */
int us_cov_run_programs(us_cov_t *c, const char *path, unsigned long seeds, us_strbuf_t *desc, char *err,
                        size_t err_size);
/* seeds random legal programs of len instructions. */
void us_cov_run_random(us_cov_t *c, unsigned len, unsigned long seeds, us_strbuf_t *desc);
/* coverage.txt, coverage.html and coverage.tsv into dir (made if missing); inputs describes what ran. */
int us_cov_write_reports(const char *dir, const us_cov_t *c, const char *inputs, char *err, size_t err_size);

#endif
