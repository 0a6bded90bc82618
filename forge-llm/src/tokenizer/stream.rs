//! Streaming detokenization: tokens arrive one at a time and a character may span several of
//! them (an emoji is four bytes, often two or more byte-level tokens), so text is released
//! only once its UTF-8 is complete.

use super::Tokenizer;

/// Turns token ids into text as they are generated, holding back incomplete UTF-8.
///
/// ```no_run
/// # fn demo(tokenizer: &forge_llm::Tokenizer, generated: &[u32]) {
/// let mut decoder = tokenizer.decoder();
/// for &id in generated {
///     if let Some(text) = decoder.push(id) {
///         print!("{text}");
///     }
/// }
/// print!("{}", decoder.finish());
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct Decoder<'t> {
    tokenizer: &'t Tokenizer,
    pending: Vec<u8>,
}

impl<'t> Decoder<'t> {
    pub(crate) fn new(tokenizer: &'t Tokenizer) -> Decoder<'t> {
        Decoder { tokenizer, pending: Vec::new() }
    }

    /// Adds token `id`; returns the text that became complete, if any. Bytes that can never
    /// become valid UTF-8 are released as U+FFFD; an id past the vocabulary adds nothing.
    pub fn push(&mut self, id: u32) -> Option<String> {
        self.pending.extend_from_slice(self.tokenizer.token_bytes(id).unwrap_or_default());
        // Everything up to an incomplete character at the very end is decidable.
        let mut complete = 0;
        loop {
            match std::str::from_utf8(&self.pending[complete..]) {
                Ok(rest) => complete += rest.len(),
                Err(e) => match e.error_len() {
                    Some(invalid) => {
                        complete += e.valid_up_to() + invalid;
                        continue;
                    }
                    None => complete += e.valid_up_to(),
                },
            }
            break;
        }
        if complete == 0 {
            return None;
        }
        let text = String::from_utf8_lossy(&self.pending[..complete]).into_owned();
        self.pending.drain(..complete);
        Some(text)
    }

    /// Whatever is still held back (an unfinished character, as U+FFFD), and resets.
    pub fn finish(&mut self) -> String {
        let text = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending.clear();
        text
    }
}
