//! `GraphInstance`: a graph lowered for concrete dims on one context — weights, state, runs,
//! profiles and sources. The types `forge_graph!` generates are thin typed wrappers of it.

use crate::context::{Backend, Context};
use crate::elem::Scalar;
use crate::error::{Error, Result};
use crate::graph::{self, Graph};
use crate::host::{HostSlice, HostVec, KernelSource, KernelTime, Profile, Source, Target};
use crate::ir::{BufferId, BufferRole, Plan};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// What one run hands a backend executor.
pub(crate) struct RunRequest<'a> {
    /// Bytes of every `input` buffer.
    pub inputs: Vec<(BufferId, &'a [u8])>,
    /// The uniform block: one 4-byte word per uniform, padded to 16 bytes.
    pub uniforms: Vec<u8>,
    pub uniform_values: Vec<Scalar>,
    /// Whether to time every kernel (CUDA then launches directly with events between
    /// kernels instead of replaying its captured graph).
    #[cfg_attr(not(feature = "cuda"), allow(dead_code))]
    pub profile_kernels: bool,
}

/// What a backend executor returns from one run.
pub(crate) struct RunResult {
    /// Bytes of every `output` buffer, in plan order.
    pub outputs: Vec<(BufferId, Vec<u8>)>,
    /// Device time of each kernel, when measured.
    pub kernel_times: Vec<Option<Duration>>,
    /// Device time of the whole graph, when measured as one span.
    pub device_total: Option<Duration>,
    /// Host time spent launching or submitting the kernels, when measured.
    pub enqueue: Option<Duration>,
}

