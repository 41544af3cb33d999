/* strtok_r and strdup are POSIX. */
#define _POSIX_C_SOURCE 200809L
#include "gen/us_vec.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "isa/us_dis.h"
#include "isa/us_out.h"
#include "golden/us_trace.h"
#include "gen/us_vec_trace.h"
#include "isa/us_strbuf.h"

#define MAX_TOKS 12

void us_vec_init(us_vector_t *v)
{
    memset(v, 0, sizeof *v);
    v->params = us_default_params();
    v->covered = 0xF;
}

void us_vec_free(us_vector_t *v)
{
    free(v->writes);
    for (unsigned i = 0; i < v->ntrace; i++)
        free(v->trace[i]);
    free(v->trace);
    us_vec_init(v);
}

void us_vec_add_write(us_vector_t *v, uint32_t addr, uint32_t value)
{
    v->writes = us_xgrow(v->writes, &v->cap_writes, v->nwrites + 1, sizeof *v->writes);
    v->writes[v->nwrites++] = (us_reg_write_t){addr, value};
}

void us_vec_add_program(us_vector_t *v, const us_program_t *prog, unsigned slot)
{
    us_vec_add_write(v, GA_US_VECTOR_INDEX_ADDR, slot & (US_MAX_INST - 1u));
    for (unsigned i = 0; i < prog->count; i++)
        for (unsigned w = 0; w < 6; w++)
            us_vec_add_write(v, GA_US_VECTOR_DATA_ADDR, prog->inst[i].w[w]);
}

typedef struct line_ctx {
    const char *fname;
    unsigned line;
    char *err;
    size_t err_size;
} line_ctx_t;

