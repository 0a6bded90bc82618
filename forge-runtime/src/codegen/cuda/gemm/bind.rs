//! From a plan's matmul to a GEMM kernel. A [`MatmulBody`] whose operands are plain strided
//! loads of one float type, each a row- or column-major matrix per batch entry, becomes a
//! [`GemmSpec`]: batch dims of extent 1 drop out, and trailing batch dims fold into M where B
//! is shared across them and A's rows simply continue (`x[B, T, D] · wᵀ` is one `B·T × D`
//! product). The variant is chosen for the device ([`CudaTarget`]); the body's epilogue
//! becomes the kernel's `__device__` epilogue, printed by the same [`Writer`] as every other
//! template, so fused bias, residual, activation and the output's conversion stay as they are.

use super::choose::{choose_with, ChooseOptions, MAX_K_SPLIT};
use super::spec::{Accumulate, BatchDim, Elem as GElem, GemmSpec, Layout, Operand, Requirement, TensorMapDesc, Which};
use super::variant::SimtConfig;
use super::{emit, KernelIo, RmsGain};
use crate::codegen::{matmul, unflatten, Dialect, Writer};
use crate::elem::Elem;
use crate::error::{Error, Result};
use crate::ir::{KernelSpec, MatmulBody, SExpr, Schedule, UnaryOp};
use crate::options::CudaOptions;

/// Stands for the kernel's name in [`GemmKernel::code`] until the caller names it.
pub const NAME: &str = "FORGE_GEMM_NAME";

/// The device CUDA code is generated for, and the options it is generated with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CudaTarget {
    /// Compute capability (major, minor).
    pub arch: (u32, u32),
    /// Streaming multiprocessors (the tile choice models waves of tiles over them).
    pub sms: usize,
    /// f32 products on TF32 tensor cores ([`CudaOptions::tf32`]).
    pub tf32: bool,
    /// Whether matmuls use the GEMM kernels at all ([`CudaOptions::gemm`]).
    pub gemm: bool,
    /// One SIMT tile for every product that runs the SIMT kernel; `None`: the modelled choice.
    pub simt: Option<SimtConfig>,
    /// tf32x3 products on tensor cores however small ([`CudaOptions::tf32x3_any_size`]).
    pub tf32x3_any_size: bool,
    /// The TMA tile `(bm, bn, stages)` of TF32 and 16-bit products; `None`: modelled.
    pub tma_tile: Option<(usize, usize, usize)>,
    /// tf32x3 128×64 TMA tiles of one block an SM feed A from registers (see `wgmma_x3`).
    pub x3_register_a: bool,
    /// Register-A tf32x3 tiles run as a persistent grid (`wgmma_x3`).
    pub x3_persistent: bool,
    /// `bf16x3` products run as one bf16 GEMM over split operands (`codegen::cuda::split`).
    pub split_bf16x3: bool,
    /// 16-bit TMA products split K over clusters of this many blocks wherever they admit it
    /// (`None` or `1`: never, see `choose::k_split`).
    pub k_split: Option<usize>,
    /// Rows of an `[N,K]` B a decode block streams ([`CudaOptions::decode_width`]).
    pub decode_width: Option<usize>,
}

impl CudaTarget {
    /// A device of compute capability `arch` with `sms` multiprocessors, default options.
    pub fn new(arch: (u32, u32), sms: usize) -> CudaTarget {
        CudaTarget::of(arch, sms, &CudaOptions::default(), None)
    }

