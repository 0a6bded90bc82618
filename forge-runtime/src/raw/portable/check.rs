//! The walk behind `check_portable`: visits the entry point, the globals it uses and every
//! helper function it reaches, collecting one `PortableError` per construct outside the subset.

use std::collections::{HashMap, HashSet};

use naga::valid::{FunctionInfo, ModuleInfo};
use naga::{
    AddressSpace, Barrier, Binding, BuiltIn, Expression, Function, Handle, Module, RayQueryFunction, Span, Statement,
    TypeInner,
};

use super::desc::{unsupported_type_message, ScalarType, ValueType};
use super::{BindingKind, Builtins, KernelBinding, PortableKernel, Ty, WorkgroupVar};
use crate::raw::error::PortableError;

pub(super) const BACKENDS: &str = "by Forge's CPU and CUDA backends";

pub(crate) struct Checker<'a> {
    pub(super) module: &'a Module,
    errors: Vec<PortableError>,
    seen: HashSet<(Option<std::ops::Range<usize>>, String)>,
    type_ok: HashMap<Handle<naga::Type>, Result<(), String>>,
    uses_barriers: bool,
    uses_ray_queries: bool,
}

impl<'a> Checker<'a> {
    pub(crate) fn run(
        module: &'a Module,
        info: &'a ModuleInfo,
        entry_point: &str,
    ) -> Result<PortableKernel, Vec<PortableError>> {
        let mut c = Checker {
            module,
            errors: Vec::new(),
            seen: HashSet::new(),
            type_ok: HashMap::new(),
            uses_barriers: false,
            uses_ray_queries: false,
        };
        let Some(entry_index) = module.entry_points.iter().position(|ep| ep.name == entry_point) else {
            return Err(vec![PortableError { span: None, message: format!("no entry point named `{entry_point}`") }]);
        };
        let ep = &module.entry_points[entry_index];
        if ep.stage != naga::ShaderStage::Compute {
            c.err(
                Span::UNDEFINED,
                format!(
                    "entry point `{entry_point}` is a {:?} shader; raw kernels must be `@compute` entry points",
                    ep.stage
                ),
            );
        }
        let [x, y, z] = ep.workgroup_size.map(u64::from);
        if x * y * z > super::MAX_INVOCATIONS as u64 {
            c.err(
                Span::UNDEFINED,
                format!(
                    "workgroup size {x}×{y}×{z} has {} invocations; at most {} run on every backend",
                    x * y * z,
                    super::MAX_INVOCATIONS
                ),
            );
        }
        if ep.workgroup_size_overrides.is_some() {
            c.err(
                Span::UNDEFINED,
                "a workgroup size set by pipeline-overridable constants is not supported; use literals",
            );
        }
        let ep_info = info.get_entry_point(entry_index);

        let builtins = c.check_entry_arguments(&ep.function);
        if ep.function.result.is_some() {
            c.err(Span::UNDEFINED, "a compute entry point cannot return a value");
        }
        let (bindings, workgroup_vars) = c.check_globals(ep_info);

        let mut functions = Vec::new();
        c.collect_calls(&ep.function.body, &mut functions);
        functions.sort_by_key(|h| h.index());
        functions.dedup();

        let mut expr_types = HashMap::new();
        expr_types.insert(None, c.check_function(&ep.function, ep_info, true));
        for &h in &functions {
            let Ok(f) = module.functions.try_get(h) else {
                continue;
            };
            expr_types.insert(Some(h), c.check_function(f, &info[h], false));
        }

        if !c.errors.is_empty() {
            return Err(c.errors);
        }
        Ok(PortableKernel {
            entry_point: entry_point.to_string(),
            workgroup_size: ep.workgroup_size,
            bindings,
            uses_num_workgroups: builtins.num_workgroups,
            builtins,
            workgroup_vars,
            uses_barriers: c.uses_barriers,
            uses_ray_queries: c.uses_ray_queries,
            entry_index,
            expr_types,
            functions,
        })
    }

