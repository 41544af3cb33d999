#include "isa/us_asm.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "isa/us_asm_lex.h"
#include "isa/us_syntax.h"

/* Parser state for one statement: the words being built and which bits were given, to catch conflicts. */
typedef struct parser {
    const char *fname;
    char *err;
    size_t err_size;
    const us_tok_t *tok;
    unsigned n, pos, stmt_line;
    unsigned type;
    us_inst_t val, given;
    const char *target_label; /* FC: label still to resolve */
    unsigned target_line;
    bool target_given;
} parser_t;

static bool fail_at(parser_t *p, unsigned line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail_at(parser_t *p, unsigned line, const char *fmt, ...)
{
    int k = snprintf(p->err, p->err_size, "%s:%u: ", p->fname, line);
    if (k >= 0 && (size_t)k < p->err_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->err + k, p->err_size - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return false;
}

static unsigned cur_line(const parser_t *p)
{
    return p->pos < p->n ? p->tok[p->pos].line : (p->n ? p->tok[p->n - 1].line : p->stmt_line);
}

static const us_tok_t *peek(const parser_t *p, unsigned ahead)
{
    return p->pos + ahead < p->n ? &p->tok[p->pos + ahead] : NULL;
}

static bool at_punct(const parser_t *p, char c)
{
    const us_tok_t *t = peek(p, 0);
    return t && t->kind == US_TOK_PUNCT && t->text[0] == c;
}

static bool accept_punct(parser_t *p, char c)
{
    if (!at_punct(p, c))
        return false;
    p->pos++;
    return true;
}

static bool expect_punct(parser_t *p, char c, const char *what)
{
    if (accept_punct(p, c))
        return true;
    const us_tok_t *t = peek(p, 0);
    return fail_at(p, cur_line(p), "expected '%c' %s, got '%s'", c, what, t ? t->text : "end of instruction");
}

static const us_tok_t *expect_word(parser_t *p, const char *what)
{
    const us_tok_t *t = peek(p, 0);
    if (!t || t->kind != US_TOK_WORD) {
        fail_at(p, cur_line(p), "expected %s, got '%s'", what, t ? t->text : "end of instruction");
        return NULL;
    }
    p->pos++;
    return t;
}

static bool parse_uint_text(const char *s, uint32_t *out)
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

static bool expect_uint(parser_t *p, uint32_t max, uint32_t *out, const char *what)
{
    const us_tok_t *t = peek(p, 0);
    if (!t || t->kind != US_TOK_NUM || !parse_uint_text(t->text, out))
        return fail_at(p, cur_line(p), "expected %s (a number), got '%s'", what, t ? t->text : "end of instruction");
    if (*out > max)
        return fail_at(p, t->line, "%s %s is out of range (0..%u)", what, t->text, max);
    p->pos++;
    return true;
}

/* Sets the bits of one field; giving a field twice with different values is an error. */
static bool set_bits(parser_t *p, unsigned line, unsigned word, uint32_t mask, unsigned lo, uint32_t value,
                     const char *what)
{
    uint32_t v = (value << lo) & mask;
    if ((value << lo >> lo) != value || ((uint32_t)(value << lo) & ~mask))
        return fail_at(p, line, "%s: value %u does not fit the field", what, value);
    if ((p->given.w[word] & mask) && (p->val.w[word] & mask) != v)
        return fail_at(p, line, "%s given twice with different values", what);
    p->given.w[word] |= mask;
    p->val.w[word] = (p->val.w[word] & ~mask) | v;
    return true;
}

#define SETF(p, line, word, F, v) set_bits((p), (line), (word), F##_MASK, F##_LO, (v), #F)

/* "t12" / "c200" style register words: letter then decimal digits. */
static bool split_reg_word(const char *s, char letter, uint32_t *num)
{
    if (s[0] != letter || !isdigit((unsigned char)s[1]))
        return false;
    for (const char *q = s + 1; *q; q++)
        if (!isdigit((unsigned char)*q))
            return false;
    return parse_uint_text(s + 1, num) && (s[1] != '0' || s[2] == '\0');
}

/* t<n>, c<n>, t[aL+n], c[aL+n]: bank letter, address, relative flag. */
static bool parse_reg(parser_t *p, const char *banks, char *bank, uint32_t *addr, bool *rel, uint32_t max_plain,
                      uint32_t max_rel)
{
    const us_tok_t *t = expect_word(p, "a register (t<n>, c<n>, t[aL+n])");
    if (!t)
        return false;
    for (const char *b = banks; *b; b++) {
        if (t->text[0] == *b && t->text[1] == '\0' && at_punct(p, '[')) {
            p->pos++;
            const us_tok_t *al = expect_word(p, "aL");
            if (!al)
                return false;
            if (strcmp(al->text, "aL") != 0)
                return fail_at(p, al->line, "expected aL inside [], got '%s'", al->text);
            if (!expect_punct(p, '+', "after aL") || !expect_uint(p, max_rel, addr, "address") ||
                !expect_punct(p, ']', "to close the relative address"))
                return false;
            *bank = *b;
            *rel = true;
            return true;
        }
        if (split_reg_word(t->text, *b, addr)) {
            if (*addr > max_plain)
                return fail_at(p, t->line, "%s: %c%u is out of range (0..%u)", t->text, *b, *addr, max_plain);
            *bank = *b;
            *rel = false;
            return true;
        }
    }
    return fail_at(p, t->line, "expected a register (%s), got '%s'", banks[1] ? "t<n>, c<n>, t[aL+n]" : "t<n>, t[aL+n]",
                   t->text);
}

/* Source address: register or inline constant -> (addr, const, rel). */
static bool parse_source(parser_t *p, uint32_t *addr, uint32_t *is_const, uint32_t *rel)
{
    const us_tok_t *t = peek(p, 0);
    if (t && t->kind == US_TOK_NUM) {
        char *end;
        double v = strtod(t->text, &end);
        int code = *end ? -1 : us_inline_code(v);
        if (code < 0)
            return fail_at(p, t->line, "'%s' is not an inline constant (2^(e-7)*(1+m/8), e 0..15, m 0..7)", t->text);
        p->pos++;
        *addr = 128u | (uint32_t)code;
        *is_const = 0;
        *rel = 0;
        return true;
    }
    if (t && t->kind == US_TOK_WORD && strcmp(t->text, "_") == 0) {
        p->pos++;
        *addr = US_UNUSED_SOURCE;
        *is_const = 0;
        *rel = 0;
        return true;
    }
    char bank;
    bool r;
    if (!parse_reg(p, "tc", &bank, addr, &r, 255, 255))
        return false;
    if (bank == 't' && !r && *addr > 127)
        return fail_at(p, cur_line(p), "temporary t%u is out of range (0..127)", *addr);
    *is_const = bank == 'c';
    *rel = r;
    return true;
}

static bool parse_name(parser_t *p, const char *const *names, unsigned n, const char *what, uint32_t *out)
{
    const us_tok_t *t = expect_word(p, what);
    if (!t)
        return false;
    int i = us_name_index(names, n, t->text);
    if (i < 0)
        return fail_at(p, t->line, "unknown %s '%s'", what, t->text);
    *out = (uint32_t)i;
    return true;
}

/* rgb mask letters: subset of "rgb" in order, or "_" -> 3-bit mask. */
static bool parse_mask(parser_t *p, const char *letters, uint32_t *mask)
{
    const us_tok_t *t = expect_word(p, "a write mask");
    if (!t)
        return false;
    *mask = 0;
    if (strcmp(t->text, "_") == 0)
        return true;
    const char *l = letters;
    for (const char *q = t->text; *q; q++) {
        const char *hit = strchr(l, *q);
        if (!hit)
            return fail_at(p, t->line, "bad write mask '%s' (letters of '%s' in that order, or _)", t->text, letters);
        *mask |= 1u << (hit - letters);
        l = hit + 1;
    }
    return true;
}

typedef struct operand {
    uint32_t sel, swz[3], mod;
} operand_t;

/* [-][|]srcN.swz[|] */
static bool parse_operand(parser_t *p, unsigned nswz, operand_t *o)
{
    bool neg = accept_punct(p, '-');
    bool abs = accept_punct(p, '|');
    if (!parse_name(p, us_sel_names, 4, "operand source (src0, src1, src2, srcp)", &o->sel) ||
        !expect_punct(p, '.', "before the swizzle"))
        return false;
    const us_tok_t *t = expect_word(p, "a swizzle");
    if (!t)
        return false;
    size_t len = strlen(t->text);
    if (len != 1 && len != nswz)
        return fail_at(p, t->line, "swizzle '%s' must have %u letter%s%s", t->text, nswz, nswz > 1 ? "s" : "",
                       nswz > 1 ? " (or 1, replicated)" : "");
    for (unsigned i = 0; i < nswz; i++) {
        const char *hit = strchr(us_swz_chars, t->text[len == 1 ? 0 : i]);
        if (!hit || !*hit)
            return fail_at(p, t->line, "bad swizzle '%s' (letters r g b a 0 h 1 _)", t->text);
        o->swz[i] = (uint32_t)(hit - us_swz_chars);
    }
    if (abs && !expect_punct(p, '|', "to close |...|"))
        return false;
    o->mod = abs ? (neg ? 3u : 2u) : (neg ? 1u : 0u);
    return true;
}

/* op[.sat][.omod] : returns op index; sets clamp and omod fields. */
static bool parse_op_suffixes(parser_t *p, const char *const *ops, bool alpha, uint32_t *op)
{
    const us_tok_t *t = expect_word(p, "an opcode");
    if (!t)
        return false;
    int i = us_name_index(ops, 16, t->text);
    if (i < 0)
        return fail_at(p, t->line, "unknown %s opcode '%s'", alpha ? "alpha" : "rgb", t->text);
    *op = (uint32_t)i;
    while (accept_punct(p, '.')) {
        const us_tok_t *s = expect_word(p, "a suffix (sat, x2, x4, x8, d2, d4, d8, off)");
        if (!s)
            return false;
        if (strcmp(s->text, "sat") == 0) {
            if (!(alpha ? SETF(p, s->line, 0, US_CMN_INST_ALPHA_CLAMP, 1) : SETF(p, s->line, 0, US_CMN_INST_RGB_CLAMP, 1)))
                return false;
            continue;
        }
        int m = strcmp(s->text, "x1") == 0 ? 0 : us_name_index(us_omod_suffix + 1, 7, s->text) + 1;
        if (m < 0 || (m == 0 && strcmp(s->text, "x1") != 0))
            return fail_at(p, s->line, "unknown suffix '.%s' (sat, x2, x4, x8, d2, d4, d8, off)", s->text);
        if (!(alpha ? SETF(p, s->line, 4, US_ALU_ALPHA_INST_OMOD, (uint32_t)m)
                    : SETF(p, s->line, 3, US_ALU_RGB_INST_OMOD, (uint32_t)m)))
            return false;
    }
    return true;
}

static bool parse_cmp_suffix(parser_t *p, uint32_t *cmp)
{
    *cmp = 0;
    if (!accept_punct(p, '.'))
        return true;
    return parse_name(p, us_cmp_names, 4, "compare (eq, lt, ge, ne)", cmp);
}

/* The fields one unit's destination and operands land in: rgb (US_ALU_RGB_INST, RGB part of US_ALU_RGBA_INST)
 * or alpha (US_ALU_ALPHA_INST, alpha part of US_ALU_RGBA_INST). */
static bool set_dest_temp(parser_t *p, unsigned l, bool alpha, uint32_t addr, bool rel, uint32_t mask)
{
    if (alpha)
        return SETF(p, l, 4, US_ALU_ALPHA_INST_ALPHA_ADDRD, addr) && SETF(p, l, 4, US_ALU_ALPHA_INST_ALPHA_ADDRD_REL, rel) &&
               SETF(p, l, 0, US_CMN_INST_ALPHA_WMASK, mask);
    return SETF(p, l, 5, US_ALU_RGBA_INST_RGB_ADDRD, addr) && SETF(p, l, 5, US_ALU_RGBA_INST_RGB_ADDRD_REL, rel) &&
           SETF(p, l, 0, US_CMN_INST_RGB_WMASK, mask);
}

static bool set_dest_output(parser_t *p, unsigned l, bool alpha, uint32_t mask, uint32_t target)
{
    if (alpha)
        return SETF(p, l, 0, US_CMN_INST_ALPHA_OMASK, mask) && SETF(p, l, 4, US_ALU_ALPHA_INST_TARGET, target);
    return SETF(p, l, 0, US_CMN_INST_RGB_OMASK, mask) && SETF(p, l, 3, US_ALU_RGB_INST_TARGET, target);
}

static bool set_operand(parser_t *p, unsigned l, bool alpha, unsigned n, const operand_t *o)
{
    if (alpha) {
        if (n == 0)
            return SETF(p, l, 4, US_ALU_ALPHA_INST_ALPHA_SEL_A, o->sel) &&
                   SETF(p, l, 4, US_ALU_ALPHA_INST_ALPHA_SWIZ_A, o->swz[0]) &&
                   SETF(p, l, 4, US_ALU_ALPHA_INST_ALPHA_MOD_A, o->mod);
        if (n == 1)
            return SETF(p, l, 4, US_ALU_ALPHA_INST_ALPHA_SEL_B, o->sel) &&
                   SETF(p, l, 4, US_ALU_ALPHA_INST_ALPHA_SWIZ_B, o->swz[0]) &&
                   SETF(p, l, 4, US_ALU_ALPHA_INST_ALPHA_MOD_B, o->mod);
        return SETF(p, l, 5, US_ALU_RGBA_INST_ALPHA_SEL_C, o->sel) &&
               SETF(p, l, 5, US_ALU_RGBA_INST_ALPHA_SWIZ_C, o->swz[0]) && SETF(p, l, 5, US_ALU_RGBA_INST_ALPHA_MOD_C, o->mod);
    }
    if (n == 0)
        return SETF(p, l, 3, US_ALU_RGB_INST_RGB_SEL_A, o->sel) && SETF(p, l, 3, US_ALU_RGB_INST_RED_SWIZ_A, o->swz[0]) &&
               SETF(p, l, 3, US_ALU_RGB_INST_GREEN_SWIZ_A, o->swz[1]) &&
               SETF(p, l, 3, US_ALU_RGB_INST_BLUE_SWIZ_A, o->swz[2]) && SETF(p, l, 3, US_ALU_RGB_INST_RGB_MOD_A, o->mod);
    if (n == 1)
        return SETF(p, l, 3, US_ALU_RGB_INST_RGB_SEL_B, o->sel) && SETF(p, l, 3, US_ALU_RGB_INST_RED_SWIZ_B, o->swz[0]) &&
               SETF(p, l, 3, US_ALU_RGB_INST_GREEN_SWIZ_B, o->swz[1]) &&
               SETF(p, l, 3, US_ALU_RGB_INST_BLUE_SWIZ_B, o->swz[2]) && SETF(p, l, 3, US_ALU_RGB_INST_RGB_MOD_B, o->mod);
    return SETF(p, l, 5, US_ALU_RGBA_INST_RGB_SEL_C, o->sel) && SETF(p, l, 5, US_ALU_RGBA_INST_RED_SWIZ_C, o->swz[0]) &&
           SETF(p, l, 5, US_ALU_RGBA_INST_GREEN_SWIZ_C, o->swz[1]) &&
           SETF(p, l, 5, US_ALU_RGBA_INST_BLUE_SWIZ_C, o->swz[2]) && SETF(p, l, 5, US_ALU_RGBA_INST_RGB_MOD_C, o->mod);
}

/* rgb: / alpha: part: op[.sat][.omod] dest[+dest...], A, B, C */
static bool parse_part(parser_t *p, bool alpha)
{
    const char *unit = alpha ? "alpha" : "rgb", *letters = alpha ? "a" : "rgb";
    unsigned line = cur_line(p);
    uint32_t op = 0;
    if (!parse_op_suffixes(p, alpha ? us_alpha_op_names : us_rgb_op_names, alpha, &op) ||
        !(alpha ? SETF(p, line, 4, US_ALU_ALPHA_INST_ALPHA_OP, op) : SETF(p, line, 5, US_ALU_RGBA_INST_RGB_OP, op)))
        return false;
    do {
        const us_tok_t *t = peek(p, 0);
        if (!t || t->kind != US_TOK_WORD)
            return fail_at(p, cur_line(p), "expected an %s destination (t<n>.%s, o<k>.%s, p.%s%s or _)", unit, letters,
                           letters, letters, alpha ? ", w" : "");
        uint32_t k, mask, cmp;
        if (strcmp(t->text, "_") == 0) {
            p->pos++;
        } else if (alpha && strcmp(t->text, "w") == 0) {
            p->pos++;
            if (!SETF(p, t->line, 4, US_ALU_ALPHA_INST_W_OMASK, 1))
                return false;
        } else if (strcmp(t->text, "p") == 0) {
            p->pos++;
            if (p->type != US_TYPE_ALU)
                return fail_at(p, t->line, "predicate writes (p.) belong to alu instructions; out writes o<k>.");
            if (!expect_punct(p, '.', "after p") || !parse_mask(p, letters, &mask) || !parse_cmp_suffix(p, &cmp) ||
                !set_dest_output(p, t->line, alpha, mask, cmp))
                return false;
        } else if (split_reg_word(t->text, 'o', &k)) {
            p->pos++;
            if (p->type != US_TYPE_OUT)
                return fail_at(p, t->line, "output writes (o<k>.) belong to out instructions");
            if (k > 3)
                return fail_at(p, t->line, "render target o%u is out of range (o0..o3)", k);
            if (!expect_punct(p, '.', "after the output") || !parse_mask(p, letters, &mask) ||
                !set_dest_output(p, t->line, alpha, mask, k))
                return false;
        } else {
            char bank;
            bool rel;
            uint32_t addr;
            if (!parse_reg(p, "t", &bank, &addr, &rel, 127, 127) || !expect_punct(p, '.', "before the write mask") ||
                !parse_mask(p, letters, &mask) || !set_dest_temp(p, t->line, alpha, addr, rel, mask))
                return false;
        }
    } while (accept_punct(p, '+'));
    unsigned n = 0;
    while (accept_punct(p, ',')) {
        operand_t o;
        unsigned l = cur_line(p);
        if (n == 3)
            return fail_at(p, l, "an %s op takes at most 3 operands (A, B, C)", unit);
        if (!parse_operand(p, alpha ? 1 : 3, &o) || !set_operand(p, l, alpha, n, &o))
            return false;
        n++;
    }
    unsigned need = alpha ? us_alpha_op_arity(op) : us_rgb_op_arity(op);
    if (n < need)
        return fail_at(p, line, "%s %s takes %u operand%s, got %u", unit, (alpha ? us_alpha_op_names : us_rgb_op_names)[op],
                       need, need == 1 ? "" : "s", n);
    return true;
}

/* Optional .rgb or .a after a source name: which of the two address dwords it sets (both without one). */
static bool parse_unit_suffix(parser_t *p, bool *rgb, bool *alpha)
{
    *rgb = *alpha = true;
    if (!accept_punct(p, '.'))
        return true;
    const us_tok_t *t = expect_word(p, "rgb or a");
    if (!t)
        return false;
    if (strcmp(t->text, "rgb") == 0)
        *alpha = false;
    else if (strcmp(t->text, "a") == 0)
        *rgb = false;
    else
        return fail_at(p, t->line, "expected .rgb or .a after the source name, got '.%s'", t->text);
    return true;
}

/* srcN[.rgb|.a]=source */
static bool parse_src_assign(parser_t *p, unsigned s)
{
    unsigned line = cur_line(p);
    bool rgb, alpha;
    if (!parse_unit_suffix(p, &rgb, &alpha))
        return false;
    uint32_t addr, c, rel;
    if (!expect_punct(p, '=', "after the source name") || !parse_source(p, &addr, &c, &rel))
        return false;
    unsigned lo = 10u * s;
    if (rgb && !(set_bits(p, line, 1, 0xFFu << lo, lo, addr, "rgb source address") &&
                 set_bits(p, line, 1, 1u << (lo + 8), lo + 8, c, "rgb source const flag") &&
                 set_bits(p, line, 1, 1u << (lo + 9), lo + 9, rel, "rgb source rel flag")))
        return false;
    if (alpha && !(set_bits(p, line, 2, 0xFFu << lo, lo, addr, "alpha source address") &&
                   set_bits(p, line, 2, 1u << (lo + 8), lo + 8, c, "alpha source const flag") &&
                   set_bits(p, line, 2, 1u << (lo + 9), lo + 9, rel, "alpha source rel flag")))
        return false;
    return true;
}

static bool parse_srcp_assign(parser_t *p)
{
    unsigned line = cur_line(p);
    bool rgb, alpha;
    if (!parse_unit_suffix(p, &rgb, &alpha))
        return false;
    uint32_t op;
    if (!expect_punct(p, '=', "after srcp") || !parse_name(p, us_srcp_names, 4, "pre-subtract (neg2, sub, add, neg)", &op))
        return false;
    return (!rgb || SETF(p, line, 1, US_ALU_RGB_ADDR_SRCP_OP, op)) && (!alpha || SETF(p, line, 2, US_ALU_ALPHA_ADDR_SRCP_OP, op));
}

/* word.field=value for any field of a dword this instruction type uses. */
static bool parse_escape(parser_t *p, const us_tok_t *wtok)
{
    int r = us_word_find(wtok->text);
    unsigned word = 0;
    bool ok = false;
    for (unsigned w = 0; w < 6 && r >= 0; w++)
        if (us_word_reg[p->type][w] == r) {
            word = w;
            ok = true;
        }
    if (!ok)
        return fail_at(p, wtok->line, "'%s' is not a dword of this instruction type", wtok->text);
    const us_reg_desc_t *reg = &us_regs[r];
    const us_tok_t *ft = expect_word(p, "a field name");
    if (!ft)
        return false;
    int f = us_field_find(reg, ft->text);
    if (f < 0)
        return fail_at(p, ft->line, "%s has no field '%s'", reg->name, ft->text);
    const us_field_desc_t *fd = &reg->fields[f];
    if (!expect_punct(p, '=', "after the field name"))
        return false;
    const us_tok_t *vt = peek(p, 0);
    uint32_t v = 0;
    if (vt && vt->kind == US_TOK_WORD) {
        bool found = false;
        for (unsigned i = 0; i < fd->n_values; i++)
            if (fd->values[i].name && strcasecmp(fd->values[i].name, vt->text) == 0) {
                v = fd->values[i].value;
                found = true;
            }
        if (!found)
            return fail_at(p, vt->line, "%s.%s has no value named '%s'", reg->name, fd->name, vt->text);
        p->pos++;
    } else {
        uint32_t max = fd->width >= 32 ? 0xFFFFFFFFu : (1u << fd->width) - 1u;
        if (!expect_uint(p, max, &v, fd->name))
            return false;
    }
    uint32_t mask = (fd->width >= 32 ? 0xFFFFFFFFu : (1u << fd->width) - 1u) << fd->lo;
    return set_bits(p, wtok->line, word, mask, fd->lo, v, fd->name);
}

static bool parse_pred(parser_t *p, bool alpha, unsigned line)
{
    if (!expect_punct(p, '=', "after the predicate keyword"))
        return false;
    bool inv = accept_punct(p, '!');
    uint32_t sel;
    if (!parse_name(p, us_pred_names, 8, "predicate (none, rgba, rrrr, gggg, bbbb, aaaa)", &sel))
        return false;
    if (alpha)
        return SETF(p, line, 0, US_CMN_INST_ALPHA_PRED_SEL, sel) && SETF(p, line, 0, US_CMN_INST_ALPHA_PRED_INV, inv);
    return SETF(p, line, 0, US_CMN_INST_RGB_PRED_SEL, sel) && SETF(p, line, 0, US_CMN_INST_RGB_PRED_INV, inv);
}

/* Items every instruction type takes: flags, predicates, escapes. Returns 1 handled, 0 not mine, -1 error. */
static int parse_common_item(parser_t *p, const us_tok_t *t)
{
    static const struct {
        const char *name;
        uint32_t mask;
        unsigned lo;
    } flags[] = {
        {"tex_sem_wait", US_CMN_INST_TEX_SEM_WAIT_MASK, US_CMN_INST_TEX_SEM_WAIT_LO},
        {"alu_wait", US_CMN_INST_ALU_WAIT_MASK, US_CMN_INST_ALU_WAIT_LO},
        {"nop", US_CMN_INST_NOP_MASK, US_CMN_INST_NOP_LO},
        {"last", US_CMN_INST_LAST_MASK, US_CMN_INST_LAST_LO},
        {"write_inactive", US_CMN_INST_WRITE_INACTIVE_MASK, US_CMN_INST_WRITE_INACTIVE_LO},
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (strcmp(t->text, flags[i].name) == 0) {
            p->pos++;
            return set_bits(p, t->line, 0, flags[i].mask, flags[i].lo, 1, flags[i].name) ? 1 : -1;
        }
    if (strcmp(t->text, "rgb_pred") == 0) {
        p->pos++;
        return parse_pred(p, false, t->line) ? 1 : -1;
    }
    if (strcmp(t->text, "alpha_pred") == 0 && p->type != US_TYPE_FC) {
        p->pos++;
        return parse_pred(p, true, t->line) ? 1 : -1;
    }
    const us_tok_t *dot = peek(p, 1);
    if (us_word_find(t->text) >= 0 && dot && dot->kind == US_TOK_PUNCT && dot->text[0] == '.') {
        p->pos += 2;
        return parse_escape(p, t) ? 1 : -1;
    }
    return 0;
}

/* The next item word this instruction type handles itself, consumed into *out, after any common items (flags,
 * predicates, escapes). Returns 1 with an item, 0 at the end of the instruction, -1 after an error. */
static int next_own_item(parser_t *p, const us_tok_t **out)
{
    while (p->pos < p->n) {
        const us_tok_t *t = peek(p, 0);
        if (t->kind != US_TOK_WORD) {
            fail_at(p, t->line, "unexpected '%s'", t->text);
            return -1;
        }
        int c = parse_common_item(p, t);
        if (c < 0)
            return -1;
        if (c == 0) {
            p->pos++;
            *out = t;
            return 1;
        }
    }
    return 0;
}

static bool parse_alu(parser_t *p)
{
    while (p->pos < p->n) {
        const us_tok_t *t = peek(p, 0);
        if (t->kind != US_TOK_WORD)
            return fail_at(p, t->line, "unexpected '%s'", t->text);
        const us_tok_t *next = peek(p, 1);
        bool colon = next && next->kind == US_TOK_PUNCT && next->text[0] == ':';
        int c = parse_common_item(p, t);
        if (c < 0)
            return false;
        if (c > 0)
            continue;
        uint32_t v;
        if (colon && strcmp(t->text, "rgb") == 0) {
            p->pos += 2;
            if (!parse_part(p, false))
                return false;
        } else if (colon && (strcmp(t->text, "alpha") == 0 || strcmp(t->text, "a") == 0)) {
            p->pos += 2;
            if (!parse_part(p, true))
                return false;
        } else if (strncmp(t->text, "src", 3) == 0 && t->text[3] >= '0' && t->text[3] <= '2' && !t->text[4]) {
            p->pos++;
            if (!parse_src_assign(p, (unsigned)(t->text[3] - '0')))
                return false;
        } else if (strcmp(t->text, "srcp") == 0) {
            p->pos++;
            if (!parse_srcp_assign(p))
                return false;
        } else if (strcmp(t->text, "stat") == 0) {
            p->pos++;
            if (!expect_punct(p, '=', "after stat") || !expect_uint(p, 15, &v, "stat mask") ||
                !SETF(p, t->line, 0, US_CMN_INST_STAT_WE, v))
                return false;
        } else if (strcmp(t->text, "result") == 0) {
            p->pos++;
            const us_tok_t *ch;
            uint32_t cmp;
            if (!expect_punct(p, '=', "after result") || !(ch = expect_word(p, "r or a")))
                return false;
            if (strcmp(ch->text, "r") != 0 && strcmp(ch->text, "a") != 0)
                return fail_at(p, ch->line, "result channel must be r or a, got '%s'", ch->text);
            if (!expect_punct(p, '.', "before the compare") ||
                !parse_name(p, us_cmp_names, 4, "compare (eq, lt, ge, ne)", &cmp) ||
                !SETF(p, t->line, 3, US_ALU_RGB_INST_ALU_WMASK, 1) ||
                !SETF(p, t->line, 0, US_CMN_INST_ALU_RESULT_SEL, ch->text[0] == 'a') ||
                !SETF(p, t->line, 0, US_CMN_INST_ALU_RESULT_OP, cmp))
                return false;
        } else {
            return fail_at(p, t->line, "unexpected '%s' in an %s instruction", t->text,
                           p->type == US_TYPE_OUT ? "out" : "alu");
        }
    }
    /* A source not given gets the unused-source encoding, as Mesa writes it. */
    for (unsigned w = 1; w <= 2; w++)
        for (unsigned s = 0; s < 3; s++)
            if (!(p->given.w[w] & 0xFFu << (10u * s)))
                p->val.w[w] |= US_UNUSED_SOURCE << (10u * s);
    return true;
}

static bool parse_target(parser_t *p)
{
    const us_tok_t *t = peek(p, 0);
    if (t && t->kind == US_TOK_NUM) {
        uint32_t v;
        if (!expect_uint(p, US_MAX_INST - 1, &v, "jump address"))
            return false;
        return SETF(p, t->line, 3, US_FC_ADDR_JUMP_ADDR, v);
    }
    if (!t || t->kind != US_TOK_WORD)
        return fail_at(p, cur_line(p), "expected a jump target (label or address)");
    p->pos++;
    p->target_label = t->text;
    p->target_line = t->line;
    p->target_given = true;
    return true;
}

/* Mesa's FC words (reference notes section 0). */
static const struct {
    const char *name;
    uint32_t fc_inst;
} named_fc[] = {
    {"if", 0x12000F00u},    {"if_else", 0x1A000F00u}, {"else", 0x04010010u},  {"endif", 0x01010020u},
    {"loop", 0x10000001u},  {"endloop", 0x1000FF22u}, {"break", 0x1400FF05u}, {"continue", 0x1400FF07u},
};

static bool parse_fc(parser_t *p, const char *mnemonic, unsigned index)
{
    unsigned line = p->stmt_line;
    bool generic = strcmp(mnemonic, "fc") == 0;
    if (generic) {
        uint32_t op;
        if (!parse_name(p, us_fc_op_names, 8, "FC op (jump, loop, endloop, rep, endrep, breakloop, breakrep, continue)",
                        &op) ||
            !SETF(p, line, 2, US_FC_INST_OP, op))
            return false;
    } else {
        for (size_t i = 0; i < sizeof named_fc / sizeof named_fc[0]; i++)
            if (strcmp(named_fc[i].name, mnemonic) == 0) {
                /* The named form fixes every FC_INST field but the pop count. */
                uint32_t mask = 0xFFFFFFFFu & ~US_FC_INST_B_POP_CNT_MASK & US_FC_INST_DEFINED_BITS;
                if (!set_bits(p, line, 2, mask, 0, named_fc[i].fc_inst & mask, mnemonic) ||
                    !set_bits(p, line, 2, US_FC_INST_B_POP_CNT_MASK, 0, named_fc[i].fc_inst & US_FC_INST_B_POP_CNT_MASK,
                              "popcnt"))
                    return false;
                /* break/continue take popcnt=; let the value be replaced, not conflict. */
                if (strcmp(mnemonic, "break") == 0 || strcmp(mnemonic, "continue") == 0)
                    p->given.w[2] &= ~US_FC_INST_B_POP_CNT_MASK;
            }
    }
    bool endif = strcmp(mnemonic, "endif") == 0;
    const us_tok_t *t = peek(p, 0);
    bool has_target = t != NULL;
    if (endif && t && t->kind == US_TOK_WORD) {
        /* endif's target is optional (default: the next slot): an item word or word.field is not a target. */
        static const char *const items[] = {"alu_wait", "tex_sem_wait", "nop", "last", "write_inactive", "rgb_pred",
                                            "func", "any", "push", "pop", "b0", "b1", "popcnt", "else", "ign_unc",
                                            "bool", "int", "global"};
        const us_tok_t *after = peek(p, 1);
        if (after && after->kind == US_TOK_PUNCT && (after->text[0] == '.' || after->text[0] == '='))
            has_target = false;
        for (size_t i = 0; i < sizeof items / sizeof items[0]; i++)
            if (strcmp(items[i], t->text) == 0)
                has_target = false;
    }
    if (has_target) {
        if (!parse_target(p))
            return false;
    } else if (endif) {
        if (!SETF(p, line, 3, US_FC_ADDR_JUMP_ADDR, index + 1 < US_MAX_INST ? index + 1 : 0))
            return false;
    } else {
        return fail_at(p, cur_line(p), "%s needs a jump target (label or address)", mnemonic);
    }
    int more;
    while ((more = next_own_item(p, &t)) > 0) {
        uint32_t v;
        const char *w = t->text;
        bool ok;
        if (strcmp(w, "func") == 0)
            ok = expect_punct(p, '=', "after func") && expect_uint(p, 255, &v, "jump function") &&
                 SETF(p, t->line, 2, US_FC_INST_JUMP_FUNC, v);
        else if (strcmp(w, "any") == 0)
            ok = SETF(p, t->line, 2, US_FC_INST_JUMP_ANY, 1);
        else if (strcmp(w, "push") == 0)
            ok = SETF(p, t->line, 2, US_FC_INST_A_OP, US_FC_INST_A_OP_PUSH);
        else if (strcmp(w, "pop") == 0)
            ok = SETF(p, t->line, 2, US_FC_INST_A_OP, US_FC_INST_A_OP_POP);
        else if (strcmp(w, "b0") == 0)
            ok = expect_punct(p, '=', "after b0") && parse_name(p, us_bop_names, 4, "branch op (none, decr, incr)", &v) &&
                 SETF(p, t->line, 2, US_FC_INST_B_OP0, v);
        else if (strcmp(w, "b1") == 0)
            ok = expect_punct(p, '=', "after b1") && parse_name(p, us_bop_names, 4, "branch op (none, decr, incr)", &v) &&
                 SETF(p, t->line, 2, US_FC_INST_B_OP1, v);
        else if (strcmp(w, "popcnt") == 0)
            ok = expect_punct(p, '=', "after popcnt") && expect_uint(p, 31, &v, "pop count") &&
                 SETF(p, t->line, 2, US_FC_INST_B_POP_CNT, v);
        else if (strcmp(w, "else") == 0)
            ok = SETF(p, t->line, 2, US_FC_INST_B_ELSE, 1);
        else if (strcmp(w, "ign_unc") == 0)
            ok = SETF(p, t->line, 2, US_FC_INST_IGNORE_UNCOVERED, 1);
        else if (strcmp(w, "bool") == 0)
            ok = expect_punct(p, '=', "after bool") && expect_uint(p, 31, &v, "bool constant") &&
                 SETF(p, t->line, 3, US_FC_ADDR_BOOL_ADDR, v);
        else if (strcmp(w, "int") == 0)
            ok = expect_punct(p, '=', "after int") && expect_uint(p, 31, &v, "int constant") &&
                 SETF(p, t->line, 3, US_FC_ADDR_INT_ADDR, v);
        else if (strcmp(w, "global") == 0)
            ok = SETF(p, t->line, 3, US_FC_ADDR_JUMP_GLOBAL, 1);
        else
            return fail_at(p, t->line, "unexpected '%s' in an FC instruction", w);
        if (!ok)
            return false;
    }
    return more == 0;
}

static bool parse_tex_reg_swz(parser_t *p, unsigned word, unsigned addr_lo, const char *what)
{
    unsigned line = cur_line(p);
    char bank;
    bool rel;
    uint32_t addr;
    if (!parse_reg(p, "t", &bank, &addr, &rel, 127, 127) || !expect_punct(p, '.', "before the swizzle"))
        return false;
    const us_tok_t *s = expect_word(p, "a 4-letter swizzle (r g b a)");
    if (!s)
        return false;
    if (strlen(s->text) != 4)
        return fail_at(p, s->line, "%s swizzle '%s' must have 4 letters of r g b a", what, s->text);
    uint32_t swz = 0;
    for (unsigned i = 0; i < 4; i++) {
        const char *hit = strchr(us_chan_chars, s->text[i]);
        if (!hit || !*hit)
            return fail_at(p, s->line, "bad %s swizzle '%s' (letters r g b a)", what, s->text);
        swz |= (uint32_t)(hit - us_chan_chars) << (2 * i);
    }
    return set_bits(p, line, word, 0x7Fu << addr_lo, addr_lo, addr, what) &&
           set_bits(p, line, word, 1u << (addr_lo + 7), addr_lo + 7, rel, what) &&
           set_bits(p, line, word, 0xFFu << (addr_lo + 8), addr_lo + 8, swz, what);
}

static bool parse_tex(parser_t *p)
{
    unsigned line = p->stmt_line;
    uint32_t op, mask, v;
    if (!parse_name(p, us_tex_op_names, 8, "TEX op (nop, ld, texkill, proj, lodbias, lod, dxdy)", &op) ||
        !SETF(p, line, 1, US_TEX_INST_INST, op))
        return false;
    char bank;
    bool rel;
    uint32_t addr;
    unsigned l = cur_line(p);
    if (!parse_reg(p, "t", &bank, &addr, &rel, 127, 127) || !expect_punct(p, '.', "before the write mask") ||
        !parse_mask(p, "rgba", &mask) || !SETF(p, l, 2, US_TEX_ADDR_DST_ADDR, addr) ||
        !SETF(p, l, 2, US_TEX_ADDR_DST_ADDR_REL, rel) || !SETF(p, l, 0, US_CMN_INST_RGB_WMASK, mask & 7u) ||
        !SETF(p, l, 0, US_CMN_INST_ALPHA_WMASK, mask >> 3) || !expect_punct(p, ',', "after the destination") ||
        !parse_tex_reg_swz(p, 2, 0, "source") || !expect_punct(p, ',', "after the source"))
        return false;
    const us_tok_t *t = expect_word(p, "a texture (tex0..tex15)");
    if (!t)
        return false;
    if (strncmp(t->text, "tex", 3) != 0 || !parse_uint_text(t->text + 3, &v) || v > 15)
        return fail_at(p, t->line, "expected a texture tex0..tex15, got '%s'", t->text);
    if (!SETF(p, t->line, 1, US_TEX_INST_TEX_ID, v))
        return false;
    /* Identity destination swizzle unless dst_swz= says otherwise. */
    uint32_t dst_swz = 0xE4u; /* r g b a */
    bool dst_given = false;
    int more;
    while ((more = next_own_item(p, &t)) > 0) {
        const char *w = t->text;
        bool ok;
        if (strcmp(w, "dst_swz") == 0) {
            const us_tok_t *s;
            ok = expect_punct(p, '=', "after dst_swz") && (s = expect_word(p, "a 4-letter swizzle")) != NULL;
            if (ok) {
                if (strlen(s->text) != 4 || dst_given)
                    return fail_at(p, s->line, dst_given ? "dst_swz given twice" : "dst_swz needs 4 letters of r g b a");
                dst_swz = 0;
                for (unsigned i = 0; i < 4; i++) {
                    const char *hit = strchr(us_chan_chars, s->text[i]);
                    if (!hit || !*hit)
                        return fail_at(p, s->line, "bad dst_swz '%s' (letters r g b a)", s->text);
                    dst_swz |= (uint32_t)(hit - us_chan_chars) << (2 * i);
                }
                dst_given = true;
            }
        } else if (strcmp(w, "dx") == 0)
            ok = expect_punct(p, '=', "after dx") && parse_tex_reg_swz(p, 3, 0, "dx");
        else if (strcmp(w, "dy") == 0)
            ok = expect_punct(p, '=', "after dy") && parse_tex_reg_swz(p, 3, 16, "dy");
        else if (strcmp(w, "acquire") == 0)
            ok = SETF(p, t->line, 1, US_TEX_INST_TEX_SEM_ACQUIRE, 1);
        else if (strcmp(w, "ign_unc") == 0)
            ok = SETF(p, t->line, 1, US_TEX_INST_IGNORE_UNCOVERED, 1);
        else if (strcmp(w, "unscaled") == 0)
            ok = SETF(p, t->line, 1, US_TEX_INST_UNSCALED, 1);
        else
            return fail_at(p, t->line, "unexpected '%s' in a tex instruction", w);
        if (!ok)
            return false;
    }
    return more == 0 && set_bits(p, line, 2, 0xFF000000u, 24, dst_swz, "destination swizzle");
}

static bool parse_raw(parser_t *p)
{
    for (unsigned i = 0; i < 6; i++) {
        if (i && !expect_punct(p, ',', "between the six words"))
            return false;
        if (!expect_uint(p, 0xFFFFFFFFu, &p->val.w[i], "instruction word"))
            return false;
    }
    if (p->pos < p->n)
        return fail_at(p, cur_line(p), ".inst takes exactly six words; unexpected '%s'", p->tok[p->pos].text);
    return true;
}

static bool assemble_stmt(parser_t *p, const char *mnemonic, unsigned index, bool *raw)
{
    *raw = strcmp(mnemonic, ".inst") == 0;
    if (*raw)
        return parse_raw(p);
    if (strcmp(mnemonic, "alu") == 0 || strcmp(mnemonic, "out") == 0) {
        p->type = strcmp(mnemonic, "alu") == 0 ? US_TYPE_ALU : US_TYPE_OUT;
        if (!SETF(p, p->stmt_line, 0, US_CMN_INST_TYPE, p->type))
            return false;
        return parse_alu(p);
    }
    if (strcmp(mnemonic, "tex") == 0) {
        p->type = US_TYPE_TEX;
        return SETF(p, p->stmt_line, 0, US_CMN_INST_TYPE, p->type) && parse_tex(p);
    }
    p->type = US_TYPE_FC;
    return SETF(p, p->stmt_line, 0, US_CMN_INST_TYPE, p->type) && parse_fc(p, mnemonic, index);
}

int us_asm(const char *src, const char *fname, us_program_t *prog, char *err, size_t err_size)
{
    return us_asm_ex(src, fname, prog, err, err_size, true);
}

int us_asm_ex(const char *src, const char *fname, us_program_t *prog, char *err, size_t err_size, bool loop_checks)
{
    us_lexed_t lx;
    memset(prog, 0, sizeof *prog);
    if (!us_lex(src, fname, US_MAX_INST, &lx, err, err_size)) {
        us_lexed_free(&lx);
        return -1;
    }
    bool raw[US_MAX_INST];
    int rc = 0;
    for (unsigned i = 0; i < lx.nstmts && rc == 0; i++) {
        parser_t p;
        memset(&p, 0, sizeof p);
        p.fname = fname;
        p.err = err;
        p.err_size = err_size;
        p.tok = lx.toks + lx.stmts[i].first + 1;
        p.n = lx.stmts[i].count - 1;
        p.stmt_line = lx.stmts[i].line;
        const char *mnemonic = lx.toks[lx.stmts[i].first].text;
        if (!assemble_stmt(&p, mnemonic, i, &raw[i])) {
            rc = -1;
            break;
        }
        if (p.target_given) {
            const us_label_t *lb = us_labels_find(&lx.labels, p.target_label);
            if (!lb) {
                fail_at(&p, p.target_line, "undefined label '%s'", p.target_label);
                rc = -1;
                break;
            }
            if (!SETF(&p, p.target_line, 3, US_FC_ADDR_JUMP_ADDR, lb->index)) {
                rc = -1;
                break;
            }
        }
        prog->inst[i] = p.val;
        char why[512];
        if (!raw[i] && us_inst_check(&p.val, why, sizeof why)) {
            char *nl = strchr(why, '\n');
            if (nl)
                *nl = '\0';
            fail_at(&p, p.stmt_line, "illegal instruction: %s", why);
            rc = -1;
        }
    }
    if (rc == 0) {
        prog->count = lx.nstmts;
        for (unsigned i = 0; loop_checks && i < prog->count; i++) {
            const us_inst_t *in = &prog->inst[i];
            unsigned op = (in->w[2] & US_FC_INST_OP_MASK) >> US_FC_INST_OP_LO;
            if (!raw[i] && us_inst_type(in) == US_TYPE_FC && (op == US_FC_INST_OP_LOOP || op == US_FC_INST_OP_REP) &&
                !us_loop_target_ok(prog, i)) {
                snprintf(err, err_size, "%s:%u: %s target must be its matching %s", fname, lx.stmts[i].line,
                         op == US_FC_INST_OP_LOOP ? "loop" : "rep", op == US_FC_INST_OP_LOOP ? "endloop" : "endrep");
                rc = -1;
                break;
            }
        }
    }
    us_lexed_free(&lx);
    return rc;
}
