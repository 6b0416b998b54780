//! Whole numbers written one after another in a string, without separators: each number's
//! base-32 digits, most significant first, the last from `0`–`v` and the others from `w`–`_`
//! (so a number below 32 is one character and one below 1,024 two). The characters need no
//! escaping in JSON; a number is below 2^53, as the page's numbers are exact.

/// The 64 characters: those of value 0–31 end a number, those of value 32–63 carry its higher
/// digits (the page's reader has the same, `assets/js/legal.js`).
const ALPHABET: &[u8; 64] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

/// Writes `n`.
pub fn write_unsigned(out: &mut String, n: u64) {
    let mut digits = [0_u8; 13];
    let mut count = 0;
    let mut rest = n;
    loop {
        digits[count] = (rest % 32) as u8;
        count += 1;
        rest /= 32;
        if rest == 0 {
            break;
        }
    }
    for (k, digit) in digits[..count].iter().enumerate().rev() {
        let value = if k == 0 { *digit } else { digit + 32 };
        out.push(char::from(ALPHABET[usize::from(value)]));
    }
}

/// Reads numbers back from a string of them.
pub struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Reader {
            text: text.as_bytes(),
            at: 0,
        }
    }

    /// Whether every number was read.
    pub fn done(&self) -> bool {
        self.at >= self.text.len()
    }

    /// The next number.
    ///
    /// # Errors
    /// The string ends inside a number, holds a character that is no digit, or a number too
    /// large.
    pub fn unsigned(&mut self) -> Result<u64, String> {
        let mut n: u64 = 0;
        loop {
            let Some(&byte) = self.text.get(self.at) else {
                return Err("the numbers end in the middle of one".to_owned());
            };
            self.at += 1;
            let value = ALPHABET
                .iter()
                .position(|&c| c == byte)
                .ok_or_else(|| format!("{:?} is no digit", char::from(byte)))?
                as u64;
            n = n
                .checked_mul(32)
                .and_then(|m| m.checked_add(value % 32))
                .filter(|m| *m < 1 << 53)
                .ok_or_else(|| "a number too large".to_owned())?;
            if value < 32 {
                return Ok(n);
            }
        }
    }

    /// The next number as an index or a count.
    ///
    /// # Errors
    /// Those of [`Reader::unsigned`].
    pub fn index(&mut self) -> Result<usize, String> {
        usize::try_from(self.unsigned()?).map_err(|_| "a number too large".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_back_and_small_ones_take_one_character() {
        let unsigned = [0, 1, 31, 32, 1023, 1024, 1 << 40, (1 << 53) - 1];
        let mut text = String::new();
        for n in unsigned {
            write_unsigned(&mut text, n);
        }
        let mut reader = Reader::new(&text);
        for n in unsigned {
            assert_eq!(reader.unsigned(), Ok(n));
        }
        assert!(reader.done());
        let one = |n: u64| {
            let mut s = String::new();
            write_unsigned(&mut s, n);
            s
        };
        assert_eq!(one(31), "v");
        assert_eq!(one(32), "x0", "one higher digit, then the last");
        assert_eq!(one(1023).len(), 2);
    }

    #[test]
    fn a_cut_or_foreign_string_is_refused() {
        assert!(Reader::new("w").unsigned().is_err(), "ends inside a number");
        assert!(Reader::new("\"").unsigned().is_err());
        assert!(Reader::new("__________0").unsigned().is_err(), "too large");
    }
}
