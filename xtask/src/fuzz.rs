//! `cargo xtask fuzz [TARGET] [--time SECONDS]`: coverage-guided fuzzing of the targets in
//! `fuzz/` with cargo-fuzz on the nightly toolchain, from seed corpora made of benchdata.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use sudoku_fuzz::{SeedData, TARGETS, Target};

use crate::workspace_root;

const HELP: &str = "\
usage: cargo xtask fuzz [TARGET] [--time SECONDS]

Runs a fuzz target of fuzz/ (every target in turn when none is named) with cargo-fuzz on the
nightly toolchain, built without sanitizer and with debug assertions (`-s none
--debug-assertions`), installing cargo-fuzz first when it is missing. Each target's corpus,
fuzz/corpus/TARGET/, is seeded from benchdata/ (and the public sets when present). A failing
input lands in fuzz/artifacts/TARGET/: fix the bug, then keep the input in
fuzz/regressions/TARGET/, which `cargo test` replays on stable.

options:
  --time SECONDS  how long each target runs (default 60)
  -h, --help      print this help

targets:
";

/// How long each target runs by default, in seconds.
const DEFAULT_TIME: u64 = 60;

/// How long `cargo xtask ci` runs each target, in seconds: long enough to meet a stale oracle
/// or a new crash on the seeds and their first mutations (the reader's failed within a
/// minute, on its 859th input), short enough for every target to fit in a few minutes.
pub(crate) const CI_TIME: u64 = 20;

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let mut name = None;
    let mut time = DEFAULT_TIME;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                print!("{}", help());
                return Ok(());
            }
            "--time" => {
                let value = args.next().ok_or("--time needs a number of seconds")?;
                time =
                    value.parse().ok().filter(|&t| t > 0).ok_or_else(|| {
                        format!("--time {value}: not a positive number of seconds")
                    })?;
            }
            other if other.starts_with('-') => {
                return Err(format!("unknown option `{other}`\n\n{}", help()));
            }
            other if name.is_none() => name = Some(other.to_string()),
            other => return Err(format!("one target at most, got a second: `{other}`")),
        }
    }
    let targets: Vec<&Target> = match &name {
        Some(name) => vec![sudoku_fuzz::target(name).ok_or_else(|| {
            format!(
                "no fuzz target `{name}`; the targets are: {}",
                TARGETS
                    .iter()
                    .map(|t| t.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?],
        None => TARGETS.iter().collect(),
    };
    let root = workspace_root();
    ensure_cargo_fuzz()?;
    let data = SeedData::load(&root, true);
    for target in targets {
        let corpus = root.join("fuzz").join("corpus").join(target.name);
        let added = seed(target, &data, &corpus)?;
        eprintln!(
            "==> fuzz {}: {} ({added} new seeds in fuzz/corpus/{})",
            target.name, target.about, target.name
        );
        fuzz(&root, target.name, &corpus, time)?;
    }
    Ok(())
}

/// The fuzz step of `cargo xtask ci`: every target for [`CI_TIME`] seconds, each corpus seeded
/// as `cargo xtask fuzz` seeds it. `Ok(Some(n))` when the `n` targets ran without a finding;
/// `Ok(None)`, the reason written, when fuzzing cannot run here (no nightly toolchain, or
/// cargo-fuzz could not be installed); `Err` for a finding, with its input.
pub(crate) fn ci() -> Result<Option<usize>, String> {
    if let Err(why) = ensure_cargo_fuzz() {
        eprintln!("==> fuzz: skipped: {why}");
        return Ok(None);
    }
    let root = workspace_root();
    let data = SeedData::load(&root, true);
    for target in TARGETS {
        let corpus = root.join("fuzz").join("corpus").join(target.name);
        seed(target, &data, &corpus)?;
        eprintln!("==> fuzz {} for {CI_TIME} s: {}", target.name, target.about);
        fuzz(&root, target.name, &corpus, CI_TIME)?;
    }
    Ok(Some(TARGETS.len()))
}

fn help() -> String {
    let mut text = HELP.to_string();
    for target in TARGETS {
        text.push_str(&format!("  {:<11} {}\n", target.name, target.about));
    }
    text
}

/// `cargo +nightly`, through rustup's proxy (the cargo of `$CARGO` is the stable one).
fn nightly_cargo() -> Command {
    let mut command = Command::new("cargo");
    command.arg("+nightly");
    command
}

/// Installs cargo-fuzz when `cargo +nightly fuzz` does not run.
fn ensure_cargo_fuzz() -> Result<(), String> {
    let version = nightly_cargo()
        .args(["fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if version.is_ok_and(|s| s.success()) {
        return Ok(());
    }
    let nightly = nightly_cargo()
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !nightly.is_ok_and(|s| s.success()) {
        return Err("fuzzing needs the nightly toolchain: rustup toolchain install nightly".into());
    }
    eprintln!("==> installing cargo-fuzz (cargo install cargo-fuzz --locked)");
    let status = Command::new("cargo")
        .args(["install", "cargo-fuzz", "--locked"])
        .status()
        .map_err(|err| format!("cannot run cargo install: {err}"))?;
    if !status.success() {
        return Err(format!("cargo install cargo-fuzz failed ({status})"));
    }
    Ok(())
}

/// Writes the target's seeds into its corpus folder, each under a name made from its
/// contents (so a second run adds nothing); returns how many were new.
fn seed(target: &Target, data: &SeedData, corpus: &Path) -> Result<usize, String> {
    std::fs::create_dir_all(corpus).map_err(|err| format!("{}: {err}", corpus.display()))?;
    let mut added = 0;
    for seed in (target.seeds)(data) {
        let path = corpus.join(format!("seed-{:016x}", fnv1a(&seed)));
        if !path.exists() {
            std::fs::write(&path, &seed).map_err(|err| format!("{}: {err}", path.display()))?;
            added += 1;
        }
    }
    Ok(added)
}

/// FNV-1a, 64 bits: a name for a seed that stays the same from one run to the next.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Runs one target for `seconds`, echoing libFuzzer's output, and sums it up.
fn fuzz(root: &Path, name: &str, corpus: &Path, seconds: u64) -> Result<(), String> {
    let start = std::time::Instant::now();
    let mut child = nightly_cargo()
        .args(["fuzz", "run", "-s", "none", "--debug-assertions", name])
        .arg(corpus)
        .args([
            "--",
            &format!("-max_total_time={seconds}"),
            "-print_final_stats=1",
            // An input that takes this long is a finding too (a search without bound).
            "-timeout=20",
            "-rss_limit_mb=2048",
        ])
        .current_dir(root)
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|err| format!("cannot run cargo +nightly fuzz: {err}"))?;
    let stderr = child.stderr.take().expect("stderr is piped");
    let mut summary = Summary::default();
    for line in BufReader::new(stderr).lines() {
        let line = line.map_err(|err| format!("reading the fuzzer's output: {err}"))?;
        eprintln!("{line}");
        summary.read(&line);
    }
    let status = child
        .wait()
        .map_err(|err| format!("waiting for cargo fuzz: {err}"))?;
    // libFuzzer's own time when it finished; else (a crash) the time since the start,
    // building included.
    let elapsed = summary.seconds.unwrap_or(start.elapsed().as_secs());
    eprintln!(
        "==> fuzz {name}: {} executions in {elapsed} s, coverage {} edges ({} features), corpus {} inputs",
        summary.runs, summary.cov, summary.ft, summary.corpus
    );
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "fuzz {name} failed ({status}){}; fix the bug and keep the input in fuzz/regressions/{name}/",
            summary
                .artifact
                .map(|a| format!(": the failing input is {a}"))
                .unwrap_or_default()
        ))
    }
}

