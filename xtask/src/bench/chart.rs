//! `--chart FILE`: an SVG bar chart of median microseconds per puzzle, one group of bars per
//! set and one colour per algorithm, on a logarithmic axis (the algorithms differ by orders of
//! magnitude).

use std::path::Path;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One set's bars: its label and each algorithm's median in microseconds.
pub(crate) struct Group {
    pub(crate) label: String,
    pub(crate) bars: Vec<(String, f64)>,
}

const COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// Draws the chart into `path`.
pub(crate) fn draw(path: &Path, title: &str, groups: &[Group]) -> Result<(), String> {
    let mut algorithms: Vec<&str> = Vec::new();
    for group in groups {
        for (name, _) in &group.bars {
            if !algorithms.contains(&name.as_str()) {
                algorithms.push(name);
            }
        }
    }
    let values = groups
        .iter()
        .flat_map(|g| g.bars.iter().map(|b| b.1))
        .filter(|v| *v > 0.0);
    let (low, high) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if algorithms.is_empty() || low > high {
        return Err("nothing to chart".into());
    }
    let low = 10f64.powf(low.log10().floor());
    let high = 10f64.powf(high.log10().ceil() + 0.3);
    // Room for each group's bars and for its label (about 8 pixels a character).
    let longest_label = groups
        .iter()
        .map(|g| g.label.chars().count())
        .max()
        .unwrap_or(0);
    let per_group_px = (algorithms.len() * 22 + 40).max(longest_label * 8 + 16);
    let width = (groups.len() * per_group_px + 160).max(640) as u32;
    let root = SVGBackend::new(path, (width, 480)).into_drawing_area();
    let result = (|| -> Result<(), Box<dyn std::error::Error>> {
        root.fill(&WHITE)?;
        let per_group = algorithms.len() + 1;
        let slots = groups.len() * per_group;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0f64..slots as f64, (low..high).log_scale())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_label_formatter(&|_| String::new())
            .y_desc("median µs per puzzle (log scale)")
            .draw()?;
        // Set names under each group of bars.
        let label_style =
            TextStyle::from(("sans-serif", 14).into_font()).pos(Pos::new(HPos::Center, VPos::Top));
        for (g, group) in groups.iter().enumerate() {
            let centre = (g * per_group) as f64 + algorithms.len() as f64 / 2.0;
            let (x, y) = chart.backend_coord(&(centre, low));
            root.draw(&Text::new(
                group.label.clone(),
                (x, y + 8),
                label_style.clone(),
            ))?;
        }
        for (a, algorithm) in algorithms.iter().enumerate() {
            let colour = COLOURS[a % COLOURS.len()];
            let bars = groups.iter().enumerate().filter_map(|(g, group)| {
                let value = group.bars.iter().find(|(n, _)| n == algorithm)?.1;
                let x = (g * per_group + a) as f64;
                Some(Rectangle::new(
                    [(x + 0.05, low), (x + 0.95, value.max(low))],
                    colour.filled(),
                ))
            });
            chart
                .draw_series(bars)?
                .label(*algorithm)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled())
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()?;
        root.present()?;
        Ok(())
    })();
    result.map_err(|err| format!("cannot draw {}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_an_svg_with_every_algorithm_in_the_legend() {
        let path = std::env::temp_dir().join(format!("bench-chart-{}.svg", std::process::id()));
        let groups = vec![
            Group {
                label: "easy".into(),
                bars: vec![("mrv".into(), 2.0), ("dlx".into(), 9.0)],
            },
            Group {
                label: "hard".into(),
                bars: vec![
                    ("mrv".into(), 30.0),
                    ("dlx".into(), 200.0),
                    ("abc".into(), 9000.0),
                ],
            },
        ];
        draw(&path, "test", &groups).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg"));
        for label in ["mrv", "dlx", "abc", "easy", "hard"] {
            assert!(svg.contains(label), "{label} missing");
        }
        std::fs::remove_file(&path).unwrap();
        assert!(draw(&path, "empty", &[]).is_err());
    }
}
