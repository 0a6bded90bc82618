//! The interpreter never panics and never reads outside what it was given: every corpus kernel
//! runs with storage buffers cut short (down to empty), and binding mistakes come back as errors.

#[path = "raw/support/kernel.rs"]
mod kernel;
#[path = "raw/support/spec.rs"]
mod spec;

use forge_runtime::raw::interp::{BindingData, CompiledKernel};
use forge_runtime::raw::{BindingKind, RawError};

fn corpus_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(kernel::corpus_dir())
        .unwrap()
        .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(String::from))
        .collect();
    names.sort();
    names
}

#[test]
fn truncated_buffers_do_not_panic() {
    for name in corpus_names() {
        let (_src, module, _info, k, spec) = kernel::load(&name).unwrap();
        let mut items = kernel::inputs(&name, &spec);
        for cut in [0usize, 3, 4, 13] {
            for it in items.iter_mut().filter(|it| it.2.is_some()) {
                it.1.truncate(cut);
            }
            // Loops bounded by data may run long on garbage; the step limit turns that into an error.
            let compiled = CompiledKernel::new(&module, &k).unwrap().with_step_limit(50_000_000);
            let mut bufs: Vec<Vec<u8>> = items.iter().map(|i| i.1.clone()).collect();
            let mut data = Vec::new();
            let mut rest: Vec<Option<&mut Vec<u8>>> = bufs.iter_mut().map(Some).collect();
            for kb in &k.bindings {
                let i = items.iter().position(|it| it.0 == kb.binding).unwrap();
                let b = rest[i].take().unwrap();
                data.push(match kb.kind {
                    BindingKind::Storage { .. } => BindingData::Storage(b.as_mut_slice()),
                    BindingKind::Uniform { .. } => BindingData::Uniform(b.as_slice()),
                    BindingKind::AccelerationStructure => BindingData::Scene(items[i].3.as_deref().unwrap()),
                });
            }
            match compiled.run(&mut data, spec.dispatch) {
                Ok(()) | Err(RawError::StepLimit { .. }) => {}
                Err(e) => panic!("{name} cut to {cut}: {e}"),
            }
        }
    }
}

#[test]
fn binding_mistakes_are_errors() {
    let (_src, module, _info, k, _spec) = kernel::load("map_saxpy").unwrap();
    let compiled = CompiledKernel::new(&module, &k).unwrap();
    let (x, y, mut out, p) = (vec![0u8; 16], vec![0u8; 16], vec![0u8; 16], vec![0u8; 16]);
    let e = compiled.run(&mut [BindingData::StorageRead(&x)], [1, 1, 1]).unwrap_err();
    assert!(matches!(e, RawError::BindingCount { expected: 4, got: 1 }), "{e}");
    let e = compiled
        .run(
            &mut [
                BindingData::StorageRead(&x),
                BindingData::StorageRead(&y),
                BindingData::StorageRead(&out),
                BindingData::Uniform(&p),
            ],
            [1, 1, 1],
        )
        .unwrap_err();
    assert!(e.to_string().contains("`out` expects a writable storage buffer"), "{e}");
    let e = compiled
        .run(
            &mut [
                BindingData::StorageRead(&x),
                BindingData::StorageRead(&y),
                BindingData::Storage(&mut out),
                BindingData::Uniform(&p[..8]),
            ],
            [1, 1, 1],
        )
        .unwrap_err();
    assert!(matches!(e, RawError::BindingTooSmall { need: 16, got: 8, .. }), "{e}");
    compiled
        .run(
            &mut [
                BindingData::StorageRead(&x),
                BindingData::StorageRead(&y),
                BindingData::Storage(&mut out),
                BindingData::Uniform(&p),
            ],
            [0, 1, 1],
        )
        .unwrap();
}

#[test]
fn endless_loop_hits_the_step_limit() {
    let src = "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n\
               @compute @workgroup_size(1) fn main() { var i = 0u; loop { i += o[0]; o[1] = i; } }";
    let (module, info) = kernel::parse_validate(src).unwrap();
    let k = forge_runtime::raw::check_portable(&module, &info, "main").unwrap();
    let compiled = CompiledKernel::new(&module, &k).unwrap().with_step_limit(10_000);
    let mut o = vec![0u8; 8];
    let e = compiled.run(&mut [BindingData::Storage(&mut o)], [1, 1, 1]).unwrap_err();
    assert!(matches!(e, RawError::StepLimit { limit: 10_000 }), "{e}");
}
