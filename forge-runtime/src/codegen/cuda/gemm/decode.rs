//! M ≤ 8 (decode): stream B exactly once with 16-byte loads; A is tiny and stays in L1/L2.
//!
//! B `[N,K]` (`ColMajor`): each warp walks `WIDTH` rows of B along K, 32 lanes × 16 bytes per
//! step, loading every row's chunk before using any (WIDTH loads in flight per lane, A chunks
//! shared by the WIDTH rows); warps of a block split K and meet in shared memory.
//! B `[K,N]` (`RowMajor`): each thread owns one 16-byte column chunk and a contiguous K slice,
//! loading 16/ES rows before using them; the block's K slices meet in shared memory.
//! A paired product (`FG_PAIR`: the kernel's `KernelIo::b2_ptr`) streams a second B of the same
//! layout beside the first, with its own accumulators, and hands the epilogue both sums.
//! A folded RMS norm (`FG_RMS`: `KernelIo::rms_gain`) multiplies A by the gain as it loads it
//! and hands the epilogue each row's sum of squares, which scales the sums there.
//! The kernels' CUDA-C is in `decode_src`; this module picks and assembles it.

use super::decode_src::{A_AT, BODY_KN, BODY_NK, BODY_NK_TC, PRE_KN, PRE_NK};
use super::spec::{GemmSpec, Layout, Requirement, Which};
use super::variant::DecodeConfig;
use super::{epi_call, helpers, kernel_head, to_u32, Emitted, KernelIo};
use std::fmt::Write as _;

