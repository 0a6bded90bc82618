//! CUDA-C translation of a portable kernel: `to_cuda_c` emits one `extern "C" __global__`
//! function, launched with blockDim = the workgroup size and gridDim = the workgroup counts.
//! `cuda_params` lists its parameters; the code is a mechanical image of what the interpreter
//! does (same bounds policy, integer/conversion rules and float rounding steps).

mod expr;
mod func;
mod math;
mod prelude;
mod types;

use std::collections::HashMap;
use std::fmt::Write;

use naga::{AddressSpace, Binding, BuiltIn, TypeInner};

use crate::raw::portable::{BindingKind, PortableKernel};
use crate::raw::RawError;
use func::FnGen;
use types::{sanitize, Types};

/// One parameter of the generated kernel, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CudaParam {
    /// Device pointer of `kernel.bindings[binding]` (storage: `T*` of the element type, uniform:
    /// `const U*`, scene: `const float*` triangle soup).
    Pointer { binding: usize, c_type: String },
    /// `unsigned long long`: byte length of the storage buffer `kernel.bindings[binding]`
    /// (drives `arrayLength` and the bounds checks).
    ByteLength { binding: usize },
    /// `unsigned int`: number of triangles of the scene `kernel.bindings[binding]`.
    TriangleCount { binding: usize },
}

/// The parameter list of the kernel `to_cuda_c` generates: every binding's pointer in binding
/// order, then the byte length of each storage binding and the triangle count of each scene, in
/// binding order.
pub fn cuda_params(module: &naga::Module, kernel: &PortableKernel) -> Result<Vec<CudaParam>, RawError> {
    let mut scratch = String::new();
    Ok(params(module, kernel, &mut scratch)?.into_iter().map(|p| p.0).collect())
}

/// (param, C declaration)
fn params(
    module: &naga::Module,
    kernel: &PortableKernel,
    decls: &mut String,
) -> Result<Vec<(CudaParam, String)>, RawError> {
    let t = Types { module };
    let mut out = Vec::new();
    for (i, kb) in kernel.bindings.iter().enumerate() {
        let gv = module.global_variables.try_get(kb.global).map_err(|e| RawError::Mismatch(e.to_string()))?;
        let name = format!("fr_b{i}_{}", sanitize(&kb.name));
        let c_type = match &kb.kind {
            BindingKind::Storage { .. } => {
                let (elem, stride) = match t.inner(gv.ty)? {
                    TypeInner::Array { base, stride, size: naga::ArraySize::Dynamic } => (*base, Some(*stride)),
                    _ => (gv.ty, None),
                };
                let m = t.mirror(elem, stride, &format!("fr_mem{i}"), decls)?;
                format!("{m}*")
            }
            BindingKind::Uniform { .. } => format!("const {}*", t.mirror(gv.ty, None, &format!("fr_mem{i}"), decls)?),
            BindingKind::AccelerationStructure => "const float*".into(),
        };
        out.push((CudaParam::Pointer { binding: i, c_type: c_type.clone() }, format!("{c_type} {name}")));
    }
    for (i, kb) in kernel.bindings.iter().enumerate() {
        match kb.kind {
            BindingKind::Storage { .. } => {
                out.push((CudaParam::ByteLength { binding: i }, format!("unsigned long long fr_len{i}")))
            }
            BindingKind::AccelerationStructure => {
                out.push((CudaParam::TriangleCount { binding: i }, format!("unsigned int fr_count{i}")))
            }
            BindingKind::Uniform { .. } => {}
        }
    }
    Ok(out)
}

fn valid_c_name(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with("fr_")
}

