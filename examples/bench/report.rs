//! The benchmark's table: rates, % of the copy roofline, ratios to PyTorch measured in the same
//! run; as text, CSV and an SVG bar chart.

use super::cases::{Case, Measured, Work};
use forge::Context;
use std::collections::HashMap;
use std::fmt::Write as _;

/// PyTorch's median milliseconds per (case, variant), from `bench/torch_bench.py`.
pub type Torch = HashMap<(String, String), f64>;

/// The PyTorch case a Forge case is measured against: `minilm_b8_f32` (the true-f32 graph) and
/// `minilm_b8_tf32x3` against `minilm_b8`, every other case against its own name.
pub fn torch_key(case: &str) -> &str {
    case.strip_suffix("_f32").or_else(|| case.strip_suffix("_tf32x3")).unwrap_or(case)
}

/// The fastest of PyTorch's references over Forge's time (eager, CUDA graph, torch.compile).
#[cfg(feature = "chart")]
pub fn best_ratio(ratios: [Option<f64>; 3]) -> Option<f64> {
    ratios.into_iter().flatten().reduce(f64::min)
}

pub fn torch_reference(only: Option<&[String]>) -> Torch {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/torch_bench.py");
    let script = if std::path::Path::new(script).exists() { script.to_string() } else { "bench/torch_bench.py".into() };
    let mut cmd = std::process::Command::new("python3");
    cmd.arg(&script);
    if let Some(o) = only {
        cmd.args(o);
    }
    let mut out = Torch::new();
    match cmd.output() {
        Ok(o) if o.status.success() => {
            for line in String::from_utf8_lossy(&o.stdout).lines() {
                let p: Vec<&str> = line.split(',').collect();
                if let [case, variant, ms] = p.as_slice() {
                    if let Ok(ms) = ms.parse::<f64>() {
                        out.insert((case.to_string(), variant.to_string()), ms);
                    }
                }
            }
        }
        Ok(o) => {
            eprintln!("PyTorch reference skipped: {}", String::from_utf8_lossy(&o.stderr).lines().last().unwrap_or(""))
        }
        Err(e) => eprintln!("PyTorch reference skipped: {e}"),
    }
    out
}

/// One line of the table.
pub struct Row {
    pub case: String,
    pub what: String,
    pub backend: String,
    pub variant: String,
    pub device_us: f64,
    pub wall_us: f64,
    /// GB/s, TFLOP/s, µs per node or µs per run, by the case's work.
    pub rate: f64,
    pub unit: &'static str,
    pub roofline: Option<f64>,
    /// PyTorch's time over Forge's (> 1: Forge is faster), eager and CUDA-graph.
    pub vs_eager: Option<f64>,
    pub vs_graph: Option<f64>,
    pub vs_compiled: Option<f64>,
    /// Milliseconds `GraphInstance::from_source` took.
    pub new_ms: f64,
}

impl Row {
    pub fn new(case: &Case, ctx: &Context, m: Measured, torch: &Torch) -> Row {
        let us = m.device.as_secs_f64() * 1e6;
        let (rate, unit) = match case.work {
            Work::Bytes(b) => (b / (us * 1e-6) / 1e9, "GB/s"),
            Work::Flops(f) => (f / (us * 1e-6) / 1e12, "TFLOP/s"),
            Work::Nodes(n) => (us / n as f64, "us/node"),
            Work::Model => (us, "us/run"),
        };
        let gpu = ctx.kind() != forge::BackendKind::Cpu;
        let key = torch_key(case.key);
        let ratio = |variant: &str| {
            torch.get(&(key.to_string(), variant.to_string())).filter(|_| gpu && us > 0.0).map(|ms| ms * 1e3 / us)
        };
        Row {
            case: case.key.into(),
            what: case.what.clone(),
            backend: ctx.kind().to_string(),
            variant: m.variant,
            device_us: us,
            wall_us: m.wall.as_secs_f64() * 1e6,
            rate,
            unit,
            roofline: None,
            vs_eager: ratio("eager"),
            vs_graph: ratio("cuda_graph"),
            vs_compiled: ratio("compiled"),
            new_ms: m.build.as_secs_f64() * 1e3,
        }
    }

    /// % of the same backend's copy bandwidth, for byte-counted cases.
    pub fn set_roofline(&mut self, copy: &[(String, f64)]) {
        if self.unit == "GB/s" {
            self.roofline = copy.iter().find(|(b, _)| *b == self.backend).map(|(_, c)| 100.0 * self.rate / c);
        }
    }
}