    /// [`CudaTarget::new`] with `options`: what the backend compiles for. A tile or split the
    /// kernels cannot take is an error naming it.
    pub fn with_options(arch: (u32, u32), sms: usize, options: &CudaOptions) -> Result<CudaTarget> {
        let invalid = |argument: &str, reason: String| Error::InvalidArgument { argument: argument.into(), reason };
        let simt = match options.simt_tile {
            Some(t) => Some(
                SimtConfig::from_groups(t.bm, t.bn, t.bk, t.k_groups)
                    .map_err(|reason| invalid("CudaOptions::simt_tile", reason))?,
            ),
            None => None,
        };
        if let Some(s) = options.split_k.filter(|s| !(1..=MAX_K_SPLIT).contains(s)) {
            return Err(invalid(
                "CudaOptions::split_k",
                format!("{s} blocks: a cluster splits K over 1 to {MAX_K_SPLIT}"),
            ));
        }
        if let Some(w) = options.decode_width.filter(|w| !matches!(w, 1 | 2 | 4 | 8)) {
            return Err(invalid("CudaOptions::decode_width", format!("{w} rows: a decode block streams 1, 2, 4 or 8")));
        }
        Ok(CudaTarget::of(arch, sms, options, simt))
    }

    /// The target of `options`, whose SIMT tile is `simt` (checked by the caller).
    fn of(arch: (u32, u32), sms: usize, options: &CudaOptions, simt: Option<SimtConfig>) -> CudaTarget {
        CudaTarget {
            arch,
            sms: sms.max(1),
            tf32: options.tf32,
            gemm: options.gemm,
            simt,
            tf32x3_any_size: options.tf32x3_any_size,
            tma_tile: options.tma_tile.map(|t| (t.bm, t.bn, t.stages)),
            x3_register_a: options.x3_register_a,
            x3_persistent: options.x3_persistent,
            split_bf16x3: options.split_bf16x3,
            k_split: options.split_k,
            decode_width: options.decode_width,
        }
    }

    /// An H100/H200 (sm_90, 132 multiprocessors): what `Target::CudaC` shows.
    pub fn sm90() -> CudaTarget {
        CudaTarget::new((9, 0), 132)
    }

    /// `sm_XY` for NVRTC.
    pub fn arch_name(&self) -> String {
        format!("sm_{}{}", self.arch.0, self.arch.1)
    }
}

/// What a tensor-core variant trades f32 for, as profiles name it (`-3xtf32`, `-tf32`); empty
/// for true f32 and for the kernels that compute it (SIMT, decode) whatever was allowed.
fn precision_suffix(variant: &super::Variant, p: crate::graph::checked::Precision) -> &'static str {
    use super::Variant as V;
    use crate::graph::checked::Precision;
    match (variant, p) {
        (V::MmaSync(_) | V::WgmmaTma(_), Precision::Tf32x3) => "-3xtf32",
        (V::MmaSync(_) | V::WgmmaTma(_), Precision::Tf32) => "-tf32",
        // Only a split product (`codegen::cuda::split`: bf16 operands) keeps `bf16x3` this far.
        (V::MmaSync(_) | V::WgmmaTma(_) | V::Wgmma(_), Precision::Bf16x3) => "-bf16x3",
        (V::MmaSync(_) | V::WgmmaTma(_), Precision::F32) | (V::Wgmma(_) | V::Simt(_) | V::Decode(_), _) => "",
    }
}

/// The precision a profile names: a split product's (bf16 operands, `m.precision` still
/// `bf16x3`) or what the GEMM runs.
fn named_precision(g: &GemmSpec, m: &MatmulBody) -> crate::graph::checked::Precision {
    use crate::graph::checked::Precision;
    match m.precision {
        Precision::Bf16x3 if g.a.elem == GElem::BF16 => Precision::Bf16x3,
        Precision::F32 | Precision::Tf32x3 | Precision::Tf32 | Precision::Bf16x3 => g.precision,
    }
}

/// A tensor map the kernel takes after its own parameters: `desc` over kernel argument `arg`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TensorMapArg {
    pub arg: usize,
    pub desc: TensorMapDesc,
}

/// A matmul as a GEMM kernel: its epilogue function and kernel, named [`NAME`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GemmKernel {
    pub code: String,
    pub grid: [u32; 3],
    pub threads: u32,
    /// Dynamic shared memory per block (above 48 KiB the launch opts in first).
    pub smem: u32,
    /// The program must be compiled for `sm_90a` (wgmma).
    pub sm90a: bool,
    pub tensor_maps: Vec<TensorMapArg>,
    /// The variant, for profiles (`gemm tma128x256s4`).
    pub variant: String,
}

