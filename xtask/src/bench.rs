//! `cargo xtask bench`: every algorithm on every puzzle set, every answer of every pass
//! verified.
//!
//! The modules: [`args`] (the command line), [`data`] (reading sets), [`runners`] (the
//! algorithms behind one trait), [`cpsat`] (the OR-tools peer of the killer solver),
//! [`tdoku`] (the C++ peer of the classic solvers), [`rate`] and [`explainer`] (`--mode rate`:
//! ratings beside Sudoku Explainer), [`harness`] (passes and timing), [`verify`] (checking each
//! answer), [`report`] (legend, tables, summary and JSON), [`chart`] (the SVG chart),
//! [`progress`].

use std::path::PathBuf;

use crate::workspace_root;

mod args;
mod chart;
mod cpsat;
mod data;
mod explainer;
mod harness;
mod lisudoku;
mod progress;
mod rate;
mod report;
mod runners;
#[cfg(test)]
mod snapshot_tests;
mod tdoku;
#[cfg(test)]
mod tests;
mod verify;

use args::{BenchArgs, Measure, Request};
use data::PuzzleSet;
use runners::Registry;

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let args = match BenchArgs::parse(args)? {
        Request::Run(args) => args,
        Request::Print(text) => {
            print!("{text}");
            return Ok(());
        }
    };
    if args.measure == Measure::Rate {
        let files = if args.data.is_empty() {
            vec![rate::default_set()]
        } else {
            args.data.clone()
        };
        return rate::run(&files, &args);
    }
    let files = if args.data.is_empty() {
        default_sets()?
    } else {
        args.data.clone()
    };
    let registry = Registry::new(args.peer);
    for name in &args.algo {
        if !registry.knows(name) {
            return Err(format!(
                "unknown algorithm `{name}`; known: {}",
                registry.names().join(", ")
            ));
        }
    }
    print!("{}", report::legend(files.len(), &args));
    let mut reports = Vec::new();
    let mut wrong = 0;
    for file in &files {
        let set = PuzzleSet::load(file, args.puzzle_limit())?;
        let report = harness::bench_set(&set, &registry, &args)?;
        report::print_table(&set, &report, &args);
        wrong += report.iter().map(|r| r.wrong.len()).sum::<usize>();
        reports.push((set, report));
    }
    print!("{}", report::summary(&reports));
    if let Some(path) = &args.json {
        report::write_json(path, &report::to_json(&reports, &args))?;
    }
    if let Some(path) = &args.chart {
        let groups: Vec<chart::Group> = reports
            .iter()
            .filter(|(_, algos)| !algos.is_empty())
            .map(|(set, algos)| chart::Group {
                label: set
                    .path
                    .file_stem()
                    .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
                bars: algos
                    .iter()
                    .map(|r| (r.name.clone(), report::micros(r.median)))
                    .collect(),
            })
            .collect();
        let title = format!(
            "median µs per puzzle, mode {}, {} thread(s)",
            args.mode().name(),
            args.jobs
        );
        chart::draw(path, &title, &groups)?;
        eprintln!("wrote {}", path.display());
    }
    if wrong > 0 {
        return Err(format!("{wrong} wrong answer(s): see WRONG lines above"));
    }
    Ok(())
}

/// The sets of benchdata/, in name order.
fn default_sets() -> Result<Vec<PathBuf>, String> {
    let dir = workspace_root().join("benchdata");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|err| format!("cannot read {}: {err}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| PuzzleSet::is_set_file(path))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("no puzzle sets in {}", dir.display()));
    }
    Ok(files)
}
