//! `GraphInstance`: a checked graph lowered for concrete dims and compiled on one context —
//! weights, state, runs, profiles and sources. It talks to its backend only through the
//! [`Executable`] contract; the types `forge_graph!` generates are thin typed wrappers of it.

use crate::backend::{Context, Executable, LaunchedKernel, RunRequest};
use crate::elem::Scalar;
use crate::error::{Diagnostic, Error, Result};
use crate::graph::{self, Checked, GraphError};
use crate::host::{HostSlice, HostVec, KernelSource, KernelTime, Profile, Source, Target};
use crate::ir::{BufferId, BufferRole, Plan};
use std::sync::Arc;
use std::time::Instant;

fn diagnostics(errors: &[GraphError]) -> Error {
    Error::InvalidGraph(
        errors
            .iter()
            .filter(|e| e.severity == graph::Severity::Error)
            .map(|e| {
                let (line, column) = e.line_column();
                Diagnostic { message: e.full_message(), line, column }
            })
            .collect(),
    )
}

/// Parses and checks a graph written in Forge's language (the body of `forge_graph!`).
pub fn parse_graph_source(source: &str) -> Result<Checked> {
    crate::source_text::on_own_thread(source, |tokens| graph::parse_and_check(tokens).map_err(|es| diagnostics(&es)))
}

/// A graph lowered for concrete dims and compiled for one context.
pub struct GraphInstance {
    ctx: Context,
    plan: Arc<Plan>,
    dims: Vec<(String, usize)>,
    exec: Box<dyn Executable>,
    loaded: Vec<bool>,
    variants: Vec<String>,
    /// The kernels a run launches, in order (profiles name them).
    launched: Vec<LaunchedKernel>,
    profile: Option<Profile>,
    kernel_profiling: bool,
}

impl std::fmt::Debug for GraphInstance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GraphInstance")
            .field("graph", &self.plan.graph)
            .field("dims", &self.dims)
            .field("ctx", &self.ctx)
            .finish()
    }
}

impl GraphInstance {
    /// Lowers `graph` with `dims` (one value per declared dim that is not derived, in
    /// declaration order; derived dims such as `E = D / H` are computed) and compiles every
    /// kernel on `ctx`.
    pub fn new(ctx: &Context, graph: &Checked, dims: &[usize]) -> Result<GraphInstance> {
        let values = crate::plan::dim_values(graph, dims)?;
        let options = ctx.options();
        let target = crate::plan::Target {
            max_args: ctx.device.max_kernel_args(),
            half_products: ctx.device.half_products_pay(),
            conv_windows: if ctx.device.conv_windows() { options.cuda.conv_windows } else { None },
            prompt_attention: ctx.device.prompt_attention_fold(),
            decoding_attention: ctx.device.attention_statements_fold(),
        };
        let mut plan = crate::plan::lower_resolved(graph, &values, &options.fusion, &target)?;
        let tuned = if options.autotune { ctx.device.tune(&plan, options)? } else { Vec::new() };
        for t in &tuned {
            if let Some(k) = plan.kernels.get_mut(t.kernel) {
                k.schedule = t.schedule;
            }
        }
        let plan = Arc::new(plan);
        let exec = ctx.device.compile(Arc::clone(&plan), options)?;
        let dims = graph.dims.iter().cloned().zip(values).collect();
        let loaded = plan.buffers.iter().map(|b| !matches!(b.role, BufferRole::Weight | BufferRole::Scene)).collect();
        // What each launched kernel is: the plan's one for one, unless the backend runs more.
        let launched = exec.launched().unwrap_or_else(|| LaunchedKernel::of(&plan, None));
        let mut variants = exec.variants();
        for t in &tuned {
            for (v, l) in variants.iter_mut().zip(&launched) {
                if l.origin == t.kernel {
                    *v = format!("{v}; {}", t.note);
                }
            }
        }
        Ok(GraphInstance {
            ctx: ctx.clone(),
            plan,
            dims,
            exec,
            loaded,
            variants,
            launched,
            profile: None,
            kernel_profiling: false,
        })
    }

