/* The golden model: a shader unit (program memory, constants, control registers, textures) and quads of four
 * pixels that execute its program one instruction at a time, reporting one retire record per instruction.
 * docs/spec.md is the semantics; this is its executable form. */
#ifndef US_MODEL_H
#define US_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/us_inst.h"
#include "isa/us_rules.h"
#include "golden/us_alu_slot.h"
#include "golden/generated/us_state_gen.h" /* US_NPIX, the error bits, the frame and retire record (spec/state.txt) */

#define US_NTEMP 128u
#define US_NCONST 256u
#define US_NTEX 16u
#define US_TEX_MAX_DIM 16u
#define US_MAX_STACK 64u
/* The largest watchdog a vector may set (2^24 instructions): a run, and its trace, stay within seconds. */
#define US_MAX_WATCHDOG 16777216u

/* Model parameters the RTL has as parameters too. */
typedef struct us_params {
    unsigned loop_depth;   /* loop-stack frames (default US_DEFAULT_LOOP_DEPTH) */
    unsigned addr_depth;   /* address-stack entries (default US_DEFAULT_ADDR_DEPTH) */
    unsigned counter_bits; /* branch-counter width (default US_DEFAULT_COUNTER_BITS) */
    uint32_t watchdog;     /* instructions a quad may retire before US_ERR_WATCHDOG (default 1 << 20) */
} us_params_t;

typedef struct us_texture {
    unsigned width, height; /* 0: no texture; every lookup returns 0 */
    uint32_t texel[US_TEX_MAX_DIM * US_TEX_MAX_DIM][4];
} us_texture_t;

/* Everything register writes load: the state a quad runs against. */
typedef struct us_shader {
    us_inst_t imem[US_MAX_INST];
    us_decoded_t dec[US_MAX_INST]; /* imem decoded, kept in step by us_shader_write */
    bool illegal[US_MAX_INST];
    us_alu_slot_t alu_slot[US_MAX_INST]; /* the ALU plan's static part of each slot, made with dec */
    uint32_t konst[US_NCONST][4];
    uint32_t config, pixsize, code_addr, code_range, code_offset, fc_ctrl, bool_const;
    uint32_t out_fmt[4], w_fmt; /* stored only: the formats after the shader are not modelled */
    uint32_t int_const[32];
    /* GA_US_VECTOR_INDEX/DATA load port */
    uint32_t vec_index, vec_word;
    bool vec_const, vec_clamp;
    us_texture_t tex[US_NTEX];
    us_params_t params;
} us_shader_t;

typedef struct us_quad {
    uint32_t temp[US_NPIX][US_NTEMP][4];
    uint8_t temp_written[US_NTEMP][US_NPIX]; /* channel mask per address and pixel, for the final dump */
    uint8_t covered, killed, inactive;       /* pixel masks (bit p = pixel p) */
    uint32_t counter[US_NPIX];               /* branch counter of an INACTIVE pixel */
    uint8_t pred[US_NPIX];                   /* predicate bits r g b a = bits 0..3 */
    uint8_t alu_result;                      /* pixel mask */
    us_frame_t loop[US_MAX_STACK];
    unsigned loop_sp;
    uint16_t addr_stack[US_MAX_STACK];
    unsigned addr_sp;
    uint32_t out[4][US_NPIX][4]; /* render target, pixel, channel */
    uint8_t out_written[4][US_NPIX];
    uint32_t w[US_NPIX];
    uint8_t w_written;
    unsigned pc;
    uint64_t retired;
    uint32_t errors;
    bool done;
    unsigned ctx;
} us_quad_t;

/* Shader unit: reset values (US_CONFIG = 2, as Mesa sets it; everything else 0), and register writes. */
void us_shader_init(us_shader_t *sh);
us_params_t us_default_params(void);
/* A register write at a US/GA address (spec/isa.txt). Returns false for an address that is not a register. */
bool us_shader_write(us_shader_t *sh, uint32_t addr, uint32_t value);
/* Convenience for tools: load a program at slot 0 and set US_CODE_* to run exactly it. */
void us_shader_load_program(us_shader_t *sh, const us_program_t *prog);

/* The loaded code as the silicon-rule check sees it: START_ADDR .. END_ADDR plus US_CODE_OFFSET. */
us_code_t us_shader_code(const us_shader_t *sh);

/* A quad: all state zero, pixels in covered (mask) present, PC at START_ADDR + OFFSET. */
void us_quad_init(us_quad_t *q, const us_shader_t *sh, uint8_t covered, unsigned ctx);
/* Executes one instruction; fills r when it is not NULL. Returns false once the quad has ended. */
bool us_quad_step(us_quad_t *q, const us_shader_t *sh, us_retire_t *r);
/* Runs to the end; returns the instructions retired. */
uint64_t us_quad_run(us_quad_t *q, const us_shader_t *sh);

/* Pixels that execute: not killed, ACTIVE, not broken or continued in any loop frame. */
uint8_t us_quad_running(const us_quad_t *q);
uint8_t us_quad_masked(const us_quad_t *q);

#endif
