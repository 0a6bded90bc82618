//! Forge's benchmark: memory-bound kernels against the copy roofline, matmuls against PyTorch,
//! decode MLPs, launch overhead and MiniLM, on every backend present, with PyTorch measured in
//! the same run (`bench/torch_bench.py`, `bench/minilm_reference.py`; skipped with the reason
//! where python3, torch or a GPU is missing). Device times (CUDA events / wgpu timestamps),
//! medians. Prints one table; `--csv FILE`, `--svg FILE` and `--png FILE` also write it as CSV and charts.
//!
//! `cargo run --release --features cuda --example bench [-- --cpu] [--only CASE,CASE] [--csv f] [--svg f] [--png f]`
//! (`--png` needs `--features chart`; `--chart-from CSV --png f` draws a saved run;
//! `--kernels templates|nodes` also prints each case's per-kernel times on stderr)

#[path = "bench/cases.rs"]
mod cases;
#[cfg(feature = "chart")]
#[path = "bench/chart.rs"]
mod chart;
#[path = "bench/report.rs"]
mod report;
#[path = "bench/sources.rs"]
mod sources;

use forge::Context;

/// The title of PNG charts.
#[cfg_attr(not(feature = "chart"), allow(dead_code))]
const CHART_TITLE: &str =
    "Fastest PyTorch (eager, CUDA graph, torch.compile) time / Forge time, log scale; right of 1x: Forge faster";

/// `--png FILE` with `--chart-from CSV`: a chart of a saved run, no benchmark.
fn chart_only(csv: &str, png: Option<String>) -> forge::Result<()> {
    let Some(png) = png else {
        return Err(forge::Error::InvalidArgument {
            argument: "--chart-from".into(),
            reason: "needs --png FILE".into(),
        });
    };
    #[cfg(feature = "chart")]
    {
        chart::write_png(&png, CHART_TITLE, &chart::bars_from_csv(csv)?)
    }
    #[cfg(not(feature = "chart"))]
    {
        let _ = (csv, png);
        Err(no_chart())
    }
}

#[cfg(not(feature = "chart"))]
fn no_chart() -> forge::Error {
    forge::Error::Unsupported {
        what: "--png".into(),
        reason: "the bench was built without the `chart` feature: add `--features chart`".into(),
    }
}

fn main() -> forge::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    if let Some(csv) = flag("--chart-from") {
        return chart_only(&csv, flag("--png"));
    }
    // `--only a,b,c`: just those cases (PyTorch is asked for the same, `_f32` variants under
    // their base case's name).
    let breakdown = match flag("--kernels").as_deref() {
        None => None,
        Some("templates") => Some(cases::Breakdown::Templates),
        Some("nodes") => Some(cases::Breakdown::Nodes),
        Some(other) => {
            let reason = format!("`{other}`: expected `templates` or `nodes`");
            return Err(forge::Error::InvalidArgument { argument: "--kernels".into(), reason });
        }
    };
    let mut only: Option<Vec<String>> = flag("--only").map(|o| o.split(',').map(|c| c.trim().to_string()).collect());
    let mut backends: Vec<Context> = Vec::new();
    for (name, make) in [("cuda", Context::cuda as fn() -> forge::Result<Context>), ("wgpu", Context::wgpu)] {
        match make() {
            Ok(ctx) => backends.push(ctx),
            Err(e) => eprintln!("{name}: skipped ({e})"),
        }
    }
    if args.iter().any(|a| a == "--cpu") || backends.is_empty() {
        backends.push(Context::cpu());
    }
    let torch_cases: Option<Vec<String>> =
        only.as_ref().map(|o| o.iter().map(|c| report::torch_key(c).to_string()).collect());
    let torch = report::torch_reference(torch_cases.as_deref());
    let mut rows = Vec::new();
    let mut all = cases::all();
    // `--graph FILE --dims a,b,..`: also time a graph of your own (whole-run device time).
    if let Some(path) = flag("--graph") {
        let custom = cases::custom(&path, flag("--dims").as_deref().unwrap_or(""))?;
        if let Some(o) = only.as_mut() {
            o.push(custom.key.to_string());
        }
        all.push(custom);
    }
    for case in all {
        if only.as_ref().is_some_and(|o| !o.iter().any(|c| c == case.key)) {
            continue;
        }
        for ctx in &backends {
            if ctx.kind() == forge::BackendKind::Cpu && case.heavy {
                continue;
            }
            match cases::measure(ctx, &case, breakdown) {
                Ok(m) => rows.push(report::Row::new(&case, ctx, m, &torch)),
                Err(e) => eprintln!("{} on {}: {e}", case.key, ctx.kind()),
            }
        }
    }
    // The roofline of a GPU is the fastest copy measured on it in this run (PyTorch's too);
    // the CPU's is its own copy.
    let mut copy = rows.iter().filter(|r| r.case == "copy").map(|r| (r.backend.clone(), r.rate)).collect::<Vec<_>>();
    let gpu_best =
        copy.iter().filter(|(b, _)| b != "cpu").map(|c| c.1).chain(report::torch_copy_gbps(&torch)).fold(0.0, f64::max);
    for c in copy.iter_mut().filter(|(b, _)| b != "cpu") {
        c.1 = gpu_best;
    }
    for r in &mut rows {
        r.set_roofline(&copy);
    }
    report::print(&rows, &torch);
    if let Some(path) = flag("--csv") {
        report::write_csv(&path, &rows)?;
    }
    if let Some(path) = flag("--svg") {
        report::write_svg(&path, &rows)?;
    }
    if let Some(path) = flag("--png") {
        #[cfg(feature = "chart")]
        {
            let bars: Vec<chart::Bar> = rows
                .iter()
                .filter_map(|r| {
                    let ratio = report::best_ratio([r.vs_eager, r.vs_graph, r.vs_compiled])?;
                    Some(chart::Bar { label: format!("{} ({})", r.case, r.backend), ratio })
                })
                .collect();
            chart::write_png(&path, CHART_TITLE, &bars)?;
        }
        #[cfg(not(feature = "chart"))]
        {
            let _ = path;
            return Err(no_chart());
        }
    }
    Ok(())
}