static int fail(const line_ctx_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(const line_ctx_t *c, const char *fmt, ...)
{
    int k = snprintf(c->err, c->err_size, "%s:%u: ", c->fname, c->line);
    if (k >= 0 && (size_t)k < c->err_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->err + k, c->err_size - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static bool parse_u32(const char *s, uint32_t *out)
{
    if (!isdigit((unsigned char)s[0]))
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (*end || errno || v > 0xFFFFFFFFull)
        return false;
    *out = (uint32_t)v;
    return true;
}

static int num(const line_ctx_t *c, const char *s, uint32_t max, const char *what, uint32_t *out)
{
    if (!parse_u32(s, out))
        return fail(c, "%s '%s' is not a number", what, s);
    if (*out > max)
        return fail(c, "%s %s is out of range (0..%u)", what, s, max);
    return 0;
}

/* A 32-bit value written as 0x followed by exactly 8 hex digits: floats are exact bit patterns. */
static int hex32(const line_ctx_t *c, const char *s, uint32_t *out)
{
    if (strlen(s) != 10 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
        return fail(c, "'%s' is not a 32-bit value (0x and 8 hex digits)", s);
    for (unsigned i = 2; i < 10; i++)
        if (!isxdigit((unsigned char)s[i]))
            return fail(c, "'%s' is not a 32-bit value (0x and 8 hex digits)", s);
    *out = (uint32_t)strtoul(s + 2, NULL, 16);
    return 0;
}

static int nargs(const line_ctx_t *c, unsigned n, unsigned want, const char *usage)
{
    return n == want ? 0 : fail(c, "expected: %s", usage);
}

/* Four channel values, '-' for a channel not written: value array and mask. */
static int channels(const line_ctx_t *c, char **tok, uint32_t v[4], uint8_t *mask)
{
    *mask = 0;
    for (unsigned i = 0; i < 4; i++) {
        v[i] = 0;
        if (strcmp(tok[i], "-") == 0)
            continue;
        if (hex32(c, tok[i], &v[i]))
            return -1;
        *mask |= (uint8_t)(1u << i);
    }
    if (!*mask)
        return fail(c, "no channel given (all '-')");
    return 0;
}

static int parse_errors(const line_ctx_t *c, const char *s, uint32_t *out)
{
    *out = 0;
    if (strcmp(s, "none") == 0)
        return 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        unsigned i = 0;
        while (i < US_ERR_COUNT && strcmp(us_error_names[i], t) != 0)
            i++;
        if (i == US_ERR_COUNT)
            return fail(c, "unknown error flag '%s'", t);
        *out |= 1u << i;
    }
    return 0;
}

typedef struct parse_state {
    bool have_header, seen_killed, seen_errors, seen_result;
    uint8_t seen_pred;
    uint32_t next_inst, next_const; /* where the load port's index stands, to skip redundant index writes */
    bool port_inst, port_const;
    unsigned unsafe_line; /* the line of the `unsafe` line, 0 before one */
} parse_state_t;

/* Whether the line is `unsafe ...`: its rest is a list and a reason, not fields. */
static bool is_unsafe_line(const char *s)
{
    s += strspn(s, " \t\r");
    return strncmp(s, "unsafe", 6) == 0 && (s[6] == '\0' || strchr(" \t\r", s[6]));
}

static int unsafe_line(const line_ctx_t *c, us_vector_t *v, parse_state_t *st, const char *s)
{
    if (st->unsafe_line)
        return fail(c, "a second unsafe line (line %u has one; a vector names all its waivers on one)",
                    st->unsafe_line);
    char msg[512];
    if (us_waiver_parse(s + strspn(s, " \t\r") + 6, &v->waive, msg, sizeof msg))
        return fail(c, "%s", msg);
    st->unsafe_line = c->line;
    return 0;
}

static int setup_line(const line_ctx_t *c, us_vector_t *v, parse_state_t *st, char **t, unsigned n)
{
    uint32_t a, b, w[6];
    const char *k = t[0];
    if (strcmp(k, "name") == 0) {
        if (nargs(c, n, 2, "name NAME"))
            return -1;
        snprintf(v->name, sizeof v->name, "%s", t[1]);
    } else if (strcmp(k, "param") == 0) {
        if (nargs(c, n, 3, "param NAME VALUE") || num(c, t[2], 0xFFFFFFFFu, "value", &a))
            return -1;
        if (strcmp(t[1], "loop_depth") == 0 && a >= 1 && a <= US_MAX_STACK)
            v->params.loop_depth = a;
        else if (strcmp(t[1], "addr_depth") == 0 && a >= 1 && a <= US_MAX_STACK)
            v->params.addr_depth = a;
        else if (strcmp(t[1], "counter_bits") == 0 && a >= 1 && a <= 16)
            v->params.counter_bits = a;
        else if (strcmp(t[1], "watchdog") == 0 && a >= 1 && a <= US_MAX_WATCHDOG)
            v->params.watchdog = a;
        else
            return fail(c, "unknown parameter or value out of range: %s %s (loop_depth, addr_depth 1..%u; "
                           "counter_bits 1..16; watchdog 1..%u)", t[1], t[2], US_MAX_STACK, US_MAX_WATCHDOG);
    } else if (strcmp(k, "reg") == 0) {
        if (nargs(c, n, 3, "reg NAME|ADDRESS VALUE") || hex32(c, t[2], &b))
            return -1;
        int found = -1;
        for (unsigned r = 0; r < US_REG_COUNT; r++)
            if (us_regs[r].word < 0 && us_regs[r].count == 1 && strcasecmp(us_regs[r].name, t[1]) == 0)
                found = (int)r;
        if (found >= 0)
            a = us_regs[found].addr;
        else if (!parse_u32(t[1], &a))
            return fail(c, "unknown register '%s' (a control register name of spec/isa.txt, or an address)", t[1]);
        static us_shader_t probe; /* static: a shader is 350 KB, too big for a small (SystemC thread) stack */
        us_shader_init(&probe);
        if (!us_shader_write(&probe, a, b))
            return fail(c, "0x%04x is not a register of the shader unit", a);
        us_vec_add_write(v, a, b);
        st->port_inst = st->port_const = false; /* a raw write may have moved the load port */
    } else if (strcmp(k, "int") == 0 || strcmp(k, "bool") == 0) {
        bool is_int = k[0] == 'i';
        if (is_int ? (nargs(c, n, 3, "int N VALUE") || num(c, t[1], 31, "int constant", &a) || hex32(c, t[2], &b))
                   : (nargs(c, n, 2, "bool VALUE") || hex32(c, t[1], &b)))
            return -1;
        us_vec_add_write(v, is_int ? US_FC_INT_CONST_ADDR + 4u * a : US_FC_BOOL_CONST_ADDR, b);
    } else if (strcmp(k, "inst") == 0) {
        if (nargs(c, n, 8, "inst SLOT W0 W1 W2 W3 W4 W5") || num(c, t[1], US_MAX_INST - 1u, "slot", &a))
            return -1;
        for (unsigned i = 0; i < 6; i++)
            if (hex32(c, t[2 + i], &w[i]))
                return -1;
        if (!(st->port_inst && st->next_inst == a))
            us_vec_add_write(v, GA_US_VECTOR_INDEX_ADDR, a);
        for (unsigned i = 0; i < 6; i++)
            us_vec_add_write(v, GA_US_VECTOR_DATA_ADDR, w[i]);
        st->port_inst = true;
        st->port_const = false;
        st->next_inst = (a + 1u) & (US_MAX_INST - 1u);
    } else if (strcmp(k, "const") == 0) {
        if (nargs(c, n, 6, "const N R G B A") || num(c, t[1], US_NCONST - 1u, "constant", &a))
            return -1;
        for (unsigned i = 0; i < 4; i++)
            if (hex32(c, t[2 + i], &w[i]))
                return -1;
        if (!(st->port_const && st->next_const == a))
            us_vec_add_write(v, GA_US_VECTOR_INDEX_ADDR, a | GA_US_VECTOR_INDEX_TYPE_MASK);
        for (unsigned i = 0; i < 4; i++)
            us_vec_add_write(v, GA_US_VECTOR_DATA_ADDR, w[i]);
        st->port_const = true;
        st->port_inst = false;
        st->next_const = (a + 1u) & (US_NCONST - 1u);
    } else if (strcmp(k, "covered") == 0) {
        if (nargs(c, n, 2, "covered MASK") || num(c, t[1], 15, "covered mask", &a))
            return -1;
        v->covered = (uint8_t)a;
    } else if (strcmp(k, "temp") == 0) {
        if (nargs(c, n, 7, "temp PIXEL ADDR R G B A") || num(c, t[1], 3, "pixel", &a) ||
            num(c, t[2], US_NTEMP - 1u, "temporary", &b))
            return -1;
        for (unsigned i = 0; i < 4; i++)
            if (hex32(c, t[3 + i], &v->temp[a][b][i]))
                return -1;
    } else if (strcmp(k, "texture") == 0) {
        uint32_t wd, ht;
        if (nargs(c, n, 4, "texture ID WIDTH HEIGHT") || num(c, t[1], US_NTEX - 1u, "texture", &a) ||
            num(c, t[2], US_TEX_MAX_DIM, "width", &wd) || num(c, t[3], US_TEX_MAX_DIM, "height", &ht))
            return -1;
        if (!wd || !ht)
            return fail(c, "a texture needs a width and a height of at least 1");
        v->tex[a].width = wd;
        v->tex[a].height = ht;
    } else if (strcmp(k, "texel") == 0) {
        uint32_t x, y;
        if (nargs(c, n, 8, "texel ID X Y R G B A") || num(c, t[1], US_NTEX - 1u, "texture", &a))
            return -1;
        if (!v->tex[a].width)
            return fail(c, "texel of texture %u before its 'texture' line", a);
        if (num(c, t[2], v->tex[a].width - 1u, "x", &x) || num(c, t[3], v->tex[a].height - 1u, "y", &y))
            return -1;
        for (unsigned i = 0; i < 4; i++)
            if (hex32(c, t[4 + i], &v->tex[a].texel[y * v->tex[a].width + x][i]))
                return -1;
    } else {
        return fail(c, "unknown keyword '%s'", k);
    }
    return 0;
}

static int expect_line(const line_ctx_t *c, us_vector_t *v, parse_state_t *st, char **t, unsigned n)
{
    uint32_t a, b, val[4];
    uint8_t mask;
    const char *k = t[1];
    v->has_expect = true;
    if (strcmp(k, "temp") == 0) {
        if (nargs(c, n, 8, "expect temp PIXEL ADDR R|- G|- B|- A|-") || num(c, t[2], 3, "pixel", &a) ||
            num(c, t[3], US_NTEMP - 1u, "temporary", &b) || channels(c, t + 4, val, &mask))
            return -1;
        if (v->exp_temp_mask[b][a])
            return fail(c, "temp %u of pixel %u expected twice", b, a);
        memcpy(v->exp_temp[a][b], val, sizeof val);
        v->exp_temp_mask[b][a] = mask;
    } else if (strcmp(k, "out") == 0) {
        if (nargs(c, n, 8, "expect out TARGET PIXEL R|- G|- B|- A|-") || num(c, t[2], 3, "render target", &a) ||
            num(c, t[3], 3, "pixel", &b) || channels(c, t + 4, val, &mask))
            return -1;
        if (v->exp_out_mask[a][b])
            return fail(c, "output %u of pixel %u expected twice", a, b);
        memcpy(v->exp_out[a][b], val, sizeof val);
        v->exp_out_mask[a][b] = mask;
    } else if (strcmp(k, "w") == 0) {
        if (nargs(c, n, 4, "expect w PIXEL VALUE") || num(c, t[2], 3, "pixel", &a) || hex32(c, t[3], &v->exp_w[a]))
            return -1;
        v->exp_w_mask |= (uint8_t)(1u << a);
    } else if (strcmp(k, "pred") == 0) {
        if (nargs(c, n, 4, "expect pred PIXEL BITS") || num(c, t[2], 3, "pixel", &a) || num(c, t[3], 15, "bits", &b))
            return -1;
        v->exp_pred[a] = (uint8_t)b;
        st->seen_pred |= (uint8_t)(1u << a);
    } else if (strcmp(k, "alu_result") == 0 || strcmp(k, "killed") == 0) {
        if (nargs(c, n, 3, "expect alu_result|killed MASK") || num(c, t[2], 15, "pixel mask", &a))
            return -1;
        if (k[0] == 'a') {
            v->exp_alu_result = (uint8_t)a;
            st->seen_result = true;
        } else {
            v->exp_killed = (uint8_t)a;
            st->seen_killed = true;
        }
    } else if (strcmp(k, "errors") == 0) {
        if (nargs(c, n, 3, "expect errors none|FLAG[,FLAG...]") || parse_errors(c, t[2], &v->exp_errors))
            return -1;
        st->seen_errors = true;
    } else if (strcmp(k, "retired") == 0) {
        if (nargs(c, n, 3, "expect retired COUNT") || num(c, t[2], 0xFFFFFFFFu, "count", &a))
            return -1;
        v->has_retired = true;
        v->exp_retired = a;
    } else {
        return fail(c, "unknown expectation '%s'", k);
    }
    return 0;
}

int us_vec_parse(const char *text, const char *fname, us_vector_t *v, char *err, size_t err_size)
{
    us_vec_init(v);
    parse_state_t st;
    memset(&st, 0, sizeof st);
    line_ctx_t c = {fname, 0, err, err_size};
    size_t size = strlen(text);
    if (size && text[size - 1] != '\n') { /* a writer ends every line: the file was cut short */
        for (const char *nl = text; (nl = strchr(nl, '\n')); nl++)
            c.line++;
        c.line++;
        return fail(&c, "the last line does not end in a newline: the vector is truncated");
    }
    const char *p = text;
    char buf[1024];
    while (*p) {
        c.line++;
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        if (len >= sizeof buf)
            return fail(&c, "line longer than %zu characters", sizeof buf - 1);
        memcpy(buf, p, len);
        buf[len] = '\0';
        p = eol ? eol + 1 : p + len;
        if (strncmp(buf, "expect trace ", 13) == 0) {
            v->trace = us_xgrow(v->trace, &v->cap_trace, v->ntrace + 1, sizeof *v->trace);
            v->trace[v->ntrace] = strdup(buf + 13);
            if (!v->trace[v->ntrace]) {
                fputs("out of memory\n", stderr);
                exit(2);
            }
            v->ntrace++;
            v->has_expect = true;
            continue;
        }
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        if (st.have_header && is_unsafe_line(buf)) {
            if (unsafe_line(&c, v, &st, buf))
                return -1;
            continue;
        }
        char *tok[MAX_TOKS];
        unsigned n = 0;
        for (char *save = NULL, *t = strtok_r(buf, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
            if (n == MAX_TOKS)
                return fail(&c, "too many fields");
            tok[n++] = t;
        }
        if (n == 0)
            continue;
        if (!st.have_header) {
            uint32_t ver;
            if (n != 2 || strcmp(tok[0], "usvec") != 0 || !parse_u32(tok[1], &ver))
                return fail(&c, "a vector starts with 'usvec %d'", US_VEC_VERSION);
            if (ver != US_VEC_VERSION)
                return fail(&c, "vector format version %u is not supported (this reads version %d)", ver,
                            US_VEC_VERSION);
            st.have_header = true;
            continue;
        }
        int rc = strcmp(tok[0], "expect") == 0 ? (n < 2 ? fail(&c, "expect what?") : expect_line(&c, v, &st, tok, n))
                                               : setup_line(&c, v, &st, tok, n);
        if (rc)
            return -1;
    }
    if (!st.have_header)
        return fail(&c, "empty vector (a vector starts with 'usvec %d')", US_VEC_VERSION);
    if (v->has_expect) {
        const char *missing = !st.seen_killed ? "expect killed" : !st.seen_errors ? "expect errors"
                              : !st.seen_result ? "expect alu_result" : st.seen_pred != 0xF ? "expect pred (all 4 pixels)" : NULL;
        if (missing)
            return fail(&c, "the expectations are incomplete: no '%s'", missing);
    }
    return 0;
}

void us_vec_setup(const us_vector_t *v, us_shader_t *sh, us_quad_t *q)
{
    us_shader_init(sh);
    sh->params = v->params;
    for (unsigned i = 0; i < v->nwrites; i++)
        us_shader_write(sh, v->writes[i].addr, v->writes[i].value);
    memcpy(sh->tex, v->tex, sizeof sh->tex);
    us_quad_init(q, sh, v->covered, 0);
    memcpy(q->temp, v->temp, sizeof q->temp);
}

static void describe(char *buf, size_t n, uint32_t bits)
{
    char d[32];
    us_fp_describe(d, sizeof d, bits);
    snprintf(buf, n, "0x%08x (%s)", bits, d);
}

/* `what` is a format with up to two unsigned arguments, formatted (and the values described) only on a difference:
 * the check runs on every vector, and nearly every channel agrees. */
static unsigned compare_channels(us_strbuf_t *rep, const char *what, unsigned x, unsigned y, const uint32_t *exp,
                                 uint8_t exp_mask, const uint32_t *got, uint8_t got_mask)
{
    static const char ch[4] = {'r', 'g', 'b', 'a'};
    unsigned bad = 0;
    for (unsigned c = 0; c < 4; c++) {
        bool e = exp_mask >> c & 1u, g = got_mask >> c & 1u;
        if (e == g && (!e || exp[c] == got[c]))
            continue;
        char name[64], be[48], bg[48];
        snprintf(name, sizeof name, what, x, y);
        describe(be, sizeof be, exp[c]);
        describe(bg, sizeof bg, got[c]);
        if (e && !g)
            us_sb_printf(rep, "%s.%c: expected %s, not written\n", name, ch[c], be);
        else if (!e && g)
            us_sb_printf(rep, "%s.%c: written %s, not expected\n", name, ch[c], bg);
        else
            us_sb_printf(rep, "%s.%c: expected %s, got %s\n", name, ch[c], be, bg);
        bad++;
    }
    return bad;
}

unsigned us_vec_check(const us_vector_t *v, const us_quad_t *q, const us_trace_cmp_t *trace, us_strbuf_t *rep)
{
    unsigned bad = 0;
    for (unsigned a = 0; a < US_NTEMP; a++)
        for (unsigned p = 0; p < US_NPIX; p++)
            bad += compare_channels(rep, "temp %u of pixel %u", a, p, v->exp_temp[p][a], v->exp_temp_mask[a][p],
                                    q->temp[p][a], q->temp_written[a][p]);
    for (unsigned t = 0; t < 4; t++)
        for (unsigned p = 0; p < US_NPIX; p++)
            bad += compare_channels(rep, "output %u of pixel %u", t, p, v->exp_out[t][p], v->exp_out_mask[t][p],
                                    q->out[t][p], q->out_written[t][p]);
    for (unsigned p = 0; p < US_NPIX; p++) {
        uint32_t e[4] = {0, 0, 0, v->exp_w[p]}, g[4] = {0, 0, 0, q->w[p]};
        bad += compare_channels(rep, "w of pixel %u", p, 0, e, (uint8_t)((v->exp_w_mask >> p & 1u) << 3), g,
                                (uint8_t)((q->w_written >> p & 1u) << 3));
        if (v->exp_pred[p] != q->pred[p]) {
            us_sb_printf(rep, "predicates of pixel %u: expected 0x%x, got 0x%x\n", p, v->exp_pred[p], q->pred[p]);
            bad++;
        }
    }
    if (v->exp_alu_result != q->alu_result) {
        us_sb_printf(rep, "ALU result: expected 0x%x, got 0x%x\n", v->exp_alu_result, q->alu_result);
        bad++;
    }
    if (v->exp_killed != q->killed) {
        us_sb_printf(rep, "killed: expected 0x%x, got 0x%x\n", v->exp_killed, q->killed);
        bad++;
    }
    if (v->exp_errors != q->errors) {
        us_sb_puts(rep, "errors: expected ");
        us_errors_format(rep, v->exp_errors);
        us_sb_puts(rep, ", got ");
        us_errors_format(rep, q->errors);
        us_sb_puts(rep, "\n");
        bad++;
    }
    if (v->has_retired && v->exp_retired != q->retired) {
        us_sb_printf(rep, "retired: expected %llu, got %llu\n", (unsigned long long)v->exp_retired,
                     (unsigned long long)q->retired);
        bad++;
    }
    if (v->ntrace && trace) {
        bad += us_trace_cmp_report(trace, rep);
    } else if (v->ntrace) {
        us_sb_puts(rep, "trace: expected, but the run's trace was not compared\n");
        bad++;
    }
    return bad;
}

static void put_word_comment(FILE *f, uint32_t w)
{
    char d[32];
    us_fp_describe(d, sizeof d, w);
    fprintf(f, " %s", d);
}

static void put_reg(FILE *f, uint32_t a, uint32_t val)
{
    const char *name = NULL;
    for (unsigned r = 0; r < US_REG_COUNT; r++)
        if (us_regs[r].word < 0 && us_regs[r].count == 1 && us_regs[r].addr == a)
            name = us_regs[r].name;
    if (a >= US_FC_INT_CONST_ADDR && a < US_FC_INT_CONST_ADDR + 4u * US_FC_INT_CONST_COUNT)
        fprintf(f, "int %u 0x%08x\n", (a - US_FC_INT_CONST_ADDR) / 4u, val);
    else if (a == US_FC_BOOL_CONST_ADDR)
        fprintf(f, "bool 0x%08x\n", val);
    else if (name)
        fprintf(f, "reg %s 0x%08x\n", name, val);
    else
        fprintf(f, "reg 0x%04x 0x%08x\n", a, val);
}

/* The data words of a load-port run not (yet) completed to a whole instruction or constant. */
typedef struct port_run {
    uint32_t index; /* GA_US_VECTOR_INDEX that starts it again: slot or entry, type and clamp */
    uint32_t word[6];
    unsigned n;
} port_run_t;

/* A run cut short (by an index write or the end of the setup) still wrote its words: as raw writes. */
static void flush_run(FILE *f, port_run_t *run)
{
    if (run->n)
        put_reg(f, GA_US_VECTOR_INDEX_ADDR, run->index);
    for (unsigned i = 0; i < run->n; i++)
        put_reg(f, GA_US_VECTOR_DATA_ADDR, run->word[i]);
    run->n = 0;
}

/* Replays the setup writes, folding load-port runs back into inst/const lines. */
static void write_setup(FILE *f, const us_vector_t *v)
{
    static us_shader_t sh; /* where the load port stands; static: too big for a small stack */
    us_shader_init(&sh);
    us_strbuf_t sb;
    us_sb_init(&sb);
    port_run_t run = {0, {0}, 0};
    for (unsigned i = 0; i < v->nwrites; i++) {
        uint32_t a = v->writes[i].addr, val = v->writes[i].value;
        if (a == GA_US_VECTOR_INDEX_ADDR) {
            flush_run(f, &run);
            us_shader_write(&sh, a, val);
            continue;
        }
        if (a == GA_US_VECTOR_DATA_ADDR) {
            bool is_const = sh.vec_const;
            unsigned idx = sh.vec_index, word = sh.vec_word;
            if (!run.n)
                run.index = idx << GA_US_VECTOR_INDEX_INDEX_LO | (is_const ? GA_US_VECTOR_INDEX_TYPE_MASK : 0u) |
                            (sh.vec_clamp ? GA_US_VECTOR_INDEX_CLAMP_MASK : 0u);
            run.word[run.n++] = val;
            us_shader_write(&sh, a, val);
            if (is_const && word == 3) {
                const uint32_t *k = sh.konst[idx & (US_NCONST - 1u)];
                fprintf(f, "const %u 0x%08x 0x%08x 0x%08x 0x%08x  #", idx & (US_NCONST - 1u), k[0], k[1], k[2], k[3]);
                for (unsigned c = 0; c < 4; c++)
                    put_word_comment(f, k[c]);
                fputc('\n', f);
                run.n = 0;
            } else if (!is_const && word == 5) {
                const us_inst_t *in = &sh.imem[idx & (US_MAX_INST - 1u)];
                us_sb_clear(&sb);
                us_dis_inst(&sb, in, NULL, idx);
                for (char *nl = sb.data; (nl = strchr(nl, '\n'));)
                    *nl = ' ';
                fprintf(f, "inst %u 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x  # %s\n", idx & (US_MAX_INST - 1u),
                        in->w[0], in->w[1], in->w[2], in->w[3], in->w[4], in->w[5], sb.data);
                run.n = 0;
            }
            continue;
        }
        put_reg(f, a, val);
    }
    flush_run(f, &run);
    us_sb_free(&sb);
}

void us_vec_write(FILE *f, const us_vector_t *v, const us_quad_t *q)
{
    fprintf(f, "usvec %d\n", US_VEC_VERSION);
    if (v->name[0])
        fprintf(f, "name %s\n", v->name);
    if (us_waiver_any(&v->waive)) {
        us_strbuf_t sb;
        us_sb_init(&sb);
        us_waiver_format(&sb, &v->waive);
        fprintf(f, "%s\n", sb.data);
        us_sb_free(&sb);
    }
    us_params_t d = us_default_params();
    if (v->params.loop_depth != d.loop_depth) fprintf(f, "param loop_depth %u\n", v->params.loop_depth);
    if (v->params.addr_depth != d.addr_depth) fprintf(f, "param addr_depth %u\n", v->params.addr_depth);
    if (v->params.counter_bits != d.counter_bits) fprintf(f, "param counter_bits %u\n", v->params.counter_bits);
    if (v->params.watchdog != d.watchdog) fprintf(f, "param watchdog %u\n", v->params.watchdog);
    write_setup(f, v);
    fprintf(f, "covered 0x%x\n", v->covered);
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned a = 0; a < US_NTEMP; a++) {
            const uint32_t *t = v->temp[p][a];
            if (t[0] | t[1] | t[2] | t[3]) {
                fprintf(f, "temp %u %u 0x%08x 0x%08x 0x%08x 0x%08x  #", p, a, t[0], t[1], t[2], t[3]);
                for (unsigned c = 0; c < 4; c++)
                    put_word_comment(f, t[c]);
                fputc('\n', f);
            }
        }
    for (unsigned id = 0; id < US_NTEX; id++) {
        const us_texture_t *tx = &v->tex[id];
        if (!tx->width)
            continue;
        fprintf(f, "texture %u %u %u\n", id, tx->width, tx->height);
        for (unsigned y = 0; y < tx->height; y++)
            for (unsigned x = 0; x < tx->width; x++) {
                const uint32_t *k = tx->texel[y * tx->width + x];
                fprintf(f, "texel %u %u %u 0x%08x 0x%08x 0x%08x 0x%08x\n", id, x, y, k[0], k[1], k[2], k[3]);
            }
    }
    if (q) {
        us_strbuf_t sb;
        us_sb_init(&sb);
        us_state_dump(&sb, q);
        for (char *line = sb.data, *nl; line && *line; line = nl ? nl + 1 : NULL) {
            nl = strchr(line, '\n');
            if (nl)
                *nl = '\0';
            fprintf(f, "expect %s\n", line);
        }
        us_sb_free(&sb);
    }
}

bool us_vec_save(const char *dir, const us_vector_t *v, const us_quad_t *q, const char *const *trace, unsigned ntrace,
                 char *err, size_t err_size)
{
    bool safe = v->name[0] && v->name[0] != '.';
    for (const char *c = v->name; *c; c++)
        safe = safe && (isalnum((unsigned char)*c) || strchr("._-", *c));
    if (!safe) {
        snprintf(err, err_size, "vector name '%s' is not a file name (letters, digits, '.', '_', '-')", v->name);
        return false;
    }
    size_t n = strlen(dir) + strlen(v->name) + 6;
    char *path = malloc(n);
    if (!path) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    snprintf(path, n, "%s/%s.vec", dir, v->name);
    us_out_t o;
    bool ok = us_out_open(&o, path, err, err_size);
    if (ok) {
        us_vec_write(o.f, v, q);
        for (unsigned i = 0; i < ntrace; i++)
            fprintf(o.f, "expect trace %s\n", trace[i]);
        ok = us_out_close(&o, err, err_size);
    }
    free(path);
    return ok;
}
