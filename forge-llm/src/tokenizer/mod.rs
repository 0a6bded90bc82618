//! The byte-level BPE tokenizer a GGUF file describes (`tokenizer.ggml.model = "gpt2"`): its
//! vocabulary, merges, special tokens and pre-tokenizer, with encoding, decoding and a
//! streaming decoder for printing tokens as a model produces them.

mod bpe;
mod byte_level;
mod pretokenize;
mod stream;

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use forge_runtime::gguf::Gguf;
use forge_runtime::{Error, Result};

use pretokenize::PreTokenizer;
pub use stream::Decoder;

/// What a vocabulary entry is (`tokenizer.ggml.token_type`, llama.cpp's `llama_token_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// Ordinary text, stored in the byte-level alphabet.
    Normal,
    /// Stands for unknown input.
    Unknown,
    /// A control token such as `<|im_start|>`: matched in text only when asked
    /// (`parse_special`), never produced by BPE.
    Control,
    /// Added by the model's authors: always matched in text as a whole.
    UserDefined,
    /// Unused slot.
    Unused,
    /// A raw byte (`<0x0A>`); SentencePiece vocabularies use them.
    Byte,
}

impl TokenKind {
    fn from_gguf(ty: i32) -> TokenKind {
        match ty {
            2 => TokenKind::Unknown,
            3 => TokenKind::Control,
            4 => TokenKind::UserDefined,
            5 => TokenKind::Unused,
            6 => TokenKind::Byte,
            _ => TokenKind::Normal,
        }
    }
}

/// Texts of tokens that end a turn in common chat formats, besides the file's EOS/EOT ids.
const END_OF_TURN_TEXTS: [&str; 6] =
    ["<|im_end|>", "<|eot_id|>", "<|end|>", "<end_of_turn>", "<|endoftext|>", "<|eom_id|>"];

/// A byte-level BPE tokenizer read from a GGUF file. Cheap to share (`&Tokenizer` is all the
/// methods need); independent of any GPU code.
#[derive(Debug, Clone)]
pub struct Tokenizer {
    tokens: Vec<String>,
    kinds: Vec<TokenKind>,
    /// The bytes each token decodes to (special tokens: their text).
    token_bytes: Vec<Vec<u8>>,
    byte_ids: [u32; 256],
    merges: bpe::Merges,
    pre: PreTokenizer,
    /// Control and user-defined tokens, longest first, for matching them in text.
    specials: Vec<(String, u32, TokenKind)>,
    /// Whether some special token starts with this byte (a cheap pre-check while scanning).
    special_first_bytes: [bool; 256],
    bos: Option<u32>,
    eos: Option<u32>,
    add_bos: bool,
    add_eos: bool,
    end_of_generation: Vec<u32>,
}

fn optional_id(gguf: &Gguf, key: &str, vocab_size: usize) -> Result<Option<u32>> {
    if gguf.get(key).is_none() {
        return Ok(None);
    }
    let id = gguf.get_u32(key)?;
    if id as usize >= vocab_size {
        return Err(Error::Gguf {
            what: format!("key `{key}`"),
            reason: format!("token id {id} is past the vocabulary of {vocab_size}"),
        });
    }
    Ok(Some(id))
}

fn optional_bool(gguf: &Gguf, key: &str, default: bool) -> Result<bool> {
    if gguf.get(key).is_none() {
        return Ok(default);
    }
    gguf.get_bool(key)
}

impl Tokenizer {
    /// Reads the tokenizer from `tokenizer.ggml.*`: `model` must be `gpt2` (byte-level BPE);
    /// `pre` one of the pre-tokenizers this crate knows (`smollm`, `gpt2`, `starcoder`, ...).
    pub fn from_gguf(gguf: &Gguf) -> Result<Tokenizer> {
        let model = gguf.get_str("tokenizer.ggml.model")?;
        if model != "gpt2" {
            return Err(Error::Unsupported {
                what: format!("tokenizer model `{model}` (tokenizer.ggml.model)"),
                reason: "by forge-llm: only byte-level BPE (`gpt2`) is implemented".into(),
            });
        }
        let pre = match gguf.get("tokenizer.ggml.pre") {
            None => None,
            Some(_) => Some(gguf.get_str("tokenizer.ggml.pre")?),
        };
        let tokens = gguf.get_str_array("tokenizer.ggml.tokens")?.to_vec();
        let kinds = match gguf.get("tokenizer.ggml.token_type") {
            None => vec![TokenKind::Normal; tokens.len()],
            Some(_) => gguf.get_i32_array("tokenizer.ggml.token_type")?.into_iter().map(TokenKind::from_gguf).collect(),
        };
        if kinds.len() != tokens.len() {
            return Err(Error::Gguf {
                what: "key `tokenizer.ggml.token_type`".into(),
                reason: format!("{} entries for {} tokens", kinds.len(), tokens.len()),
            });
        }
        let merges = match gguf.get("tokenizer.ggml.merges") {
            None => &[][..],
            Some(_) => gguf.get_str_array("tokenizer.ggml.merges")?,
        };
        let n = tokens.len();
        let mut tok = Tokenizer::from_parts(tokens, kinds, merges, PreTokenizer::from_name(pre)?)?;
        tok.bos = optional_id(gguf, "tokenizer.ggml.bos_token_id", n)?;
        tok.eos = optional_id(gguf, "tokenizer.ggml.eos_token_id", n)?;
        tok.add_bos = optional_bool(gguf, "tokenizer.ggml.add_bos_token", false)?;
        tok.add_eos = optional_bool(gguf, "tokenizer.ggml.add_eos_token", false)?;
        for key in ["tokenizer.ggml.eos_token_id", "tokenizer.ggml.eot_token_id", "tokenizer.ggml.eom_token_id"] {
            if let Some(id) = optional_id(gguf, key, n)? {
                tok.end_of_generation.push(id);
            }
        }
        Ok(tok)
    }

