//! The solved table as a file: a header, two bytes per position, and a checksum.
//!
//! Layout (all numbers little-endian):
//!
//! | bytes | what |
//! |---|---|
//! | 16 | magic `TABULEIRO-NUDGE` and a zero byte |
//! | 4 | format version ([`VERSION`]) |
//! | 1 + 1 + 2 | board side, discs a side, two zero bytes |
//! | 8 | number of positions |
//! | 2 per position | the values, in `Indexer` order (see `stored.rs`) |
//! | 8 | FNV-1a 64 checksum of everything before it |
//!
//! Reading checks each of these in turn and says which one is wrong, so a damaged or foreign
//! file is refused rather than read into wrong answers.

use std::fmt;
use std::io::{self, Write};
use std::path::Path;

use super::geometry::Geometry;
use super::stored::Stored;

/// The first bytes of every table file.
const MAGIC: &[u8; 16] = b"TABULEIRO-NUDGE\0";

/// The version of the format (and of the values' meaning) written today.
pub const VERSION: u32 = 1;

/// Bytes before the values.
const HEADER: usize = 16 + 4 + 4 + 8;

/// Why a table file cannot be used.
#[derive(Debug)]
pub enum TableFileError {
    /// The file cannot be read or written.
    Io(io::Error),
    /// The file does not start like a Nudge table.
    NotATable,
    /// The file is of another format version.
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The file holds a table of another board.
    Geometry {
        /// Board side in the file.
        side: u8,
        /// Discs a side in the file.
        discs: u8,
    },
    /// The file is shorter or longer than its header says.
    Length {
        /// Bytes expected.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// The checksum does not match the contents: the file is damaged.
    Checksum,
}

impl fmt::Display for TableFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableFileError::Io(e) => write!(f, "{e}"),
            TableFileError::NotATable => f.write_str("not a tabuleiro Nudge table"),
            TableFileError::Version { found } => write!(
                f,
                "table format version {found}, but this program reads version {VERSION}"
            ),
            TableFileError::Geometry { side, discs } => write!(
                f,
                "a table of a {side}x{side} board with {discs} discs a side, not the one asked for"
            ),
            TableFileError::Length { expected, found } => write!(
                f,
                "the file has {found} bytes where its header says {expected}: it is truncated or damaged"
            ),
            TableFileError::Checksum => {
                f.write_str("the checksum does not match: the file is damaged")
            }
        }
    }
}

impl std::error::Error for TableFileError {}

impl From<io::Error> for TableFileError {
    fn from(e: io::Error) -> Self {
        TableFileError::Io(e)
    }
}

/// FNV-1a, 64 bits.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// The file's bytes for the values of `geometry`.
pub(crate) fn encode(geometry: Geometry, values: &[Stored]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER + 2 * values.len() + 8);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&[geometry.side() as u8, geometry.discs() as u8, 0, 0]);
    bytes.extend_from_slice(&(values.len() as u64).to_le_bytes());
    for v in values {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    let sum = checksum(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}

/// Writes the table to `path` (through a temporary file renamed into place, so that an
/// interrupted write never leaves a half table under the name).
pub(crate) fn save(path: &Path, geometry: Geometry, values: &[Stored]) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    let mut file = std::fs::File::create(&partial)?;
    file.write_all(&encode(geometry, values))?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&partial, path)
}

/// The values in `bytes`, which must be a table of `geometry` holding `positions` values.
pub(crate) fn decode(
    bytes: &[u8],
    geometry: Geometry,
    positions: usize,
) -> Result<Vec<Stored>, TableFileError> {
    if bytes.len() < HEADER || &bytes[..16] != MAGIC {
        return Err(TableFileError::NotATable);
    }
    let word =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let version = word(16);
    if version != VERSION {
        return Err(TableFileError::Version { found: version });
    }
    let (side, discs) = (bytes[20], bytes[21]);
    if u32::from(side) != geometry.side() || u32::from(discs) != geometry.discs() {
        return Err(TableFileError::Geometry { side, discs });
    }
    let mut count = [0; 8];
    count.copy_from_slice(&bytes[24..32]);
    let count = u64::from_le_bytes(count);
    let expected = (HEADER as u64)
        .saturating_add(count.saturating_mul(2))
        .saturating_add(8);
    if expected != bytes.len() as u64 || count != positions as u64 || bytes[22..24] != [0, 0] {
        return Err(TableFileError::Length {
            expected: (HEADER + 2 * positions + 8) as u64,
            found: bytes.len() as u64,
        });
    }
    let (body, tail) = bytes.split_at(bytes.len() - 8);
    let mut stored = [0; 8];
    stored.copy_from_slice(tail);
    if checksum(body) != u64::from_le_bytes(stored) {
        return Err(TableFileError::Checksum);
    }
    Ok(body[HEADER..]
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksum_is_fnv1a() {
        assert_eq!(checksum(b""), 0xCBF2_9CE4_8422_2325);
        assert_eq!(checksum(b"a"), 0xAF63_DC4C_8601_EC8C);
    }
}