pub fn emit(spec: &GemmSpec, d: &DecodeConfig, io: &KernelIo) -> Result<Emitted, String> {
    if spec.m > 8 {
        return Err("decode kernels take M ≤ 8".into());
    }
    let vector = d.vector && spec.vec16_ok(Which::A) && spec.vec16_ok(Which::B);
    if d.vector && !vector {
        return Err("vector loads need 16-byte aligned rows".into());
    }
    let epc = spec.elem().per_16b();
    let mut src = helpers(io, spec.elem(), spec);
    // The SIMT kernels' preloads run before the wait where no kernel writes B. Where they
    // hold all of B, B is not also asked of L2: see `PREFETCH_MAX_BYTES`.
    let nk_pre = nk_preloads(spec, d, vector, io.b2_ptr.is_some());
    let nt = block_threads(spec, d, nk_pre);
    let preloads_all = match spec.b.layout {
        Layout::RowMajor => kn_preloads_all(spec, d),
        Layout::ColMajor => nk_pre,
    };
    let early_loads = !d.tensor && io.b_read_only && (spec.b.layout == Layout::RowMajor || nk_pre);
    // Paced only where they run before the wait: after it nothing overlaps them, and one round
    // trip for all of them is the shortest (`PRE_KN` also drops the pacing below sm_90, whose
    // kernels do not wait for the one ahead).
    let paced = early_loads;
    let _ = writeln!(
        src,
        "constexpr int MR = {}, WIDTH = {}, KSW = {}, PRELOAD = {PRELOAD_CHUNKS}, TRIPS = {}, NT = {nt}, NW = NT / 32;\nconstexpr bool VEC = {vector}, PACED = {}, NK_PRE = {nk_pre};",
        spec.m,
        d.width,
        d.k_split,
        match spec.b.layout {
            Layout::RowMajor => kn_trips(spec, d),
            Layout::ColMajor => nk_trips(spec, d, nt),
        },
        paced
    );
    // Kernels of one module may differ: each sets the switch its body reads.
    let _ = writeln!(src, "#undef FG_PAIR\n#define FG_PAIR {}", u8::from(io.b2_ptr.is_some()));
    let _ = writeln!(src, "#undef FG_RMS\n#define FG_RMS {}", u8::from(io.rms_gain.is_some()));
    let _ = writeln!(src, "#undef RSS\nconstexpr bool G_VEC = {};", io.rms_gain.is_some_and(|g| g.vector));
    src.push_str(A_AT);
    src.push_str("}\n");
    let mut before_wait = crate::codegen::cuda::grid::grid_trigger(true).to_string();
    if !(early_loads && vector && preloads_all) {
        before_wait.push_str(&prefetch_b(spec, vector, io.b2_ptr.is_some()));
    }
    let pre = if spec.b.layout == Layout::RowMajor { PRE_KN } else { PRE_NK };
    if early_loads {
        before_wait.push_str(pre);
    }
    src.push_str(&kernel_head(spec, io, nt, 1, false, Some(&before_wait)));
    if io.rms_gain.is_none() {
        src.push_str("  const char* gG = gA;\n");
    }
    let (body, blocks) = match spec.b.layout {
        _ if d.tensor && (io.b2_ptr.is_some() || io.rms_gain.is_some()) => {
            return Err("a paired product or a folded norm runs the SIMT decode kernel".into())
        }
        Layout::ColMajor if d.tensor => {
            if !matches!(d.k_split, 1 | 2 | 4 | 8)
                || !matches!(d.width, 1 | 2 | 4 | 8)
                || !vector
                || spec.elem() == super::spec::Elem::F32
            {
                return Err("tensor-core decode: 16-bit, aligned rows, k_split and width in {1,2,4,8}".into());
            }
            (BODY_NK_TC.replace("EPILOGUE", &epi_call(io, "v", "m", "n")), spec.n.div_ceil(8 * (8 / d.k_split)))
        }
        Layout::ColMajor => {
            if !matches!(d.k_split, 1 | 2 | 4 | 8) || d.width == 0 || d.width > 8 {
                return Err("[N,K] decode: k_split in {1,2,4,8}, width 1..=8".into());
            }
            let nb = d.width * (8 / d.k_split);
            let pre = if early_loads { "" } else { PRE_NK };
            let body = format!("{pre}{BODY_NK}").replace("EPILOGUE", &epi_call(io, "v", "m", "n"));
            (body, spec.n.div_ceil(nb))
        }
        Layout::RowMajor if d.tensor => return Err("tensor-core decode needs B [N,K]".into()),
        Layout::RowMajor => {
            if !matches!(d.width, 1 | 2 | 4 | 8 | 16 | 32) || d.k_split * d.width != 256 {
                return Err("[K,N] decode: width a power of two ≤ 32, width × k_split = 256".into());
            }
            let pre = if early_loads { "" } else { PRE_KN };
            let body = format!("{pre}{BODY_KN}").replace("EPILOGUE", &epi_call(io, "v", "m", "col"));
            (body, spec.n.div_ceil(d.width * epc))
        }
    };
    src.push_str(&body);
    let mut needs = Vec::new();
    if vector {
        needs.push(Requirement::PointerAlign { operand: Which::A, bytes: 16 });
        needs.push(Requirement::PointerAlign { operand: Which::B, bytes: 16 });
    }
    Ok(Emitted {
        source: src,
        grid: (to_u32(blocks, "grid.x")?, 1, to_u32(spec.batch_count(), "batch")?),
        block: (to_u32(nt, "block")?, 1, 1),
        dynamic_smem_bytes: 0,
        needs,
        nvrtc_arch: String::new(),
        tensor_maps: Vec::new(),
    })
}

