//! [`Options`]: how the graphs of a [`Context`](crate::Context) are compiled and run. Every
//! choice worth keeping is a field here with its default documented; the defaults are what
//! measured fastest (or is exact), so a user sets a field only to trade precision for speed or
//! to compare variants. Nothing here is read from the environment.

use crate::error::{Error, Result};
use std::time::Duration;

/// How graphs built on a context are compiled and run
/// ([`Context::with_options`](crate::Context::with_options)).
///
/// ```
/// use forge_runtime::{Context, Options};
/// let mut options = Options::default();
/// options.fusion.rows = false; // every row op its own kernel
/// let ctx = Context::cpu().with_options(options);
/// assert!(!ctx.options().fusion.rows);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// Time each kernel's variants at `new` and keep the fastest whose output matches the CPU
    /// reference; the choice is remembered in the cache directory per device and kernel.
    /// Default: off. Backends without variants to time ignore it.
    pub autotune: bool,
    /// Which fusion passes run over every plan (all backends).
    pub fusion: Fusion,
    /// CUDA code generation and launch.
    pub cuda: CudaOptions,
    /// wgpu execution.
    pub wgpu: WgpuOptions,
}

/// The plan's fusion passes (`ir::fuse`). Every pass is on by default; turning one off keeps
/// the numbers (each pass is exact) and costs launches and memory traffic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fusion {
    /// Master switch: `false` runs one kernel (or more) per statement. Default: `true`.
    pub enabled: bool,
    /// Two products that share their left operand run as one kernel (few-row products).
    pub pairs: bool,
    /// A row RMS normalisation folds into the product that consumes it, and a layer
    /// normalisation into a block-format product (its rows normalised in workgroup memory).
    pub norms: bool,
    /// Copies that only move a binding are elided where a view can alias it.
    pub copies: bool,
    /// Consecutive row ops over the same rows run as one kernel (row chains).
    pub rows: bool,
    /// Attention written as its statements (`s = matmul(q, transpose(k)) · c` with an optional
    /// mask, `p = softmax(s)`, `o = matmul(p, v)`) with at most four queries a batch entry
    /// (decoding) runs on wgpu as two attentions: one over chunks of 32 or more keys (the fewest
    /// that divide the keys into at most 32 whole chunks) and one combining the chunks
    /// (`ir::fuse::split_keys`). CUDA and the CPU keep the statements (on CUDA every folded form
    /// measured slower than their chain of kernels; BENCHMARKS.md). Default: `true`.
    pub attention: bool,
    /// The same statements with 16 query rows an entry or more (a prompt), both products at
    /// `precision = tf32x3` (or `tf32`), run as one attention on tensor cores that never writes
    /// the scores and skips the tiles of keys every row's mask leaves out, on the devices that
    /// have it (CUDA sm_90+; elsewhere the statements stay apart). Default: `true`.
    pub prompt_attention: bool,
    /// Elementwise statements that read a few-row product over block-format weights only at
    /// columns its own workgroups computed (a decoding step's query rotation and cache stores
    /// after the fused QKV product) run inside the product's kernel, after it. Default: `true`.
    pub followers: bool,
}

impl Default for Fusion {
    fn default() -> Fusion {
        Fusion {
            enabled: true,
            pairs: true,
            norms: true,
            copies: true,
            rows: true,
            attention: true,
            prompt_attention: true,
            followers: true,
        }
    }
}

impl Fusion {
    /// Every pass off.
    pub fn none() -> Fusion {
        Fusion {
            enabled: false,
            pairs: false,
            norms: false,
            copies: false,
            rows: false,
            attention: false,
            prompt_attention: false,
            followers: false,
        }
    }
}

