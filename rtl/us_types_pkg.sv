// Names for the widths that recur across the design, so that a port says what it holds instead of a bare range.
//
// A quad's four pixels are 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right; a value's four channels are
// r g b a, bit or element 0 being r. An rgba value is `fp32_t [3:0]` (channel) and a quad of them
// `fp32_t [3:0][3:0]` (pixel, then channel), written out where declared: Yosys 0.70 reads a typedef of a
// multi-dimensional packed array wrong (every select of it comes out one bit wide, without a warning), while a
// one-dimensional typedef with the dimensions added at the declaration reads right (docs/rtl.md, "The language
// subset"). So every type here is one-dimensional.
package us_types_pkg;

  localparam int unsigned NumPix  = 4;  // pixels of a quad
  localparam int unsigned NumChan = 4;  // channels r g b a

  typedef logic [NumPix-1:0]  pix_mask_t;   // one bit per pixel
  typedef logic [NumChan-1:0] chan_mask_t;  // one bit per channel: r = bit 0 .. a = bit 3
  typedef logic [31:0]        fp32_t;       // an IEEE binary32 bit pattern
  typedef logic [8:0]         pc_t;         // an instruction slot of the 512-slot instruction memory
  typedef logic [6:0]         temp_addr_t;  // a temporary within a context (128 per pixel)
  typedef logic [3:0]         ctx_id_t;     // a resident context: NumCtx is at most 16

endpackage
