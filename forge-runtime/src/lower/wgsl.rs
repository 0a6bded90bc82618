//! WGSL lowering: one compute shader per [`KernelSpec`], shapes baked in as constants.
//! Every shader passes naga validation (checked in tests and again before each compile).

use crate::elem::{Elem, Ty};
use crate::ir::{
    contiguous_strides, BinaryOp, BufferRole, KernelBody, KernelSpec, Plan, ReduceOp, SExpr, Schedule, UnaryOp,
};
use std::fmt::Write;

/// Workgroups per dispatch dimension every WebGPU adapter supports.
pub const MAX_WORKGROUPS_PER_DIM: u32 = 65_535;

/// Side of the square matmul tile for a schedule (largest power of two whose square fits).
pub fn matmul_tile(schedule: &Schedule) -> u32 {
    let wg = schedule.workgroup.clamp(1, 1024);
    1 << (wg.ilog2() / 2)
}

/// Matmuls with at most this many rows (decode-style `[1, K] x [K, N]`) use the skinny kernel.
pub const SKINNY_MAX_M: usize = 8;
/// Output columns per workgroup of the skinny matmul; the rest of the workgroup splits K.
pub const SKINNY_COLS: u32 = 8;

/// Whether a matmul of `m` rows runs as the skinny kernel: each workgroup owns `SKINNY_COLS`
/// output columns and splits K across `workgroup / SKINNY_COLS` slices, so every element of
/// `b` is read once and a 1-row product still spreads over `n / SKINNY_COLS` workgroups.
pub fn skinny_matmul(m: usize, schedule: &Schedule) -> bool {
    m <= SKINNY_MAX_M && schedule.workgroup >= 2 * SKINNY_COLS
}

/// Total workgroups the kernel needs (before folding into a 2-D grid).
pub fn workgroup_count(spec: &KernelSpec, schedule: &Schedule) -> u64 {
    let wg = schedule.workgroup.max(1) as u64;
    match &spec.body {
        KernelBody::Raw { workgroups, .. } => (*workgroups).max(1),
        KernelBody::Map { extents, .. } | KernelBody::Index { extents, .. } => {
            let n: u64 = extents.iter().map(|&e| e as u64).product();
            n.div_ceil(wg * schedule.items.max(1) as u64).max(1)
        }
        KernelBody::RowReduce { leading, .. }
        | KernelBody::Softmax { leading, .. }
        | KernelBody::RmsNorm { leading, .. } => leading.iter().map(|&e| e as u64).product::<u64>().max(1),
        KernelBody::Matmul { m, n, .. } if skinny_matmul(*m, schedule) => (*n as u64).div_ceil(SKINNY_COLS as u64),
        KernelBody::Matmul { m, n, .. } => {
            let t = matmul_tile(schedule) as u64;
            (*m as u64).div_ceil(t) * (*n as u64).div_ceil(t)
        }
    }
}

/// Folds `total` workgroups into `[x, y, 1]` with x, y within the per-dimension limit.
pub fn fold_dispatch(total: u64, limit: u32) -> Option<[u32; 3]> {
    let x = total.min(limit as u64).max(1);
    let y = total.div_ceil(x);
    (y <= limit as u64).then_some([x as u32, y as u32, 1])
}

fn storage_type(elem: Elem) -> &'static str {
    match elem {
        Elem::F32 => "f32",
        Elem::F16 => "f16",
        Elem::U32 => "u32",
        Elem::I32 => "i32",
    }
}

/// Whether a kernel argument must be declared `read_write`: it is written, or it lives in
/// memory that this dispatch also binds read-write (wgpu tracks usage per whole buffer).
pub fn declared_read_write(role: BufferRole, written: bool) -> bool {
    written || matches!(role, BufferRole::Temp | BufferRole::Output | BufferRole::State)
}