    pub(super) fn err(&mut self, span: Span, message: impl Into<String>) {
        let e = PortableError::new(span, message);
        if self.seen.insert((e.span.clone(), e.message.clone())) {
            self.errors.push(e);
        }
    }

    fn check_entry_arguments(&mut self, f: &Function) -> Builtins {
        let mut b = Builtins::default();
        for arg in &f.arguments {
            match &arg.binding {
                Some(binding) => self.builtin(binding, &mut b),
                None => {
                    let members = match self.module.types.get_handle(arg.ty).map(|t| &t.inner) {
                        Ok(TypeInner::Struct { members, .. }) => members.clone(),
                        _ => Vec::new(),
                    };
                    for m in members {
                        if let Some(binding) = &m.binding {
                            self.builtin(binding, &mut b);
                        }
                    }
                }
            }
        }
        b
    }

    fn builtin(&mut self, binding: &Binding, b: &mut Builtins) {
        match binding {
            Binding::BuiltIn(BuiltIn::GlobalInvocationId) => b.global_invocation_id = true,
            Binding::BuiltIn(BuiltIn::LocalInvocationId) => b.local_invocation_id = true,
            Binding::BuiltIn(BuiltIn::LocalInvocationIndex) => b.local_invocation_index = true,
            Binding::BuiltIn(BuiltIn::WorkGroupId) => b.workgroup_id = true,
            Binding::BuiltIn(BuiltIn::NumWorkGroups) => b.num_workgroups = true,
            Binding::BuiltIn(
                BuiltIn::SubgroupSize | BuiltIn::SubgroupInvocationId | BuiltIn::NumSubgroups | BuiltIn::SubgroupId,
            ) => self.err(Span::UNDEFINED, format!("subgroup builtins are not supported {BACKENDS}")),
            Binding::BuiltIn(other) => {
                self.err(Span::UNDEFINED, format!("builtin {other:?} is not supported {BACKENDS}"))
            }
            Binding::Location { .. } => {
                self.err(Span::UNDEFINED, "`@location` inputs are not supported in compute kernels")
            }
        }
    }

    fn check_globals(&mut self, ep_info: &FunctionInfo) -> (Vec<KernelBinding>, Vec<WorkgroupVar>) {
        let module = self.module;
        let mut bindings = Vec::new();
        let mut wg = Vec::new();
        for (h, gv) in module.global_variables.iter() {
            if ep_info[h].is_empty() {
                continue;
            }
            let span = module.global_variables.get_span(h);
            let name = gv.name.clone().unwrap_or_else(|| "_".into());
            let Ok(ty) = module.types.get_handle(gv.ty) else {
                continue;
            };
            let desc = || ValueType::from_handle(&module.types, gv.ty);
            let kind = match gv.space {
                AddressSpace::Storage { access } => match desc() {
                    Ok(ty) => {
                        Some(BindingKind::Storage { read_write: access.contains(naga::StorageAccess::STORE), ty })
                    }
                    Err(m) => {
                        self.err(span, format!("storage buffer `{name}`: {m}"));
                        None
                    }
                },
                AddressSpace::Uniform => match desc() {
                    Ok(ty) => Some(BindingKind::Uniform { ty }),
                    Err(m) => {
                        self.err(span, format!("uniform `{name}`: {m}"));
                        None
                    }
                },
                AddressSpace::WorkGroup => {
                    match desc() {
                        Ok(ty) => wg.push(WorkgroupVar { name: name.clone(), ty }),
                        Err(m) => self.err(span, format!("workgroup variable `{name}`: {m}")),
                    }
                    None
                }
                AddressSpace::Private => {
                    if let Err(m) = desc() {
                        self.err(span, format!("private variable `{name}`: {m}"));
                    }
                    None
                }
                AddressSpace::Handle => match ty.inner {
                    TypeInner::AccelerationStructure { vertex_return: false } => {
                        Some(BindingKind::AccelerationStructure)
                    }
                    TypeInner::AccelerationStructure { vertex_return: true } => {
                        self.err(
                            span,
                            format!("acceleration structures with vertex return are not supported {BACKENDS}"),
                        );
                        None
                    }
                    ref other => {
                        self.err(span, unsupported_type_message(other));
                        None
                    }
                },
                AddressSpace::Immediate => {
                    self.err(span, format!("push constants (`var<immediate>`) are not supported {BACKENDS}"));
                    None
                }
                other => {
                    self.err(span, format!("the {other:?} address space is not supported {BACKENDS}"));
                    None
                }
            };
            if let Some(kind) = kind {
                match &gv.binding {
                    Some(rb) => {
                        bindings.push(KernelBinding { name, group: rb.group, binding: rb.binding, kind, global: h })
                    }
                    None => self.err(span, format!("`{name}` has no @group/@binding")),
                }
            }
        }
        bindings.sort_by_key(|b| (b.group, b.binding));
        (bindings, wg)
    }

