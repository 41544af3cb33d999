/* mkdir and stat are POSIX. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gen/us_dirs.h"

int us_make_dirs(const char *path, char *failed, size_t failed_size)
{
    snprintf(failed, failed_size, "%s", path);
    char *p = strdup(path);
    if (!p)
        return ENOMEM;
    if (!*p) {
        free(p);
        return EINVAL;
    }
    int rc = 0;
    for (char *s = p + 1;; s++) {
        bool end = *s == '\0';
        if (*s == '/' || end) {
            char keep = *s;
            *s = '\0';
            struct stat st;
            if (mkdir(p, 0777) != 0 && !(errno == EEXIST && stat(p, &st) == 0 && S_ISDIR(st.st_mode))) {
                rc = errno == EEXIST ? ENOTDIR : errno;
                snprintf(failed, failed_size, "%s", p);
                break;
            }
            *s = keep;
        }
        if (end)
            break;
    }
    free(p);
    return rc;
}
