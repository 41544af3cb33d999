// A bring-up export's register writes (writes.txt, docs/bringup.md "The files"), read for uscosim --writes: one write
// a line, `0xAAAA 0xVVVVVVVV NAME  # what it loads`, the address four hex digits, the value eight, NAME the register
// at that address in spec/isa.txt (an indexed one with its index, US_OUT_FMT_2; an address the table has not:
// `(unknown)`, as usbringup writes it); blank lines and lines starting with '#' say nothing. One job: read it
// strictly.
#ifndef WRITES_FILE_H
#define WRITES_FILE_H

#include <cstdint>
#include <string>
#include <vector>

struct FileWrite {
    uint32_t addr, value;
    unsigned line;     // its line in the file, from 1
    std::string name;  // as the file names it (checked against the address)
};

// The writes of `path` in file order. false with "path:line: message" (or "path: message") in err when the file
// cannot be read, a line is malformed, a name is not the register at its address, or there is no write at all.
bool read_writes_file(const char *path, std::vector<FileWrite> &out, std::string &err);

// The register's name at addr as writes.txt gives it (an indexed one with its index, an instruction bank's word by
// the first register of spec/isa.txt at that bank, US_ALU_RGB_ADDR_5), or "(unknown)" when the table has none there.
std::string register_name(uint32_t addr);

#endif
