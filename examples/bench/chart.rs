//! The benchmark as a PNG bar chart (feature `chart`, the plotters crate): per row, Forge's
//! speed against the fastest PyTorch reference measured in the same run (eager, CUDA graph or
//! torch.compile), on a log scale, so the gap shows at a glance. Reads the rows of a run or a
//! CSV the bench wrote (`--chart-from`), so a chart can be drawn away from the GPU machine.

use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};

/// One bar: its label and PyTorch's best time over Forge's (> 1: Forge faster).
pub struct Bar {
    pub label: String,
    pub ratio: f64,
}

/// Bars from a CSV written by `--csv` (columns as `report::write_csv`).
pub fn bars_from_csv(path: &str) -> forge::Result<Vec<Bar>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| forge::Error::Unsupported { what: format!("reading {path}"), reason: e.to_string() })?;
    let mut bars = Vec::new();
    for line in text.lines().skip(1) {
        let f = fields(line);
        let num = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok());
        // vs_torch_eager, vs_torch_graph, vs_torch_compiled
        if let Some(ratio) = super::report::best_ratio([num(9), num(10), num(11)]) {
            bars.push(Bar { label: format!("{} ({})", f[0], f.get(2).map_or("", |s| s.as_str())), ratio });
        }
    }
    Ok(bars)
}

/// Splits a CSV line, honouring double-quoted fields (which may hold commas).
fn fields(line: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted) = (Vec::new(), String::new(), false);
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(std::mem::take(&mut cur)),
            c => cur.push(c),
        }
    }
    out.push(cur);
    out
}

/// A TrueType font for the labels: `FORGE_CHART_FONT`, else a common system sans font.
fn font() -> forge::Result<&'static [u8]> {
    let candidates = [
        std::env::var("FORGE_CHART_FONT").unwrap_or_default(),
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf".into(),
        "/usr/share/fonts/TTF/DejaVuSans.ttf".into(),
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf".into(),
        "/Library/Fonts/Arial.ttf".into(),
        "C:\\Windows\\Fonts\\arial.ttf".into(),
    ];
    for path in candidates.iter().filter(|p| !p.is_empty()) {
        if let Ok(bytes) = std::fs::read(path) {
            // plotters keeps registered fonts for the process's life.
            return Ok(Box::leak(bytes.into_boxed_slice()));
        }
    }
    Err(forge::Error::Unsupported {
        what: "a PNG chart".into(),
        reason: "no TrueType font found: install DejaVu Sans (Debian: fonts-dejavu-core) or set FORGE_CHART_FONT"
            .into(),
    })
}

/// Draws `bars` into a PNG at `path`.
pub fn write_png(path: &str, title: &str, bars: &[Bar]) -> forge::Result<()> {
    let fail = |e: String| forge::Error::Unsupported { what: format!("drawing {path}"), reason: e };
    register_font("sans-serif", FontStyle::Normal, font()?).map_err(|_| fail("the font is not TrueType".into()))?;
    let (w, bar, left) = (1100u32, 22u32, 330i32);
    let h = 70 + bar * bars.len() as u32;
    let root = BitMapBackend::new(path, (w, h)).into_drawing_area();
    let draw = |r: Result<(), DrawingAreaErrorKind<_>>| r.map_err(|e| fail(e.to_string()));
    draw(root.fill(&WHITE))?;
    let text = |size: u32| ("sans-serif", size).into_font().color(&BLACK);
    // x position of a ratio: log scale from 0.1x to 100x.
    let span = (w as i32 - left - 70) as f64;
    let x = |ratio: f64| left + ((ratio.clamp(0.1, 100.0).log10() + 1.0) / 3.0 * span) as i32;
    draw(root.draw(&Text::new(title.to_string(), (10, 8), text(16))))?;
    for tick in [0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0] {
        let style = if tick == 1.0 { BLACK.stroke_width(2) } else { RGBColor(200, 200, 200).stroke_width(1) };
        draw(root.draw(&PathElement::new(vec![(x(tick), 34), (x(tick), h as i32 - 8)], style)))?;
        draw(root.draw(&Text::new(
            format!("{tick}x"),
            (x(tick) - 10, 36 + bar as i32 * bars.len() as i32 + 6),
            text(12),
        )))?;
    }
    for (i, b) in bars.iter().enumerate() {
        let y = 36 + bar as i32 * i as i32;
        let (x0, x1) = if b.ratio >= 1.0 { (x(1.0), x(b.ratio)) } else { (x(b.ratio), x(1.0)) };
        let color = if b.ratio >= 1.0 { RGBColor(51, 170, 119) } else { RGBColor(204, 85, 68) };
        draw(root.draw(&Text::new(b.label.clone(), (10, y + 4), text(13))))?;
        draw(root.draw(&Rectangle::new([(x0, y + 2), (x1.max(x0 + 1), y + bar as i32 - 3)], color.filled())))?;
        draw(root.draw(&Text::new(format!("{:.2}x", b.ratio), (x1.max(x0) + 4, y + 4), text(12))))?;
    }
    root.present().map_err(|e| fail(e.to_string()))
}