/// Translates the checked `kernel` to CUDA-C source defining `extern "C" __global__ void
/// kernel_name(…)` (parameters as `cuda_params` lists them). Needs no CUDA headers.
pub fn to_cuda_c(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    kernel: &PortableKernel,
    kernel_name: &str,
) -> Result<String, RawError> {
    let _ = info; // expression types were resolved by `check_portable`
    if !valid_c_name(kernel_name) {
        return Err(RawError::KernelName(kernel_name.into()));
    }
    let t = Types { module };
    let ep = module
        .entry_points
        .get(kernel.entry_index)
        .filter(|ep| ep.name == kernel.entry_point)
        .ok_or_else(|| RawError::NoEntryPoint(kernel.entry_point.clone()))?;

    let mut src = String::new();
    let _ = writeln!(
        src,
        "// CUDA-C for WGSL entry point `{}` (forge-raw). Launch with blockDim = ({}, {}, {}).",
        kernel.entry_point, kernel.workgroup_size[0], kernel.workgroup_size[1], kernel.workgroup_size[2]
    );
    src.push_str(prelude::PRELUDE);
    t.declarations(&mut src)?;
    let mut mirrors = String::new();
    let params = params(module, kernel, &mut mirrors)?;
    src.push_str(&mirrors);

    // Globals: bindings and privates live in the context, workgroup variables in __shared__.
    let mut globals = HashMap::new();
    let mut ctx = String::from("struct fr_ctx {\n");
    let mut init = String::new();
    for (i, kb) in kernel.bindings.iter().enumerate() {
        let pname = format!("fr_b{i}_{}", sanitize(&kb.name));
        match kb.kind {
            BindingKind::AccelerationStructure => {
                let _ = writeln!(ctx, "    fr_scene b{i};");
                let _ = writeln!(init, "    ctx.b{i}.tris = {pname}; ctx.b{i}.count = fr_count{i};");
            }
            BindingKind::Storage { .. } => {
                let _ = writeln!(ctx, "    fr_bptr b{i};");
                let _ = writeln!(
                    init,
                    "    ctx.b{i}.base = (unsigned char*){pname}; ctx.b{i}.len = fr_len{i}; ctx.b{i}.off = 0u;"
                );
            }
            BindingKind::Uniform { ref ty } => {
                let _ = writeln!(ctx, "    fr_bptr b{i};");
                let _ = writeln!(
                    init,
                    "    ctx.b{i}.base = (unsigned char*){pname}; ctx.b{i}.len = {}ull; ctx.b{i}.off = 0u;",
                    ty.size()
                );
            }
        }
        globals.insert(kb.global, format!("ctx->b{i}"));
    }
    let mut shared = String::new();
    let mut zero_shared = String::new();
    for (h, gv) in module.global_variables.iter() {
        match gv.space {
            AddressSpace::Private => {
                let ct = t.c_type_h(gv.ty)?;
                let _ = writeln!(ctx, "    {ct} p{};", h.index());
                let _ = writeln!(init, "    ctx.p{0} = {ct}{{}};", h.index());
                if let Some(e) = gv.init {
                    let mut words = Vec::new();
                    crate::raw::interp::compile::const_eval(module, &module.global_expressions, e, &mut words)?;
                    let mut s = String::new();
                    t.assign_words(t.inner(gv.ty)?, &format!("ctx.p{}", h.index()), &words, &mut s)?;
                    for l in s.lines() {
                        let _ = writeln!(init, "    {l}");
                    }
                }
                globals.insert(h, format!("&ctx->p{}", h.index()));
            }
            AddressSpace::WorkGroup => {
                if t.c_type_h(gv.ty).is_err() {
                    continue;
                }
                let _ = writeln!(shared, "__shared__ {} fr_wg{};", t.c_type_h(gv.ty)?, h.index());
                let _ = writeln!(zero_shared,
                    "    for (unsigned int fr_i = fr_tid; fr_i < sizeof(fr_wg{0}); fr_i += fr_nthreads) ((unsigned char*)&fr_wg{0})[fr_i] = 0;",
                    h.index());
                globals.insert(h, format!("&fr_wg{}", h.index()));
            }
            _ => {}
        }
    }
    ctx.push_str("    int fr_unused;\n};\n");
    src.push_str(&ctx);
    src.push_str(&shared);

    // Helper functions (callees first), then the entry point body.
    for &fh in &kernel.functions {
        let f = module.functions.try_get(fh).map_err(|e| RawError::Mismatch(e.to_string()))?;
        let mut g = FnGen {
            t: &t,
            module,
            f,
            types: kernel.types_of(Some(fh))?,
            globals: &globals,
            is_entry: false,
            out: String::new(),
            depth: 0,
            loops: 0,
        };
        g.function(&format!("fr_f{}", fh.index()))?;
        src.push_str(&g.out);
    }
    let mut g = FnGen {
        t: &t,
        module,
        f: &ep.function,
        types: kernel.types_of(None)?,
        globals: &globals,
        is_entry: true,
        out: String::new(),
        depth: 0,
        loops: 0,
    };
    g.function("fr_entry")?;
    src.push_str(&g.out);

    // The kernel: builtins from CUDA's indices, with the WGSL workgroup size as constants.
    let [sx, sy, sz] = kernel.workgroup_size;
    let nthreads = kernel.invocations_per_workgroup();
    let plist: Vec<&str> = params.iter().map(|p| p.1.as_str()).collect();
    let _ = writeln!(
        src,
        "extern \"C\" __global__ void __launch_bounds__({}) {kernel_name}({}) {{",
        sx * sy * sz,
        plist.join(", ")
    );
    src.push_str("    fr_ctx ctx;\n");
    src.push_str(&init);
    let _ = writeln!(src, "    const fr_v3u fr_lid = {{{{ threadIdx.x, threadIdx.y, threadIdx.z }}}};");
    let _ = writeln!(src, "    const fr_v3u fr_wid = {{{{ blockIdx.x, blockIdx.y, blockIdx.z }}}};");
    let _ = writeln!(src, "    const fr_v3u fr_nwg = {{{{ gridDim.x, gridDim.y, gridDim.z }}}};");
    let _ = writeln!(src, "    const fr_v3u fr_gid = {{{{ fr_wid.v[0] * {sx}u + fr_lid.v[0], fr_wid.v[1] * {sy}u + fr_lid.v[1], fr_wid.v[2] * {sz}u + fr_lid.v[2] }}}};");
    let _ = writeln!(src, "    const unsigned int fr_tid = fr_lid.v[0] + {sx}u * (fr_lid.v[1] + {sy}u * fr_lid.v[2]);");
    let _ = writeln!(src, "    const unsigned int fr_nthreads = {nthreads}u;");
    if !zero_shared.is_empty() {
        src.push_str(&zero_shared);
        src.push_str("    __syncthreads();\n");
    }
    let builtin = |b: &Binding| -> Result<&'static str, RawError> {
        Ok(match b {
            Binding::BuiltIn(BuiltIn::GlobalInvocationId) => "fr_gid",
            Binding::BuiltIn(BuiltIn::LocalInvocationId) => "fr_lid",
            Binding::BuiltIn(BuiltIn::LocalInvocationIndex) => "fr_tid",
            Binding::BuiltIn(BuiltIn::WorkGroupId) => "fr_wid",
            Binding::BuiltIn(BuiltIn::NumWorkGroups) => "fr_nwg",
            _ => return Err(RawError::Unsupported("entry-point argument binding".into())),
        })
    };
    let mut args = Vec::new();
    for (i, a) in ep.function.arguments.iter().enumerate() {
        match &a.binding {
            Some(b) => args.push(builtin(b)?.to_string()),
            None => {
                let TypeInner::Struct { members, .. } = t.inner(a.ty)? else {
                    return Err(RawError::Unsupported("entry-point argument".into()));
                };
                let _ = writeln!(src, "    {} fr_arg{i};", t.c_type_h(a.ty)?);
                for (k, m) in members.iter().enumerate() {
                    let b = m.binding.as_ref().ok_or_else(|| RawError::Unsupported("entry-point member".into()))?;
                    let _ = writeln!(src, "    fr_arg{i}.m{k} = {};", builtin(b)?);
                }
                args.push(format!("fr_arg{i}"));
            }
        }
    }
    let mut call = String::from("    fr_entry(&ctx");
    for a in &args {
        let _ = write!(call, ", {a}");
    }
    call.push_str(");\n}\n");
    src.push_str(&call);
    Ok(src)
}
