//! Sudoku Explainer (SE 1.2.1, with gsf's command-line rater `serate`) as the reference of
//! `--mode rate`: one JVM kept for a whole set, fed the set's puzzles on standard input once
//! per pass, its output read line by line as it comes.
//!
//! Optional: the jar is the file `SUDOKU_SE_JAR` names, `java` is `$JAVA_HOME/bin/java` or the
//! one on the path; when either is missing the caller prints the reason and rates without it.
//! Nothing of Sudoku Explainer is in this repository.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use sudoku_gen::Difficulty;

/// The variable naming the jar.
pub(crate) const JAR_VAR: &str = "SUDOKU_SE_JAR";

/// serate's output line: the puzzle, ER, EP, ED, and its own time (`%e`).
pub(crate) const FORMAT: &str = "%g %r %p %d %e";

/// The JVM's options: one processor (so that its collector and compiler threads keep to the
/// core SE is measured on, as far as a JVM can), and room for the hardest puzzles.
const JVM_OPTIONS: [&str; 2] = ["-XX:ActiveProcessorCount=1", "-Xmx2g"];

/// Where SE is: the java to run and the jar.
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    pub(crate) java: PathBuf,
    pub(crate) jar: PathBuf,
}

impl Setup {
    /// The command line, as the report shows it.
    pub(crate) fn command(&self) -> String {
        format!(
            "{} {} -cp {} diuf.sudoku.test.serate --input=- --format='{FORMAT}'",
            self.java.display(),
            JVM_OPTIONS.join(" "),
            self.jar.display()
        )
    }
}

/// Finds SE from the environment `var` reads (`std::env::var_os` outside tests): the setup,
/// or why it cannot run.
pub(crate) fn locate(var: impl Fn(&str) -> Option<OsString>) -> Result<Setup, String> {
    let Some(jar) = var(JAR_VAR) else {
        return Err(format!(
            "{JAR_VAR} is not set (the path of a Sudoku Explainer 1.2.1 jar with serate, \
             see docs/rating.md)"
        ));
    };
    let jar = PathBuf::from(jar);
    if !jar.is_file() {
        return Err(format!("{JAR_VAR}={}: no such file", jar.display()));
    }
    let java = match var("JAVA_HOME") {
        Some(home) => PathBuf::from(home).join("bin").join("java"),
        None => PathBuf::from("java"),
    };
    let runs = Command::new(&java)
        .arg("-version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !runs {
        return Err(format!(
            "`{} -version` failed (install a JDK, or set JAVA_HOME)",
            java.display()
        ));
    }
    Ok(Setup { java, jar })
}

/// One line of serate's output in [`FORMAT`].
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SeLine {
    /// The puzzle as it was given.
    pub(crate) puzzle: String,
    /// ER, EP, ED.
    pub(crate) ratings: [Difficulty; 3],
    /// Its own time for the puzzle, in seconds (a clock counting 10 ms).
    pub(crate) seconds: f64,
}

/// Parses a line of serate's output: `<puzzle> <ER> <EP> <ED> <time>`.
pub(crate) fn parse_line(line: &str) -> Result<SeLine, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [puzzle, er, ep, ed, time] = fields[..] else {
        return Err(format!(
            "serate wrote `{line}`, not a puzzle, three ratings and a time"
        ));
    };
    let rating = |text: &str| -> Result<Difficulty, String> {
        text.parse()
            .map_err(|err| format!("serate wrote `{line}`: {err}"))
    };
    let seconds = parse_seconds(time)
        .ok_or_else(|| format!("serate wrote `{line}`: `{time}` is not a time"))?;
    Ok(SeLine {
        puzzle: puzzle.to_string(),
        ratings: [rating(er)?, rating(ep)?, rating(ed)?],
        seconds,
    })
}

/// A time as serate's `%e` writes it: `1.23s`, `2m05s`, `1h02m`, `1d03h`.
pub(crate) fn parse_seconds(text: &str) -> Option<f64> {
    let number = |t: &str| -> Option<f64> {
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
            .then(|| t.parse().ok())
            .flatten()
    };
    let pair = |t: &str, big: char, small: char, big_s: f64, small_s: f64| -> Option<f64> {
        let (a, b) = t.strip_suffix(small)?.split_once(big)?;
        Some(number(a)? * big_s + number(b)? * small_s)
    };
    pair(text, 'd', 'h', 86_400.0, 3_600.0)
        .or_else(|| pair(text, 'h', 'm', 3_600.0, 60.0))
        .or_else(|| pair(text, 'm', 's', 60.0, 1.0))
        .or_else(|| number(text.strip_suffix('s')?))
}

/// What one puzzle of a pass gave: serate's line, and the time since the line before (or
/// since the pass began): SE's time for the puzzle, measured here to the microsecond.
#[derive(Clone, Debug)]
pub(crate) struct Rated {
    pub(crate) line: SeLine,
    pub(crate) elapsed: Duration,
}

/// A running serate.
pub(crate) struct Serate {
    child: Child,
    input: Option<ChildStdin>,
    /// Its output lines, each with the moment it was read.
    lines: Receiver<(Instant, std::io::Result<String>)>,
}

