//! How [`Writer`] reads and writes arguments: loads converted to the compute type (block
//! formats decoded), stores rounded to the element (WGSL's bf16 halves of a word through
//! atomics), bf16x3 splits, 16-byte vector reads and writes, and the arguments' index bases.

use super::{geometry, Dialect, Writer};
use crate::elem::{Elem, Ty};
use std::fmt::Write as _;

impl Writer<'_> {
    /// Element `index` of argument `arg`, converted to its compute type.
    pub fn load(&self, arg: usize, index: &str) -> String {
        let a = &self.spec.args[arg];
        if let Some(lane) = self.vec_lane.filter(|_| self.vectorisable(arg)) {
            if let Some(slot) = self.vec_indices.iter().position(|&v| v == index) {
                self.vec_reads.borrow_mut().insert((arg, slot));
                return format!("{}.{}", vec_name(arg, slot), ["x", "y", "z", "w"][lane % 4]);
            }
        }
        // A block format's WGSL base is bytes, added by its loader (`wgsl::quant_loader`).
        let index = match (self.d, a.elem.is_quantized()) {
            (Dialect::Wgsl, true) => index.to_string(),
            (Dialect::Wgsl, false) | (Dialect::Cuda, true | false) => self.based(arg, index),
        };
        let out_is_atomic = self.d == Dialect::Wgsl && a.elem == Elem::BF16 && self.spec.body.outs().contains(&arg);
        match (self.d, a.elem) {
            (_, Elem::F32 | Elem::U32 | Elem::I32) => format!("a{arg}[{index}]"),
            (Dialect::Wgsl, Elem::F16) if self.packed.get(arg).copied().unwrap_or(false) => {
                format!("unpack2x16float(a{arg}[({index}) >> 3u][(({index}) >> 1u) & 3u])[({index}) & 1u]")
            }
            (Dialect::Wgsl, Elem::F16) => format!("f32(a{arg}[{index}])"),
            (Dialect::Cuda, Elem::F16) => format!("forge_h2f(a{arg}[{index}])"),
            (Dialect::Wgsl, Elem::BF16) if out_is_atomic => {
                format!("forge_bf16_at(atomicLoad(&a{arg}[({index}) >> 1u]), {index})")
            }
            (Dialect::Wgsl, Elem::BF16) => format!("forge_bf16_at(a{arg}[({index}) >> 1u], {index})"),
            (Dialect::Cuda, Elem::BF16) => format!("forge_bf2f(a{arg}[{index}])"),
            // Block formats decode one value per load (`wgsl::quant_loaders` per argument; the
            // CUDA prelude's `forge_q*`), the same formula as `elem::dequant_value`.
            (Dialect::Wgsl, Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0) => format!("forge_qa{arg}({index})"),
            (Dialect::Cuda, Elem::Q4_0) => format!("forge_q4_0(a{arg}, {index})"),
            (Dialect::Cuda, Elem::Q4_1) => format!("forge_q4_1(a{arg}, {index})"),
            (Dialect::Cuda, Elem::Q8_0) => format!("forge_q8_0(a{arg}, {index})"),
        }
    }

    /// `out[index] = value` with the store's conversion (f16/bf16 round to nearest even).
    pub fn store(&mut self, out: usize, index: &str, value: &str) {
        let elem = self.spec.args[out].elem;
        let index = self.based(out, index);
        let line = match (self.d, elem) {
            (_, Elem::F32 | Elem::U32 | Elem::I32) => format!("a{out}[{index}] = {value};"),
            // Rounded to f16 precision first (to nearest even), so the conversion is exact:
            // WGSL lets `f16(x)` round either way.
            (Dialect::Wgsl, Elem::F16) => format!("a{out}[{index}] = f16(forge_h_round({value}));"),
            (Dialect::Cuda, Elem::F16) => format!("a{out}[{index}] = forge_f2h({value});"),
            (Dialect::Cuda, Elem::BF16) => format!("a{out}[{index}] = forge_f2bf({value});"),
            // Block formats are weights only (the checker rejects any write to one): a store
            // that would reach one is a compile error of the generated code, never a silent one.
            (_, Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0) => "forge_no_store_to_block_format();".to_string(),
            (Dialect::Wgsl, Elem::BF16) => {
                // Two bf16 share a word that other invocations write too: update our half atomically.
                let mut s = String::new();
                let _ = write!(
                    s,
                    "{{ let bi: u32 = {index}; let sh: u32 = (bi & 1u) * 16u; atomicAnd(&a{out}[bi >> 1u], ~(0xffffu << sh)); atomicOr(&a{out}[bi >> 1u], forge_f2bf({value}) << sh); }}"
                );
                s
            }
        };
        self.line(line);
    }

    /// Stores `value` split for a bf16x3 product's A (`codegen::cuda::split`): `hi` at `base`, `lo`
    /// at `base + k` and `hi` again at `base + 2k` of the bf16 output (the store rounds each).
    pub fn store_split(&mut self, out: usize, base: &str, k: u64, value: &str) {
        self.let_("sv", Ty::F32, value);
        self.store(out, base, "sv");
        self.store(out, &format!("({base} + {})", self.u(k)), "(sv - forge_bf_round(sv))");
        self.store(out, &format!("({base} + {})", self.u(2 * k)), "sv");
    }

    /// Whether argument `arg` is read 16 bytes at a time in a vector template
    /// ([`geometry::vector_arg`], with a base offset of whole vectors): on CUDA any such
    /// argument, in WGSL those the vector map binds as vectors ([`Writer::vec_bound`]).
    pub fn vectorisable(&self, arg: usize) -> bool {
        let here = match self.d {
            Dialect::Cuda => true,
            Dialect::Wgsl => self.vector_binding(arg),
        };
        here && geometry::vector_arg(&self.spec.args[arg]) && self.base_aligned(arg)
    }

    /// WGSL: whether argument `arg` is declared `array<vec4<…>>` ([`Writer::vec_bound`]).
    pub fn vector_binding(&self, arg: usize) -> bool {
        self.vec_bound.get(arg).copied().unwrap_or(false)
    }

    /// Whether argument `arg`'s index base is a whole number of 16-byte vectors of 4-byte elements.
    pub fn base_aligned(&self, arg: usize) -> bool {
        self.bases.get(arg).copied().unwrap_or(0) % geometry::VECTOR_POINTS as u64 == 0
    }

    /// The 16-byte vector type of a vectorisable argument (CUDA: the prelude's structs).
    pub fn vec4_ty(&self, arg: usize) -> &'static str {
        match (self.d, self.spec.args[arg].elem) {
            (Dialect::Cuda, Elem::U32) => "forge_v4u",
            (Dialect::Cuda, Elem::I32) => "forge_v4i",
            // 16-bit elements are never vectorised (`vectorisable`); f32 is the struct's own.
            // Nor are block formats (`geometry::vector_arg`).
            (Dialect::Cuda, Elem::F32 | Elem::F16 | Elem::BF16 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0) => "forge_v4f",
            (Dialect::Wgsl, Elem::U32) => "vec4<u32>",
            (Dialect::Wgsl, Elem::I32) => "vec4<i32>",
            (Dialect::Wgsl, Elem::F32 | Elem::F16 | Elem::BF16 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0) => "vec4<f32>",
        }
    }

    /// Vector index `index` of argument `arg` with its base offset (a multiple of four elements).
    pub(super) fn vec_based(&self, arg: usize, index: &str) -> String {
        match self.bases.get(arg).copied().unwrap_or(0) / geometry::VECTOR_POINTS as u64 {
            0 => index.to_string(),
            b => format!("({index} + {})", self.u(b)),
        }
    }

    /// The (argument, index slot) pairs vector lanes read since the last call (and forgets them).
    pub fn take_vec_reads(&self) -> Vec<(usize, usize)> {
        std::mem::take(&mut *self.vec_reads.borrow_mut()).into_iter().collect()
    }

    /// The statement loading the 16-byte vector `vec_name(arg, slot)` at vector index `index`
    /// (elements `4 * index ..`; the argument's base offset is a multiple of four).
    pub fn vec_load(&self, arg: usize, slot: usize, index: &str) -> String {
        let t = self.vec4_ty(arg);
        let index = self.vec_based(arg, index);
        let name = vec_name(arg, slot);
        match self.d {
            Dialect::Cuda => format!("const {t} {name} = reinterpret_cast<const {t}*>(a{arg})[{index}];"),
            Dialect::Wgsl => format!("let {name}: {t} = a{arg}[{index}];"),
        }
    }

    /// The statement storing four values as one 16-byte vector of the output at vector index
    /// `index` (CUDA, 16-bit output: as one 8-byte word).
    pub fn vec_store(&self, out: usize, index: &str, values: &[&str]) -> String {
        let t = self.vec4_ty(out);
        let index = self.vec_based(out, index);
        let to_bits = match self.spec.args[out].elem {
            Elem::F16 => Some("forge_f2h"),
            Elem::BF16 => Some("forge_f2bf"),
            Elem::F32 | Elem::U32 | Elem::I32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => None,
        };
        if let (Dialect::Cuda, Some(f), [v0, v1, v2, v3]) = (self.d, to_bits, values) {
            // Four 16-bit values (each rounded to nearest even) as one 8-byte word.
            let pair = |lo: &str, hi: &str| format!("(u32({f}({lo})) | (u32({f}({hi})) << 16u))");
            return format!(
                "reinterpret_cast<forge_v2u*>(a{out})[{index}] = forge_v2u{{{}, {}}};",
                pair(v0, v1),
                pair(v2, v3)
            );
        }
        match self.d {
            Dialect::Cuda => format!("reinterpret_cast<{t}*>(a{out})[{index}] = {t}{{{}}};", values.join(", ")),
            Dialect::Wgsl => format!("a{out}[{index}] = {t}({});", values.join(", ")),
        }
    }

    /// `index` of argument `arg` with the argument's base offset added.
    pub fn based(&self, arg: usize, index: &str) -> String {
        match self.bases.get(arg).copied().unwrap_or(0) {
            0 => index.to_string(),
            b => format!("({index} + {})", self.u(b)),
        }
    }
}

/// The 16-byte variable vector lanes of argument `arg` read at index slot `slot`
/// ([`Writer::vec_indices`]).
pub(crate) fn vec_name(arg: usize, slot: usize) -> String {
    match slot {
        0 => format!("q{arg}"),
        s => format!("q{arg}_{s}"),
    }
}