/// How a logical `[rows, cols]` matrix with strides `(s_r, s_c)` lies: row-major (cols
/// contiguous) or column-major, with its leading dimension; `None` when it is neither (rows
/// that overlap or broadcast).
fn layout(rows: usize, cols: usize, s_r: usize, s_c: usize) -> Option<(Layout, usize)> {
    if (cols == 1 || s_c == 1) && (rows == 1 || s_r >= cols) {
        return Some((Layout::RowMajor, if rows == 1 { cols } else { s_r }));
    }
    if (rows == 1 || s_r == 1) && (cols == 1 || s_c >= rows) {
        return Some((Layout::ColMajor, if cols == 1 { rows } else { s_c }));
    }
    None
}

/// Alignment in bytes (at most 16) of an argument's first element: arena buffers start on
/// 256-byte boundaries, so only the argument's own offset matters.
fn align(offset_bytes: usize) -> usize {
    if offset_bytes == 0 {
        16
    } else {
        (1usize << offset_bytes.trailing_zeros()).min(16)
    }
}

/// The product as a GEMM (with M possibly folded over trailing batch dims), or `None`.
fn gemm_spec(spec: &KernelSpec, m: &MatmulBody, tf32: bool) -> Option<GemmSpec> {
    use crate::graph::checked::Precision;
    if let Some(w) = m.window {
        return window_spec(spec, m, w);
    }
    let ((ia, sa), (ib, sb)) = (m.a.as_load()?, m.b.as_load()?);
    let elem = match (spec.args[ia].elem, spec.args[ib].elem) {
        (Elem::F32, Elem::F32) => GElem::F32,
        (Elem::F16, Elem::F16) => GElem::F16,
        (Elem::BF16, Elem::BF16) => GElem::BF16,
        (Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0, _) => {
            return None
        }
    };
    let nb = m.batch.len();
    if sa.len() != nb + 2 || sb.len() != nb + 2 {
        return None;
    }
    let (la, lda) = layout(m.m, m.k, sa[nb], sa[nb + 1])?;
    let (lb, ldb) = layout(m.k, m.n, sb[nb], sb[nb + 1])?;
    let mut batch: Vec<BatchDim> = (0..nb)
        .filter(|&d| m.batch[d] != 1)
        .map(|d| BatchDim { extent: m.batch[d], a_stride: sa[d], b_stride: sb[d], c_stride: 0 })
        .collect();
    let mut rows = m.m;
    while let Some(d) = batch.last() {
        if la != Layout::RowMajor || d.b_stride != 0 || d.a_stride != rows * lda {
            break;
        }
        rows *= d.extent;
        batch.pop();
    }
    let es = elem.bytes();
    let operand = |layout, ld, arg: usize| Operand { elem, layout, ld, align: align(spec.args[arg].offset * es) };
    Some(GemmSpec {
        m: rows,
        n: m.n,
        k: m.k,
        batch,
        a: operand(la, lda, ia),
        b: operand(lb, ldb, ib),
        accumulate: Accumulate::F32,
        // `CudaOptions::tf32` turns every f32 product into single TF32 (a precision opt-in).
        precision: match elem {
            GElem::F32 if tf32 => Precision::Tf32,
            // An f32 product that `codegen::cuda::split` did not split runs as tf32x3 (more
            // precise than asked, and on tensor cores where they gain).
            GElem::F32 if m.precision == Precision::Bf16x3 => Precision::Tf32x3,
            GElem::F32 => m.precision,
            GElem::F16 | GElem::BF16 => Precision::F32,
        },
        window: None,
    })
}

