//! Weights the CUDA backend stores transposed. A `[.., K, N]` weight that only few-row products
//! read, as their B, runs the `[K,N]` decode kernel, whose warps read 32 bytes of each of 16
//! rows a load; stored as `[.., N, K]` (each matrix transposed once, when the weight is
//! loaded) the same products run the `[N,K]` decode kernel, whose warps read 512 contiguous
//! bytes of one row a load and hold all their weight in registers before the grid wait. The
//! maths is the same products over the same values (sums in another order).
//!
//! On the H200 (`bench/probes/fused_mlp.cu`) the same blocks streaming the decode MLP's
//! weights without waiting for one another read `[N,K]` faster than `[K,N]`, and the 10-layer
//! decode MLP ran faster from `[N,K]` weights (BENCHMARKS.md).

use super::split::{split_bytes, split_products, SplitWeight};
use super::{emit_function_for, CudaTarget};
use crate::elem::Elem;
use crate::ir::{BufferRole, KernelBody, MatmulBody, Plan};

/// A weight stored transposed: every `rows × cols` matrix of its last two dims as `cols × rows`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transposed {
    pub buffer: usize,
    pub rows: usize,
    pub cols: usize,
}

/// How CUDA stores the weights it does not keep as declared.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredWeights {
    /// Transposed for few-row products (this module).
    pub transposed: Vec<Transposed>,
    /// Split into bf16 parts for `bf16x3` products (`codegen::cuda::split`).
    pub split: Vec<SplitWeight>,
    /// Block-format weights decoded to f32 for wide products (`codegen::cuda::decoded`): the
    /// buffer, its declared format and its values.
    pub decoded: Vec<(usize, Elem, usize)>,
}

impl StoredWeights {
    /// The bytes to store for weight `id` given its declared bytes (`elem_bytes` an element),
    /// or `None` where it is stored as declared.
    pub fn stored_bytes(&self, id: usize, bytes: &[u8], elem_bytes: usize) -> Option<Vec<u8>> {
        if let Some(t) = self.transposed.iter().find(|t| t.buffer == id) {
            return Some(transpose_bytes(bytes, t, elem_bytes));
        }
        if let Some(&(_, elem, len)) = self.decoded.iter().find(|d| d.0 == id) {
            return Some(super::decoded::decoded_bytes(elem, bytes, len));
        }
        self.split.iter().find(|w| w.buffer == id).map(|w| split_bytes(bytes, w))
    }

    /// A comment line for each kind of stored weight in `plan`, naming them.
    pub fn describe(&self, plan: &Plan) -> String {
        let names = |ids: Vec<usize>| ids.iter().map(|&b| plan.buffers[b].name.as_str()).collect::<Vec<_>>().join(", ");
        let mut out = String::new();
        if !self.transposed.is_empty() {
            let ids = self.transposed.iter().map(|t| t.buffer).collect();
            out += &format!("// weights stored transposed ([.., N, K]) as loaded: {}\n", names(ids));
        }
        if !self.split.is_empty() {
            let ids = self.split.iter().map(|w| w.buffer).collect();
            out += &format!("// weights stored split for bf16x3 ([.., N, 3K] bf16) as loaded: {}\n", names(ids));
        }
        if !self.decoded.is_empty() {
            let ids = self.decoded.iter().map(|d| d.0).collect();
            out += &format!("// block-format weights stored decoded (f32) as loaded: {}\n", names(ids));
        }
        out
    }
}

/// A plan as CUDA runs it ([`as_run`]).
#[derive(Debug, Clone, Default)]
pub struct RunPlan {
    /// `None` where it runs as lowered.
    pub plan: Option<Plan>,
    pub stored: StoredWeights,
    /// For each kernel of `plan`, the lowered plan's kernel it computes (part of); empty where
    /// the kernels are the lowered plan's one for one.
    pub origin: Vec<usize>,
}

