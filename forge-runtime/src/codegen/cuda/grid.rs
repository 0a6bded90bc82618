//! Programmatic dependent launch in generated kernels: the grid-dependency wait every kernel
//! opens with, and the early trigger of kernels of at most one wave.

/// The first statement of every generated kernel: with programmatic dependent launch
/// (`backend::cuda`, sm_90+) it waits for the kernel ahead of it; raw kernels lack it and so
/// are launched plainly. (Decode products first ask L2 for their weights: `gemm::decode`.)
pub const GRID_WAIT: &str = "  FG_GRID_WAIT();\n";

/// Lets the next kernel on the stream launch (`griddepcontrol.launch_dependents`), in kernels
/// of at most one wave, before their own wait ([`grid_trigger`]).
pub const GRID_LAUNCH: &str = "  FG_GRID_LAUNCH();\n";

/// The trigger statement ([`GRID_LAUNCH`]) a kernel puts before its own wait, or nothing:
/// kernels of at most one wave (elementwise and row kernels of at most `ASSUMED_SMS` blocks,
/// and decode products), and block-format products that load their weights before their wait
/// whatever their blocks, let the next kernel launch early. Its blocks then take free slots and
/// wait there, a decode product prefetching its weight meanwhile, and triggering before the
/// wait lets the kernel after next launch too. Kernels of several waves do not trigger: when
/// every kernel did, MiniLM batch 8 ran much slower (blocks of the next kernel held
/// multiprocessors the current one's later blocks needed; block-format products that trigger
/// without loading early were slower too). Waiting blocks hold their slots, but a dependent
/// launches only once every block of the kernel ahead has triggered or exited, so every such
/// block is resident by then, and the waits cannot deadlock.
pub fn grid_trigger(one_wave: bool) -> &'static str {
    if one_wave {
        GRID_LAUNCH
    } else {
        ""
    }
}