/// A window product (`plan::window`) as a GEMM, TF32 or 16-bit: A the `[O, K]` weights (K
/// ordered by tap, then channel), B the windows of the NHWC input (its gather's argument), one
/// batch dim.
fn window_spec(spec: &KernelSpec, m: &MatmulBody, w: crate::ir::Windows) -> Option<GemmSpec> {
    use crate::graph::checked::Precision;
    let (ia, sa) = m.a.as_load()?;
    let ib = window_arg(&m.b)?;
    let (elem, precision) = match (spec.args[ia].elem, spec.args[ib].elem) {
        (Elem::F32, Elem::F32) if m.precision == Precision::Tf32 => (GElem::F32, Precision::Tf32),
        (Elem::F16, Elem::F16) => (GElem::F16, Precision::F32),
        (Elem::BF16, Elem::BF16) => (GElem::BF16, Precision::F32),
        (Elem::F32 | Elem::F16 | Elem::BF16 | Elem::U32 | Elem::I32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0, _) => {
            return None
        }
    };
    if m.batch.len() != 1 || sa.len() != 3 || sa[0] != 0 {
        return None;
    }
    let (Layout::RowMajor, lda) = layout(m.m, m.k, sa[1], sa[2])? else { return None };
    let es = elem.bytes();
    let operand = |layout, ld, arg: usize| Operand { elem, layout, ld, align: align(spec.args[arg].offset * es) };
    let image = w.height * w.width * w.channels;
    Some(GemmSpec {
        m: m.m,
        n: m.n,
        k: m.k,
        batch: vec![BatchDim { extent: m.batch[0], a_stride: 0, b_stride: image, c_stride: 0 }],
        a: operand(Layout::RowMajor, lda, ia),
        b: operand(Layout::ColMajor, m.k, ib),
        accumulate: Accumulate::F32,
        precision,
        window: Some(w),
    })
}

/// The argument a window product's B gathers from.
fn window_arg(b: &SExpr) -> Option<usize> {
    let mut arg = None;
    b.visit(&mut |e| {
        if let SExpr::Gather { arg: a, .. } = e {
            arg = Some(*a);
        }
    });
    arg
}

/// Whether TMA tensor maps describe the batch dims: every batch entry a matrix of its own or
/// one matrix shared by all (no overlap).
fn maps_fit(g: &GemmSpec) -> bool {
    let size = |op: &Operand, rows: usize, cols: usize| match op.layout {
        Layout::RowMajor => rows * op.ld,
        Layout::ColMajor => cols * op.ld,
    };
    let (a, b) = (size(&g.a, g.m, g.k), size(&g.b, g.k, g.n));
    // An operand shared across the batch (stride 0) is one matrix (a rank-2 map).
    g.batch.iter().all(|d| (d.a_stride == 0 || d.a_stride >= a) && (d.b_stride == 0 || d.b_stride >= b))
}

/// What `target` offers the choice for GEMM `g`.
fn options(target: &CudaTarget, g: &GemmSpec, paired: bool) -> ChooseOptions {
    ChooseOptions {
        sms: target.sms,
        tensor_maps: maps_fit(g),
        simt: target.simt,
        tf32x3_any_size: target.tf32x3_any_size,
        tma_tile: target.tma_tile,
        x3_register_a: target.x3_register_a,
        x3_persistent: target.x3_persistent,
        k_split: target.k_split,
        paired,
        decode_width: target.decode_width,
    }
}

/// Whether the product `m` of kernel `spec`, of f32 plain loads, would run on tensor cores as
/// tf32x3 on `target` with both operands K-major and aligned, as a split copy lies (a GEMM
/// kernel applies and the product is large enough for them to gain): where `codegen::cuda::split`
/// runs a `bf16x3` product as one bf16 GEMM.
pub fn x3_on_tensor_cores(spec: &KernelSpec, m: &MatmulBody, target: &CudaTarget) -> bool {
    use crate::graph::checked::Precision;
    let Some(mut g) = gemm_spec(spec, m, false).filter(|g| g.a.elem == GElem::F32 && target.gemm) else {
        return false;
    };
    g.precision = Precision::Tf32x3;
    g.a = Operand { layout: Layout::RowMajor, ld: g.k, align: 16, ..g.a };
    g.b = Operand { layout: Layout::ColMajor, ld: g.k, align: 16, ..g.b };
    matches!(
        choose_with(&g, target.arch, &options(target, &g, false)),
        Ok(super::Variant::WgmmaTma(_) | super::Variant::MmaSync(_))
    )
}

