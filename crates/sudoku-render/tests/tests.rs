//! Integration tests of sudoku-render: the SVG read back, errors, PNG and PDF, the pictures
//! of the docs, and the browser tests. One test binary; the modules sit in `suite/`.

#[path = "suite/browser.rs"]
mod browser;
#[path = "suite/constraints.rs"]
mod constraints;
#[path = "suite/docs.rs"]
mod docs;
#[path = "suite/errors.rs"]
mod errors;
#[path = "suite/gallery.rs"]
mod gallery;
#[path = "suite/images.rs"]
mod images;
#[path = "suite/structure.rs"]
mod structure;
#[path = "suite/svgscan.rs"]
mod svgscan;
#[path = "suite/webdriver.rs"]
mod webdriver;
