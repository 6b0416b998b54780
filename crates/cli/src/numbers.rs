//! Numeric command-line values, checked when the arguments are parsed (clap `value_parser`
//! functions): a value out of range is refused with what is allowed, before any work starts,
//! so that no number from the command line can make a later step panic (a time too long for
//! the clock, zero threads).

use tabuleiro_ai::MAX_THINK_MS;

/// The longest `--seconds` of a benchmark measurement (a day).
pub const MAX_SECONDS: f64 = 86_400.0;

/// The most threads `--jobs` may ask for.
pub const MAX_JOBS: usize = 1024;

/// A whole number of at least `min` and, if given, at most `max`.
fn whole<T>(text: &str, min: T, max: Option<T>) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let allowed = match max {
        Some(max) => format!("allowed: {min}..{max}"),
        None => format!("allowed: {min} or more"),
    };
    let n: T = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number ({allowed})"))?;
    if n < min || max.is_some_and(|max| n > max) {
        return Err(format!("{n} is out of range ({allowed})"));
    }
    Ok(n)
}

/// A number of seconds: finite, above 0, at most [`MAX_SECONDS`].
pub fn seconds(text: &str) -> Result<f64, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(s.is_finite() && s > 0.0 && s <= MAX_SECONDS) {
        return Err(format!(
            "{text} seconds is out of range (allowed: a number above 0, at most {MAX_SECONDS})"
        ));
    }
    Ok(s)
}

/// A thinking time in milliseconds: `1..=MAX_THINK_MS` (a day).
pub fn think_ms(text: &str) -> Result<u64, String> {
    whole(text, 1, Some(MAX_THINK_MS))
}

/// A number of threads: `1..=MAX_JOBS`.
pub fn jobs(text: &str) -> Result<usize, String> {
    whole(text, 1, Some(MAX_JOBS))
}

/// A number of search threads: `1..=tabuleiro_ai::threads::MAX_THREADS`.
pub fn threads(text: &str) -> Result<usize, String> {
    whole(text, 1, Some(tabuleiro_ai::threads::MAX_THREADS))
}

/// A count that must be at least 1 (games, a depth).
pub fn at_least_one(text: &str) -> Result<usize, String> {
    whole(text, 1, None)
}

/// A search depth of at least 1.
pub fn depth(text: &str) -> Result<u32, String> {
    whole(text, 1, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_must_be_finite_and_positive() {
        assert_eq!(seconds("0.05"), Ok(0.05));
        assert_eq!(seconds(" 2 "), Ok(2.0));
        for bad in ["0", "-1", "inf", "-inf", "NaN", "1e300", "86400.5", "x", ""] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        assert!(seconds("inf").unwrap_err().contains("above 0"));
        assert!(seconds("soon").unwrap_err().contains("not a number"));
    }

    #[test]
    fn whole_numbers_are_kept_in_their_range() {
        assert_eq!(think_ms("1"), Ok(1));
        assert_eq!(think_ms("86400000"), Ok(86_400_000));
        assert!(think_ms("0").unwrap_err().contains("1..86400000"));
        assert!(think_ms("86400001").is_err());
        assert!(think_ms("18446744073709551615").is_err());
        assert_eq!(jobs("2"), Ok(2));
        assert!(jobs("0").is_err());
        assert!(jobs("1025").is_err());
        assert!(jobs("-1").unwrap_err().contains("not a whole number"));
        assert_eq!(at_least_one("3"), Ok(3));
        assert!(at_least_one("0").unwrap_err().contains("1 or more"));
        assert_eq!(depth("1"), Ok(1));
        assert!(depth("0").is_err());
    }
}
