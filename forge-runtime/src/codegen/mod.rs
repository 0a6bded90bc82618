//! Code generation shared by WGSL and CUDA-C. Every kernel template is written once against
//! [`Writer`], whose statements and expressions print in either dialect, so the WGSL that runs
//! (and is tested against the CPU reference) on software Vulkan and the CUDA-C that NVRTC
//! compiles are the same algorithm. `scalar` prints kernel expressions; `map`, `rows` (with
//! `rows_resident` and `rows_reduce`), `matmul`, `attention` are the templates; `geometry` says
//! how many workgroups each needs. `wgsl` assembles them into WGSL modules; `cuda` into NVRTC
//! programs, with CUDA's own plan rewrites (weights stored transposed or split), its GEMM
//! family (which replaces the `matmul` template where the operands are plain matrices) and
//! raw kernels' translation to CUDA-C.

mod access;
mod attention;
mod attention_block;
mod attention_cluster;
mod attention_dims;
mod attention_mma;
mod attention_mma_tile;
mod attention_spread;
#[cfg(test)]
mod coop_tests;
pub mod cuda;
pub mod geometry;
mod map;
mod matmul;
mod matmul_blocked;
mod matmul_coop;
mod matmul_follow;
mod matmul_skinny;
mod matmul_skinny_norm;
mod matmul_skinny_quant;
mod prelude;
mod rows;
mod rows_reduce;
mod rows_resident;
mod scalar;
pub mod wgsl;

use crate::elem::Ty;
use crate::graph::checked::Const;
use crate::ir::{KernelBody, KernelSpec, Schedule};

pub(crate) use prelude::{CUDA_PRELUDE, WGSL_PRELUDE, WGSL_QUANT_PRELUDE};

/// Most copies [`Writer::unroll`] writes of a WGSL loop body.
pub const UNROLL_MAX: usize = 64;

/// The language a kernel is printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Wgsl,
    Cuda,
}

/// Writes one kernel's body in a dialect.
pub(crate) struct Writer<'a> {
    pub d: Dialect,
    pub spec: &'a KernelSpec,
    pub sched: Schedule,
    /// Extra element offset of each argument, added to every index (wgpu binds a range at an
    /// unaligned offset this way; zero elsewhere).
    pub bases: Vec<u64>,
    /// CUDA: index arithmetic in 64 bits (some buffer or space reaches 2^31 elements).
    pub wide: bool,
    /// Threads per workgroup the template uses.
    pub threads: u32,
    /// CUDA: the template placed the grid-dependency wait itself ([`Writer::grid_wait`]), after
    /// loads of weights no kernel writes; otherwise the kernel waits before its body.
    pub waited: bool,
    /// CUDA: the template's blocks form clusters of this many (`__cluster_dims__`), which
    /// share their workgroup memory ([`attention_cluster`]).
    pub cluster: Option<u32>,
    /// Row-major strides of the space whose flat index templates pass to `expr` (a load with
    /// exactly these strides reads at the flat index).
    pub own_strides: Option<Vec<usize>>,
    /// Vector templates: the lane (0..4) of the thread's four points being printed; a load
    /// at index `vec_indices[slot]` of a vectorisable argument reads lane `x/y/z/w` of its
    /// 16-byte [`access::vec_name`], which the template loads once for the four lanes.
    pub vec_lane: Option<usize>,
    /// The index expressions vector lanes read at (maps: the flat index `i`; rows: also the
    /// column `c`, for gains and other row-broadcast operands).
    pub vec_indices: &'static [&'static str],
    /// A description of the template's variant where it chose one (for profiles).
    pub variant: Option<String>,
    /// WGSL vector maps: the arguments bound as `array<vec4<…>>` (`true` at each; empty
    /// elsewhere), which the module declares so ([`Writer::vector_binding`]).
    pub vec_bound: Vec<bool>,
    /// WGSL cooperative matmuls: the f16 arguments bound as `array<vec4<u32>>` (8 f16 a
    /// vector; `true` at each; [`geometry::coop_packed_args`]), read one f16 at a time
    /// elsewhere through [`Writer::load`].
    pub packed: Vec<bool>,
    vec_reads: std::cell::RefCell<std::collections::BTreeSet<(usize, usize)>>,
    body: String,
    /// Workgroup arrays: name, element type as the dialect spells it, length.
    shared: Vec<(String, &'static str, usize)>,
    indent: usize,
    /// The open [`Writer::unroll`]s, innermost last: where a body written out by hand starts,
    /// its variable and trip count; `None` for one printed as a loop.
    unrolling: Vec<Option<(usize, String, usize)>>,
}

