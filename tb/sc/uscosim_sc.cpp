// uscosim_sc: the lockstep co-simulation with the Verilated core clocked by a SystemC sc_clock. The same
// harness as uscosim (tb/cosim), the same options, vectors and verdicts; here an SC_METHOD evaluates the core
// on every edge of the clock and the harness runs in an SC_THREAD that waits for the edges.
// The Verilated core is a plain C++ model (built without --sc): its headers come first, so they do not take
// SystemC's presence to mean the systemc.h namespace imports; the rest names sc_core explicitly.
#include "cosim.h"

#include <systemc>

namespace {

// The core's clock edges come from the sc_clock: a tick waits for a rising and a falling edge.
class ScRtl : public Rtl {
  public:
    ScRtl(const Options &o, sc_core::sc_clock &clock) : Rtl(o), clock_(clock) {}

  protected:
    void edges() override
    {
        sc_core::wait(clock_.posedge_event());
        sc_core::wait(clock_.negedge_event());
    }

  private:
    sc_core::sc_clock &clock_;
};

SC_MODULE(CosimTop)
{
    sc_core::sc_in<bool> clk;
    ScRtl *rtl = nullptr;
    const Options *opt = nullptr;
    int argc = 0;
    char **argv = nullptr;
    int status = 2;
    bool done = false;

    void on_clock() { rtl->eval_clock(clk.read()); }
    void run()
    {
        status = cosim_run(*opt, *rtl, argc, argv);
        done = true;
        sc_core::sc_stop();
    }

    SC_CTOR(CosimTop)
    {
        SC_METHOD(on_clock);
        sensitive << clk;
        dont_initialize();
        SC_THREAD(run);
    }
};

}  // namespace

int sc_main(int argc, char **argv)
{
    Options o;
    if (int rc = cosim_parse(argc, argv, o); rc >= 0)
        return rc;
    sc_core::sc_clock clock("clk", 10, sc_core::SC_NS);
    ScRtl rtl(o, clock);
    CosimTop top("top");
    top.clk(clock);
    top.rtl = &rtl;
    top.opt = &o;
    top.argc = argc;
    top.argv = argv;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaboration done before anything runs
    if (!top.done)                             // a run refused before its first clock has stopped already
        sc_core::sc_start();
    return top.status;
}
