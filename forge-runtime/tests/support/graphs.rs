//! Graphs shared by the PTX tests (`ptx_assemble`, `ptx_cuda`): every kernel body and scalar
//! form, odd shapes, broadcasts, uniforms, i32/u32/f16 bindings; plus input generation.
#![allow(dead_code)]

use forge_runtime::elem::{Elem, Scalar};
use forge_runtime::ir::{BufferRole, Plan};
use std::str::FromStr;

/// Elementwise maps: every unary/binary op, select, casts, comparisons, int and f16 bindings.
pub const ELEMENTWISE: &str = r#"
graph Ew {
    dims { R, C }
    input a: f32[R, C];
    input b: f32[C];
    input i: i32[R, C];
    input u: u32[C];
    input h: f16[R, C];
    uniform s: f32 = 0.5;
    uniform n: i32 = 3;
    uniform z: i32 = 0;
    output y0: f32[R, C];
    output y1: f32[R, C];
    output y2: i32[R, C];
    output y3: u32[R, C];
    output y4: f16[R, C];
    output y5: f32[R, C];
    output y6: i32[R, C];
    y0 = exp(a * s) + log(abs(b) + 1.0) - sqrt(abs(a)) * rsqrt(abs(b) + 0.5);
    y1 = tanh(a) + sigmoid(b) + silu(a) + gelu(a) + relu(a - b) + min(a, b) - max(a, -b) + a / b;
    y2 = select(i > n, i / n, -i * 7) + max(i, 2) - min(abs(i), 5) + relu(i) + i / z;
    y3 = u / (u + 1) + (i as u32) * 3 + select(u >= 4, u - 1, u + 2);
    y4 = h * 2.0 + (i as f32) + select(a < b, a, b);
    y5 = select(a <= b, (u as f32), -a) + select(i == n, 1.0, 0.0) + select(i != z, h, a);
    y6 = (a * 10.0) as i32 + (h as i32) - ((b * 3.0) as u32) as i32;
}
"#;

/// Row kernels: sum/max/mean with epilogues, softmax with a prologue, rms_norm with a residual.
pub const ROWS: &str = r#"
graph Rows {
    dims { R, C }
    input x: f32[R, C];
    input g: f32[C];
    uniform eps: f32 = 0.00001;
    uniform t: f32 = 2.0;
    output s: f32[R];
    output mx: f32[R];
    output mn: f32[R];
    output sm: f32[R, C];
    output rn: f32[R, C];
    s = sum(x);
    mx = max(x) * 2.0 + 1.0;
    mn = mean(x * x) + t;
    sm = softmax(x / t);
    rn = rms_norm(x, g, eps) + x;
}
"#;

/// Row kernels over a 3-D space (two leading dims) and f16 storage.
pub const ROWS3: &str = r#"
graph Rows3 {
    dims { A, R, C }
    input x: f32[A, R, C];
    input h: f16[A, R, C];
    input g: f16[C];
    output s: f32[A, R];
    output sm: f16[A, R, C];
    output rn: f32[A, R, C];
    s = sum(x + h);
    sm = softmax(h);
    rn = rms_norm(x, g, 0.001);
}
"#;

/// Matmuls with fused epilogues (`x + matmul`, `silu(matmul) * matmul`) and a prologue.
pub const MATMUL: &str = r#"
graph Mm {
    dims { M, K, N }
    input x: f32[M, N];
    input h: f32[M, K];
    weight w: f32[K, N];
    weight a: f32[K, N];
    weight b: f32[K, N];
    uniform s: f32 = 0.25;
    output y: f32[M, N];
    output z: f32[M, N];
    output q: f32[M, N];
    y = x + matmul(h, w);
    z = silu(matmul(h, a)) * matmul(h, b);
    q = matmul(h * s, relu(w));
}
"#;

/// Skinny matmuls (M <= 8 rows: K split across the block) under every block size the
/// schedule allows (32 threads: two K slices, more outputs than threads), f16 weights and
/// epilogues / prologues.
pub const SKINNY: &str = r#"
graph Skinny {
    dims { M, K, N }
    input h: f32[M, K];
    input x: f32[M, N];
    weight w: f32[K, N];
    weight v: f16[K, N];
    uniform s: f32 = 0.75;
    output y: f32[M, N];
    output z: f32[M, N];
    output q: f16[M, N];
    output r: f32[M, N];
    #[schedule(workgroup = 32)]
    y = x + matmul(h, w);
    #[schedule(workgroup = 64)]
    z = gelu(matmul(h, v * s));
    #[schedule(workgroup = 128)]
    q = matmul(h, w) * 0.5;
    r = matmul(relu(h), w) - x;
}
"#;

/// Register-blocked matmuls (M > 8 rows at the default 256-thread schedule: 32x32 output tiles,
/// 2x2 outputs per thread) with a prologue, an f16 weight and output, plus the 16x16 tile that
/// other workgroup sizes keep.
pub const BLOCKED: &str = r#"
graph Blocked {
    dims { M, K, N }
    input h: f32[M, K];
    input x: f32[M, N];
    weight w: f32[K, N];
    weight v: f16[K, N];
    output y: f32[M, N];
    output z: f16[M, N];
    output t: f32[M, N];
    #[schedule(workgroup = 256, items = 4)]
    y = x + matmul(h, w);
    #[schedule(workgroup = 256, items = 4)]
    z = gelu(matmul(relu(h), v));
    #[schedule(workgroup = 64)]
    t = matmul(h, w) - x;
}
"#;