/// `plan` as `target` runs it: its `bf16x3` products split (`codegen::cuda::split`), few-row
/// products reading the weights that gain from it transposed, wide tensor-core products
/// reading block-format weights decoded (`codegen::cuda::decoded`).
pub fn as_run(plan: &Plan, target: &CudaTarget) -> RunPlan {
    let (split_plan, split, origin) = match split_products(plan, target) {
        Some(s) => (Some(s.plan), s.weights, s.origin),
        None => (None, Vec::new(), Vec::new()),
    };
    let (transposed_plan, transposed) = transposed_as_run(split_plan.as_ref().unwrap_or(plan), target);
    let run = transposed_plan.or(split_plan);
    let current = run.as_ref().unwrap_or(plan);
    let wide = super::decoded::decoded_weights(current, target);
    let decoded = wide.iter().map(|&b| (b, current.buffers[b].elem, current.buffers[b].len)).collect();
    let run = super::decoded::decoded_plan(current, &wide).or(run);
    RunPlan { plan: run, stored: StoredWeights { transposed, split, decoded }, origin }
}

/// The weights of `plan` that CUDA stores transposed on `target`: those whose every read is
/// the B (or paired B) of a product that then runs the `[N,K]` decode kernel with its weights
/// preloaded. A pair's two weights go together (the kernel walks both alike).
pub fn transposed_weights(plan: &Plan, target: &CudaTarget) -> Vec<Transposed> {
    transposed_as_run(plan, target).1
}

/// `plan` with the weights of [`transposed_weights`] read transposed and, where there are any,
/// the plan that reads them so (the last trial's). The candidates ([`only_read_as_b`]) lose
/// the weights of every product that would not gain, until none is left to drop.
fn transposed_as_run(plan: &Plan, target: &CudaTarget) -> (Option<Plan>, Vec<Transposed>) {
    if !target.gemm {
        return (None, Vec::new());
    }
    let mut chosen: Vec<Transposed> = (0..plan.buffers.len()).filter_map(|b| only_read_as_b(plan, b)).collect();
    while !chosen.is_empty() {
        let trial = with_transposed_loads(plan, &chosen);
        let mut losers = Vec::new();
        for (k, tk) in plan.kernels.iter().zip(&trial.kernels) {
            let reads: Vec<usize> = chosen.iter().map(|t| t.buffer).filter(|&b| k.spec.binds_buffer(b)).collect();
            if reads.is_empty() {
                continue;
            }
            let preloads = emit_function_for(&tk.spec, &tk.schedule, Some(target))
                .is_ok_and(|f| f.code.contains(crate::codegen::cuda::gemm::NK_PRELOADED));
            if !preloads {
                losers.extend(reads);
            }
        }
        if losers.is_empty() {
            return (Some(trial), chosen);
        }
        chosen.retain(|t| !losers.contains(&t.buffer));
    }
    (None, chosen)
}

/// `plan` with every product's B load of a `transposed` weight reading the transposed layout.
pub fn with_transposed_loads(plan: &Plan, transposed: &[Transposed]) -> Plan {
    let mut plan = plan.clone();
    for k in &mut plan.kernels {
        let KernelBody::Matmul(m) = &mut k.spec.body else { continue };
        let nb = m.batch.len();
        let args = &k.spec.args;
        for operand in std::iter::once(&mut m.b).chain(m.b2.as_mut()) {
            let crate::ir::SExpr::Load { arg, strides, .. } = operand else { continue };
            if let Some(t) = transposed.iter().find(|t| t.buffer == args[*arg].buffer) {
                strides[nb] = 1;
                strides[nb + 1] = t.rows;
            }
        }
    }
    plan
}

/// `bytes` of a weight declared `[.., rows, cols]` as stored transposed (`[.., cols, rows]`).
pub fn transpose_bytes(bytes: &[u8], t: &Transposed, elem_bytes: usize) -> Vec<u8> {
    let mut out = vec![0u8; bytes.len()];
    match elem_bytes {
        2 => transpose_elems::<2>(bytes, &mut out, t),
        4 => transpose_elems::<4>(bytes, &mut out, t),
        _ => transpose_elems::<1>(bytes, &mut out, t),
    }
    out
}

/// [`transpose_bytes`] for `N`-byte elements, in 32 × 32 tiles so reads and writes both stay
/// within a few cache lines at a time. Bytes past the last whole element stay zero.
fn transpose_elems<const N: usize>(src: &[u8], dst: &mut [u8], t: &Transposed) {
    const TILE: usize = 32;
    let whole = src.len() / N * N;
    let (src, dst): (&[[u8; N]], &mut [[u8; N]]) =
        (bytemuck::cast_slice(&src[..whole]), bytemuck::cast_slice_mut(&mut dst[..whole]));
    let matrix = t.rows * t.cols;
    if matrix == 0 {
        return;
    }
    for (s, d) in src.chunks_exact(matrix).zip(dst.chunks_exact_mut(matrix)) {
        for r0 in (0..t.rows).step_by(TILE) {
            for c0 in (0..t.cols).step_by(TILE) {
                for r in r0..(r0 + TILE).min(t.rows) {
                    for c in c0..(c0 + TILE).min(t.cols) {
                        d[c * t.rows + r] = s[r * t.cols + c];
                    }
                }
            }
        }
    }
}

