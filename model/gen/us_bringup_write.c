/* Writing a bring-up export (us_bringup.h) into a directory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/us_bringup.h"
#include "gen/us_dirs.h"
#include "isa/us_out.h"

static char *path_join(const char *dir, const char *file)
{
    size_t n = strlen(dir) + strlen(file) + 2;
    char *p = malloc(n);
    if (!p) {
        fputs("us_bringup: out of memory\n", stderr);
        exit(2);
    }
    snprintf(p, n, "%s/%s", dir, file);
    return p;
}

/* The export is a set: every file goes to its temporary first, and only when all are written do they replace the
 * old ones, so a failed write leaves the old export whole. */
int us_bringup_write(const us_bringup_t *b, const char *dir, char *err, size_t err_size)
{
    char failed[4096];
    int rc = us_make_dirs(dir, failed, sizeof failed);
    if (rc) {
        snprintf(err, err_size, "cannot make directory %s: %s", failed, strerror(rc));
        return 2;
    }
    enum { NFILES = 5 };
    const struct {
        const char *file;
        const us_strbuf_t *text;
    } files[NFILES] = {{"writes.txt", &b->writes}, {"expected.txt", &b->expected}, {"inputs.txt", &b->inputs},
                       {"README.txt", &b->readme}, {"program.hex", &b->program}};
    us_out_t out[NFILES];
    unsigned n = 0; /* files whole in their temporaries */
    bool ok = true;
    while (ok && n < NFILES) {
        char *path = path_join(dir, files[n].file);
        ok = us_out_open(&out[n], path, err, err_size);
        free(path);
        if (ok) {
            fputs(files[n].text->data ? files[n].text->data : "", out[n].f);
            ok = us_out_finish(&out[n], err, err_size);
        }
        n += ok;
    }
    return us_out_commit_all(out, n, ok, err, err_size) ? 0 : 2;
}
