// uscosim: lockstep co-simulation of the RTL against the C golden model, clocked from C++ (tb/README.md).
#include "cosim.h"

int main(int argc, char **argv)
{
    Options o;
    if (int rc = cosim_parse(argc, argv, o); rc >= 0)
        return rc;
    Rtl rtl(o);
    return cosim_run(o, rtl, argc, argv);
}
