//! Forge's host-side pieces for running a GGUF language model: the tokenizer the file
//! describes (byte-level BPE with its pre-tokenizer and special tokens), a streaming decoder
//! for printing tokens as they are generated, and the file's Jinja chat template. Pure Rust,
//! independent of any GPU code; the file itself is read by [`forge_runtime::gguf::Gguf`].
//!
//! ```no_run
//! # fn main() -> forge_runtime::Result<()> {
//! use forge_llm::{ChatTemplate, Message, Tokenizer};
//! use forge_runtime::gguf::Gguf;
//!
//! let file = Gguf::open("SmolLM2-135M-Instruct.Q4_1.gguf")?;
//! let tokenizer = Tokenizer::from_gguf(&file)?;
//! let template = ChatTemplate::from_gguf(&file)?;
//! let prompt = template.render(&[Message::user("What is the capital of France?")], true)?;
//! let ids = tokenizer.encode_prompt(&prompt); // <|im_start|> etc. become their ids
//! # let generated: Vec<u32> = ids.clone();
//! let mut decoder = tokenizer.decoder();
//! for &id in &generated {
//!     if tokenizer.is_end_of_generation(id) {
//!         break;
//!     }
//!     if let Some(text) = decoder.push(id) {
//!         print!("{text}");
//!     }
//! }
//! # Ok(()) }
//! ```

pub mod chat;
mod locate;
pub mod tokenizer;

pub use chat::{ChatTemplate, Message};
pub use locate::{smollm_gguf, SMOLLM_ENV};
pub use tokenizer::{Decoder, TokenKind, Tokenizer};
