//! Fast matrix products for the CUDA backend: a generator of CUDA-C GEMM kernels (no CUDA
//! headers: 16-bit floats are `unsigned short`, special instructions inline PTX), the choice
//! among its variants for a device, and (`bind`) the bridge from a plan's `MatmulBody`.
//!
//! `choose_with` picks a [`Variant`] for a [`GemmSpec`] and a device; `emit` writes the
//! kernel, whose every output value goes to a caller-written `__device__` epilogue, with its
//! launch shape and what the launch needs ([`Requirement`]). Variants, by `choose_with`'s policy:
//!
//! | variant | when | what |
//! |---|---|---|
//! | `WgmmaTma` | sm_90, 16-bit, 16-byte rows, ≤ 1 batch dim; f32 with a TF32 opt-in, both K-major | a producer warpgroup drives TMA into 2–4 swizzled stages on mbarriers (two blocks an SM where they fit); 1–2 consumer warpgroups run wgmma (tf32x3's three products: `wgmma_x3`) |
//! | `Wgmma` | sm_90, 16-bit, aligned, no tensor maps or 2+ batch dims | every thread cp.async's into the same stages; wgmma |
//! | `MmaSync` | sm_80+ 16-bit; f32 with the TF32 opt-in | ldmatrix + mma.sync, 3–4 stages; guarded loads for unaligned rows |
//! | `Simt` | f32 (true f32); 16-bit below sm_80 | 128×128×16 register-blocked FMA, double-buffered; tiles down to 16×32 that split K inside the block for small products |
//! | `Decode` | M ≤ 8 | streams B once with 16-byte loads, K split inside the block; the only variant that takes a paired product's second B |
//!
//! How each variant measures against cuBLAS and the copy rate: BENCHMARKS.md.

mod bind;
mod choose;
mod decode;
mod decode_src;
mod loader;
mod mma_sync;
mod prelude;
mod simt;
mod smem;
mod spec;
mod tma_epilogue;
mod variant;
mod wgmma;
mod wgmma_tma;
mod wgmma_x3;

pub use bind::{matmul_kernel, x3_on_tensor_cores, CudaTarget, TensorMapArg, NAME};
pub use choose::TILE_REACHING_SHAPES;
pub use decode::NK_PRELOADED;
pub use spec::{Elem, TensorMapDesc};
pub use variant::Variant;

use crate::error::{Error, Result};
use spec::{GemmSpec, Layout, Requirement, Which};
use std::fmt::Write as _;
use variant::Variant as V;

/// How the emitted kernel plugs into the caller's module.
#[derive(Debug, Clone, Copy)]
pub struct KernelIo<'a> {
    /// Name of the `extern "C" __global__` function.
    pub kernel_name: &'a str,
    /// The parameter list, written by the caller (`const unsigned short* a, float* c, ...`).
    pub params: &'a str,
    /// Parameter names of A and B (any pointer type; the kernel reinterprets the bytes).
    pub a_ptr: &'a str,
    pub b_ptr: &'a str,
    /// A paired product's second B (same layout as B; only the decode variant takes it): the
    /// kernel computes both products and the epilogue receives `(acc, acc2, ...)`.
    pub b2_ptr: Option<&'a str>,
    /// A folded RMS norm's gain (only the SIMT decode variant takes it): A is multiplied by it
    /// as it is loaded and the epilogue receives each row's sum of squares after the sums
    /// (`(acc, [acc2,] rss, ...)`).
    pub rms_gain: Option<RmsGain<'a>>,
    /// No kernel writes B (nor B2) while the graph runs (inputs and weights): the decode
    /// kernel may load it before its grid-dependency wait.
    pub b_read_only: bool,
    /// A `__device__` function the caller defines before the kernel, called once per output
    /// as `epilogue(float acc, unsigned batch, unsigned i, unsigned j, <epilogue_args>)`.
    pub epilogue: &'a str,
    /// Extra arguments appended to every epilogue call (usually parameter names such as the
    /// C pointer); empty for none.
    pub epilogue_args: &'a str,
    /// The epilogue calls no function (no transcendental): TMA tiles unroll it further, so
    /// more of a residual's loads are in flight (`tma_epilogue::unroll`).
    pub light_epilogue: bool,
}

