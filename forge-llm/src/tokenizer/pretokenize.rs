//! Pre-tokenization: how a text is cut into words before BPE merges run inside each word.
//! GPT-2's pattern (`'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`),
//! optionally after splitting every numeric character (`\p{N}`) off on its own, as llama.cpp's
//! `smollm`, `starcoder`, ... pre-tokenizers and Hugging Face's `Digits(individual_digits)` do.

use regex::Regex;

use forge_runtime::{Error, Result};

/// GPT-2's pattern without the look-ahead, which `regex` lacks: the `\s+(?!\S)` branch is
/// applied after matching (see [`PreTokenizer::split`]).
const GPT2_PATTERN: &str = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+";

/// llama.cpp's `tokenizer.ggml.pre` names whose splitting this module reproduces.
const DIGIT_SPLIT_PRES: [&str; 7] = ["smollm", "starcoder", "refact", "command-r", "codeshell", "exaone", "minerva"];
const GPT2_PRES: [&str; 6] = ["gpt2", "default", "mpt", "olmo", "jais", "trillion"];

/// A compiled pre-tokenizer.
#[derive(Debug, Clone)]
pub(crate) struct PreTokenizer {
    words: Regex,
    split_digits: bool,
}

impl PreTokenizer {
    /// The pre-tokenizer a GGUF file names in `tokenizer.ggml.pre` (absent: GPT-2's).
    pub fn from_name(pre: Option<&str>) -> Result<PreTokenizer> {
        let split_digits = match pre {
            None => false,
            Some(p) if GPT2_PRES.contains(&p) => false,
            Some(p) if DIGIT_SPLIT_PRES.contains(&p) => true,
            Some(p) => {
                return Err(Error::Unsupported {
                    what: format!("pre-tokenizer `{p}` (tokenizer.ggml.pre)"),
                    reason: format!(
                        "by forge-llm's tokenizer: it splits like {} (digits one by one) or {}",
                        DIGIT_SPLIT_PRES.join(", "),
                        GPT2_PRES.join(", ")
                    ),
                })
            }
        };
        let words = Regex::new(GPT2_PATTERN).map_err(|e| Error::Internal(format!("GPT-2 pattern: {e}")))?;
        Ok(PreTokenizer { words, split_digits })
    }

    /// Calls `word` with each word of `text`, in order; the words concatenate to `text`.
    pub fn split<'t>(&self, text: &'t str, mut word: impl FnMut(&'t str)) {
        if !self.split_digits {
            return self.split_gpt2(text, &mut word);
        }
        let mut start = 0;
        for (i, c) in text.char_indices() {
            if c.is_numeric() {
                self.split_gpt2(&text[start..i], &mut word);
                word(&text[i..i + c.len_utf8()]);
                start = i + c.len_utf8();
            }
        }
        self.split_gpt2(&text[start..], &mut word);
    }

    /// GPT-2's splitting of one piece: the piece's end is the end of the text for `(?!\S)`.
    fn split_gpt2<'t>(&self, piece: &'t str, word: &mut impl FnMut(&'t str)) {
        let mut at = 0;
        while at < piece.len() {
            // Every character starts some branch, so each match begins at `at`.
            let end = self.words.find_at(piece, at).map_or(piece.len(), |m| m.end());
            let mut end = end.max(at + 1);
            let m = &piece[at..end];
            // `\s+(?!\S)`: a whitespace run followed by more text gives its last character back
            // to the next word (where ` ?\p{L}+` and friends take a single space).
            if end < piece.len() && m.chars().all(char::is_whitespace) {
                if let Some((last, _)) = m.char_indices().last().filter(|&(i, _)| i > 0) {
                    end = at + last;
                }
            }
            while !piece.is_char_boundary(end) {
                end += 1;
            }
            word(&piece[at..end]);
            at = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(pre: &str, text: &str) -> Vec<String> {
        let p = PreTokenizer::from_name(Some(pre)).unwrap();
        let mut out = Vec::new();
        p.split(text, |w| out.push(w.to_string()));
        assert_eq!(out.concat(), text);
        out
    }

    #[test]
    fn gpt2_splitting() {
        assert_eq!(words("gpt2", "Hello world"), ["Hello", " world"]);
        assert_eq!(words("gpt2", "I'm here's"), ["I", "'m", " here", "'s"]);
        assert_eq!(words("gpt2", "a   b"), ["a", "  ", " b"]);
        assert_eq!(words("gpt2", "a \n b"), ["a", " \n", " b"]);
        assert_eq!(words("gpt2", "a\nb"), ["a", "\n", "b"]);
        assert_eq!(words("gpt2", "x  "), ["x", "  "]);
        assert_eq!(words("gpt2", " 123 ab!!"), [" 123", " ab", "!!"]);
        assert_eq!(words("gpt2", "é 日本"), ["é", " 日本"]);
        assert_eq!(words("gpt2", ""), Vec::<String>::new());
    }

    #[test]
    fn smollm_splits_digits_first() {
        assert_eq!(words("smollm", " 123"), [" ", "1", "2", "3"]);
        assert_eq!(words("smollm", "a  1"), ["a", "  ", "1"]);
        assert_eq!(words("smollm", "v2.0"), ["v", "2", ".", "0"]);
        assert_eq!(words("smollm", "½x"), ["½", "x"]);
    }

    #[test]
    fn unknown_pre_tokenizer_is_an_error() {
        let err = PreTokenizer::from_name(Some("llama-bpe")).unwrap_err().to_string();
        assert!(err.contains("llama-bpe"), "{err}");
    }
}
