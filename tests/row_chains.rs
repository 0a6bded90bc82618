//! Row chains (`ir/fuse/rows.rs`): consecutive statements over the same rows run as one kernel,
//! each workgroup taking its rows through every stage. Against plain f64 loops, once per
//! backend, at row widths that pack several rows a workgroup, leave a partial last chunk, give
//! a thread one vector (one row) or 32 values: three dependent softmaxes, a layer norm written
//! by hand (mean, deviation, variance, scale: a reduction's result broadcast back over its
//! row), a log-softmax by hand, and a state read by a row op and then rewritten from its result. Each instance runs once on
//! other data first, so an element a stage skips shows as a stale value.

mod common;

use common::*;
use forge::prelude::*;

forge_graph! {
    graph RowChains {
        dims { R, C }
        input   x: f32[R, C];
        weight  g: f32[C];
        uniform eps: f32 = 1e-5;
        temp    t1: f32[R, C];
        temp    t2: f32[R, C];
        temp    mu: f32[R, 1];
        temp    d: f32[R, C];
        temp    var: f32[R, 1];
        temp    mx: f32[R, 1];
        temp    se: f32[R, 1];
        temp    t3: f32[R, C];
        state   run: f32[R, C];
        output  sm3: f32[R, C];
        output  hn: f32[R, C];
        output  ls: f32[R, C];
        output  st: f32[R, C];
        t1 = softmax(x);
        t2 = softmax(t1 * 3.0);
        sm3 = softmax(t2 - x);
        mu = mean(x, keepdim = true);
        d = x - mu;
        var = mean(d * d, keepdim = true);
        hn = d / sqrt(var + eps) * g;
        mx = max(x, keepdim = true);
        se = sum(exp(x - mx), keepdim = true);
        ls = x - mx - log(se);
        t3 = softmax(run + x);
        run = t3 * 2.0 - x;
        st = run;
    }
}

fn softmax(z: &[f64]) -> Vec<f64> {
    let m = z.iter().cloned().fold(f64::MIN, f64::max);
    let total: f64 = z.iter().map(|q| (q - m).exp()).sum();
    z.iter().map(|q| (q - m).exp() / total).collect()
}

/// `(sm3, hn, ls, run after the step)` of one row in f64.
fn row_reference(x: &[f64], g: &[f64], run: &[f64]) -> [Vec<f64>; 4] {
    let c = x.len();
    let t1 = softmax(x);
    let t2 = softmax(&t1.iter().map(|q| q * 3.0).collect::<Vec<_>>());
    let sm3 = softmax(&(0..c).map(|j| t2[j] - x[j]).collect::<Vec<_>>());
    let mu = x.iter().sum::<f64>() / c as f64;
    let var = x.iter().map(|q| (q - mu) * (q - mu)).sum::<f64>() / c as f64;
    let hn = (0..c).map(|j| (x[j] - mu) / (var + 1e-5).sqrt() * g[j]).collect();
    let mx = x.iter().cloned().fold(f64::MIN, f64::max);
    let se: f64 = x.iter().map(|q| (q - mx).exp()).sum();
    let ls = x.iter().map(|q| q - mx - se.ln()).collect();
    let s = softmax(&(0..c).map(|j| run[j] + x[j]).collect::<Vec<_>>());
    let run = (0..c).map(|j| s[j] * 2.0 - x[j]).collect();
    [sm3, hn, ls, run]
}

fn row_chains_match_the_statements_run_in_turn(ctx: &Context) {
    for (r, c) in [(1, 1), (37, 5), (13, 384), (5, 1023), (1, 1024), (3, 576), (2, 8192)] {
        let seed = (r * 100_000 + c) as u64 + 17;
        let g = rand_f32(c, 1.0, seed + 3);
        let mut graph = RowChains::new(ctx, RowChainsDims { r, c }).unwrap();
        let chains = graph.instance().plan().kernels.iter().filter(|k| k.spec.body.kind() == "rows").count();
        assert_eq!(graph.instance().plan().kernels.len(), chains, "{r}x{c}: every kernel a row chain");
        graph.load_weights(RowChainsWeights { g: &g }).unwrap();
        // Other data first: whatever a stage fails to write keeps this run's value.
        let x0 = rand_f32(r * c, 2.0, seed + 5);
        graph.run(RowChainsInputs { x: &x0, eps: 1e-5 }).unwrap();
        let run0 = graph.read_state().unwrap().run;
        let x = rand_f32(r * c, 3.0, seed);
        let out = graph.run(RowChainsInputs { x: &x, eps: 1e-5 }).unwrap();
        let f = |a: &[f32]| a.iter().map(|&q| q as f64).collect::<Vec<f64>>();
        let (xd, gd, rd) = (f(&x), f(&g), f(&run0));
        let mut want: [Vec<f32>; 4] = Default::default();
        for i in 0..r {
            let row = row_reference(&xd[i * c..(i + 1) * c], &gd, &rd[i * c..(i + 1) * c]);
            for (w, v) in want.iter_mut().zip(row) {
                w.extend(v.iter().map(|&q| q as f32));
            }
        }
        let what = format!("{r}x{c}");
        assert_close(&format!("{what} softmax chain"), &out.sm3, &want[0], 1e-4, 1e-3);
        assert_close(&format!("{what} layer norm by hand"), &out.hn, &want[1], 2e-4, 1.0);
        assert_close(&format!("{what} log-softmax by hand"), &out.ls, &want[2], 1e-4, 1.0);
        assert_close(&format!("{what} state in place"), &out.st, &want[3], 1e-4, 1.0);
    }
}

forge_tests!(row_chains_match_the_statements_run_in_turn);
