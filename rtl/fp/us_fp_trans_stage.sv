// A pipeline boundary of us_fp_trans: a register stage (Reg = 1) or a wire (Reg = 0). valid_o is reset to 0;
// the data register has no reset and loads only with valid_i (its contents without valid_o carry no meaning).
module us_fp_trans_stage #(
  parameter int unsigned Width = 1,
  parameter bit          Reg   = 1'b1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o
);

  if (Reg) begin : gen_reg
    logic             valid_q;
    logic [Width-1:0] data_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= 1'b0;
      end else begin
        valid_q <= valid_i;
      end
    end

    always_ff @(posedge clk_i) begin
      if (valid_i) begin
        data_q <= data_i;
      end
    end

    assign valid_o = valid_q;
    assign data_o  = data_q;
  end else begin : gen_wire
    logic unused_clk_rst;
    assign unused_clk_rst = clk_i ^ rst_ni;
    assign valid_o = valid_i;
    assign data_o  = data_i;
  end

endmodule
