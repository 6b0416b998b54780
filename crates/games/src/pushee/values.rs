//! The cell values (option `values`): drawn from the seed, read from a literal grid
//! (`123/456/..`, rows of digits separated by `/`) or from a file of one row per line, and
//! written back as a literal grid.

use tabuleiro_core::LineError;

use super::state::MAX_CELLS;

/// The value of option `values` that draws the values from the game's seed.
pub const RANDOM: &str = "random";

/// Why a row of digits does not fit a board `width` cells wide.
fn check_row(row: &str, width: usize) -> Result<(), String> {
    if let Some(ch) = row.chars().find(|c| !c.is_ascii_digit()) {
        return Err(format!("`{ch}` is not a digit 0-9"));
    }
    if row.len() != width {
        return Err(format!(
            "{} digits, but the board has {width} columns",
            row.len()
        ));
    }
    Ok(())
}

/// The values of a board `width` cells wide from its rows of digits, top row first, each
/// checked by [`check_row`].
fn values_of(rows: &[&str], width: usize) -> [u8; MAX_CELLS] {
    let mut values = [0; MAX_CELLS];
    for (r, row) in rows.iter().enumerate() {
        for (c, digit) in row.bytes().enumerate() {
            values[r * width + c] = digit - b'0';
        }
    }
    values
}

/// Whether `text` is a value of option `values` as it is (`random`, or digits separated by
/// `/`), rather than the name of a file holding a grid.
pub fn is_literal(text: &str) -> bool {
    let text = text.trim();
    text.eq_ignore_ascii_case(RANDOM)
        || text
            .chars()
            .all(|c| c.is_ascii_digit() || c == '/' || c.is_whitespace())
}

/// Reads a literal grid (`123/456/..`) for a board of `width` × `height` cells.
pub fn parse_literal(text: &str, width: usize, height: usize) -> Result<[u8; MAX_CELLS], String> {
    let rows: Vec<&str> = text.trim().split('/').map(str::trim).collect();
    if rows.len() != height {
        return Err(format!(
            "values grid has {} rows but the board has {height} (rows of digits 0-9 separated \
             by /)",
            rows.len()
        ));
    }
    for (r, row) in rows.iter().enumerate() {
        check_row(row, width)
            .map_err(|reason| format!("row {} of the values grid: {reason}", r + 1))?;
    }
    Ok(values_of(&rows, width))
}

/// Reads the text of a values file, one row of digits per line from the top (blank lines
/// are skipped), for a board of `width` × `height` cells, and writes it as a literal grid.
///
/// # Errors
/// The first line that is wrong: a character other than a digit, a row of the wrong length,
/// a row too many, or (the line after the last) a missing row.
pub fn from_file(text: &str, width: usize, height: usize) -> Result<String, LineError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .collect();
    for &(line, row) in lines.iter().take(height) {
        check_row(row, width).map_err(|reason| LineError { line, reason })?;
    }
    if let Some(&(line, _)) = lines.get(height) {
        return Err(LineError {
            line,
            reason: format!("one row too many: the board ({width}x{height}) has {height} rows"),
        });
    }
    if lines.len() < height {
        return Err(LineError {
            line: text.lines().count() + 1,
            reason: format!(
                "the file ends after {} rows, but the board ({width}x{height}) has {height}",
                lines.len()
            ),
        });
    }
    let rows: Vec<&str> = lines.iter().map(|&(_, row)| row).collect();
    Ok(literal(&values_of(&rows, width), width, height))
}

/// The literal grid of a board's values: rows of digits separated by `/`.
pub fn literal(values: &[u8], width: usize, height: usize) -> String {
    (0..height)
        .map(|r| {
            values[r * width..(r + 1) * width]
                .iter()
                .map(|&v| char::from(b'0' + v))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_rows_reads_as_the_literal_grid() {
        assert_eq!(
            from_file("1234\n5678\n\n9012\n3456\n", 4, 4),
            Ok("1234/5678/9012/3456".to_owned())
        );
        assert_eq!(
            from_file("\u{feff} 12345 \r\n00000\r\n99999\r\n10101\r\n", 5, 4),
            Ok("12345/00000/99999/10101".to_owned())
        );
    }

    #[test]
    fn a_bad_file_names_its_line() {
        let error = |text: &str| from_file(text, 4, 4).expect_err(text);
        let e = error("1234\n5678\n\n90x2\n3456\n");
        assert_eq!(e.line, 4, "{e}");
        assert!(e.reason.contains("`x` is not a digit"), "{e}");
        let e = error("1234\n567\n9012\n3456\n");
        assert_eq!(e.line, 2, "{e}");
        assert!(e.reason.contains("3 digits"), "{e}");
        let e = error("1234\n5678\n9012\n3456\n7890\n");
        assert_eq!(e.line, 5, "{e}");
        assert!(e.reason.contains("too many"), "{e}");
        let e = error("1234\n5678\n9012\n");
        assert_eq!(e.line, 4, "{e}");
        assert!(e.reason.contains("ends after 3 rows"), "{e}");
        // The first bad line is named, even when rows are missing too.
        let e = error("1234\n5x78\n");
        assert_eq!(e.line, 2, "{e}");
        assert_eq!(error("").line, 1);
    }

    #[test]
    fn literals_and_file_names_are_told_apart() {
        for literal in ["random", "RANDOM", "1234/5678/9012/3456", " 12 / 34 "] {
            assert!(is_literal(literal), "{literal}");
        }
        for file in ["board.txt", "boards/6x6", "./1234", "/tmp/values"] {
            assert!(!is_literal(file), "{file}");
        }
    }

    #[test]
    fn the_literal_grid_lists_rows_from_the_top() {
        let values = [1, 2, 3, 4, 5, 6];
        assert_eq!(literal(&values, 3, 2), "123/456");
        assert_eq!(literal(&values, 2, 3), "12/34/56");
    }
}
