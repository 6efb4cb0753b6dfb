//! Workspace automation, run as `cargo xtask <verb>` (the alias lives in `.cargo/config.toml`).

mod bench;
mod ci;
mod fuzz;
mod gen_benchdata;
mod python;
mod readme_examples;
mod render_docs;
mod snapshots;
mod tidy;

use std::process::ExitCode;

const HELP: &str = "\
usage: cargo xtask <verb> [options]

verbs:
  bench   run every algorithm on every set of benchdata/ (or --data FILE...), verifying each
          answer; prints a table per set (see `cargo xtask bench --help`)
  ci      run exactly what CI runs: fmt check, clippy (warnings denied), tests (debug, then the
          large-data tests in release), docs (warnings denied), a check with the minimum Rust
          version (when rustup has it), the Python package's tests, tidy, every fuzz target
          for 20 s (on nightly, installing cargo-fuzz; skipped with the reason without
          nightly), benchdata check, README examples with one dependency each, and `cargo
          package` of every published crate
  fuzz    run the fuzz targets of fuzz/ with cargo-fuzz on nightly, corpora seeded from
          benchdata/ (see `cargo xtask fuzz --help`)
  gen-benchdata [--check] [FILE...]  regenerate the generated sets of benchdata/ from
          their seeds (only the sets named, e.g. size25_45.txt); --check fails when a
          committed file differs from what it makes
  python  build the Python package (crates/sudoku-py) into a venv at target/py-venv, as
          `pip install` does, and run its pytest suite
  render-docs [--check]  rewrite the pictures of docs/render/ (boards of each kind, an
          explanation step and page, a printable page) from sudoku-render's gallery;
          --check fails when a committed one is stale
  readme-examples  build and run each crate README's example as a program whose only
          dependency is that crate
  snapshots  check every insta snapshot (answers and statistics of each algorithm on
          benchdata/, help texts, ...); --accept rewrites stale ones for review
  tidy    check workspace rules: algorithm crates depend only on sudoku-core, no AGPL
          dependency in a published crate, shared lints and licence everywhere
  help    print this help
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(verb) = args.first() else {
        eprint!("{HELP}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let result = match verb.as_str() {
        "bench" => bench::run(rest),
        "ci" => ci::run(rest),
        "fuzz" => fuzz::run(rest),
        "gen-benchdata" => gen_benchdata::run(rest),
        "python" => python::run(rest),
        "readme-examples" => readme_examples::run(rest),
        "render-docs" => render_docs::run(rest),
        "snapshots" => snapshots::run(rest),
        "tidy" => tidy::run(rest),
        "help" | "--help" | "-h" => {
            print!("{HELP}");
            Ok(())
        }
        other => {
            eprintln!("error: unknown verb `{other}`\n\n{HELP}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

/// The cargo that started us (`$CARGO`), so xtask uses the same toolchain.
pub(crate) fn cargo() -> std::process::Command {
    std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The workspace root (the parent of this crate's folder).
pub(crate) fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits inside the workspace")
        .to_path_buf()
}