/// Threads of a decode block: 256, but a `[K,N]` block whose threads each hold their whole K
/// slice up front keeps only the whole warps whose rows of threads cover K (the decode MLP's
/// 576-deep gate/up pair: 72 of 128 rows busy, 160 threads, 18K registers a block instead of
/// 31K), so the next product's blocks fit on an SM beside the running ones and load their
/// weights early instead of waiting for slots (faster on the 10-layer decode MLP, with paced
/// preloads or without; BENCHMARKS.md).
/// An `[N,K]` block likewise keeps only the warps whose lanes cover K in one trip, where all
/// its warps split K (`k_split` 8) and it preloads (`nk_pre`; the PyTorch-layout MLP's 576-deep
/// pair: 144 chunks a row, 160 threads).
fn block_threads(spec: &GemmSpec, d: &DecodeConfig, nk_pre: bool) -> usize {
    if d.tensor {
        return 256;
    }
    match spec.b.layout {
        Layout::RowMajor if kn_preloads_all(spec, d) => {
            let rows = spec.k.div_ceil(kn_trips(spec, d) * spec.elem().per_16b());
            (rows * d.width).next_multiple_of(32).clamp(32, 256)
        }
        Layout::ColMajor if nk_pre && d.k_split == 8 && nk_trips(spec, d, 256) == 1 => {
            spec.k.div_ceil(spec.elem().per_16b()).next_multiple_of(32).clamp(32, 256)
        }
        Layout::RowMajor | Layout::ColMajor => 256,
    }
}

/// In a decode kernel's source where its `[N,K]` lanes preload their weight ([`nk_preloads`]).
pub const NK_PRELOADED: &str = "NK_PRE = true";

/// Rows of A up to which the `[N,K]` kernel preloads ([`nk_preloads`]): with more, every lane's
/// loads of A outweigh its rows of B. On the H200, 6 and 8 rows ran slower preloaded, 4 rows
/// faster and 1–2 faster or the same (BENCHMARKS.md).
const NK_PRELOAD_ROWS: usize = 4;

/// 16-byte loads a thread of the `[N,K]` kernel may preload ([`nk_preloads`]).
const NK_PRELOAD_LOADS: usize = 8;

/// Trips of the `[N,K]` kernel's lanes over K (`PRE_NK`'s `TRIPS`), with `threads` a block:
/// its warps that split K each cover 32 chunks of 16 bytes a trip.
fn nk_trips(spec: &GemmSpec, d: &DecodeConfig, threads: usize) -> usize {
    let splitting = (threads / 32 / (8 / d.k_split.clamp(1, 8))).max(1);
    spec.k.div_ceil(splitting * 32 * spec.elem().per_16b())
}

/// Whether every lane of the `[N,K]` SIMT kernel holds its chunks of its rows in registers up
/// front (`PRE_NK`'s `NK_PRE`): at most [`NK_PRELOAD_ROWS`] rows of A, 16-byte rows that K
/// fills in whole chunks, and at most [`NK_PRELOAD_LOADS`] loads a thread (a `paired`
/// product's of both weights).
pub(super) fn nk_preloads(spec: &GemmSpec, d: &DecodeConfig, vector: bool, paired: bool) -> bool {
    let weights = if paired { 2 } else { 1 };
    vector
        && !d.tensor
        && spec.m <= NK_PRELOAD_ROWS
        && spec.b.layout == Layout::ColMajor
        && spec.k.is_multiple_of(spec.elem().per_16b())
        && nk_trips(spec, d, 256) * d.width * weights <= NK_PRELOAD_LOADS
}

/// Chunks of `16 / ES` rows of B a thread of the `[K,N]` kernel loads up front when its whole K
/// slice is that short (the 10-layer decode MLP's f32 products: 2 and 3): 16-byte registers
/// `PRELOAD · 16 / ES` of them.
const PRELOAD_CHUNKS: usize = 4;

/// Chunks of `16 / ES` rows in a thread's K slice of the `[K,N]` kernel (`PRE_KN`'s `TRIPS`):
/// its `256 / width` rows of threads split K.
fn kn_trips(spec: &GemmSpec, d: &DecodeConfig) -> usize {
    spec.k.div_ceil(256 / d.width.max(1)).div_ceil(spec.elem().per_16b())
}

/// Whether every thread of the `[K,N]` kernel holds its whole K slice in registers up front
/// (`PRE_KN`'s `CAN_PRE`: at most [`PRELOAD_CHUNKS`] chunks of rows a slice).
fn kn_preloads_all(spec: &GemmSpec, d: &DecodeConfig) -> bool {
    kn_trips(spec, d) <= PRELOAD_CHUNKS
}