impl<'a> Writer<'a> {
    pub fn new(d: Dialect, spec: &'a KernelSpec, sched: Schedule, bases: Vec<u64>) -> Self {
        let wide = d == Dialect::Cuda && needs_wide(spec);
        let threads = geometry::threads(spec, &sched);
        Writer {
            d,
            spec,
            sched,
            bases,
            wide,
            threads,
            waited: false,
            cluster: None,
            own_strides: None,
            vec_lane: None,
            vec_indices: &["i"],
            variant: None,
            vec_bound: Vec::new(),
            packed: Vec::new(),
            vec_reads: Default::default(),
            body: String::new(),
            shared: Vec::new(),
            indent: 1,
            unrolling: Vec::new(),
        }
    }

    /// Runs the kernel's template.
    pub fn emit_body(&mut self) {
        let spec = self.spec;
        match &spec.body {
            KernelBody::Map { out, extents, value, transpose_at } => {
                map::map(self, *out, extents, value, *transpose_at)
            }
            KernelBody::Index { out, extents, reduce, value } => {
                map::index(self, *out, extents, reduce.as_ref(), value)
            }
            KernelBody::Row { .. } | KernelBody::Softmax { .. } | KernelBody::Norm { .. } => {
                rows::row_kernel(self, &spec.body)
            }
            KernelBody::Matmul(m) => match geometry::matmul_variant(m, &self.spec.args, &self.sched) {
                geometry::MatmulVariant::Skinny => matmul_skinny::skinny(self, m),
                geometry::MatmulVariant::Coop(t) => matmul_coop::coop(self, m, t),
                geometry::MatmulVariant::Blocked(tile) => matmul_blocked::blocked(self, m, tile),
                geometry::MatmulVariant::Tiled(t) => matmul::tiled(self, m, t),
            },
            KernelBody::Attention(a) => match geometry::attention_variant(a, &self.sched) {
                geometry::AttentionVariant::Blocked(b) => attention_block::blocked(self, a, b),
                geometry::AttentionVariant::Spread(s) if s.parts > 1 => attention_cluster::spread_cluster(self, a, s),
                geometry::AttentionVariant::Spread(s) => attention_spread::spread(self, a, s),
                geometry::AttentionVariant::Online => attention::attention(self, a),
                geometry::AttentionVariant::Mma(m) => attention_mma::mma(self, a, m),
                geometry::AttentionVariant::Dims(d) => attention_dims::per_dim(self, a, d),
            },
            KernelBody::Scatter(s) => map::scatter(self, s),
            KernelBody::Rows(c) => rows_resident::chain_kernel(self, c),
            KernelBody::Raw(_) => {}
        }
    }

