//! Tokenizer tests on a small vocabulary built in memory: merge order, special tokens,
//! decoding, streaming and long inputs. The real SmolLM2 vocabulary is tested against
//! Hugging Face's output in `tests/smollm.rs`.

use super::*;

/// All 256 byte characters, then merged tokens, then two control tokens.
fn tiny(pre: &str) -> Tokenizer {
    let chars = byte_level::byte_chars();
    let mut tokens: Vec<String> = chars.iter().map(|c| c.to_string()).collect();
    let merges: Vec<String> =
        ["a b", "ab c", "Ġ a", "b c", "Ġa bc", "Ġ Ġ", "ð Ł"].iter().map(|s| s.to_string()).collect();
    for m in &merges {
        tokens.push(m.replace(' ', ""));
    }
    tokens.push("<|im_start|>".into());
    tokens.push("<|im_end|>".into());
    tokens.push("<|im_start|>x".into());
    let mut kinds = vec![TokenKind::Normal; tokens.len() - 3];
    kinds.extend([TokenKind::Control, TokenKind::Control, TokenKind::UserDefined]);
    Tokenizer::from_parts(tokens, kinds, &merges, PreTokenizer::from_name(Some(pre)).unwrap()).unwrap()
}

fn id(t: &Tokenizer, text: &str) -> u32 {
    t.token_id(text).unwrap()
}

#[test]
fn merges_apply_in_rank_order() {
    let t = tiny("gpt2");
    // "abc": a+b (rank 0) first, then ab+c; b+c (rank 3) never gets its chance.
    assert_eq!(t.encode("abc", false), [id(&t, "abc")]);
    // " abc": a+b (rank 0) beats Ġ+a (rank 2), then ab+c; Ġ and abc have no rule.
    assert_eq!(t.encode(" abc", false), [id(&t, "Ġ"), id(&t, "abc")]);
    assert_eq!(t.encode(" abcbc", false), [id(&t, "Ġ"), id(&t, "abc"), id(&t, "bc")]);
    // " acbc": Ġ+a (rank 2), then b+c (rank 3); Ġa+bc cannot apply across the c.
    assert_eq!(t.encode(" acbc", false), [id(&t, "Ġa"), id(&t, "c"), id(&t, "bc")]);
    assert_eq!(t.encode(" abca", false), [id(&t, "Ġ"), id(&t, "abc"), id(&t, "a")]);
    assert_eq!(t.encode("cab", false), [id(&t, "c"), id(&t, "ab")]);
    // A merge's two sides may be the same token: leftmost pairs first.
    assert_eq!(t.encode("    ", false), [id(&t, "ĠĠ"), id(&t, "ĠĠ")]);
    assert_eq!(t.encode("   ", false), [id(&t, "ĠĠ"), id(&t, "Ġ")]);
}

#[test]
fn special_tokens_only_when_asked() {
    let t = tiny("gpt2");
    let start = id(&t, "<|im_start|>");
    let with = t.encode("<|im_start|>ab<|im_end|>", true);
    assert_eq!(with, [start, id(&t, "ab"), id(&t, "<|im_end|>")]);
    let without = t.encode("<|im_start|>ab", false);
    assert!(!without.contains(&start) && without.len() > 3, "{without:?}");
    assert_eq!(t.decode(&without), "<|im_start|>ab");
    // A user-defined token always matches, and the longest token at a position wins.
    assert_eq!(t.encode("<|im_start|>x", false), [id(&t, "<|im_start|>x")]);
    assert_eq!(t.encode("<|im_start|>x", true), [id(&t, "<|im_start|>x")]);
    assert!(t.is_end_of_generation(id(&t, "<|im_end|>")));
    assert!(!t.is_end_of_generation(start));
}

#[test]
fn decode_inverts_encode_for_any_text() {
    let t = tiny("smollm");
    for text in ["", "abc abc", "\u{0}\u{1f}\u{7f}", "café 日本 👍🏽 🇫🇷", "  \n\t x  ", "12 345", "<|im_end|>"]
    {
        assert_eq!(t.decode(&t.encode(text, true)), text);
        assert_eq!(t.decode(&t.encode(text, false)), text);
    }
    assert_eq!(t.decode(&[u32::MAX]), "");
}

#[test]
fn streaming_holds_back_partial_characters() {
    let t = tiny("gpt2");
    let ids = t.encode("a👍b", false);
    assert!(ids.len() >= 4, "the emoji spans several tokens here: {ids:?}");
    let mut d = t.decoder();
    let pieces: Vec<Option<String>> = ids.iter().map(|&i| d.push(i)).collect();
    assert_eq!(pieces.first().cloned().flatten().as_deref(), Some("a"));
    assert!(pieces.iter().flatten().all(|p| !p.contains('\u{FFFD}')));
    assert_eq!(pieces.iter().flatten().cloned().collect::<String>() + &d.finish(), "a👍b");
    // A lone continuation byte can never complete: it comes out at once, replaced.
    let lone = id(&t, &byte_level::byte_chars()[0x80].to_string());
    assert_eq!(d.push(lone).as_deref(), Some("\u{FFFD}"));
    // An unfinished character left at the end comes out of finish, replaced.
    let lead = id(&t, &byte_level::byte_chars()[0xF0].to_string());
    assert_eq!(d.push(lead), None);
    assert_eq!(d.finish(), "\u{FFFD}");
}

#[test]
fn long_runs_stay_fast() {
    let t = tiny("gpt2");
    let spaces = " ".repeat(100_000);
    let started = std::time::Instant::now();
    let ids = t.encode(&spaces, false);
    assert_eq!(ids.len(), 50_000);
    let text = "abc ".repeat(50_000);
    assert_eq!(t.decode(&t.encode(&text, true)), text);
    assert!(started.elapsed().as_secs() < 5, "took {:?}", started.elapsed());
}

/// A tokenizer read from a small file written by llama.cpp's gguf-py (the fuzz seed): no
/// `tokenizer.ggml.pre` (GPT-2 splitting), five tokens, one merge; bytes missing from the
/// vocabulary fall back to its first unknown-or-zero id.
#[test]
fn reads_a_small_gguf_tokenizer() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/seeds-gguf/small-q4_1-q8_0.gguf");
    let file = Gguf::open(path).unwrap();
    let t = Tokenizer::from_gguf(&file).unwrap();
    assert_eq!(t.vocab_size(), 5);
    assert_eq!(t.token_kind(0), Some(TokenKind::Control));
    assert_eq!(t.encode("ab a b", false), [3, 4, 1, 4, 2]);
    assert_eq!(t.encode("<|endoftext|>ab", true), [0, 3]);
    assert_eq!(t.encode("c", false), [0]);
    assert_eq!((t.bos_id(), t.eos_id()), (None, None));
    assert!(t.is_end_of_generation(0), "<|endoftext|> ends a turn");
    assert!(crate::ChatTemplate::from_gguf(&file).unwrap_err().to_string().contains("tokenizer.chat_template"));
}
