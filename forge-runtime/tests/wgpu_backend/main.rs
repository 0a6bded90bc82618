//! Device tests of the wgpu backend on whatever adapter exists (lavapipe on CI): the context's
//! own behaviour (`device`) and bf16x3 split plans (`split`). Without an adapter every test shows
//! as ignored, with the reason printed (failed with `FORGE_REQUIRE_WGPU=1`).

mod device;
mod split;
#[path = "../../src/plan/test_graphs.rs"]
mod test_graphs;
#[path = "../support/trials.rs"]
mod trials;

/// One test's device at a time: each test builds its own context (capacities differ), and
/// building and dropping several devices from parallel threads is not what we test here (on
/// the H200's Vulkan driver it once hung a test process).
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn main() {
    let probe = forge_runtime::WgpuComputeContext::new(1 << 16).map_err(|e| e.to_string());
    let (wgpu, _) = trials::Need::probe("wgpu", probe, &["FORGE_REQUIRE_WGPU"]);
    let split: (&str, fn()) =
        ("split_plans_run_their_templates_on_wgpu", split::split_plans_run_their_templates_on_wgpu);
    let tests = device::TESTS.into_iter().chain([split]);
    trials::run_all(tests.map(|(name, f)| trials::trial(name, &wgpu, f)).collect())
}
