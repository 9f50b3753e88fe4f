//! A hand-written SVG of a simulation: solve rate, level and learner skill over samples, in three
//! stacked panels sharing the x axis.

use std::fmt::Write;

use super::SimReport;

const W: f64 = 760.0;
const PANEL_H: f64 = 150.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 44.0;
const GAP: f64 = 34.0;
const COLOURS: [&str; 3] = ["#1f77b4", "#d62728", "#2ca02c"];

/// Renders the trace of a report as a standalone SVG document.
pub fn svg(report: &SimReport) -> String {
    let t = &report.trace;
    let height = TOP + 3.0 * PANEL_H + 2.0 * GAP + 44.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" viewBox="0 0 {W} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let title = format!(
        "{} controller, {} learner, seed {}",
        report.summary.controller, report.summary.learner, report.summary.seed
    );
    let _ = writeln!(
        s,
        r#"<text x="{LEFT}" y="18" font-size="14">{}</text>"#,
        escape(&title)
    );
    let names = ["solve rate", "difficulty level", "learner skill"];
    for (i, name) in names.iter().enumerate() {
        let x = LEFT + 150.0 * i as f64;
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="28" width="14" height="4" fill="{}"/><text x="{}" y="34">{name}</text>"#,
            COLOURS[i],
            x + 18.0
        );
    }
    let x_max = t.last().map_or(1.0, |p| p.samples as f64).max(1.0);
    let series: [Vec<f64>; 3] = [
        t.iter().map(|p| p.solve_rate).collect(),
        t.iter().map(|p| p.level).collect(),
        t.iter().map(|p| p.skill).collect(),
    ];
    let ranges = [(0.0, 1.0), (0.0, 10.0), nice_range(&series[2])];
    for (i, ys) in series.iter().enumerate() {
        let top = TOP + i as f64 * (PANEL_H + GAP);
        let reference = (i == 0).then_some(report.target);
        panel(
            &mut s, top, names[i], ranges[i], x_max, ys, t, COLOURS[i], reference,
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">samples</text>"#,
        LEFT + (W - LEFT - RIGHT) / 2.0,
        height - 8.0
    );
    s.push_str("</svg>\n");
    s
}

#[allow(clippy::too_many_arguments)]
fn panel(
    s: &mut String,
    top: f64,
    name: &str,
    (lo, hi): (f64, f64),
    x_max: f64,
    ys: &[f64],
    t: &[super::TracePoint],
    colour: &str,
    reference: Option<f64>,
) {
    let width = W - LEFT - RIGHT;
    let px = |x: f64| LEFT + x / x_max * width;
    let py = |y: f64| top + PANEL_H - (y - lo) / (hi - lo) * PANEL_H;
    let _ = writeln!(
        s,
        r##"<rect x="{LEFT}" y="{top}" width="{width}" height="{PANEL_H}" fill="none" stroke="#444"/>"##
    );
    for v in ticks(lo, hi) {
        let y = py(v);
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{y}" x2="{LEFT}" y2="{y}" stroke="#444"/><line x1="{LEFT}" y1="{y}" x2="{}" y2="{y}" stroke="#ddd"/><text x="{}" y="{}" text-anchor="end">{}</text>"##,
            LEFT - 4.0,
            LEFT + width,
            LEFT - 6.0,
            y + 4.0,
            tick(v)
        );
    }
    for v in ticks(0.0, x_max) {
        let x = px(v);
        let y = top + PANEL_H;
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{y}" x2="{x}" y2="{}" stroke="#444"/><text x="{x}" y="{}" text-anchor="middle">{}</text>"##,
            y + 4.0,
            y + 15.0,
            tick(v)
        );
    }
    let _ = writeln!(
        s,
        r#"<text transform="translate(14 {}) rotate(-90)" text-anchor="middle">{}</text>"#,
        top + PANEL_H / 2.0,
        escape(name)
    );
    if let Some(r) = reference {
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{y}" x2="{}" y2="{y}" stroke="#888" stroke-dasharray="4 3"/>"##,
            LEFT + width,
            y = py(r)
        );
    }
    let points: Vec<String> = t
        .iter()
        .zip(ys)
        .map(|(p, &y)| format!("{:.1},{:.1}", px(p.samples as f64), py(y.clamp(lo, hi))))
        .collect();
    let _ = writeln!(
        s,
        r#"<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{}"/>"#,
        points.join(" ")
    );
}

fn nice_range(ys: &[f64]) -> (f64, f64) {
    let lo = ys.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = ys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !lo.is_finite() || !hi.is_finite() {
        return (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.1).max(0.05);
    let step = nice_step(hi - lo + 2.0 * pad);
    (
        ((lo - pad) / step).floor() * step,
        ((hi + pad) / step).ceil() * step,
    )
}

/// A round tick spacing (1, 2 or 5 times a power of ten) giving about five ticks over `span`.
fn nice_step(span: f64) -> f64 {
    let raw = (span / 5.0).max(1e-9);
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * magnitude)
}

/// Round tick values within [lo, hi].
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let step = nice_step(hi - lo);
    let first = (lo / step - 1e-9).ceil() as i64;
    let last = (hi / step + 1e-9).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

fn tick(v: f64) -> String {
    let trim = |s: String| {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_owned()
        } else {
            s
        }
    };
    if v.abs() >= 1000.0 {
        format!("{}k", trim(format!("{:.1}", v / 1000.0)))
    } else {
        trim(format!("{v:.2}"))
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
