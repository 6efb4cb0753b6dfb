//! The pictures of docs/render/ are what the renderer draws now: this test fails when one is
//! stale, and `cargo xtask render-docs` (which sets `SUDOKU_RENDER_DOCS=write`) rewrites
//! them.

use crate::gallery;

/// Every file of docs/render/ by name, with its content.
pub(crate) fn files() -> Vec<(&'static str, String)> {
    let mut files = gallery::pictures();
    files.push(("explain.html", gallery::explanation_page()));
    files
}

#[test]
fn the_pictures_of_the_docs_are_current() {
    let folder = gallery::workspace().join("docs/render");
    let write = std::env::var("SUDOKU_RENDER_DOCS").is_ok_and(|v| v == "write");
    let mut stale = Vec::new();
    for (name, content) in files() {
        let path = folder.join(name);
        if write {
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(&path, &content).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(content.as_str()) {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "docs/render/ is stale ({}): run `cargo xtask render-docs`, look at the pictures, \
         and commit them",
        stale.join(", ")
    );
}
