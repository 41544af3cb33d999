"""Build script of r500us._native (cffi, out-of-line API mode): the declarations of the model's C API the binding
calls (model/isa, model/golden, model/gen headers, checked against them by the compiler) and python/csrc/pyus.h.
setup.py names it in cffi_modules; the model's own .c files and pyus.c are compiled into static libraries by
setup.py's build_clib step and linked into the module."""
import os

from cffi import FFI

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CDEF = r"""
#define US_MAX_INST ...
#define US_NTEMP ...
#define US_NCONST ...
#define US_NTEX ...
#define US_TEX_MAX_DIM ...
#define US_MAX_STACK ...
#define US_MAX_WATCHDOG ...
#define US_NPIX ...
#define US_ERR_COUNT ...
#define US_RULE_COUNT ...
#define US_DIAGS_KEEP ...
#define US_REG_COUNT ...
#define US_FC_INT_CONST_ADDR ...
#define US_FC_BOOL_CONST_ADDR ...
#define US_CONFIG_ADDR ...
#define US_FC_CTRL_ADDR ...
#define US_FC_CTRL_FULL_FC_EN_MASK ...
#define US_CODE_ADDR_ADDR ...
#define US_CODE_RANGE_ADDR ...
#define US_CODE_OFFSET_ADDR ...
#define US_CODE_ADDR_END_ADDR_LO ...
#define US_CODE_RANGE_CODE_SIZE_LO ...
#define GA_US_VECTOR_INDEX_ADDR ...
#define GA_US_VECTOR_DATA_ADDR ...
#define GA_US_VECTOR_INDEX_TYPE_MASK ...
#define US_DEFAULT_LOOP_DEPTH ...
#define US_DEFAULT_ADDR_DEPTH ...
#define US_DEFAULT_COUNTER_BITS ...
#define US_CMN_INST_TYPE_MASK ...
enum us_inst_type { US_TYPE_ALU, US_TYPE_OUT, US_TYPE_FC, US_TYPE_TEX, ... };

typedef struct us_strbuf { char *data; size_t len, cap; } us_strbuf_t;
void us_sb_init(us_strbuf_t *sb);
void us_sb_free(us_strbuf_t *sb);

typedef struct us_inst { uint32_t w[6]; } us_inst_t;
typedef struct us_program { us_inst_t inst[512]; unsigned count; } us_program_t;
int us_inst_check(const us_inst_t *in, char *msg, size_t msg_size);

typedef struct us_reg_desc { const char *name; int word; uint32_t addr, count; ...; } us_reg_desc_t;
extern const us_reg_desc_t us_regs[];

/* isa: assembler, disassembler, hex and Mesa formats, the silicon rules */
int us_asm(const char *src, const char *fname, us_program_t *prog, char *err, size_t err_size);
void us_dis_inst(us_strbuf_t *sb, const us_inst_t *in, const us_program_t *prog, unsigned index);
void us_dis_program(us_strbuf_t *sb, const us_program_t *prog, bool words);
int us_hex_parse(const char *text, const char *fname, us_program_t *prog, char *err, size_t err_size);
void us_hex_format(us_strbuf_t *sb, const us_program_t *prog);
char *us_read_file(const char *path, char *err, size_t err_size);
void us_mesa_dump(us_strbuf_t *sb, const us_program_t *prog);

typedef struct us_rule { const char *id; const char *page; const char *facts; const char *what; } us_rule_t;
extern const us_rule_t us_rules[];
typedef struct us_diag { unsigned rule, pc; uint64_t seq; char detail[160]; } us_diag_t;
typedef struct us_diags { us_diag_t kept[64]; unsigned nkept; uint64_t total, count[10]; } us_diags_t;
void us_diags_clear(us_diags_t *ds);
void us_diag_format(us_strbuf_t *sb, const us_diag_t *d);
void us_diags_summary(us_strbuf_t *sb, const us_diags_t *ds);
typedef struct us_code { const us_inst_t *inst; unsigned start, end, offset; } us_code_t;
us_code_t us_code_of_program(const us_program_t *p);
uint64_t us_rules_check(const us_code_t *code, us_diags_t *out);
unsigned us_rules_fix(us_program_t *p, us_strbuf_t *log);

/* golden: the shader unit, the quad, retire records, the run's rule check, bounds */
extern const char *const us_error_names[];
typedef struct us_params { unsigned loop_depth, addr_depth, counter_bits; uint32_t watchdog; } us_params_t;
typedef struct us_texture { unsigned width, height; uint32_t texel[256][4]; } us_texture_t;
typedef struct us_shader {
    us_inst_t imem[512];
    uint32_t konst[256][4];
    uint32_t config, pixsize, code_addr, code_range, code_offset, fc_ctrl, bool_const;
    uint32_t int_const[32];
    us_texture_t tex[16];
    us_params_t params;
    ...;
} us_shader_t;
typedef struct us_frame {
    uint32_t count; uint8_t al, step, member, broken, continued; bool rep;
} us_frame_t;
typedef struct us_quad {
    uint32_t temp[4][128][4];
    uint8_t temp_written[128][4];
    uint8_t covered, killed, inactive;
    uint32_t counter[4];
    uint8_t pred[4];
    uint8_t alu_result;
    us_frame_t loop[64];
    unsigned loop_sp;
    uint16_t addr_stack[64];
    unsigned addr_sp;
    uint32_t out[4][4][4];
    uint8_t out_written[4][4];
    uint32_t w[4];
    uint8_t w_written;
    unsigned pc;
    uint64_t retired;
    uint32_t errors;
    bool done;
    unsigned ctx;
} us_quad_t;
typedef struct us_write { uint8_t addr; uint8_t mask[4]; uint32_t val[4][4]; } us_write_t;
typedef struct us_retire {
    unsigned ctx, pc, next_pc;
    uint64_t seq;
    us_inst_t inst;
    uint8_t running_before, running_after, killed_after;
    us_write_t temp[2];
    us_write_t out[2];
    uint8_t w_mask;
    uint32_t w_val[4];
    uint8_t pred_mask[4];
    uint8_t pred_val[4];
    uint8_t result_mask, result_val;
    bool jumped;
    uint8_t inactive_after;
    uint32_t counter_after[4];
    unsigned loop_sp, addr_sp;
    us_frame_t loop_top;
    uint16_t addr_top;
    uint32_t errors;
    bool done;
} us_retire_t;
void us_shader_init(us_shader_t *sh);
us_params_t us_default_params(void);
bool us_shader_write(us_shader_t *sh, uint32_t addr, uint32_t value);
us_code_t us_shader_code(const us_shader_t *sh);
void us_quad_init(us_quad_t *q, const us_shader_t *sh, uint8_t covered, unsigned ctx);
void us_retire_format(us_strbuf_t *sb, const us_retire_t *r);
void us_state_dump(us_strbuf_t *sb, const us_quad_t *q);
typedef struct us_lint { us_diags_t diags; ...; } us_lint_t;
void us_lint_init(us_lint_t *l);
typedef struct us_iv { uint32_t lo, hi; } us_iv_t;
typedef struct us_bounds {
    us_iv_t temp[4][128][4];
    us_iv_t out[4][4][4];
    us_iv_t w[4];
    unsigned unstable, first_pc, first_pixel;
    char why[200];
} us_bounds_t;
void us_bounds_init(us_bounds_t *b, const us_quad_t *q);

/* gen: vectors, their checks and waivers, seeded inputs */
typedef struct us_waiver { uint32_t rules, errors; char why[256]; } us_waiver_t;
void us_waiver_names(us_strbuf_t *sb, uint32_t rules, uint32_t errors);
typedef struct us_reg_write { uint32_t addr, value; } us_reg_write_t;
typedef struct us_vector {
    char name[64];
    us_waiver_t waive;
    us_params_t params;
    us_reg_write_t *writes;
    unsigned nwrites, cap_writes;
    uint8_t covered;
    uint32_t temp[4][128][4];
    us_texture_t tex[16];
    bool has_expect;
    uint32_t exp_temp[4][128][4];
    uint8_t exp_temp_mask[128][4];
    uint32_t exp_out[4][4][4];
    uint8_t exp_out_mask[4][4];
    uint32_t exp_w[4];
    uint8_t exp_w_mask;
    uint8_t exp_pred[4], exp_alu_result, exp_killed;
    uint32_t exp_errors;
    bool has_retired;
    uint64_t exp_retired;
    char **trace;
    unsigned ntrace, cap_trace;
} us_vector_t;
void us_vec_init(us_vector_t *v);
void us_vec_free(us_vector_t *v);
int us_vec_parse(const char *text, const char *fname, us_vector_t *v, char *err, size_t err_size);
void us_vec_setup(const us_vector_t *v, us_shader_t *sh, us_quad_t *q);
typedef struct us_trace_cmp { uint64_t lines; bool differs; uint64_t at; char *got; ...; } us_trace_cmp_t;
void us_trace_cmp_init(us_trace_cmp_t *c, const us_vector_t *v);
void us_trace_cmp_free(us_trace_cmp_t *c);
unsigned us_vec_check(const us_vector_t *v, const us_quad_t *q, const us_trace_cmp_t *trace, us_strbuf_t *report);
void us_vec_add_write(us_vector_t *v, uint32_t addr, uint32_t value);
typedef struct us_breaks { uint32_t rules, errors; } us_breaks_t;
us_breaks_t us_breaks_of(const us_shader_t *sh, const us_diags_t *run_diags, uint32_t errors,
                         us_diags_t *static_diags);
bool us_vec_waivers_match(const us_vector_t *v, us_breaks_t b, us_strbuf_t *msg);
void us_random_vector(us_vector_t *v, const us_program_t *prog, uint64_t seed);

/* python/csrc/pyus.h */
int pyus_vec_text(const us_vector_t *v, const us_quad_t *q, char **out, size_t *len);
int pyus_vec_add_trace(us_vector_t *v, const char *line);
uint64_t pyus_run(us_quad_t *q, const us_shader_t *sh, us_lint_t *l, us_trace_cmp_t *cmp, us_retire_t *rec,
                  uint64_t nrec, uint64_t max_steps);
uint64_t pyus_run_bounded(us_quad_t *q, const us_shader_t *sh, us_bounds_t *b);
void pyus_free(void *p);
"""

SOURCE = r"""
#include "pyus.h"
#include "isa/us_asm.h"
#include "isa/us_dis.h"
#include "isa/us_hex.h"
#include "isa/us_mesa.h"
#include "isa/us_rules.h"
#include "golden/us_trace.h"
#include "gen/us_random.h"
#include "gen/us_vec_rules.h"
"""

ffibuilder = FFI()
ffibuilder.cdef(CDEF)
ffibuilder.set_source("r500us._native", SOURCE, include_dirs=[os.path.join(ROOT, "model"),
                                                              os.path.join(ROOT, "python", "csrc")],
                      libraries=["m"])

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
