//! Autotune: where a kernel has more than one variant that fits it (today: the wgpu matmul
//! templates — the modelled pick and the 32×32, 64×64 and 128×128 register-blocked tiles),
//! time each candidate once on the device, keep only those whose output matches the CPU
//! reference on random inputs, and
//! remember the fastest per device and kernel in the cache directory, so later instances
//! (and processes) take it without timing again. Opt-in (`Context::with_autotune`,
//! `Options::autotune`): the first `new` of a graph then runs every candidate.

use super::cpu::oracle::CpuOracle;
use super::oracle::OracleContext;
use crate::codegen::geometry::{coop_fits, matmul_variant, MatmulVariant};
use crate::elem::Elem;
use crate::error::Result;
use crate::ir::{BufferRole, KernelBody, KernelSpec, Plan, Schedule};
use crate::memory::{BindingUsage, BufferView};

/// Timed runs of each candidate (after one warm-up); the median counts.
const SAMPLES: usize = 5;

/// What tuning decided for one kernel.
#[derive(Debug, Clone, PartialEq)]
pub struct Tuned {
    pub kernel: usize,
    pub schedule: Schedule,
    /// For profiles, e.g. `autotuned: fastest of 3 (2 matched the CPU), 41.2 us`.
    pub note: String,
}

/// Schedules of the distinct variants that fit `spec` under `schedule`, the device's default
/// first; empty when there is no choice (not a matmul, a schedule the graph set, the skinny
/// kernel, or inputs the tuner cannot make: integers, uniforms, an integer output, an output
/// read in place). `coop`: the device runs cooperative-matrix matmuls, which then lead (their
/// modelled tile, then both tiles) and replace the plain default (which the device would
/// turn into them), so every register-blocked or tiled variant is named by its `items`.
pub fn candidates(spec: &KernelSpec, schedule: &Schedule, coop: bool) -> Vec<Schedule> {
    let KernelBody::Matmul(m) = &spec.body else { return Vec::new() };
    let out = spec.body.out();
    let floats = spec.args.iter().all(|a| matches!(a.elem, Elem::F32 | Elem::F16 | Elem::BF16));
    let in_place = spec.reads_buffer(spec.args[out].buffer);
    if *schedule != Schedule::default() || spec.uses_uniforms || !floats || in_place {
        return Vec::new();
    }
    let mut seen: Vec<MatmulVariant> = Vec::new();
    let mut picks = Vec::new();
    let coop = coop && coop_fits(m, &spec.args);
    let options = if coop {
        let c = Schedule { coop: true, ..Schedule::default() };
        vec![c, Schedule { items: 2, ..c }, Schedule { items: 4, ..c }]
    } else {
        vec![Schedule::default()]
    };
    let plain = [2, 4, 8].map(|items| Schedule { items, ..Schedule::default() });
    for s in options.into_iter().chain(plain) {
        let v = matmul_variant(m, &spec.args, &s);
        if !seen.contains(&v) {
            seen.push(v);
            picks.push(s);
        }
    }
    if picks.len() < 2 {
        return Vec::new();
    }
    picks
}

/// The choices for every kernel of `plan` with candidates: from the cache directory where a
/// choice for this device and kernel is kept, else by timing each candidate on `device`.
/// `coop`: the device runs cooperative-matrix matmuls ([`candidates`]).
pub fn tune_plan(plan: &Plan, device: &mut dyn OracleContext, device_name: &str, coop: bool) -> Result<Vec<Tuned>> {
    let mut tuned = Vec::new();
    for (i, k) in plan.kernels.iter().enumerate() {
        let cands = candidates(&k.spec, &k.schedule, coop);
        if cands.is_empty() {
            continue;
        }
        let key = cache_key(plan, &k.spec, &cands, device_name);
        if let Some(s) = load(&key).filter(|s| cands.contains(s)) {
            tuned.push(Tuned { kernel: i, schedule: s, note: "autotuned (kept from an earlier run)".into() });
            continue;
        }
        if let Some(t) = time_candidates(&k.spec, &cands, device)? {
            store(&key, &t.0);
            tuned.push(Tuned { kernel: i, schedule: t.0, note: t.1 });
        }
    }
    Ok(tuned)
}

/// The device memory tuning `plan` needs at once, `(read-only, read-write)` bytes: the
/// largest tuned kernel's arguments, each view 256-byte aligned (what the wgpu context reserves
/// before [`tune_plan`]).
pub fn transient_bytes(plan: &Plan, coop: bool) -> (u64, u64) {
    let aligned = |a: &crate::ir::KernelArg| crate::memory::align_up(a.elem.bytes_for(a.len).max(1) as u64);
    let mut need = (0, 0);
    for k in plan.kernels.iter().filter(|k| !candidates(&k.spec, &k.schedule, coop).is_empty()) {
        let out = k.spec.body.out();
        let (mut read, mut read_write) = (0, 0);
        for (i, a) in k.spec.args.iter().enumerate() {
            if i != out && read_only(a.role) {
                read += aligned(a);
            } else {
                read_write += aligned(a);
            }
        }
        need = (need.0.max(read), need.1.max(read_write));
    }
    need
}

