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

static int write_text(const char *dir, const char *file, const char *text, char *err, size_t err_size)
{
    char *path = path_join(dir, file);
    bool ok = us_out_text(path, text, err, err_size);
    free(path);
    return ok ? 0 : 2;
}

int us_bringup_write(const us_bringup_t *b, const char *dir, char *err, size_t err_size)
{
    char failed[4096];
    int rc = us_make_dirs(dir, failed, sizeof failed);
    if (rc) {
        snprintf(err, err_size, "cannot make directory %s: %s", failed, strerror(rc));
        return 2;
    }
    const struct {
        const char *file;
        const us_strbuf_t *text;
    } files[] = {{"writes.txt", &b->writes},   {"expected.txt", &b->expected}, {"inputs.txt", &b->inputs},
                 {"README.txt", &b->readme},   {"program.hex", &b->program}};
    for (unsigned i = 0; i < sizeof files / sizeof files[0]; i++)
        if (write_text(dir, files[i].file, files[i].text->data ? files[i].text->data : "", err, err_size) != 0)
            return 2;
    return 0;
}