    fn collect_calls(&self, block: &naga::Block, out: &mut Vec<Handle<Function>>) {
        for stmt in block.iter() {
            match stmt {
                Statement::Call { function, .. } if !out.contains(function) => {
                    out.push(*function);
                    if let Ok(f) = self.module.functions.try_get(*function) {
                        self.collect_calls(&f.body, out);
                    }
                }
                Statement::Block(b) => self.collect_calls(b, out),
                Statement::If { accept, reject, .. } => {
                    self.collect_calls(accept, out);
                    self.collect_calls(reject, out);
                }
                Statement::Switch { cases, .. } => cases.iter().for_each(|c| self.collect_calls(&c.body, out)),
                Statement::Loop { body, continuing, .. } => {
                    self.collect_calls(body, out);
                    self.collect_calls(continuing, out);
                }
                _ => {}
            }
        }
    }

    /// Checks one function; returns the resolved type of each of its expressions.
    fn check_function(&mut self, f: &Function, fi: &FunctionInfo, is_entry: bool) -> Vec<Ty> {
        let module = self.module;
        if !is_entry {
            for arg in &f.arguments {
                self.check_decl_type(arg.ty, Span::UNDEFINED, "function argument");
            }
            if let Some(r) = &f.result {
                self.check_decl_type(r.ty, Span::UNDEFINED, "function result");
            }
        }
        for (h, lv) in f.local_variables.iter() {
            self.check_decl_type(lv.ty, f.local_variables.get_span(h), "local variable");
        }
        let mut types = Vec::with_capacity(f.expressions.len());
        for (h, expr) in f.expressions.iter() {
            let span = f.expressions.get_span(h);
            let ty = match &fi[h].ty {
                naga::proc::TypeResolution::Handle(t) => Ty::Handle(*t),
                naga::proc::TypeResolution::Value(inner) => Ty::Value(inner.clone()),
            };
            let ok = self.check_expression(expr, span, f, fi);
            if ok && !matches!(expr, Expression::GlobalVariable(_) | Expression::LocalVariable(_)) {
                let inner = ty.inner(module).cloned();
                if let Some(inner) = inner {
                    self.check_expr_type(&ty, &inner, span);
                }
            }
            types.push(ty);
        }
        self.check_block(&f.body);
        types
    }

    fn check_decl_type(&mut self, ty: Handle<naga::Type>, span: Span, what: &str) {
        let Ok(t) = self.module.types.get_handle(ty) else {
            return;
        };
        let res = match &t.inner {
            TypeInner::RayQuery { vertex_return: false } => Ok(()),
            TypeInner::Pointer { base, space } => match space {
                AddressSpace::Function
                | AddressSpace::Private
                | AddressSpace::WorkGroup
                | AddressSpace::Storage { .. }
                | AddressSpace::Uniform => match self.module.types.get_handle(*base).map(|t| &t.inner) {
                    Ok(TypeInner::RayQuery { vertex_return: false }) => Ok(()),
                    _ => self.type_result(*base),
                },
                other => Err(format!("pointers into the {other:?} address space are not supported")),
            },
            TypeInner::ValuePointer { scalar, .. } => ScalarType::from_naga(*scalar).map(|_| ()),
            _ => self.type_result(ty),
        };
        if let Err(m) = res {
            self.err(span, format!("{what}: {m}"));
        }
    }

