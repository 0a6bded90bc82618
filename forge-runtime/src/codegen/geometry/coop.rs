//! The cooperative-matrix matmul's launch and operand layouts (`matmul_coop` prints it): which
//! products fit it, its tile, and where its slices load as 16-byte vectors.

use super::{folded_batch_dims, matmul_rows, matmul_variant, MatmulVariant, ASSUMED_SMS};
use crate::ir::{KernelArg, KernelBody, KernelSpec, MatmulBody, SExpr, Schedule};

/// Invocations of the cooperative-matrix matmul: four 32-lane subgroups.
pub const COOP_THREADS: u32 = 128;

/// Whether a product can run on f16 cooperative matrices: both operands plain loads of f16
/// arguments (any strides; the epilogue is free).
pub fn coop_fits(m: &MatmulBody, args: &[KernelArg]) -> bool {
    let f16_load = |e: &SExpr| match e {
        SExpr::Load { arg, .. } => args.get(*arg).is_some_and(|a| a.elem == crate::elem::Elem::F16),
        SExpr::Uniform { .. }
        | SExpr::Const(_)
        | SExpr::Var(_)
        | SExpr::Acc(_)
        | SExpr::Acc2
        | SExpr::Unary { .. }
        | SExpr::Binary { .. }
        | SExpr::Select { .. }
        | SExpr::Cast { .. }
        | SExpr::Gather { .. } => false,
    };
    f16_load(&m.a) && f16_load(&m.b)
}

/// How an operand of the cooperative matmul lies where its slices load as 16-byte vectors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoopLayout {
    pub arg: usize,
    /// Contiguous along its second axis (A: k, B: n); its slice is then stored row-major.
    pub row_major: bool,
    /// Elements between consecutive rows (row-major) or columns.
    pub ld: usize,
    /// The load's strides over `[batch.., row, col]`.
    pub strides: Vec<usize>,
}

/// The operands' layouts when interior tiles of `m` may read their slices from storage as
/// 16-byte vectors (8 f16; the arguments are then bound as `array<vec4<u32>>`): K a multiple
/// of the 32-deep slice, each operand a row- or column-major matrix whose leading dimension,
/// batch strides, base offset and length are whole 16-byte units and which is not the output,
/// and, where batch dims fold into the rows, A row-major with its rows continuing across them.
/// `None`: every tile is staged element by element.
pub fn coop_vector(spec: &KernelSpec, m: &MatmulBody, bases: &[u64]) -> Option<(CoopLayout, CoopLayout)> {
    const UNIT: usize = 8;
    if !coop_fits(m, &spec.args) || !m.k.is_multiple_of(COOP_SLICE as usize) || m.k == 0 {
        return None;
    }
    let rank = m.batch.len();
    let out = spec.body.out();
    let layout = |e: &SExpr, rows: usize, cols: usize| -> Option<CoopLayout> {
        let SExpr::Load { arg, strides, .. } = e else { return None };
        let (s_r, s_c) = (strides[rank], strides[rank + 1]);
        let batch_ok = (0..rank).all(|d| m.batch[d] == 1 || strides[d] % UNIT == 0);
        let base_ok = bases.get(*arg).copied().unwrap_or(0) % UNIT as u64 == 0;
        let whole = spec.args.get(*arg).is_some_and(|a| a.len % UNIT == 0) && *arg != out;
        let (row_major, ld) = if s_c == 1 && s_r >= cols {
            (true, s_r)
        } else if s_r == 1 && s_c >= rows {
            (false, s_c)
        } else {
            return None;
        };
        (batch_ok && base_ok && whole && ld % UNIT == 0).then(|| CoopLayout {
            arg: *arg,
            row_major,
            ld,
            strides: strides.clone(),
        })
    };
    let a = layout(&m.a, m.m, m.k)?;
    let b = layout(&m.b, m.k, m.n)?;
    let folds = folded_batch_dims(m);
    if folds > 0 {
        // Folded row r is row r of one long matrix: A row-major, each folded dim's stride the
        // size of the entries inside it.
        let mut expected = a.ld * m.m;
        for d in (rank - folds..rank).rev() {
            if !a.row_major || (m.batch[d] > 1 && a.strides[d] != expected) {
                return None;
            }
            expected *= m.batch[d];
        }
    }
    Some((a, b))
}

/// K depth of one slice of the cooperative matmul.
pub const COOP_SLICE: u32 = 32;

/// Workgroup memory of the cooperative matmul's largest tile (t = 4): two staging arrays of
/// `max(128 × 40, 32 × 136)` f16 and 1024 f32 for the epilogue. The wgpu backend only turns
/// the template on where the device offers this much (`WgpuComputeContext::coop_matmul`).
pub const COOP_SHARED_BYTES: u32 = 2 * 5120 * 2 + 1024 * 4;

/// The arguments a cooperative matmul binds as `array<vec4<u32>>` ([`coop_vector`]; `true` at
/// each); empty for every other kernel.
pub fn coop_packed_args(spec: &KernelSpec, s: &Schedule, bases: &[u64]) -> Vec<bool> {
    let KernelBody::Matmul(m) = &spec.body else { return Vec::new() };
    if !matches!(matmul_variant(m, &spec.args, s), MatmulVariant::Coop(_)) {
        return Vec::new();
    }
    let Some((a, b)) = coop_vector(spec, m, bases) else { return Vec::new() };
    (0..spec.args.len()).map(|i| i == a.arg || i == b.arg).collect()
}

/// The cooperative tile (`t` of [`MatmulVariant::Coop`]) by default: 128×128 where those
/// tiles fill the assumed multiprocessors, else 64×64 (4× the workgroups).
pub fn coop_tile(m: &MatmulBody) -> u32 {
    let (batch, rows) = matmul_rows(m);
    let big = batch * rows.div_ceil(128) * (m.n as u64).div_ceil(128);
    if big >= ASSUMED_SMS {
        4
    } else {
        2
    }
}
