//! Lowering: a [`Checked`] graph with concrete dims into a [`Plan`]. `views` tracks where each
//! binding's elements live (own buffer, alias, slice, transpose) and runs the checks deferred to
//! `new`; `expr` turns typed expressions into kernel expressions; `node` emits the kernels of
//! each node (elementwise work fused around each built-in op as prologue and epilogue);
//! `reduce` lays a row kernel's operand out along the folded axes.

mod contract;
mod expr;
mod index;
mod node;
mod reduce;
#[cfg(test)]
pub(crate) mod test_graphs;
#[cfg(test)]
pub(crate) mod tests;
mod views;
mod window;

use crate::error::{Error, Result};
use crate::graph::checked::{Checked, Node, NodeKind};
use crate::graph::Usage;
use crate::ir::{BufferRole, Plan, PlanBuffer, UniformField};
use crate::options::Fusion;
pub(crate) use views::View;

/// Lowers `graph` with `dims` (one value per dim that is not derived, in declaration order),
/// every fusion pass on, for a device without a limit on a kernel's arguments.
pub fn lower(graph: &Checked, dims: &[usize]) -> Result<Plan> {
    lower_resolved(graph, &dim_values(graph, dims)?, &Fusion::default(), &Target::default())
}

/// [`lower`] for `target`: what a device's backend lowers (its argument limit, whether its
/// half-float products pay, whether its products read convolution windows).
pub fn lower_for_target(graph: &Checked, dims: &[usize], target: &Target) -> Result<Plan> {
    lower_resolved(graph, &dim_values(graph, dims)?, &Fusion::default(), target)
}

/// [`lower_for_target`] with the fusion passes `passes` (what an instance whose options hold
/// them lowers for `target`).
pub fn lower_with(graph: &Checked, dims: &[usize], passes: &Fusion, target: &Target) -> Result<Plan> {
    lower_resolved(graph, &dim_values(graph, dims)?, passes, target)
}

/// What a plan is lowered for: limits and preferences of the device it will run on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// Buffer arguments one kernel may take.
    pub max_args: usize,
    /// Computed operands of a product stay half floats where that is exact (see `contract`).
    pub half_products: bool,
    /// `conv2d` (at `precision = tf32`, or over f16/bf16) reads its input's windows inside the
    /// product (CUDA sm_90: `plan::window`) instead of from an im2col temp, where that temp
    /// would hold at least this many values; `None`: always the temp.
    pub conv_windows: Option<usize>,
    /// A prompt's attention written as statements whose products allow TF32 runs as one
    /// attention on tensor cores (CUDA sm_90+; `Fusion::prompt_attention` may still turn it off).
    pub prompt_attention: bool,
    /// A decoding attention written as statements runs as two attentions over chunks of keys
    /// (wgpu; `Fusion::attention` may still turn it off).
    pub decoding_attention: bool,
}

impl Default for Target {
    /// No argument limit; half-float products (as CUDA); im2col convolutions; attention
    /// statements apart.
    fn default() -> Target {
        Target {
            max_args: usize::MAX,
            half_products: true,
            conv_windows: None,
            prompt_attention: false,
            decoding_attention: false,
        }
    }
}

pub use views::dim_values;

/// [`lower`] given every dim's value, derived ones included ([`dim_values`]).
/// No kernel takes more than `max_args` buffer arguments where its expressions can be split
/// (`ir::split_wide`), and fusion keeps to that.
pub(crate) fn lower_resolved(graph: &Checked, dims: &[usize], passes: &Fusion, target: &Target) -> Result<Plan> {
    let mut plan = lower_for(graph, dims, target)?;
    crate::ir::split_wide::split_wide_kernels(&mut plan, target.max_args);
    let passes = Fusion {
        prompt_attention: passes.prompt_attention && target.prompt_attention,
        attention: passes.attention && target.decoding_attention,
        ..*passes
    };
    crate::ir::fuse::fuse(&mut plan, &passes, target.max_args);
    Ok(plan)
}

/// [`lower_resolved`] before fusion: one kernel (or more) per statement.
#[cfg(test)]
pub(crate) fn lower_unfused(graph: &Checked, dims: &[usize]) -> Result<Plan> {
    lower_for(graph, dims, &Target::default())
}

fn lower_for(graph: &Checked, dims: &[usize], target: &Target) -> Result<Plan> {
    views::check_dims(graph, dims)?;
    views::check_deferred(graph, dims)?;
    check_unrolled(graph, dims)?;
    let mut lw = Lowering {
        g: graph,
        dims,
        plan: Plan { graph: graph.name.clone(), buffers: Vec::new(), uniforms: Vec::new(), kernels: Vec::new() },
        views: vec![None; graph.bindings.len()],
        written: vec![false; graph.bindings.len()],
        loop_values: vec![0; graph.loops.len()],
        hidden: 0,
        index_vars: Vec::new(),
        label: String::new(),
        hint: Default::default(),
        half_products: target.half_products,
        conv_windows: target.conv_windows,
    };
    for (id, b) in graph.bindings.iter().enumerate() {
        let role = match b.usage {
            Usage::Uniform => {
                lw.plan.uniforms.push(UniformField { name: b.name.clone(), elem: b.elem, default: b.default });
                continue;
            }
            Usage::Input => BufferRole::Input,
            Usage::Weight => BufferRole::Weight,
            Usage::State => BufferRole::State,
            Usage::Output => BufferRole::Output,
            Usage::Scene => BufferRole::Scene,
            // Temps get memory when a node first writes them (a view may alias instead).
            Usage::Temp => continue,
        };
        lw.own_buffer(id, role)?;
    }
    lw.nodes(&graph.nodes)?;
    Ok(lw.plan)
}

