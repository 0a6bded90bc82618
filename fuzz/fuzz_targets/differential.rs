//! Differential fuzzing: each input's bytes choose one random well-typed graph and its inputs
//! (`fuzz/differential/`), which runs on the CPU backend and on wgpu (lavapipe here) and must
//! agree under Forge's documented semantics (`docs/semantics.md`); a disagreement panics with
//! the graph, the inputs and the differing elements. Without a wgpu adapter every input passes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[path = "../differential/mod.rs"]
mod differential;

use forge_runtime::Context;

fn contexts() -> Option<&'static (Context, Context)> {
    static CTX: OnceLock<Option<(Context, Context)>> = OnceLock::new();
    CTX.get_or_init(|| Context::wgpu().ok().map(|gpu| (Context::cpu(), gpu))).as_ref()
}

fuzz_target!(|data: &[u8]| {
    let Some((cpu, gpu)) = contexts() else { return };
    let case = differential::Case::new(&mut differential::gen::Source::Bytes(data, 0));
    if let Err(e) = case.compare(cpu, gpu) {
        panic!("{e}");
    }
});