    fn type_result(&mut self, ty: Handle<naga::Type>) -> Result<(), String> {
        if let Some(r) = self.type_ok.get(&ty) {
            return r.clone();
        }
        let r = ValueType::from_handle(&self.module.types, ty).map(|_| ());
        self.type_ok.insert(ty, r.clone());
        r
    }

    fn check_expr_type(&mut self, ty: &Ty, inner: &TypeInner, span: Span) {
        let res = match inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) | TypeInner::ValuePointer { scalar: s, .. } => {
                ScalarType::from_naga(*s).map(|_| ())
            }
            TypeInner::Vector { scalar, .. } | TypeInner::Matrix { scalar, .. } => {
                ScalarType::from_naga(*scalar).map(|_| ())
            }
            TypeInner::Pointer { .. } | TypeInner::AccelerationStructure { .. } | TypeInner::RayQuery { .. } => Ok(()),
            _ => match ty {
                Ty::Handle(h) => self.type_result(*h),
                Ty::Value(v) => Err(unsupported_type_message(v)),
            },
        };
        if let Err(m) = res {
            self.err(span, m);
        }
    }

    fn check_block(&mut self, block: &naga::Block) {
        for (stmt, span) in block.span_iter() {
            let span = *span;
            match stmt {
                Statement::Emit(_)
                | Statement::Break
                | Statement::Continue
                | Statement::Return { .. }
                | Statement::Store { .. }
                | Statement::Call { .. }
                | Statement::MemoryBarrier(_)
                | Statement::Atomic { .. } => {}
                Statement::Block(b) => self.check_block(b),
                Statement::If { accept, reject, .. } => {
                    self.check_block(accept);
                    self.check_block(reject);
                }
                Statement::Switch { cases, .. } => {
                    for c in cases {
                        self.check_block(&c.body);
                    }
                }
                Statement::Loop { body, continuing, .. } => {
                    self.check_block(body);
                    self.check_block(continuing);
                }
                Statement::WorkGroupUniformLoad { .. } => self.uses_barriers = true,
                Statement::ControlBarrier(b) => {
                    if b.contains(Barrier::SUB_GROUP) {
                        self.err(span, format!("subgroupBarrier is not supported {BACKENDS}"));
                    } else if b.contains(Barrier::TEXTURE) {
                        self.err(span, format!("textureBarrier is not supported {BACKENDS}"));
                    } else {
                        self.uses_barriers = true;
                    }
                }
                Statement::Kill => self.err(span, "`discard` is not allowed in compute kernels"),
                Statement::ImageStore { .. } => self.err(span, format!("textureStore is not supported {BACKENDS}")),
                Statement::ImageAtomic { .. } => self.err(span, format!("texture atomics are not supported {BACKENDS}")),
                Statement::RayQuery { fun, .. } => match fun {
                    RayQueryFunction::Initialize { .. } | RayQueryFunction::Proceed { .. } | RayQueryFunction::Terminate => {
                        self.uses_ray_queries = true
                    }
                    RayQueryFunction::GenerateIntersection { .. } => self.err(
                        span,
                        format!("rayQueryGenerateIntersection is not supported {BACKENDS}: scenes hold opaque triangles only"),
                    ),
                    RayQueryFunction::ConfirmIntersection => self.err(
                        span,
                        format!("rayQueryConfirmIntersection is not supported {BACKENDS}: scenes hold opaque triangles only"),
                    ),
                },
                Statement::RayPipelineFunction(_) => {
                    self.err(span, format!("ray-tracing pipeline functions (traceRay) are not supported {BACKENDS}"))
                }
                Statement::SubgroupBallot { .. }
                | Statement::SubgroupGather { .. }
                | Statement::SubgroupCollectiveOperation { .. } => {
                    self.err(span, format!("subgroup operations are not supported {BACKENDS}"))
                }
                Statement::CooperativeStore { .. } => {
                    self.err(span, format!("cooperative matrix operations are not supported {BACKENDS}"))
                }
            }
        }
    }
}
