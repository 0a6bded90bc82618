//! Autotune (`Context::with_autotune`): on wgpu each matmul with a choice of templates is timed
//! once, checked against the CPU reference, and its fastest variant kept in the cache
//! directory; a schedule the graph sets is never overridden; results match plain loops on every
//! backend (the CPU and CUDA have no variants to time: nothing is tuned there).

mod common;

use common::*;
use forge::prelude::*;

forge_graph! {
    graph Tune {
        dims { M, K, N }
        input  a: f32[M, K];
        weight w: f32[K, N];
        weight bias: f32[N];
        temp   t: f32[M, K];
        output y: f32[M, N];
        output z: f32[M, N];
        t = a * 0.5;
        y = matmul(t, w) + bias;
        #[schedule(workgroup = 256, items = 4)]
        z = matmul(a, w) * 0.5;
    }
}

forge_graph! {
    graph HalfTune {
        dims { M, K, N }
        input  a: f16[M, K];
        weight w: f16[N, K];
        output y: f16[M, N];
        y = matmul(a, transpose(w)) * 0.5;
    }
}

/// Each kernel's variant as the profile names it.
fn variants(g: &Tune) -> Vec<String> {
    g.last_profile().map(|p| p.kernels.iter().map(|k| k.variant.clone()).collect()).unwrap_or_default()
}

fn tuned_matmuls_match_and_the_choice_is_kept(ctx: &Context) {
    // Odd sizes; the second's arguments (1.8 MB) outgrow the context's initial 1 MiB slabs.
    for (m, k, n) in [(70, 45, 131), (150, 520, 700)] {
        tune_one(&ctx.clone().with_autotune(true), m, k, n);
    }
}

fn tune_one(ctx: &Context, m: usize, k: usize, n: usize) {
    let (a, w, bias) = (rand_f32(m * k, 1.0, 81), rand_f32(k * n, 1.0, 82), rand_f32(n, 1.0, 83));
    let product = naive_matmul(&a, &w, m, k, n);
    // The tuned product reads a temp (bound read-write), as in a real model.
    let want_y: Vec<f32> = product.iter().enumerate().map(|(i, v)| v * 0.5 + bias[i % n]).collect();
    let want_z: Vec<f32> = product.iter().map(|v| v * 0.5).collect();
    let mut seen = Vec::new();
    for _ in 0..2 {
        let mut g = Tune::new(ctx, TuneDims { m, k, n }).unwrap();
        g.load_weights(TuneWeights { w: &w, bias: &bias }).unwrap();
        let out = g.run(TuneInputs { a: &a }).unwrap();
        assert_close("y", &out.y, &want_y, 1e-4, 1.0);
        assert_close("z", &out.z, &want_z, 1e-4, 1.0);
        seen.push(variants(&g));
    }
    // Kernels: the map into `t`, the tuned product, the scheduled one.
    for v in &seen {
        assert_eq!(v.len(), 3, "{v:?}");
        assert!(!v[0].contains("autotuned") && !v[2].contains("autotuned"), "only the product is tuned: {v:?}");
        if ctx.kind() != BackendKind::Wgpu {
            assert!(!v[1].contains("autotuned"), "{v:?}");
        }
    }
    if ctx.kind() == BackendKind::Wgpu {
        // The scheduled product keeps the template its attribute names.
        assert!(seen.iter().all(|v| v[2].starts_with("register-blocked 64x64")), "{seen:?}");
        // The modelled pick (the 16×16 tile for the smaller product) and the three register-
        // blocked tiles, every one matching the CPU.
        let count = if (m, k, n) == (70, 45, 131) { 4 } else { 3 };
        let note = format!("autotuned: fastest of {count} ({count} matched the CPU)");
        assert!(seen[0][1].contains(&note), "{:?}", seen[0]);
        assert!(seen[1][1].contains("autotuned (kept from an earlier run)"), "{:?}", seen[1]);
        // The same template both times.
        assert_eq!(seen[0][1].split(';').next(), seen[1][1].split(';').next());
    }
}

/// A product with a 16-bit output is tuned too (its values compared as f16, within one unit
/// in the last place): on an adapter with cooperative matrices its candidates include both
/// cooperative tiles.
fn half_products_are_tuned(ctx: &Context) {
    let ctx = ctx.clone().with_autotune(true);
    let (m, k, n) = (70, 64, 96);
    let a: Vec<f16> = rand_f32(m * k, 1.0, 91).into_iter().map(f16::from_f32).collect();
    let w: Vec<f16> = rand_f32(n * k, 1.0, 92).into_iter().map(f16::from_f32).collect();
    let wide = |v: &[f16]| -> Vec<f32> { v.iter().map(|x| x.to_f32()).collect() };
    let wt: Vec<f32> = (0..k * n).map(|i| w[(i % n) * k + i / n].to_f32()).collect();
    let want: Vec<f32> =
        naive_matmul(&wide(&a), &wt, m, k, n).iter().map(|v| f16::from_f32(v * 0.5).to_f32()).collect();
    // The harness runs this only where 16-bit graphs build (`common::half_floats`).
    let mut g = HalfTune::new(&ctx, HalfTuneDims { m, k, n }).unwrap();
    g.load_weights(HalfTuneWeights { w: &w }).unwrap();
    let out = g.run(HalfTuneInputs { a: &a }).unwrap();
    assert_close("y", &wide(&out.y), &want, 2e-3, 1.0);
    if ctx.kind() == BackendKind::Wgpu {
        let v: Vec<String> =
            g.last_profile().map(|p| p.kernels.iter().map(|k| k.variant.clone()).collect()).unwrap_or_default();
        let note = v.iter().find(|v| v.contains("autotuned")).unwrap_or_else(|| panic!("{v:?}"));
        let counts: Vec<&str> = note.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).collect();
        // `… fastest of N (M matched the CPU), T us`: every candidate matched.
        assert!(note.contains("fastest of") && counts.len() >= 2 && counts[0] == counts[1], "{note}");
    }
}

fn main() {
    // A cache of this process's own, so the first instance really times its candidates.
    let dir = std::env::temp_dir().join(format!("forge-autotune-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::env::set_var("FORGE_CACHE_DIR", &dir);
    common::run_suite_half(
        &[("tuned_matmuls_match_and_the_choice_is_kept", tuned_matmuls_match_and_the_choice_is_kept)],
        &[("half_products_are_tuned", half_products_are_tuned)],
    );
}
