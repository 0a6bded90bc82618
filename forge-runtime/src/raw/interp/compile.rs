//! Lowers the naga IR of a checked kernel to the interpreter's `Program`: static register and
//! local-memory allocation per function, constants baked into the register template, structured
//! control flow turned into jumps. Expressions are lowered in `compile_expr`.

use std::collections::HashMap;

use naga::{AddressSpace, Expression, Function, Handle, Module, TypeInner};

use super::program::*;
use crate::raw::layout::{mem_size, value_words, word_offsets, PTR_WORDS};
use crate::raw::portable::{BindingKind, PortableKernel, Ty};
use crate::raw::RawError;

pub(super) fn unsupported(what: impl Into<String>) -> RawError {
    RawError::Unsupported(what.into())
}

/// Where a global variable lives.
#[derive(Clone, Copy)]
pub(super) enum Place {
    Ptr(u32, u32),
    Scene(u32),
}

/// A compiled helper: entry pc and (register, words) of each argument.
pub(super) type FnEntry = (u32, Vec<(Reg, u32)>);

pub(super) struct Builder<'m> {
    pub module: &'m Module,
    pub kernel: &'m PortableKernel,
    pub p: Program,
    pub globals: HashMap<Handle<naga::GlobalVariable>, Place>,
    /// Compiled helpers: entry pc and argument registers.
    pub fns: HashMap<Handle<Function>, FnEntry>,
    layout_ids: HashMap<Vec<u32>, u32>,
}

pub(super) enum Ctl {
    Loop { breaks: Vec<usize>, continues: Vec<usize> },
    Switch { breaks: Vec<usize> },
}

pub(super) struct FnCx<'a> {
    pub f: &'a Function,
    pub types: &'a [Ty],
    /// (register, words) of every expression.
    pub regs: Vec<(Reg, u32)>,
    pub(super) ctl: Vec<Ctl>,
}

pub(crate) fn compile(module: &Module, kernel: &PortableKernel) -> Result<Program, RawError> {
    let mut b = Builder {
        module,
        kernel,
        p: Program {
            code: Vec::new(),
            entry_pc: 0,
            regs: Vec::new(),
            local_bytes: 0,
            private_init: Vec::new(),
            local_templates: Vec::new(),
            workgroup_bytes: 0,
            layouts: Vec::new(),
            switches: Vec::new(),
            calls: Vec::new(),
            builtin_args: Vec::new(),
            step_limit: u64::MAX,
        },
        globals: HashMap::new(),
        fns: HashMap::new(),
        layout_ids: HashMap::new(),
    };
    b.place_globals()?;
    for &h in &kernel.functions {
        let f = module.functions.try_get(h).map_err(|e| RawError::Mismatch(e.to_string()))?;
        let (entry, args) = b.function(f, kernel.types_of(Some(h))?)?;
        b.fns.insert(h, (entry, args));
    }
    let ep = module
        .entry_points
        .get(kernel.entry_index)
        .filter(|ep| ep.name == kernel.entry_point)
        .ok_or_else(|| RawError::NoEntryPoint(kernel.entry_point.clone()))?;
    let (entry, args) = b.function(&ep.function, kernel.types_of(None)?)?;
    b.p.entry_pc = entry;
    b.builtin_args(&ep.function, &args)?;
    b.p.verify().map_err(|e| RawError::Mismatch(format!("internal: {e}")))?;
    Ok(b.p)
}

/// Limits that keep a hostile kernel from asking the interpreter for absurd allocations.
const MAX_REGS: usize = 1 << 26;
const MAX_MEMORY: u32 = 1 << 28;

fn align16(x: u32) -> u32 {
    x.saturating_add(15) & !15
}