/// Buffer `b` as a candidate: a floating-point weight of at least two dims whose every read
/// (in every kernel) is the B or paired B of a product of at most 8 rows, loaded row-major
/// over whole matrices of its last two dims.
fn only_read_as_b(plan: &Plan, b: usize) -> Option<Transposed> {
    let buf = &plan.buffers[b];
    let floating = matches!(buf.elem, Elem::F32 | Elem::F16 | Elem::BF16);
    if buf.role != BufferRole::Weight || !floating || buf.shape.len() < 2 {
        return None;
    }
    let (rows, cols) = (buf.shape[buf.shape.len() - 2], buf.shape[buf.shape.len() - 1]);
    let mut read = false;
    for k in &plan.kernels {
        // Any kernel bound to the weight (a raw kernel's reads are not expressions) must be
        // a product whose every load of it is a fitting B.
        if !k.spec.binds_buffer(b) {
            continue;
        }
        let KernelBody::Matmul(m) = &k.spec.body else { return None };
        let operands = std::iter::once(&m.b).chain(m.b2.as_ref());
        let fitting = operands.filter(|o| row_major_b(k, m, o, b, rows, cols)).count();
        if fitting != k.spec.loads_of(b) || m.m * m.batch.iter().product::<usize>() > 8 {
            return None;
        }
        read = true;
    }
    read.then_some(Transposed { buffer: b, rows, cols })
}

