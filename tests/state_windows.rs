//! Partial writes of a `state` (a KV cache's): a slice fixed by a loop variable
//! (`cache[l, t, d] = …`) and a window shifted by a uniform (`cache[l, pos + t, d] = …`), on
//! every backend against a host model of the cache, over several runs; a window past the end
//! is refused before anything is written.

mod common;

use common::*;
use forge::prelude::*;

forge_graph! {
    /// Each layer appends `x` (scaled per layer) at `pos`; heads layout `[L, H, S, E]` keeps
    /// the shifted axis in the middle; `total` also takes a product (a reduction) at `pos`.
    graph Appends {
        dims { L, H, S, T, E, K }
        input  x: f32[T, H, E];
        input  a: f32[T, K];
        weight w: f32[K, E];
        uniform pos: u32;
        state  cache: f32[L, H, S, E];
        state  total: f32[S, E];
        output snapshot: f32[L, H, S, E];
        for l in 0..L {
            cache[l, h, pos + t, e] = x[t, h, e] * ((l + 1) as f32);
        }
        total[pos + t, e] = sum(k, a[t, k] * w[k, e]);
        snapshot = cache + 0.0;
    }
}

forge_graph! {
    /// A window shifted on the last axis, by a sum of a literal slice and a uniform.
    graph Columns {
        dims { R, C, W }
        input  v: f32[R, W];
        uniform at: u32;
        state  grid: f32[2, R, C];
        output seen: f32[2, R, C];
        grid[1, r, at + c] = v[r, c] - 1.0;
        seen = grid * 1.0;
    }
}

/// The host model: `cache[l][h][pos + t][e] = x[t][h][e] * (l + 1)`.
fn append_host(cache: &mut [f32], x: &[f32], dims: (usize, usize, usize, usize, usize), pos: usize) {
    let (l, h, s, t, e) = dims;
    for li in 0..l {
        for hi in 0..h {
            for ti in 0..t {
                for ei in 0..e {
                    cache[((li * h + hi) * s + pos + ti) * e + ei] = x[(ti * h + hi) * e + ei] * (li + 1) as f32;
                }
            }
        }
    }
}

fn appends_at_shifting_positions(ctx: &Context) {
    let (l, h, s, t, e, k) = (3, 2, 11, 3, 5, 70);
    let mut g = Appends::new(ctx, AppendsDims { l, h, s, t, e, k }).unwrap();
    let w = rand_f32(k * e, 1.0, 3);
    g.load_weights(AppendsWeights { w: &w }).unwrap();
    let mut cache = vec![0.0f32; l * h * s * e];
    let mut total = vec![0.0f32; s * e];
    // Overlapping windows, the first and the last row included.
    for (round, pos) in [0usize, 2, 8, 5].into_iter().enumerate() {
        let x = rand_f32(t * h * e, 1.0, 10 + round as u64);
        let a = rand_f32(t * k, 1.0, 20 + round as u64);
        let out = g.run(AppendsInputs { x: &x, a: &a, pos: pos as u32 }).unwrap();
        append_host(&mut cache, &x, (l, h, s, t, e), pos);
        let prod = naive_matmul(&a, &w, t, k, e);
        total[pos * e..(pos + t) * e].copy_from_slice(&prod);
        assert_eq!(out.snapshot, cache, "cache after the append at {pos}");
        let state = g.read_state().unwrap();
        assert_eq!(state.cache, cache, "cache state after the append at {pos}");
        assert_close(&format!("total after the append at {pos}"), &state.total, &total, 1e-5, 1.0);
    }
}

fn a_window_past_the_end_is_refused(ctx: &Context) {
    let (l, h, s, t, e, k) = (2, 1, 6, 3, 4, 2);
    let mut g = Appends::new(ctx, AppendsDims { l, h, s, t, e, k }).unwrap();
    g.load_weights(AppendsWeights { w: &rand_f32(k * e, 1.0, 4) }).unwrap();
    let (x, a) = (rand_f32(t * h * e, 1.0, 5), rand_f32(t * k, 1.0, 6));
    g.run(AppendsInputs { x: &x, a: &a, pos: 3 }).unwrap();
    let before = g.read_state().unwrap();
    for pos in [4u32, 6, u32::MAX] {
        let err = g.run(AppendsInputs { x: &x, a: &a, pos }).unwrap_err();
        assert!(matches!(err, forge::Error::WindowOutOfRange { extent: 6, .. }), "pos {pos}: {err}");
        let msg = err.to_string();
        assert!(msg.contains(&format!("`pos` = {pos}")) && msg.contains("extent 6"), "{msg}");
    }
    let after = g.read_state().unwrap();
    assert_eq!(after.cache, before.cache, "a refused run writes nothing");
    assert_eq!(after.total, before.total, "a refused run writes nothing");
    // A window longer than the axis can never fit: refused at `new`.
    let Err(err) = Appends::new(ctx, AppendsDims { l, h, s: 2, t, e, k }) else { panic!("T = 3 over S = 2 accepted") };
    assert!(matches!(err, forge::Error::ShapeCheck { .. }), "{err}");
    assert!(err.to_string().contains("the window of `t`"), "{err}");
}

