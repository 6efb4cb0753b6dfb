//! [`Choice`]: the values an option takes by name (an algorithm, a symmetry, a band, ...),
//! named and described once, so that every front end offers the same names and says the
//! same thing about a wrong one.

use sudoku_gen::{Band, Symmetry};

use crate::engines::Algo;
use crate::failure::UsageError;
use crate::front::{Front, Opt};

/// A value of an option, chosen by name.
pub trait Choice: Copy + Sized + 'static {
    /// Every value, in the order help texts list them.
    const ALL: &'static [Self];
    /// The option that takes it, for messages.
    const OPT: Opt;

    /// Its name.
    fn name(self) -> &'static str;

    /// One line on what it means, for help texts.
    fn summary(self) -> &'static str;

    /// The value named `name`.
    ///
    /// ```
    /// use sudoku_api::{Choice, Front, Symmetry};
    ///
    /// assert_eq!(Symmetry::parse("mirror", Front::Python), Ok(Symmetry::Mirror));
    /// assert_eq!(
    ///     Symmetry::parse("spin", Front::Python).unwrap_err().to_string(),
    ///     "symmetry must be 'none', 'rotate180', 'rotate90', 'mirror' or 'diagonal', got \"spin\""
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// When no value has that name: the message lists the names.
    fn parse(name: &str, front: Front) -> Result<Self, UsageError> {
        Self::ALL
            .iter()
            .copied()
            .find(|value| value.name() == name)
            .ok_or_else(|| {
                UsageError::new(format!(
                    "{} must be {}, got {name:?}",
                    front.name(Self::OPT),
                    names(Self::ALL.iter().map(|v| v.name()))
                ))
            })
    }
}

/// Names quoted and joined: `'a', 'b' or 'c'`.
pub(crate) fn names<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = names.map(|name| format!("'{name}'")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

impl Choice for Algo {
    const ALL: &'static [Algo] = &Algo::ALL;
    const OPT: Opt = Opt::Algo;

    fn name(self) -> &'static str {
        Algo::name(self)
    }

    fn summary(self) -> &'static str {
        Algo::summary(self)
    }
}

impl Choice for Symmetry {
    const ALL: &'static [Symmetry] = &[
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];
    const OPT: Opt = Opt::Symmetry;

    fn name(self) -> &'static str {
        Symmetry::name(self)
    }

    fn summary(self) -> &'static str {
        match self {
            Symmetry::None => "Any clue pattern",
            Symmetry::Rotate180 => "Unchanged by a half turn",
            Symmetry::Rotate90 => "Unchanged by a quarter turn",
            Symmetry::Mirror => "Unchanged by a left-right mirror",
            Symmetry::Diagonal => "Unchanged by reflection in the main diagonal",
        }
    }
}

impl Choice for Band {
    const ALL: &'static [Band] = &Band::ALL;
    const OPT: Opt = Opt::Difficulty;

    fn name(self) -> &'static str {
        Band::name(self)
    }

    fn summary(self) -> &'static str {
        match self {
            Band::Easy => "ER up to 2.0: hidden singles (and the direct steps that end in one)",
            Band::Medium => "ER 2.1 to 3.4: also naked singles, locked candidates, pairs, X-Wing",
            Band::Hard => {
                "ER 3.5 to 6.4: also triplets, Swordfish, wings, unique rectangles, quads, BUG"
            }
            Band::Expert => "ER 6.5 and up: chains",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_joined_as_a_sentence() {
        assert_eq!(names(["a"].into_iter()), "'a'");
        assert_eq!(names(["a", "b"].into_iter()), "'a' or 'b'");
        assert_eq!(names(["a", "b", "c"].into_iter()), "'a', 'b' or 'c'");
    }

    #[test]
    fn every_value_parses_back_from_its_name() {
        fn round<T: Choice + PartialEq + std::fmt::Debug>() {
            for &value in T::ALL {
                assert_eq!(T::parse(value.name(), Front::Cli), Ok(value));
                assert!(!value.summary().is_empty());
            }
        }
        round::<Algo>();
        round::<Symmetry>();
        round::<Band>();
    }
}
