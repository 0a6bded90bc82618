//! Where an instance's plan buffers live on a wgpu device: read-only buffers (inputs, weights),
//! read-write buffers (temps, outputs, state — bound `read_write` in every kernel, since wgpu
//! tracks usage per whole buffer) and the uniform buffer. Regions are aligned to the device's
//! storage offset alignment; a kernel argument that starts inside a region at an unaligned
//! element gets an index base instead of its own offset.

use super::adapter::AdapterConstraints;
use super::context::{scoped, DeviceHandle};
use crate::error::{Error, Result};
use crate::ir::{BufferId, BufferRole, KernelBody, KernelSpec, Plan, RawSlot};

/// The two kinds of storage an instance owns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Read,
    ReadWrite,
}

/// One binding of one kernel: a range of a physical buffer, and the element base its indices add.
#[derive(Debug, Clone)]
pub struct Binding {
    class: Class,
    phys: usize,
    offset: u64,
    size: u64,
    pub base: u64,
}

/// An instance's buffers and where each plan buffer lives.
pub struct Layout {
    read: Vec<wgpu::Buffer>,
    read_write: Vec<wgpu::Buffer>,
    uniforms: wgpu::Buffer,
    /// Raw kernels bind uniform `i` alone, at `uniform_fields + i * uniform_slot`.
    uniform_slot: u64,
    uniform_fields: u64,
    /// Per plan buffer: (class, physical buffer, byte offset).
    places: Vec<(Class, usize, u64)>,
    align: u64,
}

fn padded(bytes: u64) -> u64 {
    bytes.max(4).next_multiple_of(4)
}