/// PyTorch's copy of 64 Mi f32 in this run, in GB/s (read + write).
pub fn torch_copy_gbps(torch: &Torch) -> Option<f64> {
    let ms = torch.get(&("copy".to_string(), "eager".to_string()))?;
    Some((64u64 << 20) as f64 * 8.0 / (ms * 1e-3) / 1e9)
}

pub fn print(rows: &[Row], torch: &Torch) {
    println!(
        "{:<24} {:<5} {:>11} {:>10} {:>12} {:<11} {:>7} {:>8} {:>8} {:>8} {:>8}  variant",
        "case", "on", "device us", "wall us", "rate", "", "% copy", "x eager", "x graph", "x comp.", "new ms"
    );
    for r in rows {
        let opt = |v: Option<f64>, d: usize| v.map_or("-".to_string(), |x| format!("{x:.d$}"));
        println!(
            "{:<24} {:<5} {:>11.1} {:>10.1} {:>12.2} {:<11} {:>7} {:>8} {:>8} {:>8} {:>8.1}  {}",
            r.case,
            r.backend,
            r.device_us,
            r.wall_us,
            r.rate,
            r.unit,
            opt(r.roofline, 0),
            opt(r.vs_eager, 2),
            opt(r.vs_graph, 2),
            opt(r.vs_compiled, 2),
            r.new_ms,
            r.variant
        );
    }
    if !torch.is_empty() {
        if let Some(gbps) = torch_copy_gbps(torch) {
            println!(
                "PyTorch copy (same run): {gbps:.0} GB/s; % copy is against the fastest copy measured on the device"
            );
        }
        println!("x eager / x graph / x comp.: PyTorch's time (eager, CUDA-graph replay, torch.compile) over Forge's device time (above 1: Forge faster), same GPU, same run");
    }
}

pub fn write_csv(path: &str, rows: &[Row]) -> forge::Result<()> {
    let mut s = String::from("case,what,backend,variant,device_us,wall_us,rate,unit,pct_copy,vs_torch_eager,vs_torch_graph,vs_torch_compiled,new_ms\n");
    let opt = |v: Option<f64>| v.map_or(String::new(), |x| format!("{x:.4}"));
    for r in rows {
        let _ = writeln!(
            s,
            "{},\"{}\",{},\"{}\",{:.3},{:.3},{:.4},{},{},{},{},{},{:.2}",
            r.case,
            r.what,
            r.backend,
            r.variant,
            r.device_us,
            r.wall_us,
            r.rate,
            r.unit,
            opt(r.roofline),
            opt(r.vs_eager),
            opt(r.vs_graph),
            opt(r.vs_compiled),
            r.new_ms
        );
    }
    std::fs::write(path, s)
        .map_err(|e| forge::Error::Unsupported { what: format!("writing {path}"), reason: e.to_string() })
}

/// A bar per row: PyTorch's eager time over Forge's (log scale), so the gap shows at a glance.
pub fn write_svg(path: &str, rows: &[Row]) -> forge::Result<()> {
    let rows: Vec<&Row> = rows.iter().filter(|r| r.vs_eager.is_some()).collect();
    let (w, bar, left) = (900.0, 22.0, 300.0);
    let h = 60.0 + bar * rows.len() as f64;
    let x = |ratio: f64| left + (ratio.log10() + 1.0) / 3.0 * (w - left - 20.0);
    let mut s = format!(
        "<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' font-family='sans-serif' font-size='12'>\n"
    );
    let _ = writeln!(s, "<text x='10' y='20' font-size='14'>PyTorch time / Forge time (log scale; right of the line: Forge faster)</text>");
    let one = x(1.0);
    let _ = writeln!(s, "<line x1='{one}' y1='30' x2='{one}' y2='{}' stroke='black'/>", h - 10.0);
    for (i, r) in rows.iter().enumerate() {
        let y = 40.0 + bar * i as f64;
        let ratio = r.vs_eager.unwrap_or(1.0).clamp(0.1, 100.0);
        let (x0, x1) = if ratio >= 1.0 { (one, x(ratio)) } else { (x(ratio), one) };
        let color = if ratio >= 1.0 { "#3a7" } else { "#c54" };
        let _ = writeln!(s, "<text x='10' y='{}'>{} ({})</text>", y + 14.0, r.case, r.backend);
        let _ = writeln!(s, "<rect x='{x0:.1}' y='{y}' width='{:.1}' height='{}' fill='{color}'/>", x1 - x0, bar - 4.0);
        let _ = writeln!(s, "<text x='{:.1}' y='{}'>{ratio:.2}x</text>", x1.max(x0) + 4.0, y + 14.0);
    }
    s.push_str("</svg>\n");
    std::fs::write(path, s)
        .map_err(|e| forge::Error::Unsupported { what: format!("writing {path}"), reason: e.to_string() })
}
