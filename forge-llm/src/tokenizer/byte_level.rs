//! GPT-2's byte-level alphabet: every byte as one printable character (`bytes_to_unicode`), so
//! byte-level BPE vocabularies store arbitrary bytes as text (`Ġ` is the space byte).

/// The character that stands for each byte.
pub(crate) fn byte_chars() -> [char; 256] {
    let mut table = ['\0'; 256];
    let mut next_free = 256u32;
    for b in 0..=255u8 {
        let printable = matches!(b, b'!'..=b'~' | 0xA1..=0xAC | 0xAE..=0xFF);
        let code = if printable {
            b as u32
        } else {
            next_free += 1;
            next_free - 1
        };
        // Codes are below 256 + 256, all valid scalar values.
        table[b as usize] = char::from_u32(code).unwrap_or('\u{FFFD}');
    }
    table
}

/// The byte a character of the alphabet stands for, if it is one.
pub(crate) fn char_byte(c: char) -> Option<u8> {
    let code = c as u32;
    match code {
        0x21..=0x7E | 0xA1..=0xAC | 0xAE..=0xFF => Some(code as u8),
        256..=323 => {
            // The 68 bytes that are not printable, in increasing order.
            (0..=255u8).filter(|b| !matches!(b, b'!'..=b'~' | 0xA1..=0xAC | 0xAE..=0xFF)).nth((code - 256) as usize)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabet_round_trips_and_matches_gpt2() {
        let chars = byte_chars();
        for b in 0..=255u8 {
            assert_eq!(char_byte(chars[b as usize]), Some(b));
        }
        assert_eq!(chars[b' ' as usize], 'Ġ');
        assert_eq!(chars[b'\n' as usize], 'Ċ');
        assert_eq!(chars[b'\t' as usize], 'ĉ');
        assert_eq!(chars[b'a' as usize], 'a');
        assert_eq!(chars[0xAD], 'Ń');
        assert_eq!(char_byte('Ń'), Some(0xAD));
        assert_eq!(char_byte('€'), None);
    }
}