/// A folded norm's gain: a K-vector of A's element type, shared by every row and batch entry.
#[derive(Debug, Clone, Copy)]
pub struct RmsGain<'a> {
    /// Parameter name of the gain's pointer.
    pub ptr: &'a str,
    /// It is 16-byte aligned (read 16 bytes at a time).
    pub vector: bool,
}

/// An emitted kernel and how to launch it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Emitted {
    pub source: String,
    pub grid: (u32, u32, u32),
    pub block: (u32, u32, u32),
    pub dynamic_smem_bytes: u32,
    pub needs: Vec<Requirement>,
    /// NVRTC `--gpu-architecture` the source must be compiled for (`sm_90a`, `sm_80`, ...).
    pub nvrtc_arch: String,
    /// Tensor maps the kernel takes as trailing by-value parameters after `params`, in this
    /// order (TMA variant only; see [`TensorMapDesc`]).
    pub tensor_maps: Vec<TensorMapDesc>,
}

/// CUDA-C source of `variant` for `spec`, compiled for `arch` (compute capability).
pub fn emit(spec: &GemmSpec, variant: &Variant, arch: (u32, u32), io: &KernelIo) -> Result<Emitted> {
    spec.validate()?;
    for (s, what) in
        [(io.kernel_name, "kernel name"), (io.epilogue, "epilogue"), (io.a_ptr, "a_ptr"), (io.b_ptr, "b_ptr")]
    {
        let ok = !s.is_empty()
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !s.starts_with(|c: char| c.is_ascii_digit());
        if !ok {
            return Err(Error::Internal(format!("GEMM {what} `{s}` is not a C identifier")));
        }
    }
    let mismatch = |reason: &str| Error::Unsupported {
        what: format!("GEMM variant {variant}"),
        reason: format!("here: {reason}"),
    };
    let needs_arch = |min: (u32, u32), exact: bool, why: &str| {
        if (exact && arch != min) || arch < min {
            Err(mismatch(why))
        } else {
            Ok(())
        }
    };
    if (io.b2_ptr.is_some() || io.rms_gain.is_some()) && !matches!(variant, V::Decode(d) if !d.tensor) {
        return Err(mismatch("a paired product or a folded norm runs only the SIMT decode kernel"));
    }
    let mut e = match variant {
        V::Wgmma(t) => {
            needs_arch((9, 0), true, "wgmma needs compute capability 9.0 (sm_90a)")?;
            wgmma::emit(spec, t, io)
        }
        V::WgmmaTma(t) => {
            needs_arch((9, 0), true, "wgmma needs compute capability 9.0 (sm_90a)")?;
            wgmma_tma::emit(spec, t, io)
        }
        V::MmaSync(t) => {
            needs_arch((8, 0), false, "mma.sync needs sm_80+")?;
            mma_sync::emit(spec, t, io)
        }
        V::Simt(s) => simt::emit(spec, s, io),
        V::Decode(d) => {
            if d.tensor {
                needs_arch((8, 0), false, "tensor-core decode needs sm_80+")?;
            }
            decode::emit(spec, d, io)
        }
    }
    .map_err(|r| mismatch(&r))?;
    if e.nvrtc_arch.is_empty() {
        e.nvrtc_arch = format!("sm_{}{}", arch.0, arch.1);
    }
    if e.dynamic_smem_bytes > 48 * 1024 {
        e.needs.push(Requirement::DynamicSmemOptIn { bytes: e.dynamic_smem_bytes });
    }
    Ok(e)
}

/// Compile-time constants every kernel body reads (`M`, `N`, `K`, `LDA`, `ES`, layouts, ...).
fn constants(spec: &GemmSpec) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "constexpr int M = {}, N = {}, K = {};", spec.m, spec.n, spec.k);
    let _ = writeln!(s, "constexpr long long LDA = {}, LDB = {};", spec.a.ld, spec.b.ld);
    let _ = writeln!(s, "constexpr int ES = {};", spec.elem().bytes());
    let _ = writeln!(s, "constexpr bool A_KMAJOR = {};", spec.a.layout == Layout::RowMajor);
    let _ = writeln!(s, "constexpr bool B_KMAJOR = {};", spec.b.layout == Layout::ColMajor);
    s
}