impl Serate {
    /// Starts the JVM, reading puzzles from its standard input.
    pub(crate) fn start(setup: &Setup) -> Result<Serate, String> {
        let mut child = Command::new(&setup.java)
            .args(JVM_OPTIONS)
            .arg("-cp")
            .arg(&setup.jar)
            .args([
                "diuf.sudoku.test.serate",
                "--input=-",
                &format!("--format={FORMAT}"),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|err| format!("cannot start {}: {err}", setup.java.display()))?;
        let output = BufReader::new(child.stdout.take().expect("piped standard output"));
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in output.lines() {
                if send.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Ok(Serate {
            input: child.stdin.take(),
            child,
            lines,
        })
    }

    /// Rates `puzzles` (81 characters each) in order; gives up when one takes longer than
    /// `limit`.
    pub(crate) fn pass(
        &mut self,
        puzzles: &[String],
        limit: Duration,
    ) -> Result<Vec<Rated>, String> {
        let mut input = self.input.take().ok_or("serate's input is closed")?;
        let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
        let mut before = Instant::now();
        // A thread writes, so that a set larger than the pipe cannot block the reading.
        let writer = std::thread::spawn(move || {
            input
                .write_all(text.as_bytes())
                .and_then(|()| input.flush())
                .map(|()| input)
        });
        let mut rated = Vec::with_capacity(puzzles.len());
        for (i, puzzle) in puzzles.iter().enumerate() {
            let (at, line) = match self.lines.recv_timeout(limit) {
                Ok((at, Ok(line))) => (at, line),
                Ok((_, Err(err))) => return Err(format!("cannot read serate's output: {err}")),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "serate took more than {} s on puzzle {} ({puzzle})",
                        limit.as_secs(),
                        i + 1
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!(
                        "serate stopped at puzzle {} ({puzzle}): see its error above",
                        i + 1
                    ));
                }
            };
            let line = parse_line(&line)?;
            if line.puzzle != *puzzle {
                return Err(format!(
                    "serate answered for {} when asked for {puzzle}",
                    line.puzzle
                ));
            }
            rated.push(Rated {
                line,
                elapsed: at - before,
            });
            before = at;
        }
        let input = writer
            .join()
            .expect("the writing thread does not panic")
            .map_err(|err| format!("cannot write to serate: {err}"))?;
        self.input = Some(input);
        Ok(rated)
    }
}

impl Drop for Serate {
    fn drop(&mut self) {
        // End of input ends serate; one stuck on a puzzle is stopped.
        drop(self.input.take());
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let started = Instant::now();
            while started.elapsed() < Duration::from_secs(2) {
                if matches!(self.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line serate 1.2.1 wrote for the first puzzle of `se_rated_public.txt`.
    const SAMPLE: &str = "......41.9..3.....3...5.....48..7..........62.1.......6..2....5.7....8......9.... 3.4 1.2 1.2 0.30s";

    #[test]
    fn serate_lines_are_parsed() {
        let line = parse_line(SAMPLE).unwrap();
        assert_eq!(line.puzzle, &SAMPLE[..81]);
        let tenths = line.ratings.map(Difficulty::tenths);
        assert_eq!(tenths, [34, 12, 12]);
        assert_eq!(line.seconds, 0.30);
        let hard =
            parse_line(&SAMPLE.replace("3.4 1.2 1.2 0.30s", "11.9 11.9 11.3 2m05s")).unwrap();
        assert_eq!(hard.ratings.map(Difficulty::tenths), [119, 119, 113]);
        assert_eq!(hard.seconds, 125.0);
        for bad in [
            "",
            &SAMPLE[..90],
            &SAMPLE.replace("0.30s", "soon"),
            &SAMPLE.replace("3.4", "3.45"),
            &format!("{SAMPLE} extra"),
        ] {
            assert!(
                parse_line(bad).unwrap_err().contains("serate wrote"),
                "{bad}"
            );
        }
    }

    #[test]
    fn serate_times_are_read_in_every_unit() {
        assert_eq!(parse_seconds("0.00s"), Some(0.0));
        assert_eq!(parse_seconds("12.34s"), Some(12.34));
        assert_eq!(parse_seconds("1m05s"), Some(65.0));
        assert_eq!(parse_seconds("2h03m"), Some(7380.0));
        assert_eq!(parse_seconds("1d01h"), Some(90000.0));
        for bad in ["", "s", "1.5", "-1s", "1m", "xs", "1h02s"] {
            assert_eq!(parse_seconds(bad), None, "{bad}");
        }
    }

    /// Without the jar, or with a path to nothing, the reason names the variable.
    #[test]
    fn without_the_jar_the_reason_is_given() {
        let err = locate(|_| None).unwrap_err();
        assert!(err.contains(JAR_VAR), "{err}");
        let err = locate(|name| {
            (name == JAR_VAR).then(|| OsString::from("/nonexistent/SudokuExplainer.jar"))
        })
        .unwrap_err();
        assert!(
            err.contains("/nonexistent/SudokuExplainer.jar: no such file"),
            "{err}"
        );
        // A JAVA_HOME without a java.
        let jar = crate::workspace_root().join("Cargo.toml");
        let err = locate(|name| match name {
            JAR_VAR => Some(jar.clone().into_os_string()),
            "JAVA_HOME" => Some(OsString::from("/nonexistent/jdk")),
            _ => None,
        })
        .unwrap_err();
        assert!(err.contains("/nonexistent/jdk/bin/java"), "{err}");
    }
}
