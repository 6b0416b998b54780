//! Bit tricks shared by the bitboard games.

/// For each byte and each `n < 8`, the position of its `n`-th set bit (0 when there is none).
pub(crate) const SELECT: [[u8; 8]; 256] = {
    let mut table = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut n = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The position of the `n`-th set bit of the low byte of `byte` (counting from 0, lowest
/// first); `n` must be below the byte's number of set bits.
#[inline]
pub(crate) fn nth_bit_of_byte(byte: u64, n: u32) -> u8 {
    SELECT[(byte & 0xFF) as usize][(n & 7) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_bit_of_every_byte_in_order() {
        for byte in 0..256u64 {
            let bits: Vec<u8> = (0..8).filter(|&b| byte & (1 << b) != 0).collect();
            for (n, &bit) in bits.iter().enumerate() {
                assert_eq!(
                    nth_bit_of_byte(byte, n as u32),
                    bit,
                    "byte {byte:#04x} n {n}"
                );
            }
        }
    }
}