    /// A tokenizer from its parts (vocabulary, kinds, `"left right"` merges in rank order).
    fn from_parts(
        tokens: Vec<String>,
        kinds: Vec<TokenKind>,
        merges: &[String],
        pre: PreTokenizer,
    ) -> Result<Tokenizer> {
        if tokens.is_empty() || tokens.len() > u32::MAX as usize {
            return Err(Error::Gguf {
                what: "key `tokenizer.ggml.tokens`".into(),
                reason: format!("{} tokens (at least one, fewer than 2^32)", tokens.len()),
            });
        }
        let chars = byte_level::byte_chars();
        let mut ids: HashMap<&str, u32> = HashMap::with_capacity(tokens.len());
        for (i, t) in tokens.iter().enumerate() {
            // The first of duplicate entries wins, as in llama.cpp's text-to-id map.
            ids.entry(t.as_str()).or_insert(i as u32);
        }
        let unknown = kinds.iter().position(|&k| k == TokenKind::Unknown).unwrap_or(0) as u32;
        let mut byte_ids = [unknown; 256];
        for (b, c) in chars.iter().enumerate() {
            if let Some(&id) = ids.get(c.encode_utf8(&mut [0; 4]) as &str) {
                byte_ids[b] = id;
            }
        }
        let mut merge_ranks = bpe::Merges::with_capacity(merges.len());
        for (rank, m) in merges.iter().enumerate() {
            // Merges naming tokens outside the vocabulary cannot apply; they are skipped.
            let Some((left, right)) = m.split_once(' ') else { continue };
            let (Some(&l), Some(&r), Some(&merged)) =
                (ids.get(left), ids.get(right), ids.get(format!("{left}{right}").as_str()))
            else {
                continue;
            };
            merge_ranks.entry((l, r)).or_insert((rank as u32, merged));
        }
        let token_bytes = tokens
            .iter()
            .zip(&kinds)
            .map(|(t, k)| match k {
                TokenKind::Normal | TokenKind::Unknown | TokenKind::Unused => t
                    .chars()
                    .flat_map(|c| match byte_level::char_byte(c) {
                        Some(b) => vec![b],
                        None => c.to_string().into_bytes(),
                    })
                    .collect(),
                TokenKind::Byte => byte_token(t).map_or_else(|| t.as_bytes().to_vec(), |b| vec![b]),
                TokenKind::Control | TokenKind::UserDefined => t.as_bytes().to_vec(),
            })
            .collect();
        let mut specials: Vec<(String, u32, TokenKind)> = tokens
            .iter()
            .zip(&kinds)
            .enumerate()
            .filter(|(_, (t, k))| matches!(k, TokenKind::Control | TokenKind::UserDefined) && !t.is_empty())
            .map(|(i, (t, &k))| (t.clone(), i as u32, k))
            .collect();
        specials.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.1.cmp(&b.1)));
        let mut special_first_bytes = [false; 256];
        for (s, _, _) in &specials {
            if let Some(&b) = s.as_bytes().first() {
                special_first_bytes[b as usize] = true;
            }
        }
        let end_of_generation = tokens
            .iter()
            .zip(&kinds)
            .enumerate()
            .filter(|(_, (t, k))| **k == TokenKind::Control && END_OF_TURN_TEXTS.contains(&t.as_str()))
            .map(|(i, _)| i as u32)
            .collect();
        Ok(Tokenizer {
            tokens,
            kinds,
            token_bytes,
            byte_ids,
            merges: merge_ranks,
            pre,
            specials,
            special_first_bytes,
            bos: None,
            eos: None,
            add_bos: false,
            add_eos: false,
            end_of_generation,
        })
    }

    /// Token ids of `text`. With `parse_special`, control tokens written in the text
    /// (`<|im_start|>`) become their ids; without it they are encoded as plain text.
    /// User-defined tokens always match. Adds no BOS/EOS (see [`Tokenizer::encode_prompt`]).
    pub fn encode(&self, text: &str, parse_special: bool) -> Vec<u32> {
        let mut out = Vec::with_capacity(text.len() / 3 + 1);
        let bytes = text.as_bytes();
        let (mut plain_from, mut at) = (0, 0);
        while at < bytes.len() {
            let found = if self.special_first_bytes[bytes[at] as usize] && text.is_char_boundary(at) {
                self.special_at(&text[at..], parse_special)
            } else {
                None
            };
            match found {
                Some((len, id)) => {
                    self.encode_plain(&text[plain_from..at], &mut out);
                    out.push(id);
                    at += len;
                    plain_from = at;
                }
                None => at += 1,
            }
        }
        self.encode_plain(&text[plain_from..], &mut out);
        out
    }

    /// Token ids of a prompt (a rendered chat template, say): special tokens parsed, BOS and
    /// EOS added where the file asks for them (`tokenizer.ggml.add_bos_token` / `add_eos_token`).
    pub fn encode_prompt(&self, text: &str) -> Vec<u32> {
        let mut ids = Vec::new();
        if let Some(bos) = self.bos.filter(|_| self.add_bos) {
            ids.push(bos);
        }
        ids.extend(self.encode(text, true));
        if let Some(eos) = self.eos.filter(|_| self.add_eos) {
            ids.push(eos);
        }
        ids
    }

    /// The longest special token `text` starts with: its byte length and id.
    fn special_at(&self, text: &str, parse_special: bool) -> Option<(usize, u32)> {
        self.specials
            .iter()
            .filter(|(_, _, kind)| parse_special || *kind != TokenKind::Control)
            .find(|(s, _, _)| text.starts_with(s.as_str()))
            .map(|(s, id, _)| (s.len(), *id))
    }

    fn encode_plain(&self, text: &str, out: &mut Vec<u32>) {
        self.pre.split(text, |word| bpe::merge_word(word.as_bytes(), &self.byte_ids, &self.merges, out));
    }

    /// The text of `ids`: byte-level tokens decoded to their bytes, special tokens as their
    /// text; bytes that do not form UTF-8 become U+FFFD. Unknown ids are skipped.
    pub fn decode(&self, ids: &[u32]) -> String {
        let mut bytes = Vec::new();
        for &id in ids {
            bytes.extend_from_slice(self.token_bytes(id).unwrap_or_default());
        }
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// The bytes token `id` decodes to (special tokens: their text); `None` past the vocabulary.
    pub fn token_bytes(&self, id: u32) -> Option<&[u8]> {
        self.token_bytes.get(id as usize).map(Vec::as_slice)
    }

    /// The vocabulary entry of `id` as the file stores it (`Ġworld`, `<|im_end|>`).
    pub fn token(&self, id: u32) -> Option<&str> {
        self.tokens.get(id as usize).map(String::as_str)
    }

    /// What kind of token `id` is.
    pub fn token_kind(&self, id: u32) -> Option<TokenKind> {
        self.kinds.get(id as usize).copied()
    }

    /// The id of the vocabulary entry `text`, if any (a linear scan: for occasional lookups).
    pub fn token_id(&self, text: &str) -> Option<u32> {
        self.tokens.iter().position(|t| t == text).map(|i| i as u32)
    }

    /// Number of entries in the vocabulary.
    pub fn vocab_size(&self) -> usize {
        self.tokens.len()
    }

    /// The beginning-of-sequence token, if the file names one.
    pub fn bos_id(&self) -> Option<u32> {
        self.bos
    }

    /// The end-of-sequence token, if the file names one.
    pub fn eos_id(&self) -> Option<u32> {
        self.eos
    }

    /// Whether generation should stop at `id`: the file's EOS, EOT and EOM tokens and control
    /// tokens that end a turn in common chat formats (`<|im_end|>`, `<|eot_id|>`, ...).
    pub fn is_end_of_generation(&self, id: u32) -> bool {
        self.end_of_generation.contains(&id)
    }

    /// A streaming decoder over this vocabulary (see [`Decoder`]).
    pub fn decoder(&self) -> Decoder<'_> {
        Decoder::new(self)
    }
}

/// The byte of a SentencePiece byte token `<0xAB>`.
fn byte_token(t: &str) -> Option<u8> {
    let hex = t.strip_prefix("<0x")?.strip_suffix('>')?;
    u8::from_str_radix(hex, 16).ok()
}
