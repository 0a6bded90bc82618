//! C types for naga types: value types (`fr_v3f`, generated `fr_t<N>` structs), pointers (C
//! pointers outside buffers, `fr_bptr` inside), per-word paths used for constants and buffer
//! loads/stores, and layout-mirroring structs for the kernel's pointer parameters.

use std::fmt::Write;

use naga::{AddressSpace, ArraySize, Handle, Module, ScalarKind, Type, TypeInner};

use crate::raw::layout::column_stride;
use crate::raw::RawError;

fn err(what: impl Into<String>) -> RawError {
    RawError::Unsupported(what.into())
}

pub(crate) fn scalar_c(kind: ScalarKind) -> Result<&'static str, RawError> {
    Ok(match kind {
        ScalarKind::Float => "float",
        ScalarKind::Sint => "fr_i32",
        ScalarKind::Uint => "fr_u32",
        ScalarKind::Bool => "bool",
        other => return Err(err(format!("scalar kind {other:?}"))),
    })
}

/// Suffix used by prelude helpers (`fr_ld_f`, `fr_batomic_add_u`, …).
pub(crate) fn suffix(kind: ScalarKind) -> &'static str {
    match kind {
        ScalarKind::Float => "f",
        ScalarKind::Sint => "i",
        ScalarKind::Bool => "b",
        _ => "u",
    }
}

pub(crate) fn is_buffer(space: AddressSpace) -> bool {
    matches!(space, AddressSpace::Storage { .. } | AddressSpace::Uniform)
}

pub(crate) struct Types<'m> {
    pub module: &'m Module,
}

