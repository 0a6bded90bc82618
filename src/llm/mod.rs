//! Running GGUF language models: a Llama decoder with a key/value cache on any backend
//! ([`LlamaSession`]), the file's tokenizer and chat template (the `forge-llm` crate's
//! [`Tokenizer`] and [`ChatTemplate`]), sampling ([`Sampler`]), and SmolLM2's file found where its
//! package installed it ([`smollm_gguf`]).

mod graph {
    //! The decoder graph (shared with the tests and examples as `examples/graphs/llama_gguf.rs`).
    use crate::forge_graph;
    include!("../../examples/graphs/llama_gguf.rs");
}
mod model;
mod sample;

pub use forge_llm::{smollm_gguf, ChatTemplate, Decoder, Message, TokenKind, Tokenizer, SMOLLM_ENV};
pub use model::{LlamaConfig, LlamaSession};
pub use sample::{argmax, Sampler, SamplingOptions};
