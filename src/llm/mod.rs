//! Running GGUF language models: a Llama decoder with a key/value cache on any backend
//! ([`LlamaSession`]), the model file found where a package installed it ([`smollm_gguf`]).

mod graph {
    //! The decoder graph (shared with the tests and examples as `examples/graphs/llama_gguf.rs`).
    use crate::forge_graph;
    include!("../../examples/graphs/llama_gguf.rs");
}
mod locate;
mod model;

pub use locate::{smollm_gguf, SMOLLM_ENV};
pub use model::{LlamaConfig, LlamaSession};
