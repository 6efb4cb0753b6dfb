//! A small reader of the SVG the renderer writes: its text elements with their positions and
//! the class of the group they sit in, and the board's frame.

/// A `<text>` element: its position, content and the class of its innermost classed group.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Text {
    pub(crate) x: f32,
    pub(crate) y: f32,
    pub(crate) content: String,
    pub(crate) class: String,
}

/// The value of attribute `name` in a tag's attribute text.
pub(crate) fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// Every text element of `svg`, in order.
pub(crate) fn texts(svg: &str) -> Vec<Text> {
    let mut classes: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        rest = &rest[open..];
        let close = rest.find('>').expect("a closed tag");
        let tag = &rest[..=close];
        if tag.starts_with("<g") && !tag.ends_with("/>") {
            let inherited = classes.last().cloned().unwrap_or_default();
            classes.push(attribute(tag, "class").map_or(inherited, str::to_string));
        } else if tag.starts_with("</g") {
            classes.pop();
        } else if tag.starts_with("<text") {
            let end = rest.find("</text>").expect("a closed text");
            out.push(Text {
                x: attribute(tag, "x").unwrap().parse().unwrap(),
                y: attribute(tag, "y").unwrap().parse().unwrap(),
                content: rest[close + 1..end].to_string(),
                class: classes.last().cloned().unwrap_or_default(),
            });
        }
        rest = &rest[close + 1..];
    }
    out
}

/// The board's frame: left, top and side of the `<rect>` drawn with `fill="none"`.
pub(crate) fn frame(svg: &str) -> (f32, f32, f32) {
    let at = svg
        .find("<rect")
        .and_then(|_| {
            svg.match_indices("<rect").find_map(|(i, _)| {
                let tag = &svg[i..i + svg[i..].find('>').unwrap()];
                (attribute(tag, "fill") == Some("none")).then_some(i)
            })
        })
        .expect("a frame");
    let tag = &svg[at..at + svg[at..].find('>').unwrap()];
    let num = |name| attribute(tag, name).unwrap().parse::<f32>().unwrap();
    (num("x"), num("y"), num("width"))
}