fn a_window_on_the_last_axis(ctx: &Context) {
    let (r, c, w) = (4, 9, 3);
    let mut g = Columns::new(ctx, ColumnsDims { r, c, w }).unwrap();
    let mut grid = vec![0.0f32; 2 * r * c];
    for (round, at) in [6usize, 0, 3].into_iter().enumerate() {
        let v = rand_f32(r * w, 1.0, 30 + round as u64);
        let out = g.run(ColumnsInputs { v: &v, at: at as u32 }).unwrap();
        for ri in 0..r {
            for ci in 0..w {
                grid[(r + ri) * c + at + ci] = v[ri * w + ci] - 1.0;
            }
        }
        assert_eq!(out.seen, grid, "grid after the write at column {at}");
    }
}

/// A cache filled by one instance (three tokens a run) and handed on the device to another of
/// other dims (one token a run, as a prefill hands its cache to decoding steps); a state of
/// another length, or an instance on another context, is refused.
fn a_cache_handed_to_another_instance(ctx: &Context) {
    let (l, h, s, e, k) = (2, 2, 9, 4, 3);
    let w = rand_f32(k * e, 1.0, 40);
    let mut three = Appends::new(ctx, AppendsDims { l, h, s, t: 3, e, k }).unwrap();
    let mut one = Appends::new(ctx, AppendsDims { l, h, s, t: 1, e, k }).unwrap();
    three.load_weights(AppendsWeights { w: &w }).unwrap();
    one.load_weights(AppendsWeights { w: &w }).unwrap();
    let mut cache = vec![0.0f32; l * h * s * e];
    let x = rand_f32(3 * h * e, 1.0, 41);
    three.run(AppendsInputs { x: &x, a: &rand_f32(3 * k, 1.0, 42), pos: 0 }).unwrap();
    append_host(&mut cache, &x, (l, h, s, 3, e), 0);
    // Poisoned first: the copy, not an earlier state, must be what the next run sees.
    one.write_state(&AppendsState { cache: vec![f32::NAN; cache.len()], total: vec![f32::NAN; s * e] }).unwrap();
    for name in ["cache", "total"] {
        one.instance_mut().copy_state_from(name, three.instance()).unwrap();
    }
    let x1 = rand_f32(h * e, 1.0, 43);
    let out = one.run(AppendsInputs { x: &x1, a: &rand_f32(k, 1.0, 44), pos: 3 }).unwrap();
    append_host(&mut cache, &x1, (l, h, s, 1, e), 3);
    assert_eq!(out.snapshot, cache, "the handed-over cache with the fourth token");
    let longer = Appends::new(ctx, AppendsDims { l, h, s: s + 1, t: 1, e, k }).unwrap();
    let err = one.instance_mut().copy_state_from("cache", longer.instance()).unwrap_err();
    assert!(matches!(err, forge::Error::InvalidArgument { .. }), "{err}");
    let err = one.instance_mut().copy_state_from("x", three.instance()).unwrap_err();
    assert!(matches!(err, forge::Error::UnknownBinding { .. }), "{err}");
    if ctx.kind() != forge::BackendKind::Cpu {
        let host = Appends::new(&Context::cpu(), AppendsDims { l, h, s, t: 3, e, k }).unwrap();
        let err = one.instance_mut().copy_state_from("cache", host.instance()).unwrap_err();
        assert!(err.to_string().contains("same"), "{err}");
    }
}

forge_tests!(
    appends_at_shifting_positions,
    a_window_past_the_end_is_refused,
    a_window_on_the_last_axis,
    a_cache_handed_to_another_instance
);
