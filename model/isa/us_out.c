/* open, fdopen, lstat and getpid are POSIX; realpath is its XSI part. */
#define _XOPEN_SOURCE 700
#include "isa/us_out.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool failed(char *err, size_t err_size, const char *path, int e)
{
    snprintf(err, err_size, "cannot write %s: %s", path, strerror(e ? e : EIO));
    return false;
}

/* Why a write to f failed: stdio keeps only the error flag, so one byte more is tried (the output is broken already;
 * a temporary is removed anyway). */
static int write_error(FILE *f)
{
    errno = 0;
    if (write(fileno(f), "\n", 1) < 0 && errno)
        return errno;
    return EIO;
}

static void release(us_out_t *o)
{
    free(o->path);
    free(o->tmp);
    free(o->target);
    memset(o, 0, sizeof *o);
}

/* A temporary in target's directory, created afresh (O_EXCL) with the mode a new file gets. */
static int make_temp(const char *target, char **tmp)
{
    const char *slash = strrchr(target, '/');
    int dirlen = slash ? (int)(slash - target + 1) : 0;
    static unsigned counter;
    size_t n = (size_t)dirlen + 64;
    *tmp = malloc(n);
    if (!*tmp)
        return -1;
    for (unsigned tries = 0; tries < 1000; tries++) {
        snprintf(*tmp, n, "%.*s.us-tmp.%ld.%u", dirlen, target, (long)getpid(), counter++);
        int fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

bool us_out_open(us_out_t *o, const char *path, char *err, size_t err_size)
{
    memset(o, 0, sizeof *o);
    o->path = strdup(path);
    if (!o->path)
        return failed(err, err_size, path, ENOMEM);
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        o->f = fopen(path, "w"); /* a device or pipe: renaming over it would replace it */
        if (!o->f) {
            int e = errno;
            release(o);
            return failed(err, err_size, path, e);
        }
        return true;
    }
    /* Through a symbolic link, replace the file it names, not the link. */
    o->target = lstat(path, &st) == 0 && S_ISLNK(st.st_mode) ? realpath(path, NULL) : NULL;
    if (!o->target)
        o->target = strdup(path);
    int fd = o->target ? make_temp(o->target, &o->tmp) : -1;
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        int e = errno;
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        release(o);
        return failed(err, err_size, path, e);
    }
    return true;
}

void us_out_abort(us_out_t *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    release(o);
}

bool us_out_finish(us_out_t *o, char *err, size_t err_size)
{
    bool ok = fflush(o->f) == 0 && !ferror(o->f);
    int e = ok ? 0 : write_error(o->f);
    if (fclose(o->f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    o->f = NULL;
    if (!ok) {
        failed(err, err_size, o->path, e);
        us_out_abort(o);
    }
    return ok;
}

bool us_out_commit(us_out_t *o, char *err, size_t err_size)
{
    bool ok = !o->tmp || rename(o->tmp, o->target) == 0;
    if (!ok) {
        failed(err, err_size, o->path, errno);
        us_out_abort(o);
    }
    release(o);
    return ok;
}

bool us_out_commit_all(us_out_t *out, unsigned n, bool ok, char *err, size_t err_size)
{
    for (unsigned i = 0; i < n; i++) {
        if (ok)
            ok = us_out_commit(&out[i], err, err_size);
        else
            us_out_abort(&out[i]);
    }
    return ok;
}

bool us_out_close(us_out_t *o, char *err, size_t err_size)
{
    return us_out_finish(o, err, err_size) && us_out_commit(o, err, err_size);
}

bool us_out_text(const char *path, const char *text, char *err, size_t err_size)
{
    us_out_t o;
    if (!us_out_open(&o, path, err, err_size))
        return false;
    fputs(text, o.f);
    return us_out_close(&o, err, err_size);
}

int us_stdout_status(const char *tool, int status)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    fprintf(stderr, "%s: cannot write standard output: %s\n", tool, strerror(write_error(stdout)));
    return 2;
}
