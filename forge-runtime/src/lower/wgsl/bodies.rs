//! WGSL for each kernel template: map, row reductions, softmax, RMS norm, matmuls, index notation.

use super::scalar::float_lit;
use super::{blocked_matmul, matmul_tile, skinny_matmul, Emitter, BLOCKED_K, BLOCKED_TILE, SKINNY_COLS};
use crate::ir::{contiguous_strides, KernelBody, ReduceOp, Schedule};
use std::fmt::Write;

impl Emitter<'_> {
    pub(super) fn body(&self, s: &mut String, sched: &Schedule) {
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
                let (lead, full, flat) = row_preamble(s, wg, leading, *cols, &header);
                let (init, combine) = match op {
                    ReduceOp::Max => ("-3.4028235e38f", "max(a, b)"),
                    _ => ("0.0f", "a + b"),
                };
                let x = self.expr(input, &full, &flat);
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
                let (_, full, flat) = row_preamble(s, wg, leading, *cols, &header);
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
                let (_, full, flat) = row_preamble(s, wg, leading, *cols, &header);
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
            KernelBody::Matmul { out, m, n, k, a, b, epilogue } if blocked_matmul(*m, sched) => {
                // 32x32 output tile; invocation (tx, ty) owns rows ty, ty + 16 and columns
                // tx, tx + 16 in registers; a is staged transposed so both reads are by row.
                let (t, bk) = (BLOCKED_TILE, BLOCKED_K);
                let half = t / 2;
                let _ = writeln!(
                    s,
                    "var<workgroup> ta: array<f32, {}>;\nvar<workgroup> tb: array<f32, {}>;",
                    t * bk,
                    t * bk
                );
                header(s, 256);
                let tiles_n = (*n as u32).div_ceil(t);
                let tiles_m = (*m as u32).div_ceil(t);
                let _ = writeln!(s, "    let tm = group / {tiles_n}u;\n    let tn = group % {tiles_n}u;\n    if (tm >= {tiles_m}u) {{ return; }}");
                let _ = writeln!(s, "    let tx = lid % {half}u;\n    let ty = lid / {half}u;");
                s.push_str("    var c00 = 0.0f;\n    var c01 = 0.0f;\n    var c10 = 0.0f;\n    var c11 = 0.0f;\n");
                let _ = writeln!(s, "    for (var k0 = 0u; k0 < {k}u; k0 = k0 + {bk}u) {{");
                let av = self.expr(a, &["ia".into(), "ka".into()], &format!("(ia * {k}u + ka)"));
                let bv = self.expr(b, &["kb".into(), "jb".into()], &format!("(kb * {n}u + jb)"));
                let _ =
                    writeln!(s, "        for (var r = 0u; r < 2u; r = r + 1u) {{\n            let e = lid + r * 256u;");
                let _ = writeln!(s, "            let ia = tm * {t}u + e / {bk}u;\n            let ka = k0 + e % {bk}u;\n            var va = 0.0f;");
                let _ = writeln!(s, "            if (ia < {m}u && ka < {k}u) {{ va = {av}; }}\n            ta[(e % {bk}u) * {t}u + e / {bk}u] = va;");
                let _ = writeln!(s, "            let kb = k0 + e / {t}u;\n            let jb = tn * {t}u + e % {t}u;\n            var vb = 0.0f;");
                let _ = writeln!(
                    s,
                    "            if (kb < {k}u && jb < {n}u) {{ vb = {bv}; }}\n            tb[e] = vb;\n        }}"
                );
                s.push_str("        workgroupBarrier();\n");
                let _ = writeln!(s, "        for (var kk = 0u; kk < {bk}u; kk = kk + 1u) {{");
                let _ = writeln!(
                    s,
                    "            let a0 = ta[kk * {t}u + ty];\n            let a1 = ta[kk * {t}u + ty + {half}u];"
                );
                let _ = writeln!(
                    s,
                    "            let b0 = tb[kk * {t}u + tx];\n            let b1 = tb[kk * {t}u + tx + {half}u];"
                );
                s.push_str("            c00 = c00 + a0 * b0;\n            c01 = c01 + a0 * b1;\n            c10 = c10 + a1 * b0;\n            c11 = c11 + a1 * b1;\n        }\n");
                s.push_str("        workgroupBarrier();\n    }\n");
                for (r, c) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let _ = writeln!(s, "    {{\n        let i = tm * {t}u + ty + {}u;\n        let j = tn * {t}u + tx + {}u;\n        let acc = c{r}{c};", r * half, c * half);
                    let v = self.expr(epilogue, &["i".into(), "j".into()], &format!("(i * {n}u + j)"));
                    let _ = writeln!(
                        s,
                        "        if (i < {m}u && j < {n}u) {{ {} }}\n    }}",
                        self.store(*out, &format!("i * {n}u + j"), v)
                    );
                }
                s.push_str("}\n");
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

/// The start every one-workgroup-per-row kernel shares: the reduction array, the entry point,
/// the row guard and the row's leading indices. Returns (leading vars, full-space vars, flat
/// index of `(row, c)`).
fn row_preamble(
    s: &mut String,
    wg: u32,
    leading: &[usize],
    cols: usize,
    header: &dyn Fn(&mut String, u32),
) -> (Vec<String>, Vec<String>, String) {
    let _ = writeln!(s, "var<workgroup> red: array<f32, {wg}>;");
    header(s, wg);
    let rows: usize = leading.iter().product();
    let _ = writeln!(s, "    let row = group;\n    if (row >= {rows}u) {{ return; }}");
    let lead = unflatten_vars(s, "row", leading, "    ", "l");
    let full = with_col(&lead);
    (lead, full, format!("(row * {cols}u + c)"))
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

/// Shared-memory tree reduction of `part` into `red[0]`; `combine` reads `a` and `b`.
fn reduce_tree(s: &mut String, wg: u32, combine: &str) {
    s.push_str("    red[lid] = part;\n    workgroupBarrier();\n");
    let _ = writeln!(s, "    for (var w = {}u; w > 0u; w = w >> 1u) {{", wg / 2);
    let _ = writeln!(s, "        if (lid < w) {{ let a = red[lid]; let b = red[lid + w]; red[lid] = {combine}; }}");
    s.push_str("        workgroupBarrier();\n    }\n");
}