/// A backend's compiled form of one plan.
pub(crate) trait Executor: Send {
    fn load_weight(&mut self, backend: &Backend, plan: &Plan, id: BufferId, bytes: &[u8]) -> Result<()>;
    fn run(&mut self, backend: &Backend, plan: &Plan, req: &RunRequest<'_>) -> Result<RunResult>;
    fn read_state(&self, backend: &Backend, plan: &Plan, id: BufferId) -> Result<Vec<u8>>;
    fn write_state(&mut self, backend: &Backend, plan: &Plan, id: BufferId, bytes: &[u8]) -> Result<()>;
}

/// Parses and checks a graph written in Forge's language (the body of `forge_graph!`).
pub fn parse_graph_source(source: &str) -> Result<Graph> {
    let tokens = proc_macro2::TokenStream::from_str(source).map_err(|e| {
        Error::InvalidGraph(vec![crate::error::Diagnostic { message: e.to_string(), line: 0, column: 0 }])
    })?;
    let g =
        graph::parse_graph(tokens).map_err(|es| Error::InvalidGraph(es.iter().map(|e| e.to_diagnostic()).collect()))?;
    graph::check(&g).map_err(|es| {
        Error::InvalidGraph(
            es.iter().filter(|e| e.severity == graph::Severity::Error).map(|e| e.to_diagnostic()).collect(),
        )
    })?;
    Ok(g)
}

/// A graph lowered for concrete dims and compiled for one context.
pub struct GraphInstance {
    ctx: Context,
    plan: Plan,
    dims: Vec<(String, usize)>,
    exec: Box<dyn Executor>,
    weights_loaded: Vec<bool>,
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
    /// Lowers `graph` with `dims` (one value per declared dim, in declaration order) and
    /// compiles every kernel on `ctx` (pipelines are cached per context).
    pub fn new(ctx: &Context, graph: &Graph, dims: &[usize]) -> Result<GraphInstance> {
        let plan = crate::lower::lower(graph, dims)?;
        let exec: Box<dyn Executor> = match &*ctx.backend {
            Backend::Cpu => Box::new(crate::backend::cpu_exec::CpuExec::new(&plan)?),
            #[cfg(feature = "wgpu")]
            Backend::Wgpu(m) => {
                Box::new(crate::backend::wgpu::exec::WgpuExec::new(&mut *crate::context::lock(m)?, &plan)?)
            }
            #[cfg(feature = "cuda")]
            Backend::Cuda(m) => {
                Box::new(crate::backend::cuda::exec::CudaExec::new(&mut *crate::context::lock(m)?, &plan)?)
            }
        };
        let dims = graph.dims.iter().map(|d| d.text.clone()).zip(dims.iter().copied()).collect();
        let weights_loaded = plan.buffers.iter().map(|b| b.role != BufferRole::Weight).collect();
        Ok(GraphInstance { ctx: ctx.clone(), plan, dims, exec, weights_loaded, profile: None, kernel_profiling: false })
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

    fn shape_text(&self, id: BufferId) -> String {
        let b = &self.plan.buffers[id];
        format!("{:?}", b.shape)
    }

    fn buffer(&self, name: &str, role: BufferRole, what: &'static str) -> Result<BufferId> {
        match self.plan.buffer(name) {
            Some((id, b)) if b.role == role => Ok(id),
            _ => Err(Error::UnknownBinding { binding: name.into(), expected: what }),
        }
    }

    fn check_slice(&self, id: BufferId, data: &HostSlice<'_>) -> Result<()> {
        let b = &self.plan.buffers[id];
        if data.elem != b.elem {
            return Err(Error::TypeMismatch {
                binding: b.name.clone(),
                expected: b.elem.to_string(),
                actual: data.elem.to_string(),
            });
        }
        if data.len != b.len {
            return Err(Error::LengthMismatch {
                binding: b.name.clone(),
                shape: self.shape_text(id),
                expected: b.len,
                actual: data.len,
            });
        }
        Ok(())
    }

    /// Uploads resident weights; the device keeps them across runs.
    pub fn load_weights(&mut self, weights: &[(&str, HostSlice<'_>)]) -> Result<()> {
        let ids = weights
            .iter()
            .map(|(name, data)| {
                let id = self.buffer(name, BufferRole::Weight, "weight")?;
                self.check_slice(id, data)?;
                Ok(id)
            })
            .collect::<Result<Vec<_>>>()?;
        for (id, (_, data)) in ids.into_iter().zip(weights) {
            self.exec.load_weight(&self.ctx.backend, &self.plan, id, data.bytes)?;
            self.weights_loaded[id] = true;
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
        if let Some(id) = self.weights_loaded.iter().position(|l| !l) {
            return Err(Error::WeightsNotLoaded { binding: self.plan.buffers[id].name.clone() });
        }
        let profile_kernels = self.kernel_profiling || self.profile.is_none();
        let mut req =
            RunRequest { inputs: Vec::new(), uniforms: Vec::new(), uniform_values: Vec::new(), profile_kernels };
        for (name, data) in inputs {
            let id = self.buffer(name, BufferRole::Input, "input")?;
            self.check_slice(id, data)?;
            req.inputs.push((id, data.bytes));
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
                    Some(d) => Scalar::from_f64(u.elem, d),
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
        let result = self.exec.run(&self.ctx.backend, &self.plan, &req)?;
        let outputs = result
            .outputs
            .into_iter()
            .map(|(id, bytes)| {
                let b = &self.plan.buffers[id];
                (b.name.clone(), HostVec { elem: b.elem, len: b.len, bytes })
            })
            .collect();
        let kernels = self
            .plan
            .kernels
            .iter()
            .zip(result.kernel_times.iter().copied().chain(std::iter::repeat(None)))
            .map(|(k, time)| KernelTime { node: k.spec.node.clone(), entry: k.spec.entry.clone(), time })
            .collect();
        self.profile = Some(Profile {
            backend: self.ctx.describe().to_string(),
            wall: start.elapsed(),
            enqueue: result.enqueue,
            device: result.device_total,
            kernels,
        });
        Ok(outputs)
    }

    /// Per-kernel times of the last run.
    pub fn last_profile(&self) -> Option<&Profile> {
        self.profile.as_ref()
    }

    /// Times every kernel of every run (the first run always is). On CUDA this launches
    /// kernels one by one with events between them instead of replaying the captured graph,
    /// so leave it off in hot loops; wgpu timestamps cost nothing and are always taken.
    pub fn set_kernel_profiling(&mut self, on: bool) {
        self.kernel_profiling = on;
    }

    /// Reads a `state` binding back.
    pub fn read_state(&self, name: &str) -> Result<HostVec> {
        let id = self.buffer(name, BufferRole::State, "state")?;
        let bytes = self.exec.read_state(&self.ctx.backend, &self.plan, id)?;
        let b = &self.plan.buffers[id];
        Ok(HostVec { elem: b.elem, len: b.len, bytes })
    }

    /// Overwrites a `state` binding.
    pub fn write_state(&mut self, name: &str, data: HostSlice<'_>) -> Result<()> {
        let id = self.buffer(name, BufferRole::State, "state")?;
        self.check_slice(id, &data)?;
        self.exec.write_state(&self.ctx.backend, &self.plan, id, data.bytes)
    }

    /// The code every kernel lowers to for `target` (pure code: needs no device).
    pub fn source(&self, target: Target) -> Result<Source> {
        source_of(&self.plan, target)
    }
}

/// Lowers every kernel of `plan` to `target`.
pub fn source_of(plan: &Plan, target: Target) -> Result<Source> {
    let kernels = plan
        .kernels
        .iter()
        .map(|k| {
            let code = match target {
                Target::Wgsl => crate::lower::wgsl::emit_kernel(plan, &k.spec, &k.schedule),
                Target::Ptx => crate::lower::ptx::emit_kernel(&k.spec, &k.schedule, "sm_80")?,
                Target::CudaC if crate::lower::cuda_c::tensor_core_matmul(&k.spec) => {
                    format!("// node: {}\n{}", k.spec.node, crate::lower::cuda_c::emit_kernel(&k.spec, &k.schedule)?)
                }
                Target::CudaC => {
                    format!("// node: {}\n// {} runs as Forge's own PTX (Target::Ptx)\n", k.spec.node, k.spec.entry)
                }
            };
            Ok(KernelSource { node: k.spec.node.clone(), entry: k.spec.entry.clone(), code })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Source { target, kernels })
}
