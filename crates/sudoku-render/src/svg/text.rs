//! Writing numbers and text into SVG and HTML.

use std::fmt::{self, Write};

/// A length written with at most two decimals and no trailing zeros (`12`, `12.5`, `-0.25`).
#[derive(Clone, Copy)]
pub(crate) struct Num(pub(crate) f32);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hundredths = (f64::from(self.0) * 100.0).round() as i64;
        if hundredths < 0 {
            f.write_char('-')?;
        }
        let abs = hundredths.unsigned_abs();
        let (whole, frac) = (abs / 100, abs % 100);
        match frac {
            0 => write!(f, "{whole}"),
            f2 if f2 % 10 == 0 => write!(f, "{whole}.{}", f2 / 10),
            f2 => write!(f, "{whole}.{f2:02}"),
        }
    }
}

/// Appends `text` escaped for XML character data and attribute values; characters XML 1.0
/// does not allow (control characters but tab and line breaks) become U+FFFD.
pub(crate) fn escape_into(out: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
}

/// `text` escaped for XML (see [`escape_into`]).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

/// The symbol of digit `d`: `1`-`9`, then `A` (10) to `P` (25).
pub(crate) fn symbol(digit: u8) -> char {
    const SYMBOLS: &[u8; 25] = b"123456789ABCDEFGHIJKLMNOP";
    SYMBOLS
        .get(usize::from(digit).wrapping_sub(1))
        .map_or('?', |&b| b as char)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_two_decimals_at_most() {
        let cases = [
            (12.0, "12"),
            (12.5, "12.5"),
            (12.25, "12.25"),
            (0.004, "0"),
            (-0.25, "-0.25"),
            (1.999, "2"),
            (-3.0, "-3"),
        ];
        for (value, text) in cases {
            assert_eq!(Num(value).to_string(), text, "{value}");
        }
    }

    #[test]
    fn text_is_escaped_and_control_characters_replaced() {
        assert_eq!(
            escape("a<b & \"c\" 'd'\u{0}\u{7}\n"),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;\u{fffd}\u{fffd}\n"
        );
    }

    #[test]
    fn symbols_run_from_1_to_p() {
        assert_eq!(symbol(1), '1');
        assert_eq!(symbol(9), '9');
        assert_eq!(symbol(10), 'A');
        assert_eq!(symbol(25), 'P');
        assert_eq!(symbol(0), '?');
        assert_eq!(symbol(26), '?');
    }
}