const HELPERS: &str = "fn forge_tanh(x: f32) -> f32 { return 1.0 - 2.0 / (exp(2.0 * x) + 1.0); }
fn forge_sigmoid(x: f32) -> f32 { return 1.0 / (1.0 + exp(-x)); }
fn forge_silu(x: f32) -> f32 { return x / (1.0 + exp(-x)); }
fn forge_gelu(x: f32) -> f32 { return 0.5 * x * (1.0 + forge_tanh(0.7978846 * (x + 0.044715 * x * x * x))); }
fn forge_div_i32(a: i32, b: i32) -> i32 { if (b == 0i || (a == -2147483647i - 1i && b == -1i)) { return a; } return a / b; }
fn forge_div_u32(a: u32, b: u32) -> u32 { if (b == 0u) { return a; } return a / b; }
";

/// The WGSL source of one kernel.
pub fn emit_kernel(plan: &Plan, spec: &KernelSpec, schedule: &Schedule) -> String {
    if let KernelBody::Raw { source, .. } = &spec.body {
        return source.clone();
    }
    let mut s = String::new();
    let _ = writeln!(s, "// node: {}", spec.node);
    let _ = writeln!(
        s,
        "// kernel {} ({}; workgroup {}, items {})",
        spec.entry,
        spec.body.kind(),
        schedule.workgroup,
        schedule.items
    );
    if spec.args.iter().any(|a| a.elem == Elem::F16) {
        s.push_str("enable f16;\n");
    }
    let out = spec.body.out();
    for (i, a) in spec.args.iter().enumerate() {
        let mode = if declared_read_write(a.role, i == out) { "read_write" } else { "read" };
        let _ = writeln!(
            s,
            "@group(0) @binding({i}) var<storage, {mode}> a{i}: array<{}>; // {}",
            storage_type(a.elem),
            plan.buffers[a.buffer].name
        );
    }
    if spec.uses_uniforms {
        s.push_str("struct Uniforms {\n");
        for (i, u) in plan.uniforms.iter().enumerate() {
            let _ = writeln!(s, "    f{i}: {}, // {}", u.elem.compute().name(), u.name);
        }
        s.push_str("}\n");
        let _ = writeln!(s, "@group(0) @binding({}) var<uniform> u: Uniforms;", spec.args.len());
    }
    s.push_str(HELPERS);
    let e = Emitter { spec };
    e.body(&mut s, schedule);
    s
}

/// Renders scalar expressions for one kernel.
struct Emitter<'a> {
    spec: &'a KernelSpec,
}

fn float_lit(v: f64) -> String {
    let f = v as f32;
    if f.is_finite() {
        format!("{f:?}f")
    } else {
        format!("bitcast<f32>({}u)", f.to_bits())
    }
}

fn const_lit(value: f64, ty: Ty) -> String {
    match ty {
        Ty::F32 => float_lit(value),
        Ty::I32 => {
            let v = value as i64 as i32;
            if v == i32::MIN {
                "(-2147483647i - 1i)".into()
            } else {
                format!("{v}i")
            }
        }
        Ty::U32 => format!("{}u", value as i64 as u32),
        Ty::Bool => (value != 0.0).to_string(),
    }
}