/// Times every candidate; `None` when none ran and matched the reference (the modelled choice
/// then stays). A candidate that fails to build or run is dropped like a wrong one.
fn time_candidates(
    spec: &KernelSpec,
    cands: &[Schedule],
    device: &mut dyn OracleContext,
) -> Result<Option<(Schedule, String)>> {
    let KernelBody::Matmul(m) = &spec.body else { return Ok(None) };
    let out = spec.body.out();
    let inputs: Vec<Vec<u8>> =
        spec.args.iter().enumerate().map(|(i, a)| random_bytes(a.elem, a.len, i as u64)).collect();
    let out_elem = spec.args[out].elem;
    // All-ones bits: NaN in f32, f16 and bf16 alike.
    let poison = vec![0xFFu8; out_elem.bytes_for(spec.args[out].len)];
    let reference = {
        let mut cpu = CpuOracle::new();
        let views = upload(&mut cpu, spec, &inputs, &poison)?;
        cpu.run_kernel(spec, &cands[0], &views, spec.args[out].len, 0, 1)?;
        let mut r = values(out_elem, cpu.read_buffer_f32(&views[out])?);
        r.truncate(spec.args[out].len);
        r
    };
    // Summation order differs between variants and the CPU: 1e-4·√K of the largest value
    // passes any correct kernel and fails a wrong one (NaN poison, a missed tile); a 16-bit
    // output may also round to the neighbouring value (one unit in the last place).
    let largest = reference.iter().fold(1f32, |m, v| m.max(v.abs()));
    let ulp = match out_elem {
        Elem::F16 => 2f32.powi(-10),
        Elem::BF16 => 2f32.powi(-7),
        Elem::F32 | Elem::U32 | Elem::I32 | Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => 0.0,
    };
    let tol = largest * (1e-4 * (m.k.max(1) as f32).sqrt() + ulp);
    let mut best: Option<(Schedule, u64)> = None;
    let mut matched = 0;
    for s in cands {
        let views = upload(device, spec, &inputs, &poison)?;
        let run = device.run_kernel(spec, s, &views, spec.args[out].len, 1, SAMPLES);
        let got = run.and_then(|t| Ok((t, values(out_elem, device.read_buffer_f32(&views[out])?))));
        device.clear_transient_allocations();
        let Ok((mut times, got)) = got else { continue };
        // Views may be longer than asked (allocation alignment).
        let ok = got.len() >= reference.len() && got.iter().zip(&reference).all(|(g, r)| (g - r).abs() <= tol);
        if !ok || times.is_empty() {
            continue;
        }
        matched += 1;
        times.sort_unstable();
        let median = times[times.len() / 2];
        if best.is_none_or(|(_, t)| median < t) {
            best = Some((*s, median));
        }
    }
    Ok(best.map(|(s, ns)| {
        let note =
            format!("autotuned: fastest of {} ({matched} matched the CPU), {:.1} us", cands.len(), ns as f64 / 1e3);
        (s, note)
    }))
}

/// The values of an `elem` buffer read back as f32 words (a 16-bit buffer holds two values a
/// word, the first in the low half).
fn values(elem: Elem, words: Vec<f32>) -> Vec<f32> {
    let halves = || {
        words.iter().flat_map(|w| {
            let b = w.to_bits();
            [b as u16, (b >> 16) as u16]
        })
    };
    match elem {
        Elem::F16 => halves().map(|h| half::f16::from_bits(h).to_f32()).collect(),
        Elem::BF16 => halves().map(|h| half::bf16::from_bits(h).to_f32()).collect(),
        Elem::F32 | Elem::U32 | Elem::I32 => words,
        // Never an output (only weights take block formats).
        Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => Vec::new(),
    }
}

/// Whether a kernel binds a buffer of `role` read-only: inputs and weights; temps, outputs
/// and states are bound read-write.
fn read_only(role: BufferRole) -> bool {
    match role {
        BufferRole::Input | BufferRole::Weight | BufferRole::Scene => true,
        BufferRole::Temp | BufferRole::Output | BufferRole::State => false,
    }
}

/// One view per argument, bound in order: the random inputs, the output poisoned with NaN.
fn upload(o: &mut dyn OracleContext, spec: &KernelSpec, inputs: &[Vec<u8>], poison: &[u8]) -> Result<Vec<BufferView>> {
    let out = spec.body.out();
    (0..spec.args.len())
        .map(|i| {
            // As the kernel binds it (wgpu keeps the two kinds in separate buffers).
            let usage =
                if read_only(spec.args[i].role) { BindingUsage::StorageRead } else { BindingUsage::StorageReadWrite };
            o.allocate_and_write(if i == out { poison } else { &inputs[i] }, i as u32, 0, usage)
        })
        .collect()
}

