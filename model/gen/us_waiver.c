/* The `unsafe` line of a vector: names to bits and back (us_waiver.h). */
#include "gen/us_waiver.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "golden/generated/us_state_gen.h"
#include "isa/us_rules.h"

#define SPACE " \t\r"
#define GENERIC_WHY "on purpose (docs/spec.md section 9)"

bool us_waiver_any(const us_waiver_t *w)
{
    return w->rules || w->errors;
}

static int refuse(char *msg, size_t msg_size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int refuse(char *msg, size_t msg_size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msg_size, fmt, ap);
    va_end(ap);
    return -1;
}

/* One name's bit, a rule's or an error flag's (the two never share a name: '-' against '_'); false if neither. */
static bool name_bit(const char *name, size_t len, uint32_t *rules, uint32_t *errors)
{
    *rules = *errors = 0;
    for (unsigned i = 0; i < US_RULE_COUNT; i++)
        if (strlen(us_rules[i].id) == len && strncmp(us_rules[i].id, name, len) == 0)
            *rules = 1u << i;
    for (unsigned i = 0; i < US_ERR_COUNT; i++)
        if (strlen(us_error_names[i]) == len && strncmp(us_error_names[i], name, len) == 0)
            *errors = 1u << i;
    return *rules || *errors;
}

static int unknown_name(const char *name, size_t len, char *msg, size_t msg_size)
{
    us_strbuf_t sb;
    us_sb_init(&sb);
    us_waiver_names(&sb, (1u << US_RULE_COUNT) - 1u, (1u << US_ERR_COUNT) - 1u);
    refuse(msg, msg_size, "unknown rule or error state '%.*s' in the unsafe line (one of %s)", (int)len, name,
           sb.data);
    us_sb_free(&sb);
    return -1;
}

/* The comma-separated list, each name known and given once. */
static int parse_list(const char *list, size_t len, us_waiver_t *w, char *msg, size_t msg_size)
{
    for (size_t at = 0; at <= len;) {
        const char *name = list + at;
        const char *comma = memchr(name, ',', len - at);
        size_t n = comma ? (size_t)(comma - name) : len - at;
        uint32_t r, e;
        if (!n)
            return refuse(msg, msg_size, "an empty name in the unsafe list '%.*s'", (int)len, list);
        if (!name_bit(name, n, &r, &e))
            return unknown_name(name, n, msg, msg_size);
        if ((w->rules & r) || (w->errors & e))
            return refuse(msg, msg_size, "'%.*s' is named twice in the unsafe line", (int)n, name);
        w->rules |= r;
        w->errors |= e;
        at += n + 1;
    }
    return 0;
}

int us_waiver_parse(const char *text, us_waiver_t *w, char *msg, size_t msg_size)
{
    memset(w, 0, sizeof *w);
    const char *list = text + strspn(text, SPACE);
    size_t list_len = strcspn(list, SPACE);
    if (!list_len)
        return refuse(msg, msg_size, "expected: unsafe NAME[,NAME...] REASON (the rules and error states the vector "
                                     "breaks on purpose, and why)");
    const char *why = list + list_len;
    why += strspn(why, SPACE);
    size_t why_len = strlen(why);
    while (why_len && strchr(SPACE, why[why_len - 1]))
        why_len--;
    if (parse_list(list, list_len, w, msg, msg_size))
        return -1;
    if (!why_len)
        return refuse(msg, msg_size, "the unsafe line gives no reason (unsafe NAME[,NAME...] REASON)");
    if (why_len >= US_WAIVER_WHY)
        return refuse(msg, msg_size, "the unsafe line's reason is longer than %d characters", US_WAIVER_WHY - 1);
    memcpy(w->why, why, why_len);
    w->why[why_len] = '\0';
    return 0;
}

void us_waiver_names(us_strbuf_t *sb, uint32_t rules, uint32_t errors)
{
    const char *sep = "";
    for (unsigned i = 0; i < US_RULE_COUNT; i++)
        if (rules >> i & 1u) {
            us_sb_printf(sb, "%s%s", sep, us_rules[i].id);
            sep = ",";
        }
    for (unsigned i = 0; i < US_ERR_COUNT; i++)
        if (errors >> i & 1u) {
            us_sb_printf(sb, "%s%s", sep, us_error_names[i]);
            sep = ",";
        }
}

void us_waiver_format(us_strbuf_t *sb, const us_waiver_t *w)
{
    if (!us_waiver_any(w))
        return;
    char why[US_WAIVER_WHY];
    snprintf(why, sizeof why, "%s", w->why);
    for (char *c = why; *c; c++)
        if (*c == '#' || *c == '\n')
            *c = ' ';
    const char *s = why + strspn(why, SPACE);
    size_t n = strlen(s);
    while (n && strchr(SPACE, s[n - 1]))
        n--;
    us_sb_puts(sb, "unsafe ");
    us_waiver_names(sb, w->rules, w->errors);
    us_sb_printf(sb, " %.*s", n ? (int)n : (int)strlen(GENERIC_WHY), n ? s : GENERIC_WHY);
}
