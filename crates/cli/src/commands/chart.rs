//! The ratings of a tournament drawn as a chart: one row per agent, its Elo as a point and
//! its 95% interval as an error bar, as SVG or PNG. Text is measured (and drawn in PNG) with
//! the system's DejaVu Sans font.

use std::path::Path;

use anyhow::{Context as _, Result, anyhow, bail};
use plotters::coord::ranged1d::SegmentValue;
use plotters::coord::types::RangedCoordusize;
use plotters::prelude::*;
use tabuleiro_ai::TournamentResult;
use tabuleiro_core::PairScoring;

/// Where charts look for their font (Debian's `fonts-dejavu-core`).
const FONT_PATHS: [&str; 2] = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
];

/// Draws the ratings of `result` to `path`: `.svg`, or `.png`.
pub fn ratings_chart(result: &TournamentResult, path: &Path) -> Result<()> {
    let rows: Vec<(String, f64, f64, f64)> = result
        .standings
        .iter()
        .filter_map(|s| s.rating.map(|r| (s.agent.clone(), r.low, r.elo, r.high)))
        .collect();
    if rows.is_empty() {
        bail!("no agent has a rating to draw (no game was played)");
    }
    let size = (820, 90 + 46 * rows.len() as u32);
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("svg") => {
            load_font()?;
            draw(
                &SVGBackend::new(path, size).into_drawing_area(),
                result,
                &rows,
            )
        }
        Some("png") => {
            load_font()?;
            draw(
                &BitMapBackend::new(path, size).into_drawing_area(),
                result,
                &rows,
            )
        }
        _ => bail!(
            "cannot tell the chart's format from {}: name it .svg or .png",
            path.display()
        ),
    }
    .with_context(|| format!("cannot draw the chart {}", path.display()))
}

/// Registers the sans-serif font charts measure and draw their text with.
fn load_font() -> Result<()> {
    let bytes = FONT_PATHS
        .iter()
        .find_map(|p| std::fs::read(p).ok())
        .ok_or_else(|| {
            anyhow!(
                "charts need the DejaVu Sans font ({}; Debian package fonts-dejavu-core): \
                 install it to draw charts",
                FONT_PATHS[0]
            )
        })?;
    // Registered once per process; the chart is drawn once.
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, bytes)
        .map_err(|_| anyhow!("the font in {} cannot be read", FONT_PATHS[0]))
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    result: &TournamentResult,
    rows: &[(String, f64, f64, f64)],
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("{e}");
    root.fill(&WHITE).map_err(err)?;
    let low = rows.iter().map(|r| r.1).fold(f64::INFINITY, f64::min);
    let high = rows.iter().map(|r| r.3).fold(f64::NEG_INFINITY, f64::max);
    let margin = ((high - low) * 0.08).max(20.0);
    let anchor = result.standings.first().map_or("-", |s| s.agent.as_str());
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    let label_width = names.iter().map(|n| n.len()).max().unwrap_or(6) as u32 * 8 + 20;
    let counted = match result.counted {
        PairScoring::EachGame => format!("{} games", result.played),
        PairScoring::SummedScores => format!("{} pairs by summed scores", result.pairs.len()),
    };
    let mut chart = ChartBuilder::on(root)
        .caption(
            format!("{}: ratings from {counted} (95% intervals)", result.game),
            ("sans-serif", 20),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(label_width)
        .build_cartesian_2d(
            (low - margin)..(high + margin),
            // A segmented range over 0..=k has k + 1 rows.
            RangedCoordusize::from(0..rows.len() - 1).into_segmented(),
        )
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .light_line_style(WHITE)
        .x_labels(10)
        .x_label_formatter(&|x| format!("{x:+.0}"))
        .y_labels(rows.len())
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                names.get(*i).copied().unwrap_or("").to_owned()
            }
            SegmentValue::Last => String::new(),
        })
        .x_desc(format!("Elo relative to {anchor}"))
        .draw()
        .map_err(err)?;
    chart
        .draw_series(rows.iter().enumerate().map(|(i, r)| {
            ErrorBar::new_horizontal(SegmentValue::CenterOf(i), r.1, r.2, r.3, BLUE.filled(), 12)
        }))
        .map_err(err)?;
    chart
        .draw_series(
            rows.iter()
                .enumerate()
                .map(|(i, r)| Circle::new((r.2, SegmentValue::CenterOf(i)), 5, BLUE.filled())),
        )
        .map_err(err)?;
    root.present().map_err(err)?;
    Ok(())
}