/// The MLP block of DESIGN.md.
pub const MLP: &str = r#"
graph MlpBlock {
    dims { B, D, F }
    input   x:      f32[B, D];
    weight  g:      f32[D];
    weight  w_gate: f32[D, F];
    weight  w_up:   f32[D, F];
    weight  w_down: f32[F, D];
    uniform eps:    f32 = 1e-5;
    temp    n:      f32[B, D];
    temp    h:      f32[B, F];
    output  y:      f32[B, D];
    n = rms_norm(x, g, eps);
    h = silu(matmul(n, w_gate)) * matmul(n, w_up);
    y = x + matmul(h, w_down);
}
"#;

/// Index notation: stencils with clamp-to-edge shifts, typed reductions, a transpose.
pub const INDEX: &str = r#"
graph Ix {
    dims { R, C, K }
    input a: f32[R, C];
    input b: f32[C, K];
    input n: i32[R, K];
    output st: f32[R, C];
    output mm: f32[R, K];
    output mx: f32[R];
    output mi: i32[R];
    output tr: f32[C, R];
    st[i, j] = a[i - 1, j] + a[i + 1, j] - a[i, j + 2] * 0.5;
    mm[i, j] = sum(k, a[i, k] * b[k, j]);
    mx[i] = max(k, a[i, k]);
    mi[i] = sum(k, n[i, k] * 3);
    tr[j, i] = a[i, j];
}
"#;

/// Every test graph with the dims it runs at.
pub fn cases() -> Vec<(&'static str, &'static str, Vec<Vec<usize>>)> {
    vec![
        ("elementwise", ELEMENTWISE, vec![vec![7, 13], vec![33, 65], vec![1, 1], vec![3, 700]]),
        ("rows", ROWS, vec![vec![7, 13], vec![33, 65], vec![1, 1], vec![3, 300], vec![2, 1000], vec![5, 256]]),
        ("rows3", ROWS3, vec![vec![2, 3, 5], vec![3, 7, 33], vec![1, 1, 1]]),
        (
            "matmul",
            MATMUL,
            vec![
                vec![7, 13, 5],
                vec![33, 65, 17],
                vec![1, 1, 1],
                vec![16, 32, 48],
                vec![40, 3, 70],
                vec![1, 577, 131],
                vec![3, 129, 37],
                vec![8, 301, 67],
                vec![9, 33, 17],
            ],
        ),
        (
            "skinny",
            SKINNY,
            vec![vec![1, 577, 131], vec![3, 1001, 33], vec![8, 127, 67], vec![5, 3, 1], vec![2, 70, 513]],
        ),
        (
            "blocked",
            BLOCKED,
            vec![
                vec![9, 33, 17],
                vec![33, 65, 17],
                vec![70, 96, 130],
                vec![64, 576, 1536],
                vec![31, 1, 33],
                vec![40, 3, 70],
            ],
        ),
        ("index", INDEX, vec![vec![7, 13, 5], vec![1, 1, 1], vec![33, 65, 17]]),
        ("mlp", MLP, vec![vec![1, 8, 12], vec![3, 33, 65], vec![4, 64, 96], vec![1, 65, 193]]),
    ]
}

/// Parses, checks and lowers `src` at `dims`.
pub fn plan(src: &str, dims: &[usize]) -> Plan {
    let tokens = proc_macro2::TokenStream::from_str(src).expect("graph tokens");
    let graph = forge_runtime::graph::parse_graph(tokens)
        .unwrap_or_else(|e| panic!("parse: {:?}", e.iter().map(|e| &e.message).collect::<Vec<_>>()));
    forge_runtime::graph::check(&graph)
        .unwrap_or_else(|e| panic!("check: {:?}", e.iter().map(|e| &e.message).collect::<Vec<_>>()));
    forge_runtime::lower::lower(&graph, dims).expect("lower")
}

/// xorshift64*: deterministic inputs without a dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in [-1, 1), never within 0.05 of zero (divisors stay tame).
    pub fn float(&mut self) -> f64 {
        let v = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0;
        if v.abs() < 0.05 {
            0.05_f64.copysign(v)
        } else {
            v
        }
    }
}

/// One `Vec<f64>` per plan buffer: random values (already rounded to the element type) for
/// inputs, weights and state; NaN for temps and outputs (ints: a sentinel).
pub fn memory(plan: &Plan, seed: u64) -> Vec<Vec<f64>> {
    let mut rng = Rng::new(seed);
    plan.buffers
        .iter()
        .map(|b| {
            let fill = matches!(b.role, BufferRole::Input | BufferRole::Weight | BufferRole::State);
            (0..b.len)
                .map(|_| match (fill, b.elem) {
                    (true, Elem::F32) => rng.float() as f32 as f64,
                    (true, Elem::F16) => half::f16::from_f64(rng.float()).to_f64(),
                    (true, Elem::I32) => (rng.next_u64() % 41) as f64 - 20.0,
                    (true, Elem::U32) => (rng.next_u64() % 21) as f64,
                    (false, Elem::F32 | Elem::F16) => f64::NAN,
                    (false, _) => 12345.0,
                })
                .collect()
        })
        .collect()
}

/// The uniform block's values: each field's default, else 1.5 / 2.
pub fn uniforms(plan: &Plan) -> Vec<Scalar> {
    plan.uniforms
        .iter()
        .map(|u| Scalar::from_f64(u.elem, u.default.unwrap_or(if u.elem.is_float() { 1.5 } else { 2.0 })))
        .collect()
}

/// Where to find ptxas: `FORGE_PTXAS`, else `ptxas` on PATH, else the pip wheel's copy.
pub fn ptxas() -> Option<std::path::PathBuf> {
    if let Ok(p) = std::env::var("FORGE_PTXAS") {
        return Some(p.into());
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            let p = dir.join("ptxas");
            if p.is_file() {
                return Some(p);
            }
        }
    }
    let p = std::path::PathBuf::from("/opt/nvcu/nvidia/cuda_nvcc/bin/ptxas");
    p.is_file().then_some(p)
}