impl<'m> Types<'m> {
    pub(crate) fn inner(&self, h: Handle<Type>) -> Result<&'m TypeInner, RawError> {
        self.module.types.get_handle(h).map(|t| &t.inner).map_err(|e| RawError::Mismatch(e.to_string()))
    }

    /// C spelling of a value of this type (`handle` names arrays and structs).
    pub(crate) fn c_type(&self, inner: &TypeInner, handle: Option<Handle<Type>>) -> Result<String, RawError> {
        Ok(match *inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => scalar_c(s.kind)?.to_string(),
            TypeInner::Vector { size, scalar } => {
                format!("fr_v{}{}", size as u8, suffix(scalar.kind))
            }
            TypeInner::Matrix { columns, rows, .. } => {
                format!("fr_m{}x{}", columns as u8, rows as u8)
            }
            TypeInner::Array { .. } | TypeInner::Struct { .. } => {
                let h = handle.ok_or_else(|| err("anonymous aggregate type"))?;
                format!("fr_t{}", h.index())
            }
            TypeInner::Pointer { base, space } => {
                if is_buffer(space) {
                    "fr_bptr".into()
                } else {
                    format!("{}*", self.c_type(self.inner(base)?, Some(base))?)
                }
            }
            TypeInner::ValuePointer { size, scalar, space } => {
                if is_buffer(space) {
                    "fr_bptr".into()
                } else {
                    match size {
                        Some(n) => format!("fr_v{}{}*", n as u8, suffix(scalar.kind)),
                        None => format!("{}*", scalar_c(scalar.kind)?),
                    }
                }
            }
            TypeInner::RayQuery { .. } => "fr_rq".into(),
            TypeInner::AccelerationStructure { .. } => "fr_scene".into(),
            ref other => return Err(err(format!("type {other:?}"))),
        })
    }

    pub(crate) fn c_type_h(&self, h: Handle<Type>) -> Result<String, RawError> {
        self.c_type(self.inner(h)?, Some(h))
    }

    /// Declarations of every array and struct type of the module, in dependency order.
    pub(crate) fn declarations(&self, out: &mut String) -> Result<(), RawError> {
        for (h, t) in self.module.types.iter() {
            match t.inner {
                TypeInner::Array { base, size: ArraySize::Constant(n), .. } if self.c_type_h(base).is_ok() => {
                    let _ = writeln!(out, "struct fr_t{} {{ {} v[{}]; }};", h.index(), self.c_type_h(base)?, n);
                }
                TypeInner::Struct { ref members, .. }
                    if members.iter().all(|m| self.c_type_h(m.ty).is_ok() && !self.is_runtime_array(m.ty)) =>
                {
                    let _ = write!(out, "struct fr_t{} {{", h.index());
                    for (i, m) in members.iter().enumerate() {
                        let _ = write!(out, " {} m{};", self.c_type_h(m.ty)?, i);
                    }
                    let _ = writeln!(out, " }};");
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn is_runtime_array(&self, h: Handle<Type>) -> bool {
        matches!(self.inner(h), Ok(TypeInner::Array { size: ArraySize::Dynamic, .. }))
    }

    /// Emits code moving a value between the C lvalue `val` and buffer pointer `ptr` at byte
    /// offset `off` (a C expression), word by word in the interpreter's order.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn mem_access(
        &self,
        inner: &TypeInner,
        val: &str,
        ptr: &str,
        off: &str,
        load: bool,
        depth: u32,
        out: &mut String,
    ) -> Result<(), RawError> {
        let word = |val: &str, kind: ScalarKind, off: &str, out: &mut String| {
            let s = suffix(kind);
            if load {
                let _ = writeln!(out, "{val} = fr_ld_{s}({ptr}, {off});");
            } else {
                let _ = writeln!(out, "fr_st_{s}({ptr}, {off}, {val});");
            }
        };
        match *inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => word(val, s.kind, off, out),
            TypeInner::Vector { size, scalar } => {
                for i in 0..size as u32 {
                    word(&format!("{val}.v[{i}]"), scalar.kind, &format!("{off} + {}u", 4 * i), out);
                }
            }
            TypeInner::Matrix { columns, rows, .. } => {
                for c in 0..columns as u32 {
                    for r in 0..rows as u32 {
                        let o = format!("{off} + {}u", c * column_stride(rows) + 4 * r);
                        word(&format!("{val}.c[{c}].v[{r}]"), ScalarKind::Float, &o, out);
                    }
                }
            }
            TypeInner::Array { base, size: ArraySize::Constant(n), stride } => {
                let i = format!("fr_i{depth}");
                let _ = writeln!(out, "for (unsigned int {i} = 0u; {i} < {}u; {i}++) {{", n.get());
                self.mem_access(
                    self.inner(base)?,
                    &format!("{val}.v[{i}]"),
                    ptr,
                    &format!("{off} + {i} * {stride}u"),
                    load,
                    depth + 1,
                    out,
                )?;
                out.push_str("}\n");
            }
            TypeInner::Struct { ref members, .. } => {
                for (k, m) in members.iter().enumerate() {
                    self.mem_access(
                        self.inner(m.ty)?,
                        &format!("{val}.m{k}"),
                        ptr,
                        &format!("{off} + {}u", m.offset),
                        load,
                        depth,
                        out,
                    )?;
                }
            }
            ref other => return Err(err(format!("buffer access to {other:?}"))),
        }
        Ok(())
    }

    /// (C path, scalar kind) of each register word of a value, in the interpreter's word order.
    pub(crate) fn word_paths(
        &self,
        inner: &TypeInner,
        path: &str,
        out: &mut Vec<(String, ScalarKind)>,
    ) -> Result<(), RawError> {
        match *inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => out.push((path.to_string(), s.kind)),
            TypeInner::Vector { size, scalar } => {
                for i in 0..size as u32 {
                    out.push((format!("{path}.v[{i}]"), scalar.kind));
                }
            }
            TypeInner::Matrix { columns, rows, .. } => {
                for c in 0..columns as u32 {
                    for r in 0..rows as u32 {
                        out.push((format!("{path}.c[{c}].v[{r}]"), ScalarKind::Float));
                    }
                }
            }
            TypeInner::Array { base, size: ArraySize::Constant(n), .. } => {
                for i in 0..n.get() {
                    self.word_paths(self.inner(base)?, &format!("{path}.v[{i}]"), out)?;
                }
            }
            TypeInner::Struct { ref members, .. } => {
                for (k, m) in members.iter().enumerate() {
                    self.word_paths(self.inner(m.ty)?, &format!("{path}.m{k}"), out)?;
                }
            }
            ref other => return Err(err(format!("constant of type {other:?}"))),
        }
        Ok(())
    }

    /// Assignments giving `lvalue` the value `words` (interpreter word order).
    pub(crate) fn assign_words(
        &self,
        inner: &TypeInner,
        lvalue: &str,
        words: &[u32],
        out: &mut String,
    ) -> Result<(), RawError> {
        let mut paths = Vec::new();
        self.word_paths(inner, lvalue, &mut paths)?;
        if paths.len() != words.len() {
            return Err(RawError::Mismatch("constant size".into()));
        }
        for ((p, k), w) in paths.iter().zip(words) {
            let _ = writeln!(out, "{p} = {};", literal(*k, *w));
        }
        Ok(())
    }

    /// A struct mirroring the WGSL memory layout of `h` (explicit padding), for typed kernel
    /// parameters; returns its name. `stride` pads an array element up to its stride.
    pub(crate) fn mirror(
        &self,
        h: Handle<Type>,
        stride: Option<u32>,
        name: &str,
        out: &mut String,
    ) -> Result<String, RawError> {
        let inner = self.inner(h)?;
        let size = crate::raw::layout::mem_size(&self.module.types, inner).ok_or_else(|| err("mirror type"))?;
        if let TypeInner::Scalar(s) | TypeInner::Atomic(s) = *inner {
            if stride.is_none_or(|st| st == 4) {
                return Ok(scalar_c(s.kind)?.to_string());
            }
        }
        let mut fields = Vec::new();
        self.mirror_fields(inner, 0, "", &mut fields)?;
        let _ = writeln!(out, "struct {name} {{");
        let mut at = 0u32;
        for (i, (off, decl)) in fields.iter().enumerate() {
            if *off > at {
                let _ = writeln!(out, "    unsigned char fr_pad{i}[{}];", off - at);
            }
            let _ = writeln!(out, "    {decl};");
            at = off + 4 * decl_words(decl);
        }
        let total = stride.unwrap_or(size).max(size);
        if total > at {
            let _ = writeln!(out, "    unsigned char fr_pad_end[{}];", total - at);
        }
        let _ = writeln!(out, "}};\nstatic_assert(sizeof({name}) == {total}, \"{name} must mirror the WGSL layout\");");
        Ok(name.to_string())
    }

    /// Flattened (byte offset, C declaration) of every scalar run in a type.
    fn mirror_fields(
        &self,
        inner: &TypeInner,
        base: u32,
        prefix: &str,
        out: &mut Vec<(u32, String)>,
    ) -> Result<(), RawError> {
        let name = |s: &str| {
            if prefix.is_empty() {
                s.to_string()
            } else {
                format!("{prefix}_{s}")
            }
        };
        let leaf = |s: &str| {
            if prefix.is_empty() {
                s.to_string()
            } else {
                prefix.to_string()
            }
        };
        match *inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => {
                out.push((base, format!("{} {}", scalar_c(s.kind)?, leaf("x"))))
            }
            TypeInner::Vector { size, scalar } => {
                out.push((base, format!("{} {}[{}]", scalar_c(scalar.kind)?, leaf("v"), size as u8)))
            }
            TypeInner::Matrix { columns, rows, .. } => {
                for c in 0..columns as u32 {
                    out.push((
                        base + c * column_stride(rows),
                        format!("float {}[{}]", name(&format!("c{c}")), rows as u8),
                    ));
                }
            }
            TypeInner::Array { base: elem, size, stride } => {
                let n = match size {
                    ArraySize::Constant(n) => n.get(),
                    _ => 1,
                };
                for i in 0..n.min(64) {
                    self.mirror_fields(self.inner(elem)?, base + i * stride, &name(&format!("e{i}")), out)?;
                }
                if n > 64 {
                    return Err(err("mirror of a large nested array"));
                }
            }
            TypeInner::Struct { ref members, .. } => {
                for (k, m) in members.iter().enumerate() {
                    let member = m.name.as_deref().map(sanitize).unwrap_or_else(|| format!("m{k}"));
                    self.mirror_fields(self.inner(m.ty)?, base + m.offset, &name(&member), out)?;
                }
            }
            ref other => return Err(err(format!("mirror of {other:?}"))),
        }
        Ok(())
    }
}

fn decl_words(decl: &str) -> u32 {
    match decl.rsplit_once('[') {
        Some((_, n)) => n.trim_end_matches(']').parse().unwrap_or(1),
        None => 1,
    }
}

/// A C identifier from a WGSL name.
pub(crate) fn sanitize(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect()
}

/// An exact C literal for a word of the given kind.
pub(crate) fn literal(kind: ScalarKind, w: u32) -> String {
    match kind {
        ScalarKind::Float => format!("__uint_as_float({w:#010x}u)"),
        ScalarKind::Sint => format!("(int){w:#010x}u"),
        ScalarKind::Bool => (if w != 0 { "true" } else { "false" }).into(),
        _ => format!("{w:#x}u"),
    }
}
