/* Output directories of the tools' writers (bring-up export, coverage reports). */
#ifndef US_DIRS_H
#define US_DIRS_H

#include <stddef.h>

/* mkdir -p: makes every missing directory of path (not empty). Returns 0, or the errno of the first directory that
 * could not be made (ENOTDIR where a part exists and is not a directory), with that directory's name in failed. */
int us_make_dirs(const char *path, char *failed, size_t failed_size);

#endif
