//! The differential fuzzer's bounded, deterministic run (CI): random well-typed graphs from
//! fixed seeds, and every kept case in `fuzz/regressions/differential/` (inputs that once found a
//! bug), run on each GPU backend and on the CPU reference and compared under the documented
//! semantics (`docs/semantics.md`). `FORGE_DIFFERENTIAL_CASES=N` runs more seeds.

mod common;

#[path = "../fuzz/differential/mod.rs"]
mod differential;

use differential::{gen::Source, Case};
use forge::Context;
use std::time::{Duration, Instant};

/// Seeds run by default; the run stops early past the time budget (the seeds run are printed).
const CASES: u64 = 120;
const BUDGET: Duration = Duration::from_secs(50);

fn fixed_seeds(ctx: &Context) {
    let cases = std::env::var("FORGE_DIFFERENTIAL_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(CASES);
    let (cpu, start) = (Context::cpu(), Instant::now());
    let mut failures = Vec::new();
    let mut ran = 0;
    for seed in 0..cases {
        if cases == CASES && start.elapsed() > BUDGET {
            break;
        }
        let case = Case::new(&mut Source::Seed(seed));
        if let Err(e) = case.compare(&cpu, ctx) {
            failures.push(format!("seed {seed}: {e}"));
        }
        ran += 1;
    }
    eprintln!("{ctx}: {ran} random graphs in {:?}", start.elapsed());
    assert!(failures.is_empty(), "{} of {ran} graphs disagree:\n{}", failures.len(), failures.join("\n\n"));
}

fn kept_corpus(ctx: &Context) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions/differential");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    files.sort();
    assert!(!files.is_empty(), "no kept cases in {}", dir.display());
    let cpu = Context::cpu();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        // `seed:N` names a case of the seeded run; anything else is fuzzer bytes.
        let seed =
            std::str::from_utf8(&bytes).ok().and_then(|t| t.trim().strip_prefix("seed:")).and_then(|n| n.parse().ok());
        let case = match seed {
            Some(n) => Case::new(&mut Source::Seed(n)),
            None => Case::new(&mut Source::Bytes(&bytes, 0)),
        };
        if let Err(e) = case.compare(&cpu, ctx) {
            panic!("{}: {e}", f.display());
        }
    }
    eprintln!("{ctx}: {} kept cases agree", files.len());
}

fn main() {
    let against_cpu: &[(&'static str, common::BackendTest)] =
        &[("fixed_seeds", fixed_seeds), ("kept_corpus", kept_corpus)];
    common::run_suite_groups(&[((common::gpu_only, ""), against_cpu)], &[]);
}
