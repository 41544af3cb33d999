// us_load_port: the register-write port of the shader unit. The writes that bring up an R500 (the instruction
// banks, GA_US_VECTOR_INDEX/DATA, the US_* control registers, US_FC_INT_CONST_0..31) arrive here as address and
// data; this unit keeps the control registers and turns every instruction or constant write into a write strobe
// for the instruction memory (us_imem) or the constant file (us_const_rf). docs/spec.md section 3.
//
// GA_US_VECTOR_DATA: instructions are six dwords per slot in dword order, constants four channels (R G B A) per
// entry; the index advances by itself after the last dword. CLAMP clamps constant channels to [-1, 1] (NaN
// stores +0). Reset: US_CONFIG = 2 (ZERO_TIMES_ANYTHING_EQUALS_ZERO, as Mesa writes it), everything else 0.
module us_load_port (
  input  logic        clk_i,
  input  logic        rst_ni,

  // register writes
  input  logic        reg_we_i,
  input  logic [15:0] reg_addr_i,
  input  logic [31:0] reg_wdata_i,
  output logic        reg_bad_o,      // this cycle's write hit no register

  // instruction memory write: slot, dword, data
  output logic        imem_we_o,
  output logic [8:0]  imem_slot_o,
  output logic [2:0]  imem_dword_o,
  output logic [31:0] imem_wdata_o,

  // constant write: entry, channel, data
  output logic        const_we_o,
  output logic [7:0]  const_idx_o,
  output logic [1:0]  const_chan_o,
  output logic [31:0] const_wdata_o,

  // control registers
  output logic [31:0] config_o,
  output logic [31:0] pixsize_o,
  output logic [31:0] code_addr_o,
  output logic [31:0] code_range_o,
  output logic [31:0] code_offset_o,
  output logic [31:0] fc_ctrl_o,
  output logic [31:0] bool_const_o,
  output logic [31:0][31:0] int_const_o
);

  localparam logic [15:0] BankBytes = 16'd2048;  // 512 slots x 4 bytes per instruction bank

  // ---- Load-port state ----
  logic [8:0] vec_index_d, vec_index_q;
  logic [2:0] vec_word_d, vec_word_q;
  logic       vec_const_d, vec_const_q, vec_clamp_d, vec_clamp_q;

  // ---- Control registers ----
  logic [31:0] config_q, pixsize_q, code_addr_q, code_range_q, code_offset_q, fc_ctrl_q, bool_const_q;
  logic [31:0][31:0] int_const_q;

  // Clamp to [-1, 1]: magnitudes above 1.0 (infinities included) become +-1.0, NaN becomes +0.
  function automatic logic [31:0] clamp_pm1(input logic [31:0] v);
    if (v[30:0] > 31'h7F80_0000) begin
      clamp_pm1 = 32'h0;
    end else if (v[30:0] > 31'h3F80_0000) begin
      clamp_pm1 = {v[31], 31'h3F80_0000};
    end else begin
      clamp_pm1 = v;
    end
  endfunction

  // Which instruction bank (dword 0..5) an address falls in, if any.
  logic       bank_hit;
  logic [2:0] bank_dword;
  logic [8:0] bank_slot;
  localparam logic [95:0] BankBase = {  // six 16-bit bank addresses, dword 5 first
                                            us_isa_pkg::US_ALU_RGBA_INST_ADDR, us_isa_pkg::US_ALU_ALPHA_INST_ADDR,
                                            us_isa_pkg::US_ALU_RGB_INST_ADDR, us_isa_pkg::US_ALU_ALPHA_ADDR_ADDR,
                                            us_isa_pkg::US_ALU_RGB_ADDR_ADDR, us_isa_pkg::US_CMN_INST_ADDR};
  always_comb begin
    bank_hit   = 1'b0;
    bank_dword = 3'd0;
    bank_slot  = 9'd0;
    for (int d = 0; d < 6; d++) begin
      if (reg_addr_i >= BankBase[16*d+:16] && reg_addr_i < BankBase[16*d+:16] + BankBytes && reg_addr_i[1:0] == 2'b00) begin
        bank_hit   = 1'b1;
        bank_dword = 3'(d);
        bank_slot  = 9'((reg_addr_i - BankBase[16*d+:16]) >> 2);
      end
    end
  end

  logic int_hit;
  assign int_hit = reg_addr_i >= us_isa_pkg::US_FC_INT_CONST_ADDR && reg_addr_i < us_isa_pkg::US_FC_INT_CONST_ADDR + 16'd128 &&
                   reg_addr_i[1:0] == 2'b00;
  // US_OUT_FMT_0..3: accepted and not stored (the formats after the shader are not modelled)
  logic out_fmt_hit;
  assign out_fmt_hit = reg_addr_i >= us_isa_pkg::US_OUT_FMT_ADDR && reg_addr_i < us_isa_pkg::US_OUT_FMT_ADDR + 16'd16 &&
                       reg_addr_i[1:0] == 2'b00;

  always_comb begin
    vec_index_d   = vec_index_q;
    vec_word_d    = vec_word_q;
    vec_const_d   = vec_const_q;
    vec_clamp_d   = vec_clamp_q;
    imem_we_o     = 1'b0;
    imem_slot_o   = bank_slot;
    imem_dword_o  = bank_dword;
    imem_wdata_o  = reg_wdata_i;
    const_we_o    = 1'b0;
    const_idx_o   = vec_index_q[7:0];
    const_chan_o  = vec_word_q[1:0];
    const_wdata_o = vec_clamp_q ? clamp_pm1(reg_wdata_i) : reg_wdata_i;
    reg_bad_o     = 1'b0;
    if (reg_we_i) begin
      if (bank_hit) begin
        imem_we_o = 1'b1;
      end else if (reg_addr_i == us_isa_pkg::GA_US_VECTOR_INDEX_ADDR) begin
        vec_index_d = reg_wdata_i[8:0];
        vec_const_d = reg_wdata_i[16];
        vec_clamp_d = reg_wdata_i[17];
        vec_word_d  = 3'd0;
      end else if (reg_addr_i == us_isa_pkg::GA_US_VECTOR_DATA_ADDR) begin
        if (vec_const_q) begin
          const_we_o = 1'b1;
          if (vec_word_q == 3'd3) begin
            vec_word_d  = 3'd0;
            vec_index_d = {1'b0, vec_index_q[7:0] + 8'd1};
          end else begin
            vec_word_d = vec_word_q + 3'd1;
          end
        end else begin
          imem_we_o    = 1'b1;
          imem_slot_o  = vec_index_q;
          imem_dword_o = vec_word_q;
          if (vec_word_q == 3'd5) begin
            vec_word_d  = 3'd0;
            vec_index_d = vec_index_q + 9'd1;
          end else begin
            vec_word_d = vec_word_q + 3'd1;
          end
        end
      end else if (!int_hit && reg_addr_i != us_isa_pkg::US_CONFIG_ADDR && reg_addr_i != us_isa_pkg::US_PIXSIZE_ADDR &&
                   reg_addr_i != us_isa_pkg::US_FC_BOOL_CONST_ADDR && reg_addr_i != us_isa_pkg::US_FC_CTRL_ADDR &&
                   reg_addr_i != us_isa_pkg::US_CODE_ADDR_ADDR && reg_addr_i != us_isa_pkg::US_CODE_RANGE_ADDR &&
                   reg_addr_i != us_isa_pkg::US_CODE_OFFSET_ADDR && reg_addr_i != us_isa_pkg::US_W_FMT_ADDR &&
                   !out_fmt_hit) begin
        reg_bad_o = 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vec_index_q   <= '0;
      vec_word_q    <= '0;
      vec_const_q   <= 1'b0;
      vec_clamp_q   <= 1'b0;
      config_q      <= 32'h0000_0002;
      pixsize_q     <= '0;
      code_addr_q   <= '0;
      code_range_q  <= '0;
      code_offset_q <= '0;
      fc_ctrl_q     <= '0;
      bool_const_q  <= '0;
      int_const_q   <= '0;
    end else begin
      vec_index_q <= vec_index_d;
      vec_word_q  <= vec_word_d;
      vec_const_q <= vec_const_d;
      vec_clamp_q <= vec_clamp_d;
      if (reg_we_i) begin
        unique case (reg_addr_i)
          us_isa_pkg::US_CONFIG_ADDR:        config_q      <= reg_wdata_i;
          us_isa_pkg::US_PIXSIZE_ADDR:       pixsize_q     <= reg_wdata_i;
          us_isa_pkg::US_FC_BOOL_CONST_ADDR: bool_const_q  <= reg_wdata_i;
          us_isa_pkg::US_FC_CTRL_ADDR:       fc_ctrl_q     <= reg_wdata_i;
          us_isa_pkg::US_CODE_ADDR_ADDR:     code_addr_q   <= reg_wdata_i;
          us_isa_pkg::US_CODE_RANGE_ADDR:    code_range_q  <= reg_wdata_i;
          us_isa_pkg::US_CODE_OFFSET_ADDR:   code_offset_q <= reg_wdata_i;
          default: begin
            if (int_hit) begin
              int_const_q[reg_addr_i[6:2]] <= reg_wdata_i;
            end
          end
        endcase
      end
    end
  end

  assign config_o      = config_q;
  assign pixsize_o     = pixsize_q;
  assign code_addr_o   = code_addr_q;
  assign code_range_o  = code_range_q;
  assign code_offset_o = code_offset_q;
  assign fc_ctrl_o     = fc_ctrl_q;
  assign bool_const_o  = bool_const_q;
  assign int_const_o   = int_const_q;

endmodule
