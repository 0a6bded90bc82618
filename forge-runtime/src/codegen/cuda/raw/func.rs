//! Translates one naga function to a CUDA-C function: every expression becomes a variable
//! declared at the top (so naga's scoping never fights C's), assigned where naga emits it;
//! statements map one to one onto C control flow. Expressions themselves are in `expr.rs`.

use std::collections::HashMap;
use std::fmt::Write;

use naga::{Expression, Function, Handle, Module, Statement, TypeInner};

use super::types::{is_buffer, suffix, Types};
use crate::raw::portable::Ty;
use crate::raw::RawError;

pub(super) fn mismatch(what: &str) -> RawError {
    RawError::Mismatch(what.to_string())
}

pub(super) struct FnGen<'a, 'm> {
    pub t: &'a Types<'m>,
    pub module: &'m Module,
    pub f: &'m Function,
    pub types: &'m [Ty],
    /// C expression of each global variable's pointer (or scene) value.
    pub globals: &'a HashMap<Handle<naga::GlobalVariable>, String>,
    pub is_entry: bool,
    pub out: String,
    pub depth: usize,
    pub loops: u32,
}

impl<'a, 'm> FnGen<'a, 'm> {
    pub(super) fn line(&mut self, s: &str) {
        for l in s.lines() {
            for _ in 0..self.depth {
                self.out.push_str("    ");
            }
            self.out.push_str(l);
            self.out.push('\n');
        }
    }