/// Whether `operand` of product `m` in kernel `k` loads buffer `b` as a row-major `rows × cols`
/// matrix (k down the rows, n along them) from whole matrices, batch entries whole matrices apart.
fn row_major_b(
    k: &crate::ir::PlannedKernel,
    m: &MatmulBody,
    operand: &crate::ir::SExpr,
    b: usize,
    rows: usize,
    cols: usize,
) -> bool {
    let Some((arg, s)) = operand.as_load() else { return false };
    let a = &k.spec.args[arg];
    let nb = m.batch.len();
    let matrix = rows * cols;
    a.buffer == b
        && s.len() == nb + 2
        && (s[nb], s[nb + 1]) == (cols, 1)
        && m.k <= rows
        && m.n <= cols
        && a.offset.is_multiple_of(matrix)
        && a.len.is_multiple_of(matrix)
        && s[..nb].iter().all(|&st| st.is_multiple_of(matrix))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::tests::plan;

    /// The bench's decode MLP (`[K, N]` weights, stacked over layers), plus a weight `w_seen`
    /// that a map also reads and a `[K, N]` product of 16 rows.
    const MLP: &str = "graph Mlp { dims { B, D, F, L }
        input x: f32[B, D]; input x16: f32[16, D]; weight g: f32[L, D]; weight w_gate: f32[L, D, F];
        weight w_up: f32[L, D, F]; weight w_down: f32[L, F, D]; weight w_seen: f32[D, F];
        weight w_wide: f32[D, F]; temp h: f32[B, F]; temp n: f32[B, D]; temp r: f32[B, D];
        output y: f32[B, D]; output s: f32[B, F]; output t: f32[D, F]; output u: f32[16, F];
        r = x;
        for l in 0..L {
            n = rms_norm(r, g[l], 1e-5);
            h = silu(matmul(n, w_gate[l])) * matmul(n, w_up[l]);
            r = r + matmul(h, w_down[l]);
        }
        y = r;
        s = matmul(x, w_seen);
        t = w_seen * 2.0;
        u = matmul(x16, w_wide);
    }";

    fn h200() -> CudaTarget {
        CudaTarget::new((9, 0), 132)
    }

    fn names(p: &Plan, t: &[Transposed]) -> Vec<String> {
        t.iter().map(|t| p.buffers[t.buffer].name.clone()).collect()
    }

    #[test]
    fn decode_weights_read_only_as_b_are_stored_transposed() {
        let p = plan(MLP, &[1, 576, 1536, 3]);
        let t = transposed_weights(&p, &h200());
        assert_eq!(names(&p, &t), ["w_gate", "w_up", "w_down"]);
        assert_eq!((t[0].rows, t[0].cols, t[2].rows, t[2].cols), (576, 1536, 1536, 576));
        // Every product that reads them now runs the preloading [N,K] decode kernel.
        let rewritten = with_transposed_loads(&p, &t);
        let mut decode = 0;
        for k in &rewritten.kernels {
            if t.iter().any(|t| k.spec.binds_buffer(t.buffer)) {
                let f = emit_function_for(&k.spec, &k.schedule, Some(&h200())).unwrap();
                assert!(f.code.contains(crate::codegen::cuda::gemm::NK_PRELOADED), "{}", k.spec.node);
                decode += 1;
            }
        }
        assert_eq!(decode, 6, "a pair and a down product in each of 3 layers");
    }

    #[test]
    fn weights_read_otherwise_or_by_many_rows_stay_as_declared() {
        // 64 rows are no decode product; 5 to 8 are, but do not preload as [N, K].
        for rows in [64, 5, 8] {
            let p = plan(MLP, &[rows, 576, 1536, 2]);
            assert!(transposed_weights(&p, &h200()).is_empty(), "{rows} rows");
        }
        // Without GEMM kernels nothing gains.
        let p = plan(MLP, &[1, 576, 1536, 2]);
        let generic = CudaTarget { gemm: false, ..h200() };
        assert!(transposed_weights(&p, &generic).is_empty());
    }

    #[test]
    fn a_weight_a_raw_kernel_reads_stays_as_declared() {
        // `w_up` is also bound to a raw kernel, whose reads are WGSL, not expressions: it stays
        // [K, N], and so does its pair partner `w_gate` (the kernel walks both alike).
        let src = "graph Raw { dims { D, F }
            input x: f32[1, D]; weight w_gate: f32[D, F]; weight w_up: f32[D, F]; weight w_down: f32[F, D];
            temp h: f32[1, F]; output y: f32[1, D]; output z: f32[D, F];
            h = silu(matmul(x, w_gate)) * matmul(x, w_up);
            y = matmul(h, w_down);
            z = wgsl!(\"@group(0) @binding(0) var<storage, read> a: array<f32>;
                @group(0) @binding(1) var<storage, read_write> b: array<f32>;
                @compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                    if (g.x < arrayLength(&b)) { b[g.x] = a[g.x]; } }\", w_up, z);
        }";
        let p = plan(src, &[576, 1536]);
        assert_eq!(names(&p, &transposed_weights(&p, &h200())), ["w_down"]);
    }

    #[test]
    fn transposed_bytes_hold_each_matrix_transposed() {
        // Two 2 × 3 matrices of 4-byte elements: [[0, 1, 2], [3, 4, 5]] → [[0, 3], [1, 4], [2, 5]].
        let v: Vec<u32> = (0..12).collect();
        let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        let t = Transposed { buffer: 0, rows: 2, cols: 3 };
        let out = transpose_bytes(&bytes, &t, 4);
        let got: Vec<u32> = out.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        assert_eq!(got, [0, 3, 1, 4, 2, 5, 6, 9, 7, 10, 8, 11]);
        // 2-byte elements, a matrix wider than a tile: element (r, c) lands at (c, r).
        let t = Transposed { buffer: 0, rows: 3, cols: 70 };
        let v: Vec<u16> = (0..210).collect();
        let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        let out = transpose_bytes(&bytes, &t, 2);
        let got: Vec<u16> = out.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
        for (r, c) in [(0, 0), (2, 69), (1, 33), (2, 5)] {
            assert_eq!(got[c * 3 + r], (r * 70 + c) as u16, "({r}, {c})");
        }
    }

    #[test]
    #[ignore = "prints how long transposing the decode MLP's weights takes"]
    fn transposing_the_decode_mlps_weights_takes() {
        let t = Transposed { buffer: 0, rows: 576, cols: 1536 };
        let bytes = vec![1u8; 10 * 576 * 1536 * 4];
        let started = std::time::Instant::now();
        let out = transpose_bytes(&bytes, &t, 4);
        eprintln!("{} MB in {:?}", out.len() >> 20, started.elapsed());
    }
}