/// CUDA: precision opt-ins, launch features, and overrides of the modelled GEMM choice (for
/// tuning and comparisons; `None` keeps the model's pick).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CudaOptions {
    /// f32 products on single TF32 tensor cores: inputs keep 10 mantissa bits, so results
    /// carry about 1e-3 relative error instead of f32's 1e-6. Default: `false` (f32 means f32).
    pub tf32: bool,
    /// Replay each instance's kernel sequence as a CUDA graph after the first run.
    /// Default: `true`.
    pub graphs: bool,
    /// Programmatic dependent launch on sm_90+ (the next kernel launches while this one
    /// drains). Default: `true`.
    pub pdl: bool,
    /// Products run on the GEMM kernel family (tensor cores, TMA, decode kernels); `false`
    /// keeps every product on the generic template. Default: `true`.
    pub gemm: bool,
    /// `bf16x3` products run as one bf16 GEMM over split operands; `false` runs them as
    /// tf32x3 (more precise). Default: `true`.
    pub split_bf16x3: bool,
    /// tf32x3 128×64 TMA tiles of one block an SM feed A from registers. Default: `true`.
    pub x3_register_a: bool,
    /// Register-A tf32x3 tiles run as a persistent grid. Default: `false` (slower inside
    /// MiniLM).
    pub x3_persistent: bool,
    /// tf32x3 products on tensor cores however small. Default: `false` (small ones stay SIMT).
    pub tf32x3_any_size: bool,
    /// One SIMT tile for every product that runs the SIMT kernel, e.g. `"32x32x8k4"`.
    pub simt_tile: Option<SimtTile>,
    /// The TMA tile of TF32 and 16-bit products.
    pub tma_tile: Option<TmaTile>,
    /// 16-bit TMA products split K over clusters of this many blocks (2 to 8) wherever they
    /// admit it. Default: `None` (never).
    pub split_k: Option<usize>,
    /// Rows of an `[N,K]` weight a decode block streams per thread row (1, 2, 4 or 8).
    pub decode_width: Option<usize>,
    /// On sm_90, a `conv2d` at `precision = tf32` or over f16/bf16 bindings whose im2col temp
    /// would hold at least this many values reads its windows inside the GEMM (TMA boxes of an
    /// NHWC copy of the input) instead; `None` keeps the temp everywhere. Default:
    /// `Some(WINDOW_MIN_VALUES)` (3 Mi values: below, the temp stays in the L2 cache between
    /// its writer and the product, and the window product has too few tiles).
    pub conv_windows: Option<usize>,
}

impl Default for CudaOptions {
    fn default() -> CudaOptions {
        CudaOptions {
            tf32: false,
            graphs: true,
            pdl: true,
            gemm: true,
            split_bf16x3: true,
            x3_register_a: true,
            x3_persistent: false,
            tf32x3_any_size: false,
            simt_tile: None,
            tma_tile: None,
            split_k: None,
            decode_width: None,
            conv_windows: Some(crate::ir::limits::WINDOW_MIN_VALUES),
        }
    }
}

/// A SIMT GEMM tile: `bm × bn` outputs a block, `bk` deep a stage, K shared by `k_groups`
/// thread groups. Written as profiles print it: `32x32x8k4` (or `64x64x8`, one group).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimtTile {
    pub bm: usize,
    pub bn: usize,
    pub bk: usize,
    pub k_groups: usize,
}

impl std::str::FromStr for SimtTile {
    type Err = Error;
    fn from_str(s: &str) -> Result<SimtTile> {
        let bad = || invalid("simt_tile", format!("`{s}` is not a SIMT tile such as `64x64x8` or `32x32x8k4`"));
        let body = s.trim().trim_start_matches("simt");
        let (dims, k_groups) = match body.split_once('k') {
            Some((d, k)) => (d, k.parse().map_err(|_| bad())?),
            None => (body, 1),
        };
        let v: Vec<usize> = dims.split('x').map(|p| p.parse().map_err(|_| bad())).collect::<Result<_>>()?;
        let [bm, bn, bk] = v[..] else { return Err(bad()) };
        Ok(SimtTile { bm, bn, bk, k_groups })
    }
}

/// A TMA tile: `bm × bn` outputs a block through `stages` pipeline stages, written `64x128s4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TmaTile {
    pub bm: usize,
    pub bn: usize,
    pub stages: usize,
}

impl std::str::FromStr for TmaTile {
    type Err = Error;
    fn from_str(s: &str) -> Result<TmaTile> {
        let bad = || invalid("tma_tile", format!("`{s}` is not a TMA tile such as `64x128s4`"));
        let (dims, stages) = s.trim().split_once('s').ok_or_else(bad)?;
        let (bm, bn) = dims.split_once('x').ok_or_else(bad)?;
        let num = |v: &str| v.parse::<usize>().map_err(|_| bad());
        Ok(TmaTile { bm: num(bm)?, bn: num(bn)?, stages: num(stages)? })
    }
}

fn invalid(argument: &str, reason: String) -> Error {
    Error::InvalidArgument { argument: argument.into(), reason }
}

