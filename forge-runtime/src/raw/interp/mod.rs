//! CPU interpreter of naga IR for portable kernels: `run` (or `CompiledKernel` to compile once)
//! executes workgroups one after another; the invocations of a workgroup advance in lockstep
//! phases between control barriers, each keeping its own registers, locals and call stack.

pub(crate) mod compile;
mod compile_expr;
mod compile_math;
mod compile_stmt;
mod memory;
pub(crate) mod ops;
mod program;
pub(crate) mod rayquery;
mod verify;
mod vm;

use memory::{Memory, Region};
use program::{BuiltinArg, Program};
use vm::{Invocation, Stop};

use crate::raw::portable::{BindingKind, PortableKernel};
use crate::raw::RawError;

/// The data bound to one of the kernel's bindings (one per `PortableKernel::bindings` entry, same
/// order). Buffers are little-endian bytes laid out as WGSL lays them out.
pub enum BindingData<'a> {
    /// A storage buffer the kernel may write (required for `read_write` bindings).
    Storage(&'a mut [u8]),
    /// A storage buffer bound read-only.
    StorageRead(&'a [u8]),
    /// A uniform buffer (at least as large as its type).
    Uniform(&'a [u8]),
    /// A triangle scene for an `acceleration_structure`: 9 floats (3 vertices × xyz) a triangle.
    Scene(&'a [f32]),
}

impl BindingData<'_> {
    fn name(&self) -> &'static str {
        match self {
            BindingData::Storage(_) => "a writable storage buffer",
            BindingData::StorageRead(_) => "a read-only storage buffer",
            BindingData::Uniform(_) => "a uniform buffer",
            BindingData::Scene(_) => "a triangle scene",
        }
    }
}

/// A kernel lowered once for the interpreter; run it any number of times.
pub struct CompiledKernel {
    program: Program,
    kernel: PortableKernel,
    /// The invocations of the last run, kept for the next: a workgroup's invocations start from
    /// the state the previous workgroup left (registers are written before they are read), so a
    /// later run may too, and a 1,024-invocation kernel need not allocate and copy its registers
    /// again each run.
    spare: std::sync::Mutex<Vec<Invocation>>,
}

impl CompiledKernel {
    /// Lowers `kernel` (from `check_portable` on this `module`).
    pub fn new(module: &naga::Module, kernel: &PortableKernel) -> Result<Self, RawError> {
        Ok(CompiledKernel {
            program: compile::compile(module, kernel)?,
            kernel: kernel.clone(),
            spare: std::sync::Mutex::new(Vec::new()),
        })
    }

    /// Caps the instructions one invocation may execute in one workgroup's run; past it `run`
    /// returns `RawError::StepLimit` instead of looping forever.
    pub fn with_step_limit(mut self, steps: u64) -> Self {
        self.program.step_limit = steps;
        self
    }

    /// Runs the kernel over `workgroups`, workgroup after workgroup (x fastest).
    pub fn run(&self, bindings: &mut [BindingData<'_>], workgroups: [u32; 3]) -> Result<(), RawError> {
        let mut regions = self.check_bindings(bindings)?;
        if workgroups.contains(&0) {
            return Ok(());
        }
        let p = &self.program;
        let [sx, sy, sz] = self.kernel.workgroup_size;
        let n_inv = (sx as usize) * (sy as usize) * (sz as usize);
        if n_inv == 0 || n_inv > crate::raw::portable::MAX_INVOCATIONS as usize {
            return Err(RawError::Workgroups {
                workgroups,
                reason: "the workgroup size is zero or above 1024 invocations",
            });
        }
        let mut invs = self.spare.lock().map(|mut v| std::mem::take(&mut *v)).unwrap_or_default();
        if invs.len() != n_inv {
            invs = (0..n_inv)
                .map(|_| Invocation {
                    pc: p.entry_pc,
                    regs: p.regs.clone(),
                    local: vec![0; p.local_bytes as usize],
                    frames: Vec::new(),
                    done: false,
                })
                .collect();
        }
        let mut wg_mem = vec![0u8; p.workgroup_bytes as usize];
        // Each invocation has its own budget, so an endless loop in one fails fast however many
        // invocations the grid has.
        let mut budgets = vec![0u64; n_inv];
        for wz in 0..workgroups[2] {
            for wy in 0..workgroups[1] {
                for wx in 0..workgroups[0] {
                    wg_mem.fill(0);
                    budgets.fill(p.step_limit);
                    for (li, inv) in invs.iter_mut().enumerate() {
                        let li = li as u32;
                        let lid = [li % sx, (li / sx) % sy, li / (sx * sy)];
                        let wid = [wx, wy, wz];
                        let gid =
                            [0, 1, 2].map(|i| wid[i].wrapping_mul(self.kernel.workgroup_size[i]).wrapping_add(lid[i]));
                        for &(k, reg, words) in &p.builtin_args {
                            let v = match k {
                                BuiltinArg::GlobalId => gid,
                                BuiltinArg::LocalId => lid,
                                BuiltinArg::LocalIndex => [li, 0, 0],
                                BuiltinArg::WorkgroupId => wid,
                                BuiltinArg::NumWorkgroups => workgroups,
                            };
                            let at = reg as usize;
                            inv.regs[at..at + words as usize].copy_from_slice(&v[..words as usize]);
                        }
                        inv.pc = p.entry_pc;
                        inv.done = false;
                        inv.frames.clear();
                        inv.local[..p.private_init.len()].copy_from_slice(&p.private_init);
                    }
                    let mut mem = Memory { bindings: &mut regions, workgroup: &mut wg_mem };
                    loop {
                        let mut all_done = true;
                        for (inv, budget) in invs.iter_mut().zip(&mut budgets).filter(|(i, _)| !i.done) {
                            if let Stop::Barrier = p.exec(inv, &mut mem, budget)? {
                                all_done = false;
                            }
                        }
                        if all_done {
                            break;
                        }
                    }
                }
            }
        }
        if let Ok(mut spare) = self.spare.lock() {
            *spare = invs;
        }
        Ok(())
    }

    fn check_bindings<'a, 'b>(&self, bindings: &'a mut [BindingData<'b>]) -> Result<Vec<Region<'a>>, RawError> {
        if bindings.len() != self.kernel.bindings.len() {
            return Err(RawError::BindingCount { expected: self.kernel.bindings.len(), got: bindings.len() });
        }
        let mut out = Vec::with_capacity(bindings.len());
        for (kb, data) in self.kernel.bindings.iter().zip(bindings.iter_mut()) {
            let got = data.name();
            let mismatch = |expected| RawError::BindingKind {
                group: kb.group,
                binding: kb.binding,
                name: kb.name.clone(),
                expected,
                got,
            };
            let region = match (&kb.kind, data) {
                (BindingKind::Storage { read_write: true, .. }, BindingData::Storage(b)) => Region::Write(b),
                (BindingKind::Storage { read_write: true, .. }, _) => {
                    return Err(mismatch("a writable storage buffer"))
                }
                (BindingKind::Storage { read_write: false, .. }, BindingData::Storage(b)) => Region::Read(b),
                (BindingKind::Storage { read_write: false, .. }, BindingData::StorageRead(b)) => Region::Read(b),
                (BindingKind::Storage { .. }, _) => return Err(mismatch("a storage buffer")),
                (BindingKind::Uniform { ty }, BindingData::Uniform(b)) => {
                    if b.len() < ty.size() as usize {
                        return Err(RawError::BindingTooSmall {
                            group: kb.group,
                            binding: kb.binding,
                            name: kb.name.clone(),
                            need: ty.size() as usize,
                            got: b.len(),
                        });
                    }
                    Region::Read(b)
                }
                (BindingKind::Uniform { .. }, _) => return Err(mismatch("a uniform buffer")),
                (BindingKind::AccelerationStructure, BindingData::Scene(t)) => {
                    if t.len() % 9 != 0 {
                        return Err(RawError::SceneLength { name: kb.name.clone(), len: t.len() });
                    }
                    Region::Scene(t)
                }
                (BindingKind::AccelerationStructure, _) => return Err(mismatch("a triangle scene")),
            };
            out.push(region);
        }
        Ok(out)
    }
}

/// Compiles and runs `kernel` once (see `CompiledKernel` to reuse the compiled form).
pub fn run(
    module: &naga::Module,
    kernel: &PortableKernel,
    bindings: &mut [BindingData<'_>],
    workgroups: [u32; 3],
) -> Result<(), RawError> {
    CompiledKernel::new(module, kernel)?.run(bindings, workgroups)
}