    /// Parses, checks and instantiates a graph given as text.
    pub fn from_source(ctx: &Context, source: &str, dims: &[usize]) -> Result<GraphInstance> {
        GraphInstance::new(ctx, &parse_graph_source(source)?, dims)
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    pub fn context(&self) -> &Context {
        &self.ctx
    }

    fn buffer(&self, name: &str, roles: &[BufferRole], what: &'static str) -> Result<BufferId> {
        match self.plan.buffer(name) {
            Some((id, b)) if roles.contains(&b.role) => Ok(id),
            _ => Err(Error::UnknownBinding { binding: name.into(), expected: what }),
        }
    }

    fn check_slice(&self, id: BufferId, data: &HostSlice<'_>) -> Result<()> {
        let b = &self.plan.buffers[id];
        if data.elem() != b.elem {
            return Err(Error::TypeMismatch {
                binding: b.name.clone(),
                expected: b.elem.to_string(),
                actual: data.elem().to_string(),
            });
        }
        if data.len() != b.len {
            return Err(Error::LengthMismatch {
                binding: b.name.clone(),
                shape: format!("{:?}", b.shape),
                expected: b.len,
                actual: data.len(),
            });
        }
        Ok(())
    }

    /// Every name once.
    fn unique<'a, T>(items: &'a [(&'a str, T)]) -> Result<()> {
        for (i, (name, _)) in items.iter().enumerate() {
            if items[..i].iter().any(|(n, _)| n == name) {
                return Err(Error::DuplicateBinding { binding: (*name).to_string() });
            }
        }
        Ok(())
    }

    /// Uploads resident weights (and builds scenes); the device keeps them across runs. Every
    /// slice is checked before anything is uploaded.
    pub fn load_weights(&mut self, weights: &[(&str, HostSlice<'_>)]) -> Result<()> {
        Self::unique(weights)?;
        let ids = weights
            .iter()
            .map(|(name, data)| {
                let id = self.buffer(name, &[BufferRole::Weight, BufferRole::Scene], "weight")?;
                self.check_slice(id, data)?;
                Ok(id)
            })
            .collect::<Result<Vec<_>>>()?;
        for (id, (_, data)) in ids.into_iter().zip(weights) {
            self.exec.load_weight(id, data.bytes())?;
            self.loaded[id] = true;
        }
        Ok(())
    }

    /// Runs the whole graph once (one submission on GPU backends) and returns every output.
    pub fn run(
        &mut self,
        inputs: &[(&str, HostSlice<'_>)],
        uniforms: &[(&str, Scalar)],
    ) -> Result<Vec<(String, HostVec)>> {
        let start = Instant::now();
        if let Some(id) = self.loaded.iter().position(|l| !l) {
            return Err(Error::WeightsNotLoaded { binding: self.plan.buffers[id].name.clone() });
        }
        Self::unique(inputs)?;
        Self::unique(uniforms)?;
        let profile_kernels = self.kernel_profiling || self.profile.is_none();
        let mut req =
            RunRequest { inputs: Vec::new(), uniforms: Vec::new(), uniform_values: Vec::new(), profile_kernels };
        for (name, data) in inputs {
            let id = self.buffer(name, &[BufferRole::Input], "input")?;
            self.check_slice(id, data)?;
            req.inputs.push((id, data.bytes()));
        }
        for (id, b) in self.plan.buffers.iter().enumerate() {
            if b.role == BufferRole::Input && !req.inputs.iter().any(|(i, _)| *i == id) {
                return Err(Error::MissingBinding { binding: b.name.clone(), hint: "every input needs a slice" });
            }
        }
        for (name, _) in uniforms {
            if !self.plan.uniforms.iter().any(|u| u.name == *name) {
                return Err(Error::UnknownBinding { binding: (*name).into(), expected: "uniform" });
            }
        }
        for u in &self.plan.uniforms {
            let value = match uniforms.iter().find(|(n, _)| *n == u.name) {
                Some((_, v)) if v.elem() != u.elem => {
                    return Err(Error::TypeMismatch {
                        binding: u.name.clone(),
                        expected: u.elem.to_string(),
                        actual: v.elem().to_string(),
                    })
                }
                Some((_, v)) => *v,
                None => match u.default {
                    Some(d) => default_scalar(u.elem, d),
                    None => {
                        return Err(Error::MissingBinding {
                            binding: u.name.clone(),
                            hint: "the uniform has no default",
                        })
                    }
                },
            };
            req.uniforms.extend_from_slice(&value.to_word());
            req.uniform_values.push(value);
        }
        req.uniforms.resize(req.uniforms.len().div_ceil(16).max(1) * 16, 0);
        check_windows(&self.plan, &req.uniform_values)?;
        let result = self.exec.run(&req)?;
        let mut outputs = Vec::with_capacity(result.outputs.len());
        for (id, bytes) in result.outputs {
            let b = &self.plan.buffers[id];
            outputs.push((b.name.clone(), HostVec::from_bytes(b.elem, b.len, bytes)?));
        }
        // A replayed run refreshes the last profile in place: rebuilding its hundreds of
        // kernel names every step of a decoding loop would cost host time between steps.
        let (wall, enqueue, device) = (start.elapsed(), result.enqueue, result.device_total);
        match self.profile.as_mut().filter(|p| p.kernels.len() == self.launched.len()) {
            Some(p) => {
                for (i, k) in p.kernels.iter_mut().enumerate() {
                    k.time = result.kernel_times.get(i).copied().flatten();
                }
                (p.wall, p.enqueue, p.device) = (wall, enqueue, device);
            }
            None => {
                let kernels = self
                    .launched
                    .iter()
                    .enumerate()
                    .map(|(i, k)| KernelTime {
                        node: k.node.clone(),
                        entry: k.entry.to_string(),
                        variant: self.variants.get(i).cloned().unwrap_or_default(),
                        time: result.kernel_times.get(i).copied().flatten(),
                    })
                    .collect();
                let backend = self.ctx.describe().to_string();
                self.profile = Some(Profile { backend, wall, enqueue, device, kernels });
            }
        }
        Ok(outputs)
    }

    /// Per-kernel times of the last run.
    pub fn last_profile(&self) -> Option<&Profile> {
        self.profile.as_ref()
    }

    /// Times every kernel of every run (the first run always is). On CUDA this launches kernels
    /// one by one with events between them instead of replaying the captured graph, on wgpu
    /// it records a compute pass per kernel instead of one for the run, so leave it off in hot
    /// loops; otherwise later runs report only the whole run's device time.
    pub fn set_kernel_profiling(&mut self, on: bool) {
        self.kernel_profiling = on;
    }

    /// Copies `from`'s state binding `name` into this instance's, on the device (no trip through
    /// the host): how instances of one graph at different dims (a prefill's and a decoding
    /// step's) hand a cache over. Both must be on the same context, and the two bindings of the
    /// same element type and length.
    pub fn copy_state_from(&mut self, name: &str, from: &GraphInstance) -> Result<()> {
        let id = self.buffer(name, &[BufferRole::State], "state")?;
        let from_id = from.buffer(name, &[BufferRole::State], "state")?;
        let (ours, theirs) = (&self.plan.buffers[id], &from.plan.buffers[from_id]);
        if ours.elem != theirs.elem || ours.len != theirs.len {
            return Err(Error::InvalidArgument {
                argument: name.into(),
                reason: format!(
                    "state `{name}` is {} x {} here and {} x {} in the instance copied from",
                    ours.elem, ours.len, theirs.elem, theirs.len
                ),
            });
        }
        self.exec.copy_state_from(id, from.exec.as_ref(), from_id)
    }

    /// Reads a `state` binding back.
    pub fn read_state(&mut self, name: &str) -> Result<HostVec> {
        let id = self.buffer(name, &[BufferRole::State], "state")?;
        let bytes = self.exec.read_state(id)?;
        let b = &self.plan.buffers[id];
        HostVec::from_bytes(b.elem, b.len, bytes)
    }

    /// Overwrites a `state` binding.
    pub fn write_state(&mut self, name: &str, data: HostSlice<'_>) -> Result<()> {
        let id = self.buffer(name, &[BufferRole::State], "state")?;
        self.check_slice(id, &data)?;
        self.exec.write_state(id, data.bytes())
    }

    /// The code every kernel lowers to for `target` (pure code generation: needs no device;
    /// PTX needs the NVRTC library).
    pub fn source(&self, target: Target) -> Result<Source> {
        source_of(&self.plan, target)
    }
}

/// Every shifted window (`cache[pos + t, d] = …`) fits its axis at these uniform values: the
/// run is refused before anything is written.
fn check_windows(plan: &Plan, values: &[Scalar]) -> Result<()> {
    for k in &plan.kernels {
        let crate::ir::KernelBody::Scatter(s) = &k.spec.body else { continue };
        for (axis, field) in s.shifts.iter().enumerate() {
            let Some(field) = *field else { continue };
            let start = match values.get(field) {
                Some(Scalar::U32(v)) => u64::from(*v),
                _ => return Err(Error::Internal(format!("the offset of `{}` is not a u32 uniform", k.spec.node))),
            };
            let end = start + s.extents[axis] as u64;
            if end > s.dims[axis] as u64 {
                let uniform = plan.uniforms.get(field).map_or_else(String::new, |u| u.name.clone());
                let node = k.spec.node.clone();
                return Err(Error::WindowOutOfRange { node, uniform, start, end, extent: s.dims[axis] });
            }
        }
    }
    Ok(())
}

fn default_scalar(elem: crate::elem::Elem, c: graph::checked::Const) -> Scalar {
    use crate::elem::Elem;
    use graph::checked::Const;
    let f = match c {
        Const::F32(v) => v,
        Const::I32(v) => v as f32,
        Const::U32(v) => v as f32,
        Const::Bool(b) => b as u8 as f32,
    };
    match (elem, c) {
        (Elem::U32, Const::U32(v)) => Scalar::U32(v),
        (Elem::I32, Const::I32(v)) => Scalar::I32(v),
        (Elem::F16, _) => Scalar::F16(half::f16::from_f32(f)),
        (Elem::BF16, _) => Scalar::BF16(half::bf16::from_f32(f)),
        (Elem::U32, _) => Scalar::U32(f as u32),
        (Elem::I32, _) => Scalar::I32(f as i32),
        // No uniform takes a block format (the checker admits them for weights only).
        (Elem::F32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0, _) => Scalar::F32(f),
    }
}

/// Lowers every kernel of `plan` to `target`.
pub fn source_of(plan: &Plan, target: Target) -> Result<Source> {
    let kernels = match target {
        Target::Wgsl => plan
            .kernels
            .iter()
            .map(|k| KernelSource {
                node: k.spec.node.clone(),
                entry: crate::codegen::wgsl::entry_name(&k.spec),
                code: crate::codegen::wgsl::emit_kernel(plan, &k.spec, &k.schedule, &vec![0; k.spec.args.len()]),
            })
            .collect(),
        Target::CudaC => {
            // The kernels an H100/H200 runs (the GEMM variants depend on the device), reading
            // the weights it stores transposed or split so.
            let target = crate::codegen::cuda::CudaTarget::sm90();
            let (run, program) = crate::codegen::cuda::for_target(plan, &target)?;
            let plan = run.plan.as_ref().unwrap_or(plan);
            let fns = program.functions;
            let mut seen = std::collections::HashSet::new();
            let stored = run.stored.describe(plan);
            let mut out = vec![KernelSource {
                node: "prelude".into(),
                entry: "prelude".into(),
                code: format!("// node: (helpers)\n{stored}{}", crate::codegen::cuda::prelude()),
            }];
            for (k, f) in plan.kernels.iter().zip(fns) {
                let Some(f) = f else {
                    let code = crate::codegen::cuda::emit_raw(&k.spec)?;
                    out.push(KernelSource {
                        node: k.spec.node.clone(),
                        entry: "raw".into(),
                        code: format!("// node: {}\n{code}", k.spec.node),
                    });
                    continue;
                };
                let code = if seen.insert(f.name.clone()) {
                    f.code
                } else {
                    format!("// node: {}\n// runs {} (above)\n", k.spec.node, f.name)
                };
                out.push(KernelSource { node: k.spec.node.clone(), entry: f.name, code });
            }
            out
        }
        Target::Ptx => {
            let target = crate::codegen::cuda::CudaTarget::new((8, 0), 108);
            let (_, program) = crate::codegen::cuda::for_target(plan, &target)?;
            let ptx = crate::backend::ptx_of(&program.source, &program.arch)?;
            vec![KernelSource {
                node: plan.graph.clone(),
                entry: "module".into(),
                code: format!("// node: {} (whole module)\n{ptx}", plan.graph),
            }]
        }
    };
    Ok(Source { target, kernels })
}