impl Emitter<'_> {
    /// `vars[d]` is the WGSL expression of index d of the space; `flat` its row-major flat index.
    fn expr(&self, e: &SExpr, vars: &[String], flat: &str) -> String {
        match e {
            SExpr::Load { arg, strides, .. } => {
                let a = &self.spec.args[*arg];
                let off = offset(strides, vars, flat);
                let load = format!("a{arg}[{off}]");
                if a.elem == Elem::F16 {
                    format!("f32({load})")
                } else {
                    load
                }
            }
            SExpr::Uniform { field, .. } => format!("u.f{field}"),
            SExpr::Const { value, ty } => const_lit(*value, *ty),
            SExpr::Acc => "acc".into(),
            SExpr::Unary { op, arg } => {
                let x = self.expr(arg, vars, flat);
                let ty = arg.ty();
                match op {
                    UnaryOp::Neg => format!("(-{x})"),
                    UnaryOp::Not => format!("(!{x})"),
                    UnaryOp::Exp => format!("exp({x})"),
                    UnaryOp::Log => format!("log({x})"),
                    UnaryOp::Sqrt => format!("sqrt({x})"),
                    UnaryOp::Rsqrt => format!("inverseSqrt({x})"),
                    UnaryOp::Tanh => format!("forge_tanh({x})"),
                    UnaryOp::Sigmoid => format!("forge_sigmoid({x})"),
                    UnaryOp::Silu => format!("forge_silu({x})"),
                    UnaryOp::Gelu => format!("forge_gelu({x})"),
                    UnaryOp::Relu if ty == Ty::U32 => x,
                    UnaryOp::Relu => format!("max({x}, {})", const_lit(0.0, ty)),
                    UnaryOp::Abs if ty == Ty::U32 => x,
                    UnaryOp::Abs => format!("abs({x})"),
                }
            }
            SExpr::Binary { op, lhs, rhs } => {
                let (a, b) = (self.expr(lhs, vars, flat), self.expr(rhs, vars, flat));
                let sym = match op {
                    BinaryOp::Add => "+",
                    BinaryOp::Sub => "-",
                    BinaryOp::Mul => "*",
                    BinaryOp::Div => match lhs.ty() {
                        Ty::I32 => return format!("forge_div_i32({a}, {b})"),
                        Ty::U32 => return format!("forge_div_u32({a}, {b})"),
                        _ => "/",
                    },
                    BinaryOp::Min => return format!("min({a}, {b})"),
                    BinaryOp::Max => return format!("max({a}, {b})"),
                    BinaryOp::Lt => "<",
                    BinaryOp::Le => "<=",
                    BinaryOp::Gt => ">",
                    BinaryOp::Ge => ">=",
                    BinaryOp::Eq => "==",
                    BinaryOp::Ne => "!=",
                    BinaryOp::And => "&&",
                    BinaryOp::Or => "||",
                };
                format!("({a} {sym} {b})")
            }
            SExpr::Select { cond, on_true, on_false } => format!(
                "select({}, {}, {})",
                self.expr(on_false, vars, flat),
                self.expr(on_true, vars, flat),
                self.expr(cond, vars, flat)
            ),
            SExpr::Cast { arg, ty } => format!("{}({})", ty.name(), self.expr(arg, vars, flat)),
            SExpr::Gather { arg, terms, .. } => {
                let off: Vec<String> = terms
                    .iter()
                    .map(|t| {
                        let v = vars.get(t.var).cloned().unwrap_or_else(|| "0u".into());
                        let coord = if t.offset == 0 {
                            v
                        } else {
                            format!("u32(clamp(i32({v}) + ({}i), 0i, {}i))", t.offset, t.extent.saturating_sub(1))
                        };
                        if t.stride == 1 {
                            coord
                        } else {
                            format!("{coord} * {}u", t.stride)
                        }
                    })
                    .collect();
                let off = if off.is_empty() { "0u".to_string() } else { off.join(" + ") };
                let load = format!("a{arg}[{off}]");
                if self.spec.args[*arg].elem == Elem::F16 {
                    format!("f32({load})")
                } else {
                    load
                }
            }
        }
    }

    fn store(&self, out: usize, index: &str, value: String) -> String {
        match self.spec.args[out].elem {
            Elem::F16 => format!("a{out}[{index}] = f16({value});"),
            _ => format!("a{out}[{index}] = {value};"),
        }
    }

    fn body(&self, s: &mut String, sched: &Schedule) {
        let wg = sched.workgroup;
        let entry = &self.spec.entry;
        let header = |s: &mut String, wg: u32| {
            let _ = writeln!(s, "@compute @workgroup_size({wg})");
            let _ = writeln!(s, "fn {entry}(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {{");
            s.push_str("    let group = wid.x + wid.y * nwg.x;\n");
        };
        match &self.spec.body {
            KernelBody::Map { out, extents, value } => {
                header(s, wg);
                let n: usize = extents.iter().product();
                let _ = writeln!(s, "    for (var it = 0u; it < {}u; it = it + 1u) {{", sched.items.max(1));
                let _ = writeln!(s, "        let i = (group * {}u + it) * {wg}u + lid;", sched.items.max(1));
                let _ = writeln!(s, "        if (i >= {n}u) {{ return; }}");
                let vars = unflatten_vars(s, "i", extents, "        ", "i");
                let v = self.expr(value, &vars, "i");
                let _ = writeln!(s, "        {}", self.store(*out, "i", v));
                s.push_str("    }\n}\n");
            }
            KernelBody::Index { out, extents, reduce, value } => {
                header(s, wg);
                let n: usize = extents.iter().product();
                let items = sched.items.max(1);
                let _ = writeln!(s, "    for (var it = 0u; it < {items}u; it = it + 1u) {{");
                let _ = writeln!(s, "        let i = (group * {items}u + it) * {wg}u + lid;");
                let _ = writeln!(s, "        if (i >= {n}u) {{ return; }}");
                let mut vars = unflatten_vars(s, "i", extents, "        ", "i");
                let v = match reduce {
                    None => self.expr(value, &vars, ""),
                    Some((op, k)) => {
                        vars.push("0u".into());
                        let first = self.expr(value, &vars, "");
                        let _ = writeln!(s, "        var acc = {first};");
                        vars.pop();
                        vars.push("r".into());
                        let next = self.expr(value, &vars, "");
                        let combine = if *op == ReduceOp::Max { "max(acc, v)" } else { "acc + v" };
                        let _ = writeln!(
                            s,
                            "        for (var r = 1u; r < {k}u; r = r + 1u) {{ let v = {next}; acc = {combine}; }}"
                        );
                        if *op == ReduceOp::Mean {
                            format!("acc / {}", float_lit(*k as f64))
                        } else {
                            "acc".into()
                        }
                    }
                };
                let _ = writeln!(s, "        {}", self.store(*out, "i", v));
                s.push_str("    }\n}\n");
            }
            KernelBody::Raw { source, .. } => s.push_str(source),
            KernelBody::RowReduce { out, leading, cols, op, input, epilogue } => {
                let _ = writeln!(s, "var<workgroup> red: array<f32, {wg}>;");
                header(s, wg);
                let rows: usize = leading.iter().product();
                let _ = writeln!(s, "    let row = group;\n    if (row >= {rows}u) {{ return; }}");
                let lead = unflatten_vars(s, "row", leading, "    ", "l");
                let full = with_col(&lead);
                let (init, combine) = match op {
                    ReduceOp::Max => ("-3.4028235e38f", "max(a, b)"),
                    _ => ("0.0f", "a + b"),
                };
                let x = self.expr(input, &full, &format!("(row * {cols}u + c)"));
                let _ = writeln!(s, "    var part = {init};");
                let _ = writeln!(s, "    for (var c = lid; c < {cols}u; c = c + {wg}u) {{ let a = part; let b = {x}; part = {combine}; }}");
                reduce_tree(s, wg, combine);
                let mean =
                    if *op == ReduceOp::Mean { format!(" / {}", float_lit(*cols as f64)) } else { String::new() };
                let _ = writeln!(s, "    let acc = red[0]{mean};");
                let v = self.expr(epilogue, &lead, "row");
                let _ = writeln!(s, "    if (lid == 0u) {{ {} }}\n}}", self.store(*out, "row", v));
            }
            KernelBody::Softmax { out, leading, cols, input, epilogue } => {
                let _ = writeln!(s, "var<workgroup> red: array<f32, {wg}>;");
                header(s, wg);
                let rows: usize = leading.iter().product();
                let _ = writeln!(s, "    let row = group;\n    if (row >= {rows}u) {{ return; }}");
                let lead = unflatten_vars(s, "row", leading, "    ", "l");
                let full = with_col(&lead);
                let flat = format!("(row * {cols}u + c)");
                let x = self.expr(input, &full, &flat);
                let _ = writeln!(s, "    var part = -3.4028235e38f;");
                let _ = writeln!(s, "    for (var c = lid; c < {cols}u; c = c + {wg}u) {{ part = max(part, {x}); }}");
                reduce_tree(s, wg, "max(a, b)");
                s.push_str("    let m = red[0];\n    workgroupBarrier();\n    part = 0.0f;\n");
                let _ =
                    writeln!(s, "    for (var c = lid; c < {cols}u; c = c + {wg}u) {{ part = part + exp({x} - m); }}");
                reduce_tree(s, wg, "a + b");
                s.push_str("    let total = red[0];\n");
                let v = self.expr(epilogue, &full, &flat);
                let _ = writeln!(
                    s,
                    "    for (var c = lid; c < {cols}u; c = c + {wg}u) {{ let acc = exp({x} - m) / total; {} }}\n}}",
                    self.store(*out, &flat, v)
                );
            }
            KernelBody::RmsNorm { out, leading, cols, input, gain, eps, epilogue } => {
                let _ = writeln!(s, "var<workgroup> red: array<f32, {wg}>;");
                header(s, wg);
                let rows: usize = leading.iter().product();
                let _ = writeln!(s, "    let row = group;\n    if (row >= {rows}u) {{ return; }}");
                let lead = unflatten_vars(s, "row", leading, "    ", "l");
                let full = with_col(&lead);
                let flat = format!("(row * {cols}u + c)");
                let x = self.expr(input, &full, &flat);
                let _ = writeln!(s, "    var part = 0.0f;");
                let _ = writeln!(
                    s,
                    "    for (var c = lid; c < {cols}u; c = c + {wg}u) {{ let x = {x}; part = part + x * x; }}"
                );
                reduce_tree(s, wg, "a + b");
                let _ = writeln!(
                    s,
                    "    let inv = inverseSqrt(red[0] / {} + {});",
                    float_lit(*cols as f64),
                    self.expr(eps, &[], "0u")
                );
                let g = self.expr(gain, &full, &flat);
                let v = self.expr(epilogue, &full, &flat);
                let _ = writeln!(
                    s,
                    "    for (var c = lid; c < {cols}u; c = c + {wg}u) {{ let acc = {x} * inv * {g}; {} }}\n}}",
                    self.store(*out, &flat, v)
                );
            }
            KernelBody::Matmul { out, m, n, k, a, b, epilogue } if skinny_matmul(*m, sched) => {
                // Accumulators are unrolled into named registers: m <= SKINNY_MAX_M is known here.
                let (cols, slices) = (SKINNY_COLS, wg / SKINNY_COLS);
                let _ = writeln!(s, "var<workgroup> red: array<f32, {}>;", wg as usize * m);
                header(s, wg);
                let _ = writeln!(
                    s,
                    "    let col = lid % {cols}u;\n    let ks = lid / {cols}u;\n    let j = group * {cols}u + col;"
                );
                for i in 0..*m {
                    let _ = writeln!(s, "    var p{i} = 0.0f;");
                }
                let bv = self.expr(b, &["kk".into(), "j".into()], &format!("(kk * {n}u + j)"));
                let _ = writeln!(s, "    if (j < {n}u) {{\n        for (var kk = ks; kk < {k}u; kk = kk + {slices}u) {{\n            let bv = {bv};");
                for i in 0..*m {
                    let row = format!("{i}u");
                    let av = self.expr(a, &[row.clone(), "kk".into()], &format!("({row} * {k}u + kk)"));
                    let _ = writeln!(s, "            p{i} = p{i} + {av} * bv;");
                }
                s.push_str("        }\n    }\n");
                for i in 0..*m {
                    let _ = writeln!(s, "    red[(ks * {m}u + {i}u) * {cols}u + col] = p{i};");
                }
                s.push_str("    workgroupBarrier();\n");
                let _ =
                    writeln!(s, "    if (ks == 0u && j < {n}u) {{\n        for (var i = 0u; i < {m}u; i = i + 1u) {{");
                let _ = writeln!(s, "            var acc = 0.0f;\n            for (var q = 0u; q < {slices}u; q = q + 1u) {{ acc = acc + red[(q * {m}u + i) * {cols}u + col]; }}");
                let v = self.expr(epilogue, &["i".into(), "j".into()], &format!("(i * {n}u + j)"));
                let _ = writeln!(
                    s,
                    "            {}\n        }}\n    }}\n}}",
                    self.store(*out, &format!("i * {n}u + j"), v)
                );
            }
            KernelBody::Matmul { out, m, n, k, a, b, epilogue } => {
                let t = matmul_tile(sched);
                let _ =
                    writeln!(s, "var<workgroup> ta: array<f32, {}>;\nvar<workgroup> tb: array<f32, {}>;", t * t, t * t);
                header(s, t * t);
                let tiles_n = (*n as u32).div_ceil(t);
                let tiles_m = (*m as u32).div_ceil(t);
                let _ = writeln!(s, "    let tm = group / {tiles_n}u;\n    let tn = group % {tiles_n}u;\n    if (tm >= {tiles_m}u) {{ return; }}");
                let _ = writeln!(s, "    let ly = lid / {t}u;\n    let lx = lid % {t}u;\n    let i = tm * {t}u + ly;\n    let j = tn * {t}u + lx;");
                s.push_str("    var sum = 0.0f;\n");
                let _ = writeln!(s, "    for (var k0 = 0u; k0 < {k}u; k0 = k0 + {t}u) {{");
                let av = self.expr(a, &["i".into(), "ka".into()], &format!("(i * {k}u + ka)"));
                let bv = self.expr(b, &["kb".into(), "j".into()], &format!("(kb * {n}u + j)"));
                let _ = writeln!(s, "        let ka = k0 + lx;\n        var va = 0.0f;\n        if (i < {m}u && ka < {k}u) {{ va = {av}; }}\n        ta[lid] = va;");
                let _ = writeln!(s, "        let kb = k0 + ly;\n        var vb = 0.0f;\n        if (kb < {k}u && j < {n}u) {{ vb = {bv}; }}\n        tb[lid] = vb;");
                s.push_str("        workgroupBarrier();\n");
                let _ = writeln!(s, "        for (var kk = 0u; kk < {t}u; kk = kk + 1u) {{ sum = sum + ta[ly * {t}u + kk] * tb[kk * {t}u + lx]; }}");
                s.push_str("        workgroupBarrier();\n    }\n");
                let v = self.expr(epilogue, &["i".into(), "j".into()], &format!("(i * {n}u + j)"));
                let _ = writeln!(
                    s,
                    "    let acc = sum;\n    if (i < {m}u && j < {n}u) {{ {} }}\n}}",
                    self.store(*out, &format!("i * {n}u + j"), v)
                );
            }
        }
    }
}

