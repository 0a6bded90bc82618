//! Test support: parse + validate + check a WGSL kernel, and run a corpus file through wgpu and
//! the interpreter, comparing every writable storage buffer.
#![allow(dead_code)]

use forge_runtime::raw::interp::{BindingData, CompiledKernel};
use forge_runtime::raw::{check_portable, BindingKind, PortableKernel};

use crate::spec::{self, Elem, Item};

/// One input item: binding number, bytes, element type (buffers), triangles (scenes).
pub type Input = (u32, Vec<u8>, Option<Elem>, Option<Vec<f32>>);

pub fn corpus_dir() -> std::path::PathBuf {
    let baked = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/raw/corpus");
    if baked.is_dir() {
        return baked;
    }
    std::path::PathBuf::from("forge-runtime/tests/raw/corpus")
}

pub fn parse_validate(src: &str) -> Result<(naga::Module, naga::valid::ModuleInfo), String> {
    let module = naga::front::wgsl::parse_str(src).map_err(|e| e.emit_to_string(src))?;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map_err(|e| e.emit_to_string(src))?;
    Ok((module, info))
}

pub fn load(name: &str) -> Result<(String, naga::Module, naga::valid::ModuleInfo, PortableKernel, spec::Spec), String> {
    let path = corpus_dir().join(format!("{name}.wgsl"));
    let src = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let spec = spec::parse(&src)?;
    let (module, info) = parse_validate(&src)?;
    let kernel = check_portable(&module, &info, &spec.entry)
        .map_err(|errs| errs.iter().map(|e| format!("{:?}: {}", e.span, e.message)).collect::<Vec<_>>().join("\n"))?;
    Ok((src, module, info, kernel, spec))
}

/// Input bytes for every item, seeded by the kernel name.
pub fn inputs(name: &str, spec: &spec::Spec) -> Vec<Input> {
    let seed = name.bytes().fold(0xcbf29ce484222325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100000001b3));
    let mut rng = fastrand::Rng::with_seed(seed);
    spec.items
        .iter()
        .map(|it| match it {
            Item::Buf { binding, elem, count, gen } => {
                (*binding, spec::generate(*elem, *count, gen, &mut rng), Some(*elem), None)
            }
            Item::Uni { binding, words } => {
                (*binding, words.iter().flat_map(|w| w.to_le_bytes()).collect(), None, None)
            }
            Item::Scene { binding, triangles } => (*binding, Vec::new(), None, Some(spec::scene(*triangles, &mut rng))),
        })
        .collect()
}

/// Runs the interpreter; returns the final bytes per input item (as `inputs` orders them).
pub fn run_interp(
    module: &naga::Module,
    kernel: &PortableKernel,
    items: &[Input],
    dispatch: [u32; 3],
) -> Result<Vec<Vec<u8>>, String> {
    let mut bufs: Vec<Vec<u8>> = items.iter().map(|i| i.1.clone()).collect();
    let compiled = CompiledKernel::new(module, kernel).map_err(|e| e.to_string())?;
    let mut order = Vec::new();
    for kb in &kernel.bindings {
        let i = items.iter().position(|it| it.0 == kb.binding).ok_or(format!("no data for binding {}", kb.binding))?;
        order.push(i);
    }
    let mut slots: Vec<Option<&mut Vec<u8>>> = bufs.iter_mut().map(Some).collect();
    let mut data = Vec::new();
    for (kb, &i) in kernel.bindings.iter().zip(&order) {
        let buf = slots[i].take().ok_or("binding used twice")?;
        data.push(match &kb.kind {
            BindingKind::Storage { read_write: true, .. } => BindingData::Storage(buf.as_mut_slice()),
            BindingKind::Storage { .. } => BindingData::StorageRead(buf.as_slice()),
            BindingKind::Uniform { .. } => BindingData::Uniform(buf.as_slice()),
            BindingKind::AccelerationStructure => BindingData::Scene(items[i].3.as_deref().ok_or("scene data")?),
        });
    }
    compiled.run(&mut data, dispatch).map_err(|e| e.to_string())?;
    drop(data);
    Ok(bufs)
}
