//! Compiles tdoku's fastest solver (`src/solver_dpll_triad_simd.cc`, Tom Dillon's SIMD solver,
//! github.com/t-dillon/tdoku) into xtask when `SUDOKU_TDOKU_DIR` names a checkout of it, for
//! `cargo xtask bench --peer`; does nothing otherwise. Nothing of tdoku is in this repository.
//!
//! Sets `cfg(tdoku)` when the solver was compiled, and `XTASK_TDOKU` to what was done: the
//! folder compiled, or why nothing was (the bench prints it when it leaves the peer out).

use std::path::Path;

/// The variable naming tdoku's source folder.
const VAR: &str = "SUDOKU_TDOKU_DIR";

fn main() {
    println!("cargo::rustc-check-cfg=cfg(tdoku)");
    println!("cargo::rerun-if-env-changed={VAR}");
    println!("cargo::rerun-if-changed=build.rs");
    let status = match std::env::var_os(VAR) {
        None => format!(
            "{VAR} was not set when xtask was built (a checkout of github.com/t-dillon/tdoku; \
             set it and run the bench again)"
        ),
        Some(dir) => match compile(Path::new(&dir)) {
            Ok(()) => {
                println!("cargo::rustc-cfg=tdoku");
                format!("compiled from {}", Path::new(&dir).display())
            }
            Err(why) => {
                println!("cargo::warning=tdoku left out: {why}");
                why
            }
        },
    };
    println!("cargo::rustc-env=XTASK_TDOKU={status}");
}

/// Compiles the solver and what it needs (`src/util.cc`) as tdoku's own build does: C++14,
/// `-O3 -march=native` (whatever the profile of xtask).
fn compile(dir: &Path) -> Result<(), String> {
    let src = dir.join("src");
    let sources = [src.join("solver_dpll_triad_simd.cc"), src.join("util.cc")];
    for file in &sources {
        if !file.is_file() {
            return Err(format!(
                "{VAR}={}: no {} there (a checkout of github.com/t-dillon/tdoku?)",
                dir.display(),
                file.display()
            ));
        }
        println!("cargo::rerun-if-changed={}", file.display());
    }
    for header in ["bitutil.h", "simd_vectors.h", "util.h"] {
        println!("cargo::rerun-if-changed={}", src.join(header).display());
    }
    cc::Build::new()
        .cpp(true)
        .files(&sources)
        .include(&src)
        .include(dir.join("include"))
        .std("c++14")
        .opt_level(3)
        .debug(false)
        .flag("-march=native")
        .warnings(false)
        .try_compile("tdoku")
        .map_err(|err| format!("{VAR}={}: the C++ build failed: {err}", dir.display()))
}
