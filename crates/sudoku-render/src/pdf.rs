//! PDF sheets (feature `pdf`): each SVG page, its text laid out with the system's fonts and
//! turned into outlines, becomes a PDF form by svg2pdf, and pdf-writer puts the forms on
//! pages of the paper's size.

use std::collections::HashMap;

use pdf_writer::{Chunk, Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use rayon::prelude::*;

use crate::error::{RenderError, RenderErrorKind};
use crate::sheet::Sheet;
use crate::tree;

/// Points in a millimetre.
const PT_PER_MM: f32 = 72.0 / 25.4;

impl Sheet {
    /// The sheet as one PDF document: the pages of [`to_svg_pages`](Sheet::to_svg_pages) as
    /// vector graphics, the digits and text drawn as the outlines of an installed font's
    /// glyphs (DejaVu Sans where installed), so the document needs no font to show.
    ///
    /// # Errors
    ///
    /// As [`to_svg_pages`](Sheet::to_svg_pages); when no font is installed (every sheet has
    /// text: its page numbers); or when the PDF conversion fails.
    pub fn to_pdf(&self) -> Result<Vec<u8>, RenderError> {
        let pages = self.to_svg_pages()?;
        let (width, height) = self.paper.size_mm();
        let (width, height) = (width * PT_PER_MM, height * PT_PER_MM);
        let mut alloc = Ref::new(1);
        let catalog = alloc.bump();
        let page_tree = alloc.bump();
        let page_ids: Vec<Ref> = pages.iter().map(|_| alloc.bump()).collect();
        let mut pdf = Pdf::new();
        pdf.catalog(catalog).pages(page_tree);
        pdf.pages(page_tree)
            .kids(page_ids.iter().copied())
            .count(page_ids.len() as i32);
        let name = Name(b"P");
        // The pages are converted on every core (each is independent; most of a sheet's time
        // is laying out and compressing the outlines of its digits), then numbered in order.
        let converted: Vec<Result<(Chunk, Ref), RenderError>> =
            pages.par_iter().map(|svg| page_form(svg)).collect();
        for (converted, &page_id) in converted.into_iter().zip(&page_ids) {
            let (chunk, form) = converted?;
            let mut renumbered = HashMap::new();
            let chunk =
                chunk.renumber(|old| *renumbered.entry(old).or_insert_with(|| alloc.bump()));
            let form = renumbered[&form];
            let content_id = alloc.bump();
            let mut page = pdf.page(page_id);
            page.media_box(Rect::new(0.0, 0.0, width, height));
            page.parent(page_tree);
            page.contents(content_id);
            page.resources().x_objects().pair(name, form);
            page.finish();
            // The form is one point square: scale it to the page.
            let mut content = Content::new();
            content
                .save_state()
                .transform([width, 0.0, 0.0, height, 0.0, 0.0])
                .x_object(name)
                .restore_state();
            pdf.stream(content_id, &content.finish());
            pdf.extend(&chunk);
        }
        let info = alloc.bump();
        pdf.document_info(info).producer(TextStr("sudoku-render"));
        Ok(pdf.finish())
    }
}

/// One SVG page as a PDF form, in a chunk of its own numbering.
fn page_form(svg: &str) -> Result<(Chunk, Ref), RenderError> {
    let tree = tree::parse_outlined(svg)?;
    svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
        .map_err(|err| RenderError::new(RenderErrorKind::Image, format!("PDF conversion: {err}")))
}
