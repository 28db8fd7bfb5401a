//! A reader that turns the fuzzer's bytes into values. It never fails: once the bytes run out
//! every read gives zero, so any input decodes to one program of calls (libFuzzer's mutations
//! then change that program a little at a time).

/// The fuzzer's input, read front to back.
#[derive(Debug, Clone)]
pub struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

/// Values a hostile caller passes for a coordinate or a size, besides ordinary ones.
const HOSTILE_F32: [f32; 14] = [
    0.0,
    -0.0,
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::MAX,
    f32::MIN,
    f32::MIN_POSITIVE,
    f32::EPSILON,
    -1.0,
    1e7,
    1e8,
    -1e-30,
    1e30,
];

impl<'a> Bytes<'a> {
    /// Reads `data` from its first byte.
    pub fn new(data: &'a [u8]) -> Self {
        Self { data, pos: 0 }
    }

    /// Whether every byte was read.
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The next byte, 0 past the end.
    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// The next four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// The next eight bytes, little-endian.
    pub fn u64(&mut self) -> u64 {
        (self.u32() as u64) | ((self.u32() as u64) << 32)
    }

    /// A number in `0..n` (`n > 0`) from one byte (two when `n > 256`).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        if n <= 256 {
            self.u8() as usize % n
        } else {
            self.u16() as usize % n
        }
    }

    /// A boolean from one byte.
    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    /// A coordinate: mostly a multiple of 1/8 in `[lo, hi]` (from one byte), sometimes a
    /// hostile value (NaN, infinities, extremes), sometimes any f32 bit pattern.
    pub fn coord(&mut self, lo: f32, hi: f32) -> f32 {
        match self.u8() {
            0..=215 => {
                let t = self.u8() as f32 / 255.0;
                let v = lo + (hi - lo) * t;
                (v * 8.0).round() / 8.0
            }
            216..=247 => HOSTILE_F32[self.below(HOSTILE_F32.len())],
            _ => f32::from_bits(self.u32()),
        }
    }

    /// A non-negative length in `[0, hi]`, mostly ordinary, sometimes hostile (see
    /// [`coord`](Bytes::coord)).
    pub fn length(&mut self, hi: f32) -> f32 {
        self.coord(0.0, hi)
    }

    /// An f64, mostly from a small table of ordinary values, sometimes any bit pattern.
    pub fn f64_from(&mut self, table: &[f64]) -> f64 {
        let i = self.u8() as usize;
        if i < table.len() * 8 {
            table[i % table.len()]
        } else {
            f64::from_bits(self.u64())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Bytes;

    #[test]
    fn reads_zero_past_the_end() {
        let mut b = Bytes::new(&[7]);
        assert_eq!(b.u8(), 7);
        assert!(b.is_empty());
        assert_eq!(b.u32(), 0);
        assert_eq!(b.below(5), 0);
    }
}