/// Statements that set `aoff`, `boff` (elements) and `bidx` from `blockIdx.z`.
fn batch_code(spec: &GemmSpec) -> String {
    let mut s = String::from("  long long aoff = 0, boff = 0;\n  const unsigned bidx = blockIdx.z;\n");
    if spec.batch.is_empty() {
        return s;
    }
    s.push_str("  { unsigned z = bidx;\n");
    for d in spec.batch.iter().rev() {
        let _ = writeln!(
            s,
            "    {{ unsigned q = z % {e}u; z /= {e}u; aoff += (long long)q * {sa}ll; boff += (long long)q * {sb}ll; }}",
            e = d.extent,
            sa = d.a_stride,
            sb = d.b_stride
        );
    }
    s.push_str("  }\n");
    s
}

/// The common kernel opening: signature, namespace, base pointers offset by the batch.
/// `before_wait` (statements that may read operands but write nothing: prefetches) runs before
/// the grid-dependency wait, which then closes the head instead of opening it.
fn kernel_head(
    spec: &GemmSpec,
    io: &KernelIo,
    threads: usize,
    min_blocks: usize,
    smem: bool,
    before_wait: Option<&str>,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "extern \"C\" __global__ void __launch_bounds__({threads}, {min_blocks}) {}({}) {{",
        io.kernel_name, io.params
    );
    if before_wait.is_none() {
        s.push_str(crate::codegen::cuda::grid::GRID_WAIT);
    }
    let _ = writeln!(s, "  using namespace {};", ns(io));
    if smem {
        s.push_str("  extern __shared__ __align__(1024) unsigned char fg_smem_raw[];\n");
    }
    s.push_str(&batch_code(spec));
    let _ = writeln!(s, "  const char* gA = (const char*)(const void*)({}) + aoff * ES;", io.a_ptr);
    let _ = writeln!(s, "  const char* gB = (const char*)(const void*)({}) + boff * ES;", io.b_ptr);
    if let Some(b2) = io.b2_ptr {
        let _ = writeln!(s, "  const char* gB2 = (const char*)(const void*)({b2}) + boff * ES;");
    }
    if let Some(g) = io.rms_gain {
        let _ = writeln!(s, "  const char* gG = (const char*)(const void*)({});", g.ptr);
    }
    if let Some(code) = before_wait {
        s.push_str(code);
        s.push_str(crate::codegen::cuda::grid::GRID_WAIT);
    }
    s
}

/// The epilogue call for value `v` at (`row`, `col`) (and `{v}2` for a paired product, the
/// row's sum of squares `RSS(row)` for a folded norm).
fn epi_call(io: &KernelIo, v: &str, row: &str, col: &str) -> String {
    let mut v = match io.b2_ptr {
        Some(_) => format!("{v}, {v}2"),
        None => v.to_string(),
    };
    if io.rms_gain.is_some() {
        v = format!("{v}, RSS({row})");
    }
    if io.epilogue_args.trim().is_empty() {
        format!("{}({v}, bidx, (unsigned)({row}), (unsigned)({col}))", io.epilogue)
    } else {
        format!("{}({v}, bidx, (unsigned)({row}), (unsigned)({col}), {})", io.epilogue, io.epilogue_args)
    }
}

/// Per-kernel namespace so two GEMMs can share one module.
fn ns(io: &KernelIo) -> String {
    format!("fg_{}", io.kernel_name)
}

/// Opens the helper namespace with the prelude and element conversions for `elem`.
fn helpers(io: &KernelIo, elem: Elem, spec: &GemmSpec) -> String {
    let mut s = format!("namespace {} {{\n", ns(io));
    s.push_str(prelude::COMMON);
    s.push_str(prelude::elem_helpers(elem));
    s.push_str(&constants(spec));
    s
}

/// A requirement list for 16-byte loads of both operands.
fn align_needs(both: bool) -> Vec<Requirement> {
    if both {
        vec![
            Requirement::PointerAlign { operand: Which::A, bytes: 16 },
            Requirement::PointerAlign { operand: Which::B, bytes: 16 },
        ]
    } else {
        Vec::new()
    }
}

fn to_u32(v: usize, what: &str) -> Result<u32, String> {
    u32::try_from(v).map_err(|_| format!("{what} {v} exceeds u32"))
}