    /// (shared declarations, body) once the template ran.
    pub fn finish(self) -> (Vec<(String, &'static str, usize)>, String) {
        (self.shared, self.body)
    }

    // ---- statements ----

    pub fn line(&mut self, s: impl AsRef<str>) {
        for _ in 0..self.indent {
            self.body.push_str("    ");
        }
        self.body.push_str(s.as_ref());
        self.body.push('\n');
    }
    /// `header {` and one level deeper.
    pub fn open(&mut self, header: impl AsRef<str>) {
        self.line(format!("{} {{", header.as_ref()));
        self.indent += 1;
    }
    pub fn close(&mut self) {
        self.indent = self.indent.saturating_sub(1);
        self.line("}");
    }
    /// Ends an `if_` block and opens its `else` block.
    pub fn close_else(&mut self) {
        self.indent = self.indent.saturating_sub(1);
        self.line("} else {");
        self.indent += 1;
    }
    pub fn let_(&mut self, name: &str, ty: Ty, e: &str) {
        let t = self.ty(ty);
        match self.d {
            Dialect::Wgsl => self.line(format!("let {name}: {t} = {e};")),
            Dialect::Cuda => self.line(format!("const {t} {name} = {e};")),
        }
    }
    /// An immutable index (u32, or u64 for wide CUDA kernels).
    pub fn let_idx(&mut self, name: &str, e: &str) {
        let t = self.idx_ty();
        match self.d {
            Dialect::Wgsl => self.line(format!("let {name}: {t} = {e};")),
            Dialect::Cuda => self.line(format!("const {t} {name} = {e};")),
        }
    }
    pub fn var(&mut self, name: &str, ty: Ty, e: &str) {
        let t = self.ty(ty);
        match self.d {
            Dialect::Wgsl => self.line(format!("var {name}: {t} = {e};")),
            Dialect::Cuda => self.line(format!("{t} {name} = {e};")),
        }
    }
    /// A private array of `len` values.
    pub fn var_array(&mut self, name: &str, ty: Ty, len: usize) {
        let t = self.ty(ty);
        match self.d {
            Dialect::Wgsl => self.line(format!("var {name}: array<{t}, {len}>;")),
            Dialect::Cuda => self.line(format!("{t} {name}[{len}];")),
        }
    }
    pub fn assign(&mut self, name: &str, e: &str) {
        self.line(format!("{name} = {e};"));
    }
    /// `for (var v = from; v < to; v = v + step) {` over indices.
    pub fn for_(&mut self, v: &str, from: &str, to: &str, step: &str) {
        let t = self.idx_ty();
        match self.d {
            Dialect::Wgsl => self.open(format!("for (var {v}: {t} = {from}; {v} < {to}; {v} = {v} + {step})")),
            Dialect::Cuda => self.open(format!("for ({t} {v} = {from}; {v} < {to}; {v} += {step})")),
        }
    }
    /// A loop over `0..n` with a compile-time bound CUDA may unroll.
    pub fn for_unrolled(&mut self, v: &str, n: usize) {
        match self.d {
            Dialect::Wgsl => self.open(format!("for (var {v}: u32 = 0u; {v} < {n}u; {v} = {v} + 1u)")),
            Dialect::Cuda => {
                self.line("#pragma unroll");
                self.open(format!("for (u32 {v} = 0u; {v} < {n}u; ++{v})"))
            }
        }
    }
    /// A loop over `0..n` whose body indexes private arrays (`o[d]`) and must keep them in
    /// registers: CUDA's `#pragma unroll` loop, and in WGSL the body written `n` times, each
    /// copy in a block with `let v: u32 = i;` (a driver that keeps the WGSL loop rolled puts
    /// the arrays in memory); past [`UNROLL_MAX`] copies WGSL keeps the loop. Ends with
    /// [`Writer::end_unroll`].
    pub fn unroll(&mut self, v: &str, n: usize) {
        if self.d == Dialect::Wgsl && n <= UNROLL_MAX {
            self.unrolling.push(Some((self.body.len(), v.to_string(), n)));
            self.indent += 1;
        } else {
            self.unrolling.push(None);
            self.for_unrolled(v, n);
        }
    }

    /// Ends the innermost [`Writer::unroll`].
    pub fn end_unroll(&mut self) {
        let Some(Some((start, v, n))) = self.unrolling.pop() else {
            return self.close();
        };
        let body = self.body.split_off(start);
        self.indent = self.indent.saturating_sub(1);
        let pad = "    ".repeat(self.indent);
        for i in 0..n {
            self.body.push_str(&format!("{pad}{{\n{pad}    let {v}: u32 = {i}u;\n"));
            self.body.push_str(&body);
            self.body.push_str(&format!("{pad}}}\n"));
        }
    }

    /// CUDA: the grid-dependency wait here rather than before the body (a template calls it,
    /// outside any branch, once it has issued loads of weights no kernel writes, so they arrive
    /// while the kernel ahead finishes). WGSL has no such wait.
    pub fn grid_wait(&mut self) {
        if self.d == Dialect::Cuda {
            self.line(cuda::GRID_WAIT.trim());
            self.waited = true;
        }
    }
    pub fn if_(&mut self, cond: &str) {
        self.open(format!("if ({cond})"));
    }
    pub fn barrier(&mut self) {
        match self.d {
            Dialect::Wgsl => self.line("workgroupBarrier();"),
            Dialect::Cuda => self.line("__syncthreads();"),
        }
    }
    /// A barrier after which the workgroup sees what each of its threads wrote before it, to
    /// buffers as well as to workgroup memory (CUDA's `__syncthreads` orders both).
    pub fn memory_barrier(&mut self) {
        match self.d {
            Dialect::Wgsl => {
                self.line("storageBarrier();");
                self.line("workgroupBarrier();");
            }
            Dialect::Cuda => self.line("__syncthreads();"),
        }
    }
    /// Workgroup memory: `len` values of `ty` (declared once: a row chain's stages reuse their
    /// reductions' arrays, a barrier apart).
    pub fn shared(&mut self, name: &str, ty: Ty, len: usize) {
        let entry = (name.to_string(), ty.name(), len.max(1));
        if !self.shared.contains(&entry) {
            self.shared.push(entry);
        }
    }
    /// Workgroup memory: `len` values of a type spelled `ty` (e.g. WGSL's `f16`).
    pub fn shared_raw(&mut self, name: &str, ty: &'static str, len: usize) {
        self.shared.push((name.to_string(), ty, len.max(1)));
    }
    /// Workgroup memory: `len` 16-byte vectors of four f32 ([`Writer::f32x4_ty`]).
    pub fn shared_f32x4(&mut self, name: &str, len: usize) {
        self.shared.push((name.to_string(), self.f32x4_ty(), len.max(1)));
    }

    // ---- expressions ----

    pub fn ty(&self, ty: Ty) -> &'static str {
        ty.name()
    }
    /// Four f32 in 16 bytes, with components `.x .y .z .w` in both dialects.
    pub fn f32x4_ty(&self) -> &'static str {
        match self.d {
            Dialect::Wgsl => "vec4<f32>",
            Dialect::Cuda => "forge_v4f",
        }
    }
    /// A four-f32 vector from four f32 expressions.
    pub fn f32x4(&self, parts: [&str; 4]) -> String {
        let [x, y, z, w] = parts;
        match self.d {
            Dialect::Wgsl => format!("vec4<f32>({x}, {y}, {z}, {w})"),
            Dialect::Cuda => format!("forge_v4f{{{x}, {y}, {z}, {w}}}"),
        }
    }
    /// `a * b + c` rounded once.
    pub fn fma(&self, a: &str, b: &str, c: &str) -> String {
        match self.d {
            Dialect::Wgsl => format!("fma({a}, {b}, {c})"),
            Dialect::Cuda => format!("fmaf({a}, {b}, {c})"),
        }
    }
    pub fn idx_ty(&self) -> &'static str {
        if self.wide {
            "u64"
        } else {
            "u32"
        }
    }
    /// An index literal.
    pub fn u(&self, v: u64) -> String {
        match (self.d, self.wide) {
            (Dialect::Cuda, true) => format!("{v}ull"),
            (Dialect::Cuda, false) | (Dialect::Wgsl, true | false) => format!("{v}u"),
        }
    }
    /// An index expression from a u32 one.
    pub fn idx(&self, e: &str) -> String {
        if self.wide {
            format!("u64({e})")
        } else {
            e.to_string()
        }
    }
    pub fn f32_lit(&self, v: f32) -> String {
        if v.is_finite() {
            format!("{v:?}f")
        } else {
            let bits = v.to_bits();
            match self.d {
                Dialect::Wgsl => format!("bitcast<f32>({bits}u)"),
                Dialect::Cuda => format!("__uint_as_float({bits}u)"),
            }
        }
    }
    pub fn lit(&self, c: Const) -> String {
        match c {
            Const::F32(v) => self.f32_lit(v),
            Const::U32(v) => format!("{v}u"),
            Const::I32(i32::MIN) => match self.d {
                Dialect::Wgsl => "(-2147483647i - 1i)".into(),
                Dialect::Cuda => "(-2147483647 - 1)".into(),
            },
            Const::I32(v) => match (self.d, v < 0) {
                (Dialect::Wgsl, false) => format!("{v}i"),
                (Dialect::Wgsl, true) => format!("({v}i)"),
                (Dialect::Cuda, false) => format!("i32({v})"),
                (Dialect::Cuda, true) => format!("i32({v})"),
            },
            Const::Bool(b) => b.to_string(),
        }
    }
    /// Bits of an f32 value as u32.
    pub fn f32_bits(&self, e: &str) -> String {
        match self.d {
            Dialect::Wgsl => format!("bitcast<u32>({e})"),
            Dialect::Cuda => format!("__float_as_uint({e})"),
        }
    }
    /// Whether the f32 `e` is not `-inf`, tested on its bits (fast math may fold a comparison
    /// with an infinity).
    pub fn not_neg_inf(&self, e: &str) -> String {
        format!("{} != {}u", self.f32_bits(e), f32::NEG_INFINITY.to_bits())
    }
    /// `v` replaced by its sum over the warp (every lane runs this, outside any branch): CUDA's
    /// shuffles, or WGSL's `subgroupShuffleXor` where subgroups are 32 invocations of
    /// consecutive local indices ([`crate::ir::Schedule::warp_sums`]).
    pub fn warp_sum(&mut self, v: &str) {
        self.xor_fold(v, 32, &|_, a, b| format!("{a} + {b}"));
    }
    /// `v` replaced by its `forge_fmax` over the warp, as [`Writer::warp_sum`] sums it.
    pub fn warp_max(&mut self, v: &str) {
        match self.d {
            Dialect::Cuda => self.assign(v, &format!("forge_warp_fmax({v})")),
            Dialect::Wgsl => self.xor_fold(v, 32, &|_, a, b| format!("forge_fmax({a}, {b})")),
        }
    }
    /// `v` replaced by `combine` over each aligned group of `width` lanes (a power of two, at
    /// most a warp): a butterfly of [`Writer::shuffle_xor`]s at `width / 2, .., 1`, after which
    /// every lane of a group holds the group's value (every lane runs this, outside any branch).
    pub fn xor_fold(&mut self, v: &str, width: u32, combine: &dyn Fn(&Writer<'_>, &str, &str) -> String) {
        let mut offset = width / 2;
        while offset > 0 {
            let other = self.shuffle_xor(v, offset);
            let c = combine(self, v, &other);
            self.assign(v, &c);
            offset /= 2;
        }
    }
    /// Lane `lane ^ offset`'s `v`.
    pub fn shuffle_xor(&self, v: &str, offset: u32) -> String {
        match self.d {
            Dialect::Cuda => format!("__shfl_xor_sync(0xffffffffu, {v}, {offset})"),
            Dialect::Wgsl => format!("subgroupShuffleXor({v}, {offset}u)"),
        }
    }
    pub fn exp(&self, a: &str) -> String {
        match self.d {
            Dialect::Wgsl => format!("exp({a})"),
            Dialect::Cuda => format!("expf({a})"),
        }
    }
    pub fn log(&self, a: &str) -> String {
        match self.d {
            Dialect::Wgsl => format!("log({a})"),
            Dialect::Cuda => format!("logf({a})"),
        }
    }
    pub fn rsqrt(&self, a: &str) -> String {
        match self.d {
            Dialect::Wgsl => format!("inverseSqrt({a})"),
            Dialect::Cuda => format!("rsqrtf({a})"),
        }
    }
}