    pub(super) fn ty(&self, h: Handle<Expression>) -> Result<&'m TypeInner, RawError> {
        self.types.get(h.index()).and_then(|t| t.inner(self.module)).ok_or_else(|| mismatch("expression type"))
    }

    pub(super) fn c_type_of(&self, h: Handle<Expression>) -> Result<String, RawError> {
        let ty = self.types.get(h.index()).ok_or_else(|| mismatch("expression type"))?;
        match ty {
            Ty::Handle(th) => self.t.c_type_h(*th),
            Ty::Value(inner) => self.t.c_type(inner, None),
        }
    }

    /// Writes the whole function: signature, locals, expression variables, body.
    pub(super) fn function(&mut self, name: &str) -> Result<(), RawError> {
        let f = self.f;
        let ret = match &f.result {
            Some(r) if !self.is_entry => self.t.c_type_h(r.ty)?,
            _ => "void".into(),
        };
        let mut sig = format!("static __device__ {ret} {name}(fr_ctx* ctx");
        for (i, a) in f.arguments.iter().enumerate() {
            let _ = write!(sig, ", {} a{i}", self.t.c_type_h(a.ty)?);
        }
        sig.push_str(") {");
        self.line(&sig);
        self.depth += 1;
        for (h, lv) in f.local_variables.iter() {
            let ct = self.t.c_type_h(lv.ty)?;
            self.line(&format!("{ct} l{} = {ct}{{}};", h.index()));
            if let Some(init) = lv.init {
                let mut words = Vec::new();
                crate::raw::interp::compile::const_eval(self.module, &f.expressions, init, &mut words)?;
                let mut s = String::new();
                self.t.assign_words(self.t.inner(lv.ty)?, &format!("l{}", h.index()), &words, &mut s)?;
                self.line(&s);
            }
        }
        for (h, expr) in f.expressions.iter() {
            let ct = self.c_type_of(h)?;
            let e = h.index();
            self.line(&format!("{ct} _e{e};"));
            match *expr {
                Expression::Literal(_) | Expression::Constant(_) | Expression::ZeroValue(_) => {
                    let mut words = Vec::new();
                    crate::raw::interp::compile::const_eval(self.module, &f.expressions, h, &mut words)?;
                    let mut s = String::new();
                    self.t.assign_words(self.ty(h)?, &format!("_e{e}"), &words, &mut s)?;
                    self.line(&s);
                }
                Expression::GlobalVariable(g) => {
                    let v = self.globals.get(&g).ok_or_else(|| mismatch("global without a C name"))?.clone();
                    self.line(&format!("_e{e} = {v};"));
                }
                Expression::LocalVariable(l) => self.line(&format!("_e{e} = &l{};", l.index())),
                Expression::FunctionArgument(i) => self.line(&format!("_e{e} = a{i};")),
                _ => {}
            }
        }
        self.block(&f.body)?;
        self.depth -= 1;
        self.line("}");
        Ok(())
    }

    fn block(&mut self, b: &'m naga::Block) -> Result<(), RawError> {
        for s in b.iter() {
            self.statement(s)?;
        }
        Ok(())
    }

    fn statement(&mut self, s: &'m Statement) -> Result<(), RawError> {
        match s {
            Statement::Emit(range) => {
                for h in range.clone() {
                    self.expression(h)?;
                }
            }
            Statement::Block(b) => {
                self.line("{");
                self.depth += 1;
                self.block(b)?;
                self.depth -= 1;
                self.line("}");
            }
            Statement::If { condition, accept, reject } => {
                self.line(&format!("if (_e{}) {{", condition.index()));
                self.depth += 1;
                self.block(accept)?;
                self.depth -= 1;
                if reject.is_empty() {
                    self.line("}");
                } else {
                    self.line("} else {");
                    self.depth += 1;
                    self.block(reject)?;
                    self.depth -= 1;
                    self.line("}");
                }
            }
            Statement::Switch { selector, cases } => {
                self.line(&format!("switch (_e{}) {{", selector.index()));
                for case in cases {
                    match case.value {
                        naga::SwitchValue::I32(v) => self.line(&format!("case {v}: {{")),
                        naga::SwitchValue::U32(v) => self.line(&format!("case {v}u: {{")),
                        naga::SwitchValue::Default => self.line("default: {"),
                    }
                    self.depth += 1;
                    self.block(&case.body)?;
                    if !case.fall_through {
                        self.line("break;");
                    }
                    self.depth -= 1;
                    self.line("}");
                }
                self.line("}");
            }
            Statement::Loop { body, continuing, break_if } => {
                // `continue` in the body goes to the top, which runs `continuing` first.
                let id = self.loops;
                self.loops += 1;
                self.line(&format!("{{ bool fr_first{id} = true;"));
                self.line("while (true) {");
                self.depth += 1;
                self.line(&format!("if (!fr_first{id}) {{"));
                self.depth += 1;
                self.block(continuing)?;
                if let Some(c) = break_if {
                    self.line(&format!("if (_e{}) break;", c.index()));
                }
                self.depth -= 1;
                self.line("}");
                self.line(&format!("fr_first{id} = false;"));
                self.block(body)?;
                self.depth -= 1;
                self.line("} }");
            }
            Statement::Break => self.line("break;"),
            Statement::Continue => self.line("continue;"),
            Statement::Return { value } => match value {
                Some(v) if !self.is_entry => self.line(&format!("return _e{};", v.index())),
                _ => self.line("return;"),
            },
            Statement::ControlBarrier(_) => self.line("__syncthreads();"),
            Statement::MemoryBarrier(b) => {
                if b.contains(naga::Barrier::STORAGE) {
                    self.line("__threadfence();");
                } else {
                    self.line("__threadfence_block();");
                }
            }
            Statement::Store { pointer, value } => self.store(*pointer, *value)?,
            Statement::Atomic { pointer, fun, value, result } => self.atomic(*pointer, fun, *value, *result)?,
            Statement::WorkGroupUniformLoad { pointer, result } => {
                self.line("__syncthreads();");
                self.line(&format!("_e{} = *_e{};", result.index(), pointer.index()));
                self.line("__syncthreads();");
            }
            Statement::Call { function, arguments, result } => {
                let mut call = format!("fr_f{}(ctx", function.index());
                for a in arguments {
                    let _ = write!(call, ", _e{}", a.index());
                }
                call.push(')');
                match result {
                    Some(r) => self.line(&format!("_e{} = {call};", r.index())),
                    None => self.line(&format!("{call};")),
                }
            }
            Statement::RayQuery { query, fun } => {
                let q = format!("_e{}", query.index());
                match fun {
                    naga::RayQueryFunction::Initialize { acceleration_structure, descriptor } => {
                        let d = format!("_e{}", descriptor.index());
                        self.line(&format!(
                            "{q}->scene = _e{}; {q}->active = 1u; {q}->kind = 0u;",
                            acceleration_structure.index()
                        ));
                        self.line(&format!(
                            "{q}->desc[0] = {d}.m0; {q}->desc[1] = {d}.m1; {q}->desc[2] = __float_as_uint({d}.m2); {q}->desc[3] = __float_as_uint({d}.m3);"
                        ));
                        for k in 0..3 {
                            self.line(&format!(
                                "{q}->desc[{}] = __float_as_uint({d}.m4.v[{k}]); {q}->desc[{}] = __float_as_uint({d}.m5.v[{k}]);",
                                4 + k,
                                7 + k
                            ));
                        }
                    }
                    naga::RayQueryFunction::Proceed { result } => {
                        self.line(&format!("_e{} = fr_rq_proceed({q});", result.index()))
                    }
                    naga::RayQueryFunction::Terminate => self.line(&format!("{q}->active = 0u;")),
                    _ => return Err(RawError::Unsupported("ray-query function".into())),
                }
            }
            other => return Err(RawError::Unsupported(format!("statement {other:?}"))),
        }
        Ok(())
    }

    /// (pointee type, address space) of a pointer expression.
    pub(super) fn pointee(&self, p: Handle<Expression>) -> Result<(TypeInner, naga::AddressSpace), RawError> {
        Ok(match *self.ty(p)? {
            TypeInner::Pointer { base, space } => (self.t.inner(base)?.clone(), space),
            TypeInner::ValuePointer { size: Some(size), scalar, space } => (TypeInner::Vector { size, scalar }, space),
            TypeInner::ValuePointer { size: None, scalar, space } => (TypeInner::Scalar(scalar), space),
            _ => return Err(mismatch("not a pointer")),
        })
    }

    fn store(&mut self, pointer: Handle<Expression>, value: Handle<Expression>) -> Result<(), RawError> {
        let (pointee, space) = self.pointee(pointer)?;
        let (p, v) = (format!("_e{}", pointer.index()), format!("_e{}", value.index()));
        match (pointee, is_buffer(space)) {
            (TypeInner::Atomic(s), true) => self.line(&format!("fr_batomic_store_{}({p}, {v});", suffix(s.kind))),
            (TypeInner::Atomic(_), false) => self.line(&format!("atomicExch({p}, {v});")),
            (inner, true) => {
                let mut s = String::new();
                self.t.mem_access(&inner, &v, &p, "0u", false, 0, &mut s)?;
                self.line("{");
                self.line(&s);
                self.line("}");
            }
            (_, false) => self.line(&format!("*{p} = {v};")),
        }
        Ok(())
    }

    fn atomic(
        &mut self,
        pointer: Handle<Expression>,
        fun: &naga::AtomicFunction,
        value: Handle<Expression>,
        result: Option<Handle<Expression>>,
    ) -> Result<(), RawError> {
        use naga::AtomicFunction as A;
        let (pointee, space) = self.pointee(pointer)?;
        let TypeInner::Atomic(scalar) = pointee else {
            return Err(mismatch("atomic on a non-atomic"));
        };
        let sfx = suffix(scalar.kind);
        let (p, v) = (format!("_e{}", pointer.index()), format!("_e{}", value.index()));
        let buffer = is_buffer(space);
        let res = result.map(|r| format!("_e{}", r.index()));
        if let A::Exchange { compare: Some(c) } = fun {
            let c = format!("_e{}", c.index());
            let call = if buffer {
                format!(
                    "{{ bool fr_ok; {} fr_old = fr_batomic_cas_{sfx}({p}, {c}, {v}, &fr_ok);",
                    super::types::scalar_c(scalar.kind)?
                )
            } else {
                format!(
                    "{{ {} fr_old = atomicCAS({p}, {c}, {v}); bool fr_ok = fr_old == {c};",
                    super::types::scalar_c(scalar.kind)?
                )
            };
            self.line(&call);
            if let Some(r) = res {
                self.line(&format!("{r}.m0 = fr_old; {r}.m1 = fr_ok;"));
            }
            self.line("}");
            return Ok(());
        }
        let op = match fun {
            A::Add => "add",
            A::Subtract => "sub",
            A::And => "and",
            A::InclusiveOr => "or",
            A::ExclusiveOr => "xor",
            A::Min => "min",
            A::Max => "max",
            A::Exchange { .. } => "exch",
        };
        let call = if buffer {
            format!("fr_batomic_{op}_{sfx}({p}, {v})")
        } else {
            let cu = match op {
                "add" => "atomicAdd",
                "sub" => "atomicSub",
                "and" => "atomicAnd",
                "or" => "atomicOr",
                "xor" => "atomicXor",
                "min" => "atomicMin",
                "max" => "atomicMax",
                _ => "atomicExch",
            };
            format!("{cu}({p}, {v})")
        };
        match res {
            Some(r) => self.line(&format!("{r} = {call};")),
            None => self.line(&format!("{call};")),
        }
        Ok(())
    }
}