/// The most statements a graph's loops may unroll to (each a few kernels' worth of memory while
/// the graph is built): past it `new` returns an error instead of exhausting memory.
pub const MAX_UNROLLED_STATEMENTS: usize = 1 << 17;

/// Refuses loops that would unroll past [`MAX_UNROLLED_STATEMENTS`] at these dims.
fn check_unrolled(graph: &Checked, dims: &[usize]) -> Result<()> {
    let mut total = 0usize;
    for n in &graph.nodes {
        let NodeKind::Loop { count, body, .. } = &n.kind else { continue };
        let (layers, statements) = (count.value(dims), body.len());
        total = total.saturating_add(layers.saturating_mul(statements));
        if total > MAX_UNROLLED_STATEMENTS {
            let reason = format!(
                "`{}` unrolls to {layers} x {statements} statements, over the limit of {MAX_UNROLLED_STATEMENTS} for the whole graph",
                n.label
            );
            return Err(match count {
                crate::graph::shape::Extent::Sym(d) => {
                    Error::InvalidDim { dim: graph.dims[*d].clone(), value: layers, reason }
                }
                crate::graph::shape::Extent::Lit(_) => Error::ShapeCheck { what: n.label.clone(), detail: reason },
            });
        }
    }
    Ok(())
}

/// State of one lowering.
pub(crate) struct Lowering<'g> {
    pub g: &'g Checked,
    pub dims: &'g [usize],
    pub plan: Plan,
    /// Where each binding's elements are now (`None`: not yet written, or a uniform).
    pub views: Vec<Option<View>>,
    /// Whether a node lowered so far (this run's earlier nodes) writes each binding.
    pub written: Vec<bool>,
    /// The current value of each loop variable (loops are unrolled).
    pub loop_values: Vec<usize>,
    /// Hidden temps made so far (materialised op results).
    pub hidden: usize,
    /// The extents of the variables of the index-notation value being lowered (the target's,
    /// then the reductions'), for the reductions inside it; empty elsewhere.
    pub index_vars: Vec<usize>,
    /// Computed product operands may stay half floats ([`Target::half_products`]).
    pub half_products: bool,
    /// Convolutions may read their windows inside the product ([`Target::conv_windows`]).
    pub conv_windows: Option<usize>,
    /// The node being lowered: its label and schedule attribute.
    pub label: String,
    pub hint: crate::graph::checked::ScheduleHint,
}

impl Lowering<'_> {
    /// Gives binding `id` a buffer of its own (contiguous, its declared shape).
    pub fn own_buffer(&mut self, id: usize, role: BufferRole) -> Result<View> {
        let b = &self.g.bindings[id];
        let shape = crate::graph::shape::concrete(&b.shape, self.dims);
        let view = self.new_buffer(&b.name.clone(), b.elem, shape, role)?;
        self.views[id] = Some(view.clone());
        Ok(view)
    }

    /// The uniform block's field of uniform binding `b` (raw kernels, expressions, shifts).
    pub fn uniform_field(&self, b: usize) -> Result<usize> {
        let name = &self.g.bindings[b].name;
        self.plan
            .uniforms
            .iter()
            .position(|u| u.name == *name)
            .ok_or_else(|| crate::error::Error::Internal(format!("uniform `{name}` has no field")))
    }

    /// A new contiguous buffer.
    pub fn new_buffer(
        &mut self,
        name: &str,
        elem: crate::elem::Elem,
        shape: Vec<usize>,
        role: BufferRole,
    ) -> Result<View> {
        let len = views::element_count(name, &shape)?;
        let buffer = self.plan.buffers.len();
        self.plan.buffers.push(PlanBuffer { name: name.to_string(), elem, shape: shape.clone(), len, role });
        Ok(View::contiguous(buffer, shape))
    }

    fn nodes(&mut self, nodes: &[Node]) -> Result<()> {
        for n in nodes {
            match &n.kind {
                NodeKind::Loop { var, count, body } => {
                    for value in 0..count.value(self.dims) {
                        self.loop_values[*var] = value;
                        self.nodes(body)?;
                    }
                }
                NodeKind::Assign { .. } | NodeKind::Index(_) | NodeKind::View { .. } | NodeKind::Raw(_) => {
                    self.node(n)?
                }
            }
        }
        Ok(())
    }
}