/// Whether index arithmetic needs 64 bits: a buffer or space near 2^31 elements.
fn needs_wide(spec: &KernelSpec) -> bool {
    const LIMIT: u64 = 1 << 31;
    let spaces: u64 = match &spec.body {
        KernelBody::Map { extents, .. } => extents.iter().map(|&e| e as u64).product(),
        KernelBody::Index { extents, reduce, .. } => {
            extents.iter().map(|&e| e as u64).product::<u64>() * reduce.as_ref().map_or(1, |r| r.count() as u64)
        }
        KernelBody::Row { leading, cols, .. }
        | KernelBody::Softmax { leading, cols, .. }
        | KernelBody::Norm { leading, cols, .. } => leading.iter().map(|&e| e as u64).product::<u64>() * *cols as u64,
        KernelBody::Matmul(m) => {
            let b: u64 = m.batch.iter().map(|&e| e as u64).product();
            b * (m.m as u64 * m.n as u64).max(m.m as u64 * m.k as u64).max(m.k as u64 * m.n as u64)
        }
        KernelBody::Attention(a) => {
            let b: u64 = a.batch.iter().map(|&e| e as u64).product();
            b * (a.tq.max(a.tk) as u64) * (a.e.max(a.ev) as u64)
        }
        KernelBody::Scatter(s) => s.dims.iter().map(|&e| e as u64).product::<u64>(),
        KernelBody::Raw(_) => 0,
        KernelBody::Rows(c) => c.leading.iter().map(|&e| e as u64).product::<u64>() * c.cols as u64,
    };
    spaces >= LIMIT || spec.args.iter().any(|a| (a.offset + a.len) as u64 >= LIMIT)
}

/// Row-major unflattening of `flat` into one index variable per extent (named `{prefix}{d}`).
pub(crate) fn unflatten(w: &mut Writer<'_>, flat: &str, extents: &[usize], prefix: &str) -> Vec<String> {
    let strides = crate::ir::contiguous_strides(extents);
    (0..extents.len())
        .map(|d| {
            let name = format!("{prefix}{d}");
            let e = if d == 0 {
                format!("{flat} / {}", w.u(strides[0] as u64))
            } else {
                format!("({flat} / {}) % {}", w.u(strides[d] as u64), w.u(extents[d] as u64))
            };
            let e = if strides[d] == 1 && d == 0 { flat.to_string() } else { e };
            w.let_idx(&name, &e);
            name
        })
        .collect()
}