/// wgpu: what the adapter's optional features are used for, and how a run waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WgpuOptions {
    /// f16 products run on cooperative matrices where the adapter has them. Default: `true`.
    pub cooperative_matrix: bool,
    /// How long a run polls for its submission before it blocks in the driver. Default:
    /// `None`, which is 2 ms on a GPU adapter and zero on a software one (whose work runs on
    /// host threads a spinning thread would compete with).
    pub spin: Option<Duration>,
    /// From an instance's second run on, each run records the next run's commands while the
    /// device runs its own, so a run of a graph of many kernels submits at once instead of first
    /// spending the host time wgpu takes to record every dispatch (most of a decoding step's
    /// host time). A run that stages its inputs differently or asks for per-kernel times records
    /// afresh. Default: `true`.
    pub record_ahead: bool,
    /// Few-row products over block-format weights sum each column's slices across subgroups
    /// (`subgroupShuffleXor`; two subgroups a column and four columns a workgroup, as CUDA's
    /// warps) where the adapter's subgroups are always 32 invocations wide; `false`, or
    /// elsewhere, they meet in workgroup memory (32 slices a column, eight columns). An output
    /// head over a vocabulary takes 16 columns of 16 slices either way. The same switch lets a
    /// decoding attention's workgroup reduce its rows by subgroups and share a key's score
    /// among lanes where its keys are few. Default: `true`.
    pub subgroup_sums: bool,
}

impl Default for WgpuOptions {
    fn default() -> WgpuOptions {
        WgpuOptions { cooperative_matrix: true, spin: None, record_ahead: true, subgroup_sums: true }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::cuda::CudaTarget;

    #[test]
    fn tiles_parse_as_profiles_print_them() {
        assert_eq!("32x32x8k4".parse::<SimtTile>().unwrap(), SimtTile { bm: 32, bn: 32, bk: 8, k_groups: 4 });
        assert_eq!("simt64x64x8".parse::<SimtTile>().unwrap(), SimtTile { bm: 64, bn: 64, bk: 8, k_groups: 1 });
        assert_eq!(" 64x128s4".parse::<TmaTile>().unwrap(), TmaTile { bm: 64, bn: 128, stages: 4 });
        for bad in ["", "64x64", "64xx8", "axbxc", "64x64x8k", "1x2x3x4"] {
            assert!(matches!(bad.parse::<SimtTile>(), Err(Error::InvalidArgument { .. })), "{bad}");
        }
        for bad in ["", "64x128", "64s4", "64x128sX", "x128s4"] {
            assert!(matches!(bad.parse::<TmaTile>(), Err(Error::InvalidArgument { .. })), "{bad}");
        }
    }

    #[test]
    fn cuda_options_reach_the_target_or_name_what_is_wrong() {
        let o = CudaOptions {
            tf32: true,
            gemm: false,
            simt_tile: Some("32x32x8k4".parse().unwrap()),
            tma_tile: Some("64x128s4".parse().unwrap()),
            split_k: Some(3),
            decode_width: Some(2),
            ..CudaOptions::default()
        };
        let t = CudaTarget::with_options((9, 0), 132, &o).unwrap();
        assert!(t.tf32 && !t.gemm);
        assert_eq!(t.tma_tile, Some((64, 128, 4)));
        assert_eq!((t.k_split, t.decode_width), (Some(3), Some(2)));
        assert_eq!(t.simt.map(|c| c.split_k()), Some(4));
        assert_eq!(
            CudaTarget::with_options((9, 0), 132, &CudaOptions::default()).unwrap(),
            CudaTarget::new((9, 0), 132)
        );
        let wrong = [
            CudaOptions { simt_tile: Some("1000x64x8".parse().unwrap()), ..CudaOptions::default() },
            CudaOptions { simt_tile: Some("64x64x8k3".parse().unwrap()), ..CudaOptions::default() },
            CudaOptions { split_k: Some(9), ..CudaOptions::default() },
            CudaOptions { split_k: Some(0), ..CudaOptions::default() },
            CudaOptions { decode_width: Some(3), ..CudaOptions::default() },
        ];
        for o in wrong {
            match CudaTarget::with_options((9, 0), 132, &o) {
                Err(Error::InvalidArgument { argument, .. }) => {
                    assert!(argument.starts_with("CudaOptions::"), "{argument}")
                }
                other => panic!("{o:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn fusion_options_decide_the_plan() {
        let src = "graph F { dims { N } input x: f32[N]; output y: f32[N]; temp t: f32[N]; t = x * 2.0; y = t + 1.0; }";
        let kernels = |fusion: Fusion| {
            let ctx = crate::Context::cpu().with_options(Options { fusion, ..Options::default() });
            crate::GraphInstance::from_source(&ctx, src, &[8]).unwrap().plan().kernels.len()
        };
        assert_eq!(kernels(Fusion::default()), 1);
        assert_eq!(kernels(Fusion::none()), 2);
        assert_eq!(Options::default().fusion, Fusion::default());
        assert!(
            !Options::default().autotune && Options::default().cuda.graphs && Options::default().wgpu.spin.is_none()
        );
    }
}