/// Deterministic values in [-1, 1) as `elem` bytes (splitmix64 per argument).
fn random_bytes(elem: Elem, len: usize, seed: u64) -> Vec<u8> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ seed.wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    };
    if elem.is_quantized() {
        // Blocks of small codes with a scale of 1/16: values within [-1, 1] as for floats.
        return crate::elem::synthetic_blocks(elem, len, 1.0 / 16.0, -0.5, || ((next() + 1.0) * 127.5) as u8);
    }
    let mut bytes = Vec::with_capacity(len * elem.size_bytes());
    for _ in 0..len {
        let v = next();
        match elem {
            Elem::F16 => bytes.extend_from_slice(&half::f16::from_f32(v).to_le_bytes()),
            Elem::BF16 => bytes.extend_from_slice(&half::bf16::from_f32(v).to_le_bytes()),
            Elem::F32 => bytes.extend_from_slice(&v.to_le_bytes()),
            // Not tuned today (`candidates`); small non-negative values where they would be.
            Elem::U32 | Elem::I32 => bytes.extend_from_slice(&(((v + 1.0) * 4.0) as u32).to_le_bytes()),
            Elem::Q4_0 | Elem::Q4_1 | Elem::Q8_0 => {}
        }
    }
    bytes
}

/// The kernel's maths and shapes (not its node name or buffer numbers), the device, and the
/// code every candidate lowers to: a change to a template makes the kept choice stale, so it
/// is timed again.
fn cache_key(plan: &Plan, spec: &KernelSpec, cands: &[Schedule], device_name: &str) -> String {
    let args: Vec<(Elem, usize)> = spec.args.iter().map(|a| (a.elem, a.len)).collect();
    let mut text = format!("{}|{device_name}|{:?}|{args:?}", env!("CARGO_PKG_VERSION"), spec.body);
    let bases = vec![0; spec.args.len()];
    for c in cands {
        text.push('|');
        text.push_str(&crate::codegen::wgsl::emit_kernel(plan, spec, c, &bases));
    }
    format!("{:016x}", crate::hash::fnv1a64(text.as_bytes()))
}

fn path(key: &str) -> Option<std::path::PathBuf> {
    super::cache_dir::cache_dir().map(|d| d.join("tune").join(format!("{key}.txt")))
}

/// The most bytes a kept choice may hold (it is three numbers).
const MAX_CHOICE_BYTES: u64 = 256;

/// A kept choice: `workgroup items coop` (`coop` 0 or 1; absent in older files: 0).
fn load(key: &str) -> Option<Schedule> {
    let bytes = super::cache_file::read(&path(key)?, MAX_CHOICE_BYTES)?;
    let text = String::from_utf8(bytes).ok()?;
    let mut it = text.split_whitespace().map(|w| w.parse::<u32>().ok());
    let (workgroup, items) = (it.next()??, it.next()??);
    let coop = it.next().flatten().unwrap_or(0) == 1;
    Some(Schedule { workgroup, items, coop, warp_sums: false, clusters: false, tensor_cores: false })
}

/// Keeps a choice; a cache that cannot be written only costs the next process a tuning.
fn store(key: &str, s: &Schedule) {
    if let Some(p) = path(key) {
        super::cache_file::write(&p, format!("{} {} {}\n", s.workgroup, s.items, u8::from(s.coop)).as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_inputs_are_deterministic_spread_and_never_zero() {
        let a = random_bytes(Elem::F32, 1000, 3);
        assert_eq!(a, random_bytes(Elem::F32, 1000, 3));
        assert_ne!(a, random_bytes(Elem::F32, 1000, 4));
        let v: Vec<f32> = a.chunks(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        assert!(v.iter().all(|x| (-1.0..1.0).contains(x) && *x != 0.0));
        assert!(v.iter().any(|x| *x < -0.5) && v.iter().any(|x| *x > 0.5));
        assert_eq!(random_bytes(Elem::F16, 10, 0).len(), 20);
    }

    #[test]
    fn the_cache_key_follows_the_device_and_the_candidates_code() {
        let src = "graph M { dims { M, K, N } input a: f32[M, K]; input b: f32[K, N]; output y: f32[M, N]; y = matmul(a, b); }";
        let graph = crate::instance::parse_graph_source(src).unwrap();
        let plan = crate::plan::lower(&graph, &[256, 128, 256]).unwrap();
        let k = plan.kernels.iter().find(|k| matches!(k.spec.body, KernelBody::Matmul(_))).unwrap();
        let cands = candidates(&k.spec, &k.schedule, false);
        assert!(cands.len() >= 2, "{cands:?}");
        let key = cache_key(&plan, &k.spec, &cands, "gpu");
        assert_eq!(key, cache_key(&plan, &k.spec, &cands, "gpu"));
        assert_ne!(key, cache_key(&plan, &k.spec, &cands, "another gpu"));
        // Other code for the candidates (here: fewer of them) is another key.
        assert_ne!(key, cache_key(&plan, &k.spec, &cands[..1], "gpu"));
    }
}