/// Bytes each thread's bulk prefetch asks for ([`prefetch_b`]).
const PREFETCH_CHUNK: usize = 4096;
/// Largest B [`prefetch_b`] asks L2 for: a fraction of an H200's 50 MB, so the one kernel of
/// lookahead that programmatic launch gives does not evict what the running kernel reads. A
/// B larger than this streams as it is read (prefetching a much larger decode weight made the
/// product slower on the H200). Nor is a B the `[K,N]` kernel preloads whole before its wait
/// asked of L2 as well: the requests then only compete with the loads (the decode MLP ran
/// slower with both, and slower still asking L2 for the weights of the product two kernels on;
/// BENCHMARKS.md).
const PREFETCH_MAX_BYTES: usize = 8 << 20;

/// Statements that ask L2 for B (and a paired product's B2; bulk prefetches of 4 KiB dealt round-robin over the grid's
/// blocks, then their threads), before the kernel waits for the one ahead of it: B is usually a
/// weight, and since small kernels let their dependents launch early ([`crate::codegen::cuda::
/// grid_trigger`]), it streams in while that kernel runs, so a chain of decode products
/// overlaps its weight traffic. L2 is coherent, so a B the kernel ahead writes is still read
/// correctly after the wait. Only for a contiguous B of 16-byte rows (`vector`) of at most
/// [`PREFETCH_MAX_BYTES`] (faster on the 10-layer decode MLP; BENCHMARKS.md).
fn prefetch_b(spec: &GemmSpec, vector: bool, paired: bool) -> String {
    let rows = match spec.b.layout {
        Layout::ColMajor => spec.n,
        Layout::RowMajor => spec.k,
    };
    let cols = spec.n + spec.k - rows;
    let total = rows * cols * spec.elem().bytes();
    let operands: &[&str] = if paired { &["gB", "gB2"] } else { &["gB"] };
    let asked = total * operands.len();
    if !vector || spec.b.ld != cols || total < 16 || asked > PREFETCH_MAX_BYTES {
        return String::new();
    }
    operands
        .iter()
        .map(|g| format!(
            "  for (long long c = (long long)threadIdx.x * gridDim.x + blockIdx.x; c * {PREFETCH_CHUNK} < {total}ll; c += (long long)gridDim.x * 256)\n    FG_PREFETCH_L2({g} + c * {PREFETCH_CHUNK}, (unsigned)(min({PREFETCH_CHUNK}ll, {total}ll - c * {PREFETCH_CHUNK}) & ~15ll));\n"
        ))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::cuda::gemm::spec::{Accumulate, Elem, Operand, Precision};
    use crate::codegen::cuda::gemm::RmsGain;

    /// A `[1, K] · [K, N]` f32 weight product.
    fn kn(n: usize, k: usize) -> GemmSpec {
        let op = |ld| Operand { elem: Elem::F32, layout: Layout::RowMajor, ld, align: 16 };
        GemmSpec {
            m: 1,
            n,
            k,
            batch: Vec::new(),
            a: op(k),
            b: op(n),
            accumulate: Accumulate::F32,
            precision: Precision::F32,
            window: None,
        }
    }

    /// The decode kernel's source for `kn(n, k)`, two chunks wide, with a folded norm's gain
    /// where given.
    fn kn_source(n: usize, k: usize, rms_gain: Option<RmsGain<'static>>) -> String {
        let d = DecodeConfig { width: 2, k_split: 128, vector: true, tensor: false };
        source_of(&kn(n, k), &d, rms_gain)
    }

    /// The decode kernel's source for `spec` under `d`, with a folded norm's gain where given.
    fn source_of(spec: &GemmSpec, d: &DecodeConfig, rms_gain: Option<RmsGain<'static>>) -> String {
        let io = KernelIo {
            kernel_name: "k",
            params: "const float* a, const float* b, float* c, const float* g",
            a_ptr: "a",
            b_ptr: "b",
            b2_ptr: None,
            rms_gain,
            b_read_only: true,
            epilogue: "epi",
            epilogue_args: "c",
            light_epilogue: true,
        };
        emit(spec, d, &io).unwrap().source
    }

    /// A plain product's I/O: no pair, no folded norm; B written by no kernel where `b_read_only`.
    fn unpaired_io(b_read_only: bool) -> KernelIo<'static> {
        KernelIo {
            kernel_name: "k",
            params: "const float* a, const float* b, float* c",
            a_ptr: "a",
            b_ptr: "b",
            b2_ptr: None,
            rms_gain: None,
            b_read_only,
            epilogue: "epi",
            epilogue_args: "c",
            light_epilogue: true,
        }
    }

    /// The kernel itself (from its `__global__` line), without the helpers before it.
    fn kernel_of(src: &str) -> &str {
        &src[src.find("__global__").unwrap()..]
    }

    const GAIN: RmsGain<'static> = RmsGain { ptr: "g", vector: true };

    #[test]
    fn weights_preloaded_whole_are_not_also_asked_of_l2() {
        // The decode MLP's products: every thread's K slice (5 and 12 rows) fits the preload.
        for (n, k) in [(1536, 576), (576, 1536)] {
            let src = kn_source(n, k, None);
            assert!(src.contains("CAN_PRE") && !src.contains("FG_PREFETCH_L2"), "{n}x{k}");
        }
        // 4096 rows over 128 slices are 8 chunks a thread, more than the preload holds (4 MB,
        // under the prefetch cap).
        assert!(kn_source(256, 4096, None).contains("FG_PREFETCH_L2"));
    }

    #[test]
    fn kn_blocks_keep_only_the_warps_whose_rows_cover_k() {
        let d = DecodeConfig { width: 2, k_split: 128, vector: true, tensor: false };
        // (n, k, threads): 576 rows are 72 slices of 8 (160 threads); 1536 rows fill all 128
        // slices of 12; 40 rows need 10 slices (one warp); 4096 rows are not preloaded.
        for (n, k, threads) in [(1536, 576, 160), (576, 1536, 256), (104, 40, 32), (256, 4096, 256)] {
            let e = emit(&kn(n, k), &d, &unpaired_io(true)).unwrap();
            assert_eq!(e.block, (threads, 1, 1), "{n}x{k}");
            assert!(e.source.contains(&format!("__launch_bounds__({threads}, 1)")), "{n}x{k}");
            assert!(e.source.contains(&format!("NT = {threads}")), "{n}x{k}");
        }
    }

    #[test]
    fn kn_preloads_keep_one_chunk_of_rows_in_flight() {
        // The last load of each chunk but the final one is an acquire, which orders the next
        // chunk's loads after it (faster on the H200's decode MLP; BENCHMARKS.md).
        let src = kn_source(1536, 576, None);
        assert!(src.contains("PACED = true"), "{src}");
        assert!(src.contains("? ld16_acquire(p) : ld16(p)"), "{src}");
        assert!(src.contains("ld.acquire.gpu.global.L1::no_allocate.v4.u32"), "{src}");
        assert!(src.contains("#if __CUDA_ARCH__ >= 900\nconstexpr bool PACE = PACED;"), "{src}");
        // A weight some kernel writes is loaded after the wait, where nothing overlaps the loads.
        let spec = kn(1536, 576);
        let d = DecodeConfig { width: 2, k_split: 128, vector: true, tensor: false };
        assert!(emit(&spec, &d, &unpaired_io(false)).unwrap().source.contains("PACED = false"));
    }

    #[test]
    fn kn_products_meet_at_one_barrier_and_sum_squares_from_their_own_loads() {
        // The H200's 10-layer decode MLP ran fastest with neither a second barrier nor the
        // norm's own pass over A (BENCHMARKS.md).
        for (n, k, norm) in [(1536, 576, true), (576, 1536, false), (104, 40, true)] {
            let src = kn_source(n, k, norm.then_some(GAIN));
            let body = kernel_of(&src);
            assert_eq!(body.matches("__syncthreads()").count(), 1, "{n}x{k}");
            assert!(!body.contains("k += 256"), "{n}x{k}: a separate pass over A for the norm");
        }
    }

    /// A `[1, K] · [N, K]ᵀ` f32 weight product (PyTorch's Linear layout).
    fn nk(n: usize, k: usize) -> GemmSpec {
        GemmSpec { b: Operand { layout: Layout::ColMajor, ld: k, ..kn(n, k).b }, ..kn(n, k) }
    }

    #[test]
    fn nk_preloads_run_before_the_wait_paced_in_blocks_trimmed_to_k() {
        // The PyTorch-layout decode MLP's pair (8 rows of 576 a block: 144 chunks a row, five
        // warps) and down product (4 rows of 1536: two trips of all eight warps).
        let wait = crate::codegen::cuda::grid::GRID_WAIT;
        for (n, k, width, threads) in [(1536, 576, 8, 160), (576, 1536, 4, 256)] {
            let d = DecodeConfig { width, k_split: 8, vector: true, tensor: false };
            let e = emit(&nk(n, k), &d, &unpaired_io(true)).unwrap();
            assert_eq!(e.block, (threads, 1, 1), "{n}x{k}");
            let src = kernel_of(&e.source);
            let (before, _) = src.split_once(wait).unwrap();
            assert!(before.contains("preload(gB, bv, FG_PAIR)"), "{n}x{k}: loads after the wait\n{src}");
            assert!(!src.contains("FG_PREFETCH_L2"), "{n}x{k}: also asked of L2");
            assert!(e.source.contains("PACED = true, NK_PRE = true"), "{n}x{k}");
            assert!(src.contains("r % 4 == 3 && !last) ? ld16_acquire(p) : ld16(p)"), "{n}x{k}");
            // A weight some kernel writes: loaded after the wait, unpaced, all warps.
            let e = emit(&nk(n, k), &d, &unpaired_io(false)).unwrap();
            let (before, after) = kernel_of(&e.source).split_once(wait).unwrap();
            assert!(!before.contains("preload(") && after.contains("preload(gB, bv, FG_PAIR)"), "{n}x{k}");
            assert!(e.source.contains("PACED = false, NK_PRE = true"), "{n}x{k}");
        }
        // A pair's preloads hold both weights: 4 rows of 576 a block fit (8 loads), 8 do not.
        let paired = KernelIo { b2_ptr: Some("b"), ..unpaired_io(true) };
        for (width, preloads) in [(4, true), (8, false)] {
            let d = DecodeConfig { width, k_split: 8, vector: true, tensor: false };
            let src = emit(&nk(1536, 576), &d, &paired).unwrap().source;
            assert_eq!(src.contains("NK_PRE = true"), preloads, "width {width}");
        }
        // Rows whose chunks do not fit the registers stream in the K loop, after the wait.
        let d = DecodeConfig { width: 2, k_split: 8, vector: true, tensor: false };
        let e = emit(&nk(1024, 16384), &d, &unpaired_io(true)).unwrap();
        assert!(e.source.contains("NK_PRE = false") && e.block == (256, 1, 1));
    }

    #[test]
    fn nk_products_sum_a_folded_norms_squares_from_their_own_loads() {
        for (n, k) in [(1536, 576), (104, 40)] {
            let spec = GemmSpec { b: Operand { layout: Layout::ColMajor, ld: k, ..kn(n, k).b }, ..kn(n, k) };
            let d = DecodeConfig { width: 2, k_split: 2, vector: true, tensor: false };
            let src = source_of(&spec, &d, Some(GAIN));
            let body = kernel_of(&src);
            assert_eq!(body.matches("__syncthreads()").count(), 1, "{n}x{k}");
            assert!(!body.contains("k += 256") && body.contains("fg_ss[ks][m] = v"), "{n}x{k}");
        }
    }
}
