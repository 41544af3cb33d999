// The design's sources, in compilation order: packages first, each after the packages it names, then the modules
// from the leaves up. make lint, make synth (scripts/synth/synth.py), every Verilator build (the harness, the unit and
// assertion benches) and Yosys read this list; tb/py/test_manifest.py checks that it names every .sv under rtl/
// exactly once. One path per line, relative to the project root; // starts a comment.
// The include files rtl/us_assert.svh and rtl/generated/us_retire_ports.svh are found through the include path (-Irtl,
// `include "generated/..."), not listed. rtl/generated/ holds what make gen writes from spec/; never edit it by hand.

// Packages
rtl/us_types_pkg.sv
rtl/generated/us_isa_pkg.sv
rtl/generated/us_fc_pkg.sv
rtl/us_frame_pkg.sv
rtl/fp/us_fp_pkg.sv
rtl/generated/us_fp_tables_pkg.sv
rtl/core/us_core_pkg.sv

// Storage
rtl/us_ram.sv
rtl/us_delay.sv
rtl/us_vram.sv
rtl/us_rd_phases.sv
rtl/us_imem.sv
rtl/us_const_rf.sv
rtl/us_load_port.sv

// FP units
rtl/fp/us_fp_add.sv
rtl/fp/us_fp_mul.sv
rtl/fp/us_fp_minmax.sv
rtl/fp/us_fp_sel.sv
rtl/fp/us_fp_frc.sv
rtl/fp/us_fp_omod.sv
rtl/fp/us_fp_clamp01.sv
rtl/fp/us_fp_cmp0.sv
rtl/fp/us_fp_window.sv
rtl/fp/us_fp_dot.sv
rtl/fp/us_fp_trans_stage.sv
rtl/fp/us_fp_trans_fix.sv
rtl/fp/us_fp_trans_reduce.sv
rtl/fp/us_fp_trans_table.sv
rtl/fp/us_fp_trans_interp.sv
rtl/fp/us_fp_trans_post.sv
rtl/fp/us_fp_trans_norm.sv
rtl/fp/us_fp_trans_pack.sv
rtl/fp/us_fp_trans.sv

// Flow control
rtl/us_fc.sv

// The core: its units, its stages, the top
rtl/core/us_temp_rf.sv
rtl/core/us_operand_ctl.sv
rtl/core/us_operand.sv
rtl/core/us_ex_pixel.sv
rtl/core/us_tex_proj.sv
rtl/core/us_tex_addr.sv
rtl/core/us_tex_mem.sv
rtl/core/us_ctx_state.sv
rtl/core/us_if_stage.sv
rtl/core/us_id_stage.sv
rtl/core/us_pre_ctl.sv
rtl/core/us_of_stage.sv
rtl/core/us_ex_stage.sv
rtl/core/us_ta_stage.sv
rtl/core/us_wb_stage.sv
rtl/core/us_retire.sv
rtl/core/us_core.sv
