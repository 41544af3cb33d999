// writes.txt, read strictly (writes_file.h).
#include "writes_file.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {
#include "isa/us_hex.h"
#include "isa/generated/us_isa_gen.h"
}

namespace {

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f'); }
bool is_blank(char c) { return c == ' ' || c == '\t'; }

// "0x" and exactly `digits` hex digits at s, ending at a blank, '#' or the end of the line; *end past them.
bool hex_field(const char *s, unsigned digits, uint32_t *out, const char **end)
{
    if (s[0] != '0' || s[1] != 'x')
        return false;
    unsigned n = 0;
    uint32_t v = 0;
    for (s += 2; is_hex(*s); s++, n++)
        v = v << 4 | (uint32_t)(*s <= '9' ? *s - '0' : (*s | 0x20) - 'a' + 10);
    if (n != digits || (*s && !is_blank(*s)))
        return false;
    *out = v;
    *end = s;
    return true;
}

// Every name spec/isa.txt gives the address (the instruction banks have one per instruction type), first the first.
std::vector<std::string> names_at(uint32_t addr)
{
    std::vector<std::string> names;
    for (unsigned r = 0; r < US_REG_COUNT; r++) {
        const us_reg_desc_t &d = us_regs[r];
        if (addr < d.addr || addr >= d.addr + 4u * d.count || (addr - d.addr) % 4u)
            continue;
        names.push_back(d.count > 1 ? std::string(d.name) + "_" + std::to_string((addr - d.addr) / 4u) : d.name);
    }
    return names;
}

}  // namespace

std::string register_name(uint32_t addr)
{
    std::vector<std::string> names = names_at(addr);
    return names.empty() ? "(unknown)" : names[0];
}

bool read_writes_file(const char *path, std::vector<FileWrite> &out, std::string &err)
{
    char msg[512];
    char *text = us_read_file(path, msg, sizeof msg);
    if (!text) {
        err = msg;
        return false;
    }
    out.clear();
    unsigned lineno = 0;
    bool ok = true;
    auto fail = [&](const char *what) {
        snprintf(msg, sizeof msg, "%s:%u: %s", path, lineno, what);
        err = msg;
        ok = false;
    };
    for (char *line = text; ok && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        const char *s = line;
        for (const char *c = line; *c; c++)
            if ((unsigned char)*c < 0x20 && *c != '\t') {
                fail("a control character (a carriage return?): lines are address value name [# comment]");
                break;
            }
        while (ok && is_blank(*s))
            s++;
        if (ok && *s && *s != '#') {
            FileWrite w{};
            w.line = lineno;
            const char *e = nullptr;
            if (!hex_field(s, 4, &w.addr, &e))
                fail("expected an address, 0x and four hex digits (0x4604), at the start of the line");
            else if (!*e)
                fail("expected a value after the address");
            else {
                for (s = e; is_blank(*s); s++) {
                }
                if (!hex_field(s, 8, &w.value, &e))
                    fail("expected a value, 0x and eight hex digits (0x0000007D), after the address");
                else if (!*e)
                    fail("expected the register's name after the value");
                s = e;
            }
            if (ok) {
                while (is_blank(*s))
                    s++;
                const char *n = s;
                while (*s && !is_blank(*s) && *s != '#')
                    s++;
                w.name.assign(n, (size_t)(s - n));
                while (is_blank(*s))
                    s++;
                std::vector<std::string> names = names_at(w.addr);
                if (w.name.empty())
                    fail("expected the register's name after the value");
                else if (*s && *s != '#')
                    fail("more than address, value and name before the comment (a comment starts with #)");
                else if (names.empty() && w.name != "(unknown)") {
                    snprintf(msg, sizeof msg, "%s is not a register at 0x%04X: spec/isa.txt has none there (write "
                             "the name as (unknown))", w.name.c_str(), w.addr);
                    fail(std::string(msg).c_str());
                } else if (!names.empty()) {
                    bool known = false;
                    for (const std::string &nm : names)
                        known |= nm == w.name;
                    if (!known) {
                        snprintf(msg, sizeof msg, "%s is not the register at 0x%04X (%s is)", w.name.c_str(), w.addr,
                                 names[0].c_str());
                        fail(std::string(msg).c_str());
                    }
                }
            }
            if (ok)
                out.push_back(w);
        }
        line = nl ? nl + 1 : line + strlen(line);
    }
    free(text);
    if (ok && out.empty()) {
        snprintf(msg, sizeof msg, "%s: no register write in the file", path);
        err = msg;
        ok = false;
    }
    return ok;
}