impl Layout {
    pub fn new(device: &wgpu::Device, plan: &Plan, c: &AdapterConstraints) -> Result<Layout> {
        let align = (c.min_storage_buffer_offset_alignment as u64).max(16);
        let cap = c.max_buffer_size.max(align);
        let mut sizes: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
        let mut places = Vec::with_capacity(plan.buffers.len());
        for (id, b) in plan.buffers.iter().enumerate() {
            let bytes = padded(plan.byte_len(id));
            if bytes > c.max_storage_buffer_binding_size {
                return Err(Error::OverLimit {
                    binding: b.name.clone(),
                    what: "one storage binding",
                    requested: bytes,
                    limit: c.max_storage_buffer_binding_size,
                });
            }
            let class = match b.role {
                BufferRole::Input | BufferRole::Weight | BufferRole::Scene => Class::Read,
                BufferRole::Temp | BufferRole::Output | BufferRole::State => Class::ReadWrite,
            };
            let list = &mut sizes[class as usize];
            let fits = list.last().is_some_and(|&used| used.next_multiple_of(align) + bytes <= cap);
            if !fits {
                list.push(0);
            }
            let phys = list.len() - 1;
            let offset = list[phys].next_multiple_of(align);
            list[phys] = offset + bytes;
            places.push((class, phys, offset));
        }
        let create = |label: &str, size: u64, usage: wgpu::BufferUsages| {
            scoped(device, "allocating an instance's memory", || {
                device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some(label),
                    size: padded(size),
                    usage,
                    mapped_at_creation: false,
                })
            })
        };
        let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC;
        let read = sizes[0].iter().map(|&s| create("forge instance (read)", s, storage)).collect::<Result<Vec<_>>>()?;
        let read_write =
            sizes[1].iter().map(|&s| create("forge instance (read-write)", s, storage)).collect::<Result<Vec<_>>>()?;
        let uniform_slot = (c.min_uniform_buffer_offset_alignment as u64).max(16);
        let block = (plan.uniforms.len() as u64 * 4).max(16).next_multiple_of(16);
        let uniform_fields = block.next_multiple_of(uniform_slot);
        let uniform_bytes = uniform_fields + plan.uniforms.len() as u64 * uniform_slot;
        let uniforms = create(
            "forge instance (uniforms)",
            uniform_bytes,
            wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        )?;
        Ok(Layout { read, read_write, uniforms, uniform_slot, uniform_fields, places, align })
    }

    fn buffer(&self, class: Class, phys: usize) -> &wgpu::Buffer {
        match class {
            Class::Read => &self.read[phys],
            Class::ReadWrite => &self.read_write[phys],
        }
    }

    /// The physical buffer and byte offset of a plan buffer.
    pub fn place(&self, id: BufferId) -> (&wgpu::Buffer, u64) {
        let (class, phys, offset) = self.places[id];
        (self.buffer(class, phys), offset)
    }

    pub fn padded_bytes(&self, plan: &Plan, id: BufferId) -> u64 {
        padded(plan.byte_len(id))
    }

    /// Bytes of every output, each padded to 4.
    pub fn output_bytes(&self, plan: &Plan) -> u64 {
        plan.buffers
            .iter()
            .enumerate()
            .filter(|(_, b)| b.role == BufferRole::Output)
            .map(|(i, _)| self.padded_bytes(plan, i))
            .sum()
    }

    pub fn largest_state(&self, plan: &Plan) -> u64 {
        plan.buffers
            .iter()
            .enumerate()
            .filter(|(_, b)| b.role == BufferRole::State)
            .map(|(i, _)| self.padded_bytes(plan, i))
            .max()
            .unwrap_or(0)
    }

    /// The bindings of one kernel's arguments.
    pub fn bindings(&self, plan: &Plan, spec: &KernelSpec, c: &AdapterConstraints) -> Result<Vec<Binding>> {
        spec.args
            .iter()
            .map(|a| {
                let (class, phys, region) = self.places[a.buffer];
                let start = region + a.elem.bytes_for(a.offset) as u64;
                let offset = start - start % self.align;
                let size = padded(start + a.elem.bytes_for(a.len) as u64 - offset);
                if size > c.max_storage_buffer_binding_size {
                    return Err(Error::OverLimit {
                        binding: plan.buffers[a.buffer].name.clone(),
                        what: "one storage binding",
                        requested: size,
                        limit: c.max_storage_buffer_binding_size,
                    });
                }
                // A block format's base is in bytes (its loader adds it to a block's address,
                // `codegen::wgsl::quant_loader`); other elements count elements.
                let base = match a.elem.is_quantized() {
                    true => start - offset,
                    false => (start - offset) / a.elem.block_bytes() as u64,
                };
                Ok(Binding { class, phys, offset, size, base })
            })
            .collect()
    }

    /// Bind group 0 of one kernel: its arguments, then the uniform block; for raw kernels,
    /// whatever the node named at each position (an argument, one uniform's own slot).
    pub fn bind_group(
        &self,
        device: &wgpu::Device,
        pipeline: &wgpu::ComputePipeline,
        spec: &KernelSpec,
        bindings: &[Binding],
        scenes: &[(u32, &wgpu::Tlas)],
    ) -> Result<wgpu::BindGroup> {
        let arg = |n: u32, b: &Binding| wgpu::BindGroupEntry {
            binding: n,
            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: self.buffer(b.class, b.phys),
                offset: b.offset,
                size: wgpu::BufferSize::new(b.size),
            }),
        };
        let mut entries = Vec::new();
        match &spec.body {
            KernelBody::Raw(r) => {
                for (n, slot) in r.slots.iter().enumerate() {
                    match *slot {
                        RawSlot::Arg(i) => entries.push(arg(n as u32, &bindings[i])),
                        RawSlot::Uniform { field } => entries.push(wgpu::BindGroupEntry {
                            binding: n as u32,
                            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                                buffer: &self.uniforms,
                                offset: self.uniform_fields + field as u64 * self.uniform_slot,
                                size: wgpu::BufferSize::new(16),
                            }),
                        }),
                        RawSlot::Scene { .. } => {
                            let (_, tlas) = scenes.iter().find(|(b, _)| *b == n as u32).ok_or_else(|| {
                                Error::WeightsNotLoaded { binding: format!("the scene of node `{}`", spec.node) }
                            })?;
                            entries.push(wgpu::BindGroupEntry { binding: n as u32, resource: tlas.as_binding() });
                        }
                    }
                }
            }
            KernelBody::Map { .. }
            | KernelBody::Index { .. }
            | KernelBody::Row { .. }
            | KernelBody::Softmax { .. }
            | KernelBody::Norm { .. }
            | KernelBody::Matmul(_)
            | KernelBody::Attention(_)
            | KernelBody::Scatter(_)
            | KernelBody::Rows(_) => {
                entries.extend(bindings.iter().enumerate().map(|(i, b)| arg(i as u32, b)));
                if spec.uses_uniforms {
                    entries.push(wgpu::BindGroupEntry {
                        binding: bindings.len() as u32,
                        resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                            buffer: &self.uniforms,
                            offset: 0,
                            size: wgpu::BufferSize::new(self.uniform_fields),
                        }),
                    });
                }
            }
        }
        scoped(device, "binding a kernel's memory", || {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("forge kernel"),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &entries,
            })
        })
    }

    /// Writes element bytes into a plan buffer (zero-padded to 4 bytes).
    pub fn write(&self, h: &DeviceHandle, id: BufferId, bytes: &[u8]) -> Result<()> {
        let (buf, offset) = self.place(id);
        if bytes.len().is_multiple_of(4) {
            h.queue.write_buffer(buf, offset, bytes);
        } else {
            let mut v = bytes.to_vec();
            v.resize(bytes.len().next_multiple_of(4), 0);
            h.queue.write_buffer(buf, offset, &v);
        }
        Ok(())
    }

    /// The uniform block at offset 0 and each field in its own slot (raw kernels bind those),
    /// in one `write_buffer` of the whole image (each call stages a buffer of its own).
    pub fn write_uniforms(&self, h: &DeviceHandle, words: &[u8]) {
        if words.is_empty() {
            return;
        }
        let size = self.uniforms.size() as usize;
        let mut image = vec![0u8; size];
        let block = words.len().min(self.uniform_fields as usize).min(size);
        image[..block].copy_from_slice(&words[..block]);
        for (i, w) in words.chunks_exact(4).enumerate() {
            let at = (self.uniform_fields + i as u64 * self.uniform_slot) as usize;
            if at + 16 <= size {
                image[at..at + 4].copy_from_slice(w);
            }
        }
        h.queue.write_buffer(&self.uniforms, 0, &image);
    }

    pub fn destroy(&self) {
        self.read.iter().chain(&self.read_write).for_each(|b| b.destroy());
        self.uniforms.destroy();
    }
}