fn with_col(lead: &[String]) -> Vec<String> {
    let mut v = lead.to_vec();
    v.push("c".into());
    v
}

/// Emits `let {prefix}d = (flat / stride) % extent;` for each dim and returns their names.
fn unflatten_vars(s: &mut String, flat: &str, extents: &[usize], indent: &str, prefix: &str) -> Vec<String> {
    let strides = contiguous_strides(extents);
    (0..extents.len())
        .map(|d| {
            let name = format!("{prefix}{d}");
            let _ = writeln!(s, "{indent}let {name} = ({flat} / {}u) % {}u;", strides[d], extents[d]);
            name
        })
        .collect()
}

/// Offset of a load: the flat index when the strides are the space's own, else the dot product.
fn offset(strides: &[usize], vars: &[String], flat: &str) -> String {
    if strides.is_empty() || strides.iter().all(|&s| s == 0) {
        return "0u".into();
    }
    let terms: Vec<String> = strides
        .iter()
        .zip(vars)
        .filter(|(&s, _)| s != 0)
        .map(|(&s, v)| if s == 1 { v.clone() } else { format!("{v} * {s}u") })
        .collect();
    if vars.len() == strides.len()
        && is_contiguous_for(strides, vars.len())
        && !flat.is_empty()
        && terms.len() == strides.len()
    {
        // A full-rank contiguous read of the space itself.
        return flat.to_string();
    }
    terms.join(" + ")
}

fn is_contiguous_for(strides: &[usize], _rank: usize) -> bool {
    // Contiguous iff the last stride is 1 and each stride is the next one times its extent;
    // without extents here, only the caller's space can say — callers pass the flat index
    // only for spaces whose own strides these are, so compare to the trailing product shape.
    strides.last() == Some(&1) && strides.windows(2).all(|w| w[0] >= w[1])
}

/// Shared-memory tree reduction of `part` into `red[0]`; `combine` reads `a` and `b`.
fn reduce_tree(s: &mut String, wg: u32, combine: &str) {
    s.push_str("    red[lid] = part;\n    workgroupBarrier();\n");
    let _ = writeln!(s, "    for (var w = {}u; w > 0u; w = w >> 1u) {{", wg / 2);
    let _ = writeln!(s, "        if (lid < w) {{ let a = red[lid]; let b = red[lid + w]; red[lid] = {combine}; }}");
    s.push_str("        workgroupBarrier();\n    }\n");
}