/// The GEMM kernel for a matmul, or `None` where it does not apply (the generic template
/// runs). `params` are the kernel's parameter declarations, `names` their names.
pub fn matmul_kernel(
    spec: &KernelSpec,
    m: &MatmulBody,
    schedule: &Schedule,
    target: &CudaTarget,
    params: &[String],
    names: &[String],
) -> Result<Option<GemmKernel>> {
    // Statements that follow the product, and a folded layer norm, run in the skinny template only.
    if !target.gemm || !m.followers.is_empty() || m.layer.is_some() {
        return Ok(None);
    }
    let Some(mut g) = gemm_spec(spec, m, target.tf32) else { return Ok(None) };
    // A paired product's second B must lie as B does (the decode kernel walks both alike).
    let b2 = match &m.b2 {
        None => None,
        Some(b2) => match paired_b(spec, m, b2, &g) {
            Some((arg, align)) => {
                g.b.align = g.b.align.min(align);
                Some(arg)
            }
            None => return Ok(None),
        },
    };
    let gain = match &m.rms {
        None => None,
        Some(r) => match rms_gain(spec, m, &r.gain) {
            Some(found) => Some(found),
            None => return Ok(None),
        },
    };
    let few_row_only = b2.is_some() || gain.is_some();
    let opts = options(target, &g, b2.is_some());
    let chosen = match g.window {
        Some(w) => super::choose::window_tile(&g, &w, target.arch, target.sms),
        None => choose_with(&g, target.arch, &opts),
    };
    let variant = match chosen {
        // Pairs and folded norms take the SIMT decode kernel (a tensor-core pick's shape fits
        // it too).
        Ok(super::Variant::Decode(d)) if few_row_only => {
            super::Variant::Decode(super::variant::DecodeConfig { tensor: false, ..d })
        }
        Ok(_) if few_row_only => return Ok(None),
        Ok(v) => v,
        Err(Error::Unsupported { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    let ib = match m.window {
        Some(_) => window_arg(&m.b).unwrap_or(0),
        None => m.b.as_load().map_or(0, |l| l.0),
    };
    let ia = m.a.as_load().map_or(0, |l| l.0);
    let (a_ptr, b_ptr) = (format!("a{ia}"), format!("a{ib}"));
    let b2_ptr = b2.map(|i| format!("a{i}"));
    let gain_ptr = gain.map(|(i, _)| format!("a{i}"));
    let epilogue = format!("{NAME}_epi");
    let (params, names) = (params.join(", "), names.join(", "));
    let io = KernelIo {
        kernel_name: NAME,
        params: &params,
        a_ptr: &a_ptr,
        b_ptr: &b_ptr,
        b2_ptr: b2_ptr.as_deref(),
        rms_gain: gain_ptr.as_deref().zip(gain).map(|(ptr, (_, vector))| RmsGain { ptr, vector }),
        b_read_only: spec.read_only(ib) && b2.is_none_or(|i| spec.read_only(i)),
        epilogue: &epilogue,
        epilogue_args: &names,
        light_epilogue: light_epilogue(&m.epilogue),
    };
    let e = match emit(&g, &variant, target.arch, &io) {
        Ok(e) => e,
        Err(Error::Unsupported { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    if e.block.1 != 1 || e.block.2 != 1 {
        return Err(Error::Internal(format!("GEMM {variant}: block {:?} is not one-dimensional", e.block)));
    }
    let tensor_maps = e
        .tensor_maps
        .iter()
        .map(|&desc| TensorMapArg { arg: if desc.operand == Which::A { ia } else { ib }, desc })
        .collect();
    let code = format!("{}{}", epilogue_fn(spec, m, schedule, g.m, &params, &epilogue), e.source);
    Ok(Some(GemmKernel {
        code,
        grid: [e.grid.0, e.grid.1, e.grid.2],
        threads: e.block.0,
        smem: e.dynamic_smem_bytes,
        sm90a: e.needs.contains(&Requirement::ArchSm90a),
        tensor_maps,
        variant: format!("gemm {variant}{}", precision_suffix(&variant, named_precision(&g, m))),
    }))
}

/// A paired product's second B (`b2`) as a plain load lying exactly as B does in GEMM `g`: its
/// argument and alignment in bytes; `None` otherwise (the generic template runs).
fn paired_b(spec: &KernelSpec, m: &MatmulBody, b2: &crate::ir::SExpr, g: &GemmSpec) -> Option<(usize, usize)> {
    let ((ib, sb), (ib2, sb2)) = (m.b.as_load()?, b2.as_load()?);
    let same = sb == sb2 && spec.args[ib].elem == spec.args[ib2].elem;
    let es = g.b.elem.bytes();
    same.then(|| (ib2, align(spec.args[ib2].offset * es)))
}

/// A folded norm's gain as the decode kernel reads it: a plain load of a K-vector shared by
/// every row and batch entry, of A's element type. Its argument and whether it is 16-byte
/// aligned; `None` otherwise (the generic template runs).
fn rms_gain(spec: &KernelSpec, m: &MatmulBody, gain: &crate::ir::SExpr) -> Option<(usize, bool)> {
    let ((ia, _), (ig, sg)) = (m.a.as_load()?, gain.as_load()?);
    let (last, rest) = sg.split_last()?;
    // (A one-element vector's stride is 0.)
    let vector_of_k = (*last == 1 || m.k == 1) && rest.iter().all(|&s| s == 0) && spec.args[ig].len >= m.k;
    let elem = spec.args[ig].elem;
    (vector_of_k && elem == spec.args[ia].elem).then(|| (ig, align(spec.args[ig].offset * elem.size_bytes()) == 16))
}

/// Whether an epilogue calls no function: its unary ops, if any, are a negation, a `not`, an
/// `abs` or a `relu`.
fn light_epilogue(e: &SExpr) -> bool {
    let mut light = true;
    e.visit(&mut |n| {
        if let SExpr::Unary { op, .. } = n {
            light &= match op {
                UnaryOp::Neg | UnaryOp::Not | UnaryOp::Abs | UnaryOp::Relu => true,
                UnaryOp::Exp
                | UnaryOp::Log
                | UnaryOp::Sqrt
                | UnaryOp::Rsqrt
                | UnaryOp::Tanh
                | UnaryOp::Sigmoid
                | UnaryOp::Silu
                | UnaryOp::Gelu
                | UnaryOp::GeluTanh
                | UnaryOp::Erf
                | UnaryOp::Sin
                | UnaryOp::Cos
                | UnaryOp::Floor => false,
            };
        }
    });
    light
}

/// `__device__ void NAME_epi(float acc, unsigned fz, unsigned fr, unsigned fj, <params>)`: the
/// body's epilogue at output `(fz, fr, fj)` of the GEMM (`fz` its flat batch index, `fr` its
/// row, folded batch dims included), stored into the output with its conversion. A paired
/// product's takes `float acc2` after `acc`; a folded norm's then `float rss`, the row's sum of
/// squares, which scales the sums first.
fn epilogue_fn(
    spec: &KernelSpec,
    m: &MatmulBody,
    schedule: &Schedule,
    rows: usize,
    params: &str,
    name: &str,
) -> String {
    let mut w = Writer::new(Dialect::Cuda, spec, *schedule, vec![0; spec.args.len()]);
    let folded = (rows / m.m.max(1)) as u64;
    let (fz, fr, fj) = (w.idx("fz"), w.idx("fr"), w.idx("fj"));
    if folded > 1 {
        w.let_idx("bidx", &format!("{fz} * {} + {fr} / {}", w.u(folded), w.u(m.m as u64)));
        w.let_idx("i", &format!("{fr} % {}", w.u(m.m as u64)));
    } else {
        w.let_idx("bidx", &fz);
        w.let_idx("i", &fr);
    }
    w.let_idx("j", &fj);
    let bvars = unflatten(&mut w, "bidx", &m.batch, "b");
    crate::codegen::matmul_skinny_norm::scale_rows(&mut w, m, "rss");
    matmul::epilogue(&mut w, m, &bvars);
    let (_, body) = w.finish();
    let acc2 = if m.b2.is_some() { "float acc2, " } else { "" };
    let rss = if m.rms.is_some() { "float rss, " } else { "" };
    format!("__device__ __forceinline__ void {name}(float acc, {acc2}{rss}unsigned fz, unsigned fr, unsigned fj, {params}) {{\n{body}}}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::KernelBody;
    use crate::plan::tests::{plan, BERT, MLP};

    fn target(arch: (u32, u32)) -> CudaTarget {
        CudaTarget::new(arch, 132)
    }

    /// The GEMM spec of every matmul kernel of a plan.
    fn specs(p: &crate::ir::Plan) -> Vec<Option<GemmSpec>> {
        p.kernels
            .iter()
            .filter_map(|k| match &k.spec.body {
                KernelBody::Matmul(m) => Some(gemm_spec(&k.spec, m, false)),
                KernelBody::Map { .. }
                | KernelBody::Index { .. }
                | KernelBody::Row { .. }
                | KernelBody::Softmax { .. }
                | KernelBody::Norm { .. }
                | KernelBody::Attention(_)
                | KernelBody::Scatter(_)
                | KernelBody::Raw(_)
                | KernelBody::Rows(_) => None,
            })
            .collect()
    }

    #[test]
    fn layouts_from_strides() {
        assert_eq!(layout(4, 6, 6, 1), Some((Layout::RowMajor, 6)));
        assert_eq!(layout(4, 6, 8, 1), Some((Layout::RowMajor, 8)));
        assert_eq!(layout(4, 6, 1, 4), Some((Layout::ColMajor, 4)));
        assert_eq!(layout(1, 6, 0, 1), Some((Layout::RowMajor, 6)));
        assert_eq!(layout(4, 1, 1, 0), Some((Layout::RowMajor, 1)));
        assert_eq!(layout(4, 6, 0, 1), None, "rows broadcast");
        assert_eq!(layout(4, 6, 3, 1), None, "rows overlap");
        assert_eq!(align(0), 16);
        assert_eq!(align(4 * 3), 4);
        assert_eq!(align(2 * 40), 16);
    }

    #[test]
    fn batch_folds_into_rows_where_the_weight_is_shared() {
        // B, T, D, H, E, F, L, V, P: every projection is x[B·T, D] times a [N, K] weight.
        let p = plan(BERT, &[2, 5, 8, 2, 4, 16, 3, 11, 7]);
        let s = specs(&p);
        assert_eq!(s.len(), 9);
        for g in s {
            let g = g.expect("a plain product");
            assert_eq!((g.m, g.batch.len(), g.b.layout, g.a.layout), (10, 0, Layout::ColMajor, Layout::RowMajor));
        }
        let p = plan(MLP, &[3, 40, 24]);
        assert!(specs(&p).iter().all(|g| g.as_ref().is_some_and(|g| g.m == 3 && g.b.layout == Layout::RowMajor)));
    }

    #[test]
    fn half_products_take_tma_on_sm90_and_keep_their_batch() {
        let src = "graph H { dims { B, T, D, F } input x: f16[B, T, D]; input p: f16[B, D, F]; output z: f16[B, T, F];
            z = matmul(x, p) * 0.5; }";
        let p = plan(src, &[3, 64, 64, 128]);
        let k = &p.kernels[0];
        let KernelBody::Matmul(m) = &k.spec.body else { panic!("not a matmul") };
        let g = gemm_spec(&k.spec, m, false).expect("a plain product");
        assert_eq!((g.m, g.batch.len(), g.batch[0].a_stride, g.batch[0].b_stride), (64, 1, 64 * 64, 64 * 128));
        let params: Vec<String> = (0..k.spec.args.len()).map(|i| format!("const unsigned short* a{i}")).collect();
        let names: Vec<String> = (0..k.spec.args.len()).map(|i| format!("a{i}")).collect();
        let g = matmul_kernel(&k.spec, m, &k.schedule, &target((9, 0)), &params, &names).unwrap().expect("a GEMM");
        assert!(g.variant.starts_with("gemm tma") && g.sm90a, "{}", g.variant);
        assert_eq!(g.tensor_maps.iter().map(|t| (t.arg, t.desc.rank)).collect::<Vec<_>>(), [(1, 3), (2, 3)]);
        assert!(g.code.contains(&format!("{NAME}_epi(")), "the kernel calls its epilogue");
        let g = matmul_kernel(&k.spec, m, &k.schedule, &target((8, 0)), &params, &names).unwrap().expect("a GEMM");
        assert!(g.variant.starts_with("gemm mma") && !g.sm90a && g.tensor_maps.is_empty(), "{}", g.variant);
        let off = CudaTarget { gemm: false, ..target((9, 0)) };
        assert_eq!(matmul_kernel(&k.spec, m, &k.schedule, &off, &params, &names).unwrap(), None);
    }

    #[test]
    fn persistent_tf32x3_grids_cover_the_sms_and_keep_their_epilogue_apart() {
        let src = "graph P { dims { M, K, N } input a: f32[M, K]; weight w: f32[N, K]; output y: f32[M, N];
            y = matmul(a, transpose(w), precision = tf32x3); }";
        let p = plan(src, &[1920, 384, 1536]);
        let k = &p.kernels[0];
        let KernelBody::Matmul(m) = &k.spec.body else { panic!("not a matmul") };
        let params: Vec<String> = (0..k.spec.args.len()).map(|i| format!("float* a{i}")).collect();
        let names: Vec<String> = (0..k.spec.args.len()).map(|i| format!("a{i}")).collect();
        let forced = CudaTarget { tma_tile: Some((128, 64, 4)), ..target((9, 0)) };
        let emit = |t: &CudaTarget| matmul_kernel(&k.spec, m, &k.schedule, t, &params, &names).unwrap().unwrap();
        let plain = emit(&forced);
        let persistent = emit(&CudaTarget { x3_persistent: true, ..forced });
        assert!(plain.variant.contains("tma128x64s4-ra") && !plain.variant.contains("-p"), "{}", plain.variant);
        assert!(persistent.variant.contains("tma128x64s4-ra-p"), "{}", persistent.variant);
        // 15 × 24 tiles: one block a tile, or one an SM looping over them.
        assert_eq!((plain.grid, persistent.grid), ([360, 1, 1], [132, 1, 1]));
        assert!(persistent.code.contains("tile += (int)gridDim.x, g0 += KT"));
        assert!(persistent.code.contains("constexpr bool PERSISTENT = true;"));
        // The staged output tile (2 × 64 × 72 floats) no longer overlaps the stages.
        assert_eq!(persistent.smem - plain.smem, 2 * 64 * 72 * 4);
        // A product too small for tensor cores stays on SIMT, opt-in or not.
        let small = plan(src, &[64, 64, 64]);
        let k = &small.kernels[0];
        let KernelBody::Matmul(m) = &k.spec.body else { panic!("not a matmul") };
        let g = matmul_kernel(
            &k.spec,
            m,
            &k.schedule,
            &CudaTarget { x3_persistent: true, ..target((9, 0)) },
            &params,
            &names,
        );
        assert!(g.unwrap().unwrap().variant.starts_with("gemm simt"));
    }
}