/// What libFuzzer's status lines said last.
#[derive(Debug, Default, PartialEq, Eq)]
struct Summary {
    runs: u64,
    cov: u64,
    ft: u64,
    corpus: u64,
    /// The time libFuzzer reports when it finishes.
    seconds: Option<u64>,
    artifact: Option<String>,
}

impl Summary {
    /// Reads a status line such as `#123456 pulse  cov: 812 ft: 3301 corp: 402/61Kb ...`, a
    /// final `stat::number_of_executed_units: N` or `Done N runs in S second(s)`, or the
    /// artifact a crash was written to.
    fn read(&mut self, line: &str) {
        if let Some(rest) = line.strip_prefix("Done ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            if let [runs, "runs", "in", seconds, ..] = words[..] {
                self.runs = runs.parse().unwrap_or(self.runs);
                self.seconds = seconds.parse().ok();
            }
            return;
        }
        if let Some(rest) = line.strip_prefix("stat::number_of_executed_units:") {
            self.runs = rest.trim().parse().unwrap_or(self.runs);
            return;
        }
        if let Some(at) = line.find("Test unit written to ") {
            self.artifact = Some(
                line[at + "Test unit written to ".len()..]
                    .trim()
                    .to_string(),
            );
            return;
        }
        let Some(rest) = line.strip_prefix('#') else {
            return;
        };
        let mut words = rest.split_whitespace();
        if let Some(runs) = words.next().and_then(|w| w.parse().ok()) {
            self.runs = runs;
        }
        let words: Vec<&str> = words.collect();
        for pair in words.windows(2) {
            let value = || pair[1].split('/').next().and_then(|v| v.parse().ok());
            match pair[0] {
                "cov:" => self.cov = value().unwrap_or(self.cov),
                "ft:" => self.ft = value().unwrap_or(self.ft),
                "corp:" => self.corpus = value().unwrap_or(self.corpus),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines_are_summed_up() {
        let mut summary = Summary::default();
        summary.read("#2\tINITED cov: 400 ft: 900 corp: 55/3219b exec/s: 0 rss: 40Mb");
        summary.read("#524288\tpulse  cov: 812 ft: 3301 corp: 402/61Kb lim: 4096 exec/s: 8738");
        summary.read("some other line");
        assert_eq!(
            summary,
            Summary {
                runs: 524288,
                cov: 812,
                ft: 3301,
                corpus: 402,
                seconds: None,
                artifact: None
            }
        );
        summary.read("Done 600123 runs in 601 second(s)");
        assert_eq!((summary.runs, summary.seconds), (600123, Some(601)));
        summary.read("stat::number_of_executed_units: 600124");
        summary.read("artifact_prefix='fuzz/artifacts/grid/'; Test unit written to fuzz/artifacts/grid/crash-1234");
        assert_eq!(summary.runs, 600124);
        assert_eq!(
            summary.artifact.as_deref(),
            Some("fuzz/artifacts/grid/crash-1234")
        );
    }

    #[test]
    fn help_lists_every_target_and_names_are_checked() {
        let text = help();
        for target in TARGETS {
            assert!(text.contains(target.name), "{text}");
        }
        let err = run(&["nope".to_string()]).unwrap_err();
        assert!(err.contains("no fuzz target `nope`"), "{err}");
        assert!(err.contains("grid, reader"), "{err}");
        let err = run(&["--time".into(), "0".into()]).unwrap_err();
        assert!(err.contains("not a positive number"), "{err}");
    }

    #[test]
    fn seed_names_are_stable() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
