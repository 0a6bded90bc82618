//! The harness of forge-runtime's tests that need a device or a tool: every test is a
//! libtest-mimic trial, and one whose device or tool is missing on this machine shows as
//! *ignored* in cargo's own output (the reason printed first), or fails where an environment
//! variable requires it (`FORGE_REQUIRE_WGPU`, `FORGE_REQUIRE_RAY_QUERY`, …, as CI sets them).
#![allow(dead_code)]

use libtest_mimic::{Arguments, Failed, Trial};

/// Whether `var` asks for its requirement: set, and neither empty nor `0`.
pub fn required(var: &str) -> bool {
    std::env::var(var).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// What a group of trials needs, probed once: present, or missing with the reason.
#[derive(Clone, Debug)]
pub struct Need {
    /// Why it is missing (`None`: present).
    missing: Option<String>,
    /// Whether a requiring variable is set: a missing need then fails its trials.
    required: bool,
}

impl Need {
    /// Nothing beyond the test itself.
    pub fn none() -> Need {
        Need { missing: None, required: false }
    }

    /// `probe` (what is needed, or why it is missing), required where any of `vars` is set.
    pub fn probe<T>(what: &str, probe: Result<T, String>, vars: &[&str]) -> (Need, Option<T>) {
        let required = vars.iter().any(|v| required(v));
        match probe {
            Ok(t) => (Need { missing: None, required }, Some(t)),
            Err(reason) => {
                let how = match (required, vars) {
                    (true, _) => "its tests FAIL (required here)".to_string(),
                    (false, []) => "its tests are ignored".to_string(),
                    (false, vars) => format!("its tests are ignored (set {} to fail instead)", vars.join(" or ")),
                };
                eprintln!("{what}: not available here ({reason}); {how}");
                (Need { missing: Some(format!("{what}: {reason}")), required }, None)
            }
        }
    }
}

/// A trial running `body` (a panic fails it, with its message) where `need` is present; ignored
/// where it is missing, or failed where it is missing but required.
pub fn trial(name: impl Into<String>, need: &Need, body: impl FnOnce() + Send + 'static) -> Trial {
    let missing = need.missing.clone();
    let ignored = missing.is_some() && !need.required;
    Trial::test(name, move || match missing {
        Some(reason) => Err(Failed::from(format!("required but missing: {reason}"))),
        None => run(body),
    })
    .with_ignored_flag(ignored)
}

/// Runs `trials` as the test binary's `main` does, with cargo's command-line arguments.
pub fn run_all(trials: Vec<Trial>) -> ! {
    libtest_mimic::run(&Arguments::from_args(), trials).exit()
}

/// Runs `f`; a panic is a failure carrying the panic's message.
fn run(f: impl FnOnce()) -> Result<(), Failed> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|e| {
        let msg = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
        Failed::from(msg.unwrap_or_else(|| "panicked".into()))
    })
}