impl<'m> Builder<'m> {
    pub(super) fn tyi(&self, h: Handle<naga::Type>) -> Result<&'m TypeInner, RawError> {
        self.module.types.get_handle(h).map(|t| &t.inner).map_err(|e| RawError::Mismatch(e.to_string()))
    }

    pub(super) fn words(&self, inner: &TypeInner) -> Result<u32, RawError> {
        value_words(&self.module.types, inner).ok_or_else(|| unsupported(format!("values of type {inner:?}")))
    }

    pub(super) fn layout(&mut self, inner: &TypeInner) -> Result<u32, RawError> {
        let mut offs = Vec::new();
        word_offsets(&self.module.types, inner, 0, &mut offs)
            .ok_or_else(|| unsupported(format!("memory access to {inner:?}")))?;
        if let Some(&id) = self.layout_ids.get(&offs) {
            return Ok(id);
        }
        let id = self.p.layouts.len() as u32;
        self.p.layouts.push(offs.clone());
        self.layout_ids.insert(offs, id);
        Ok(id)
    }

    fn place_globals(&mut self) -> Result<(), RawError> {
        let module = self.module;
        for (i, kb) in self.kernel.bindings.iter().enumerate() {
            let place = match kb.kind {
                BindingKind::AccelerationStructure => Place::Scene(i as u32),
                _ => Place::Ptr(i as u32, 0),
            };
            self.globals.insert(kb.global, place);
        }
        let mut private_bytes = 0u32;
        let mut wg_bytes = 0u32;
        let mut private_init = Vec::new();
        for (h, gv) in module.global_variables.iter() {
            let inner = self.tyi(gv.ty)?;
            match gv.space {
                AddressSpace::Private => {
                    let size = mem_size(&module.types, inner).ok_or_else(|| unsupported("private variable type"))?;
                    let off = private_bytes;
                    private_bytes = align16(off.saturating_add(size));
                    private_init.resize(private_bytes as usize, 0);
                    if let Some(init) = gv.init {
                        let mut words = Vec::new();
                        const_eval(module, &module.global_expressions, init, &mut words)?;
                        write_words(&mut private_init, off, &module.types, inner, &words)?;
                    }
                    self.globals.insert(h, Place::Ptr(TAG_LOCAL, off));
                }
                AddressSpace::WorkGroup => {
                    let size = mem_size(&module.types, inner).ok_or_else(|| unsupported("workgroup variable type"))?;
                    self.globals.insert(h, Place::Ptr(TAG_WORKGROUP, wg_bytes));
                    wg_bytes = align16(wg_bytes.saturating_add(size));
                }
                _ => {}
            }
        }
        if private_bytes > MAX_MEMORY || wg_bytes > MAX_MEMORY {
            return Err(unsupported("private or workgroup variables larger than 256 MiB"));
        }
        self.p.local_bytes = private_bytes;
        self.p.private_init = private_init;
        self.p.workgroup_bytes = wg_bytes;
        Ok(())
    }

    fn alloc(&mut self, words: u32) -> Result<Reg, RawError> {
        let r = self.p.regs.len();
        if r + words as usize > MAX_REGS {
            return Err(unsupported(format!("kernels needing more than {MAX_REGS} register words")));
        }
        self.p.regs.resize(r + words as usize, 0);
        Ok(r as Reg)
    }

    pub(super) fn emit(&mut self, i: Instr) -> usize {
        self.p.code.push(i);
        self.p.code.len() - 1
    }

    pub(super) fn pc(&self) -> u32 {
        self.p.code.len() as u32
    }

    pub(super) fn patch(&mut self, at: usize, target: u32) {
        if let Some(Instr::Jump { to } | Instr::JumpIf { to, .. } | Instr::JumpIfNot { to, .. }) =
            self.p.code.get_mut(at)
        {
            *to = target;
        }
    }

    /// Compiles one function; returns its entry pc and argument registers.
    fn function(&mut self, f: &'m Function, types: &'m [Ty]) -> Result<FnEntry, RawError> {
        let module = self.module;
        if types.len() != f.expressions.len() {
            return Err(RawError::Mismatch("expression types do not match the function".into()));
        }
        // Arguments.
        let mut args = Vec::new();
        for a in &f.arguments {
            let w = self.words(self.tyi(a.ty)?)?;
            args.push((self.alloc(w)?, w));
        }
        // Locals: static place in local memory, template with initial values.
        let locals_base = self.p.local_bytes;
        let mut local_offs = Vec::new();
        let mut size = 0u32;
        for (_, lv) in f.local_variables.iter() {
            let inner = self.tyi(lv.ty)?;
            local_offs.push(locals_base.saturating_add(size));
            size = align16(
                size.saturating_add(mem_size(&module.types, inner).ok_or_else(|| unsupported("local variable type"))?),
            );
        }
        if locals_base.saturating_add(size) > MAX_MEMORY {
            return Err(unsupported("local variables larger than 256 MiB"));
        }
        let mut template = vec![0u8; size as usize];
        for ((_, lv), &off) in f.local_variables.iter().zip(&local_offs) {
            if let Some(init) = lv.init {
                let mut words = Vec::new();
                const_eval(module, &f.expressions, init, &mut words)?;
                write_words(&mut template, off - locals_base, &module.types, self.tyi(lv.ty)?, &words)?;
            }
        }
        self.p.local_bytes = locals_base + size;

        // Registers: one range per expression; value `AccessIndex` and arguments alias.
        let mut regs: Vec<(Reg, u32)> = Vec::with_capacity(f.expressions.len());
        for (h, expr) in f.expressions.iter() {
            let inner = types[h.index()].inner(module).ok_or_else(|| RawError::Mismatch("type".into()))?;
            let w = self.words(inner)?;
            let r = match *expr {
                Expression::FunctionArgument(i) => {
                    args.get(i as usize).map(|a| a.0).ok_or_else(|| RawError::Mismatch("argument index".into()))?
                }
                Expression::AccessIndex { base, index } => {
                    let bt = types[base.index()].inner(module).ok_or_else(|| RawError::Mismatch("type".into()))?;
                    match self.value_word_offset(bt, index)? {
                        Some(off) => regs[base.index()].0 + off,
                        None => self.alloc(w)?,
                    }
                }
                _ => self.alloc(w)?,
            };
            regs.push((r, w));
            // Bake what never changes into the register template.
            let mut words = Vec::new();
            match *expr {
                Expression::Literal(_) | Expression::Constant(_) | Expression::ZeroValue(_) => {
                    const_eval(module, &f.expressions, h, &mut words)?;
                }
                Expression::GlobalVariable(g) => match self.globals.get(&g) {
                    Some(Place::Ptr(tag, off)) => words.extend([*tag, *off]),
                    Some(Place::Scene(i)) => words.push(*i),
                    None => return Err(RawError::Mismatch("global variable without a place".into())),
                },
                Expression::LocalVariable(l) => {
                    let off = local_offs.get(l.index()).ok_or_else(|| RawError::Mismatch("local".into()))?;
                    words.extend([TAG_LOCAL, *off]);
                }
                _ => {}
            }
            if !words.is_empty() {
                if words.len() as u32 != w {
                    return Err(RawError::Mismatch("constant size".into()));
                }
                let at = r as usize;
                self.p.regs[at..at + words.len()].copy_from_slice(&words);
            }
        }

        let entry = self.pc();
        if !template.is_empty() {
            let t = self.p.local_templates.len() as u32;
            self.p.local_templates.push(template);
            self.emit(Instr::InitLocals { base: locals_base, template: t });
        }
        let mut cx = FnCx { f, types, regs, ctl: Vec::new() };
        self.block(&mut cx, &f.body)?;
        self.emit(Instr::Return { src: 0, n: 0 });
        Ok((entry, args))
    }

    /// Word offset of member/element `index` inside a value (not pointer) of type `bt`.
    fn value_word_offset(&self, bt: &TypeInner, index: u32) -> Result<Option<u32>, RawError> {
        Ok(Some(match *bt {
            TypeInner::Struct { ref members, .. } => {
                let mut off = 0;
                for m in members.iter().take(index as usize) {
                    off += self.words(self.tyi(m.ty)?)?;
                }
                off
            }
            TypeInner::Array { base, .. } => index * self.words(self.tyi(base)?)?,
            TypeInner::Vector { .. } => index,
            TypeInner::Matrix { rows, .. } => index * rows as u32,
            _ => return Ok(None),
        }))
    }

    fn builtin_args(&mut self, f: &Function, args: &[(Reg, u32)]) -> Result<(), RawError> {
        use naga::{Binding, BuiltIn};
        let map = |b: &Binding| match b {
            Binding::BuiltIn(BuiltIn::GlobalInvocationId) => Some(BuiltinArg::GlobalId),
            Binding::BuiltIn(BuiltIn::LocalInvocationId) => Some(BuiltinArg::LocalId),
            Binding::BuiltIn(BuiltIn::LocalInvocationIndex) => Some(BuiltinArg::LocalIndex),
            Binding::BuiltIn(BuiltIn::WorkGroupId) => Some(BuiltinArg::WorkgroupId),
            Binding::BuiltIn(BuiltIn::NumWorkGroups) => Some(BuiltinArg::NumWorkgroups),
            _ => None,
        };
        for (a, &(reg, _)) in f.arguments.iter().zip(args) {
            match &a.binding {
                Some(b) => {
                    let k = map(b).ok_or_else(|| unsupported("entry-point argument binding"))?;
                    let w = self.words(self.tyi(a.ty)?)?;
                    self.p.builtin_args.push((k, reg, w));
                }
                None => {
                    let TypeInner::Struct { members, .. } = self.tyi(a.ty)? else {
                        return Err(unsupported("entry-point argument without a builtin"));
                    };
                    let mut off = 0;
                    for m in members {
                        let w = self.words(self.tyi(m.ty)?)?;
                        let k =
                            m.binding.as_ref().and_then(map).ok_or_else(|| unsupported("entry-point struct member"))?;
                        self.p.builtin_args.push((k, reg + off, w));
                        off += w;
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn reg(&self, cx: &FnCx, h: Handle<Expression>) -> Result<(Reg, u32), RawError> {
        cx.regs.get(h.index()).copied().ok_or_else(|| RawError::Mismatch("expression handle".into()))
    }

    pub(super) fn ty<'c>(&self, cx: &'c FnCx<'m>, h: Handle<Expression>) -> Result<&'c TypeInner, RawError>
    where
        'm: 'c,
    {
        cx.types
            .get(h.index())
            .and_then(|t| t.inner(self.module))
            .ok_or_else(|| RawError::Mismatch("expression type".into()))
    }
}

/// Evaluates a constant expression (literal, constant, zero value, compose, splat) to words.
pub(crate) fn const_eval(
    module: &Module,
    arena: &naga::Arena<Expression>,
    h: Handle<Expression>,
    out: &mut Vec<u32>,
) -> Result<(), RawError> {
    let expr = arena.try_get(h).map_err(|e| RawError::Mismatch(e.to_string()))?;
    match *expr {
        Expression::Literal(l) => out.push(match l {
            naga::Literal::F32(v) => v.to_bits(),
            naga::Literal::I32(v) => v as u32,
            naga::Literal::U32(v) => v,
            naga::Literal::Bool(v) => v as u32,
            other => return Err(unsupported(format!("literal {other:?}"))),
        }),
        Expression::Constant(c) => {
            let c = module.constants.try_get(c).map_err(|e| RawError::Mismatch(e.to_string()))?;
            const_eval(module, &module.global_expressions, c.init, out)?;
        }
        Expression::ZeroValue(ty) => {
            let inner = &module.types.get_handle(ty).map_err(|e| RawError::Mismatch(e.to_string()))?.inner;
            let n = value_words(&module.types, inner).ok_or_else(|| unsupported("zero value type"))?;
            out.extend(std::iter::repeat_n(0, n as usize));
        }
        Expression::Compose { ref components, .. } => {
            for c in components {
                const_eval(module, arena, *c, out)?;
            }
        }
        Expression::Splat { size, value } => {
            let mut one = Vec::new();
            const_eval(module, arena, value, &mut one)?;
            for _ in 0..size as u32 {
                out.extend_from_slice(&one);
            }
        }
        ref other => return Err(unsupported(format!("non-constant initializer {other:?}"))),
    }
    Ok(())
}

/// Writes a value's words into memory bytes at `base` following the type's layout.
fn write_words(
    mem: &mut [u8],
    base: u32,
    types: &naga::UniqueArena<naga::Type>,
    inner: &TypeInner,
    words: &[u32],
) -> Result<(), RawError> {
    let mut offs = Vec::new();
    word_offsets(types, inner, base, &mut offs).ok_or_else(|| unsupported("initializer type"))?;
    for (o, w) in offs.iter().zip(words) {
        let o = *o as usize;
        if let Some(dst) = mem.get_mut(o..o + 4) {
            dst.copy_from_slice(&w.to_le_bytes());
        }
    }
    Ok(())
}

#[allow(dead_code)]
const _: u32 = PTR_WORDS;
