//! Test support: the `// @…` header of a corpus kernel (dispatch, buffers, uniforms, scenes,
//! tolerance) and deterministic random inputs for it.
#![allow(dead_code)]

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Elem {
    F32,
    I32,
    U32,
}

#[derive(Debug, Clone)]
pub enum Gen {
    Rand(f64, f64),
    Iota,
    Poison,
    Values(Vec<f64>),
}

#[derive(Debug, Clone)]
pub enum Item {
    Buf { binding: u32, elem: Elem, count: usize, gen: Gen },
    Uni { binding: u32, words: Vec<u32> },
    Scene { binding: u32, triangles: usize },
}

#[derive(Debug, Clone)]
pub struct Spec {
    pub dispatch: [u32; 3],
    pub items: Vec<Item>,
    pub tol: f32,
    pub entry: String,
}

fn elem(s: &str) -> Result<Elem, String> {
    match s {
        "f32" => Ok(Elem::F32),
        "i32" => Ok(Elem::I32),
        "u32" => Ok(Elem::U32),
        _ => Err(format!("bad element type {s}")),
    }
}

pub fn parse(src: &str) -> Result<Spec, String> {
    let mut spec = Spec { dispatch: [1, 1, 1], items: Vec::new(), tol: 1e-5, entry: "main".into() };
    for line in src.lines() {
        let Some(rest) = line.trim().strip_prefix("// @") else {
            continue;
        };
        let w: Vec<&str> = rest.split_whitespace().collect();
        let num = |i: usize| -> Result<f64, String> {
            w.get(i).ok_or("missing field")?.parse::<f64>().map_err(|e| format!("{rest}: {e}"))
        };
        match w.first().copied() {
            Some("dispatch") => spec.dispatch = [num(1)? as u32, num(2)? as u32, num(3)? as u32],
            Some("tol") => spec.tol = num(1)? as f32,
            Some("entry") => spec.entry = w.get(1).ok_or("entry name")?.to_string(),
            Some("buf") => {
                let binding = num(1)? as u32;
                let e = elem(w.get(2).ok_or("elem")?)?;
                let count = num(3)? as usize;
                let gen = match w.get(4).copied() {
                    None | Some("poison") => Gen::Poison,
                    Some("rand") => Gen::Rand(num(5)?, num(6)?),
                    Some("iota") => Gen::Iota,
                    Some("values") => Gen::Values(
                        w[5..].iter().map(|v| v.parse::<f64>().map_err(|e| e.to_string())).collect::<Result<_, _>>()?,
                    ),
                    Some(g) => return Err(format!("bad generator {g}")),
                };
                spec.items.push(Item::Buf { binding, elem: e, count, gen });
            }
            Some("uni") => {
                let binding = num(1)? as u32;
                let mut words = Vec::new();
                for v in &w[2..] {
                    let (t, x) = v.split_once(':').ok_or("uniform word needs type:value")?;
                    words.push(match t {
                        "f32" => x.parse::<f32>().map_err(|e| e.to_string())?.to_bits(),
                        "i32" => x.parse::<i32>().map_err(|e| e.to_string())? as u32,
                        "u32" => x.parse::<u32>().map_err(|e| e.to_string())?,
                        _ => return Err(format!("bad uniform type {t}")),
                    });
                }
                spec.items.push(Item::Uni { binding, words });
            }
            Some("scene") => spec.items.push(Item::Scene { binding: num(1)? as u32, triangles: num(2)? as usize }),
            _ => return Err(format!("unknown directive: {rest}")),
        }
    }
    Ok(spec)
}

pub const POISON: u32 = 0xDEAD_BEEF;

/// Bytes of a buffer item, from a seeded generator (non-zero random values).
pub fn generate(elem: Elem, count: usize, gen: &Gen, rng: &mut fastrand::Rng) -> Vec<u8> {
    let mut out = Vec::with_capacity(count * 4);
    for i in 0..count {
        let w: u32 = match gen {
            Gen::Poison => POISON,
            Gen::Iota => match elem {
                Elem::F32 => (i as f32).to_bits(),
                _ => i as u32,
            },
            Gen::Values(v) => {
                let x = v[i % v.len()];
                match elem {
                    Elem::F32 => (x as f32).to_bits(),
                    Elem::I32 => (x as i64 as i32) as u32,
                    Elem::U32 => x as i64 as u32,
                }
            }
            Gen::Rand(lo, hi) => loop {
                let w = match elem {
                    Elem::F32 => ((lo + (hi - lo) * rng.f64()) as f32).to_bits(),
                    Elem::I32 => rng.i64(*lo as i64..=*hi as i64) as i32 as u32,
                    Elem::U32 => rng.u64(*lo as u64..=*hi as u64) as u32,
                };
                if w != 0 {
                    break w;
                }
            },
        };
        out.extend_from_slice(&w.to_le_bytes());
    }
    out
}

/// A scene of well-separated random triangles in the box [-4, 4]^3 (9 floats each).
pub fn scene(triangles: usize, rng: &mut fastrand::Rng) -> Vec<f32> {
    let mut t = Vec::with_capacity(triangles * 9);
    for _ in 0..triangles {
        let c = [rng.f32() * 8.0 - 4.0, rng.f32() * 8.0 - 4.0, rng.f32() * 8.0 - 4.0];
        for _ in 0..3 {
            for ck in c {
                t.push(ck + rng.f32() * 3.0 - 1.5);
            }
        }
    }
    t
}

/// Compares two result buffers; returns a description of the first mismatches.
pub fn compare(elem: Elem, gpu: &[u8], cpu: &[u8], tol: f32) -> Result<(), String> {
    if gpu.len() != cpu.len() {
        return Err(format!("length {} vs {}", gpu.len(), cpu.len()));
    }
    let mut errs = Vec::new();
    for (i, (g, c)) in gpu.chunks_exact(4).zip(cpu.chunks_exact(4)).enumerate() {
        let g = u32::from_le_bytes(g.try_into().unwrap());
        let c = u32::from_le_bytes(c.try_into().unwrap());
        let ok = match elem {
            Elem::F32 => {
                let (a, b) = (f32::from_bits(g), f32::from_bits(c));
                g == c || (a.is_nan() && b.is_nan()) || (a - b).abs() <= tol * a.abs().max(b.abs()).max(1.0)
            }
            _ => g == c,
        };
        if !ok && errs.len() < 8 {
            let show = |w: u32| match elem {
                Elem::F32 => format!("{} ({w:#x})", f32::from_bits(w)),
                Elem::I32 => format!("{} ({w:#x})", w as i32),
                Elem::U32 => format!("{w} ({w:#x})"),
            };
            errs.push(format!("[{i}] wgpu {} vs interp {}", show(g), show(c)));
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs.join("; "))
    }
}
