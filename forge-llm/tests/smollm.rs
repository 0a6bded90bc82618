//! The tokenizer and chat template of SmolLM2-135M-Instruct's GGUF file against Hugging
//! Face's libraries: token ids from `tokenizers` (the file's vocabulary, merges and `smollm`
//! pre-tokenizer) and prompts from transformers' `apply_chat_template`, both written by
//! `scripts/tokenizer_fixtures.py` into `tests/fixtures/smollm/`. Without the model file
//! (`forge_llm::smollm_gguf` says where it looked) the tests show as ignored with the reason.

use std::path::Path;
use std::sync::Arc;

use forge_llm::{ChatTemplate, Message, Tokenizer};
use forge_runtime::gguf::Gguf;
use libtest_mimic::{Arguments, Failed, Trial};

fn fixture(name: &str) -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/smollm").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn encodes_like_hugging_face(file: &Gguf) -> Result<(), Failed> {
    let tokenizer = Tokenizer::from_gguf(file)?;
    let cases = fixture("tokenizer.json");
    let cases = cases.as_array().ok_or("tokenizer.json is not a list")?;
    assert!(cases.len() >= 30, "{} cases", cases.len());
    for case in cases {
        let text = case["text"].as_str().ok_or("case without text")?;
        let want: Vec<u32> = case["ids"]
            .as_array()
            .ok_or("case without ids")?
            .iter()
            .map(|v| v.as_u64().unwrap_or(u64::MAX) as u32)
            .collect();
        let got = tokenizer.encode(text, true);
        assert_eq!(got, want, "ids of {text:?}");
        assert_eq!(tokenizer.decode(&got), text, "decode(encode({text:?}))");
        // Streaming gives the same text, piece by piece.
        let mut decoder = tokenizer.decoder();
        let mut streamed: String = got.iter().filter_map(|&id| decoder.push(id)).collect();
        streamed += &decoder.finish();
        assert_eq!(streamed, text, "streamed decode of {text:?}");
    }
    Ok(())
}

fn knows_its_special_tokens(file: &Gguf) -> Result<(), Failed> {
    let t = Tokenizer::from_gguf(file)?;
    assert_eq!(t.vocab_size(), 49152);
    assert_eq!((t.bos_id(), t.eos_id()), (Some(1), Some(2)));
    assert_eq!((t.token(1), t.token(2)), (Some("<|im_start|>"), Some("<|im_end|>")));
    assert!(t.is_end_of_generation(2), "<|im_end|> (EOS) ends generation");
    assert!(t.is_end_of_generation(0), "<|endoftext|> ends generation");
    assert!(!t.is_end_of_generation(1));
    // Without parse_special the markers are plain text.
    let plain = t.encode("<|im_start|>", false);
    assert!(plain.len() > 1 && !plain.contains(&1), "{plain:?}");
    // add_bos_token is false in this file: a prompt starts with its own first token.
    assert_eq!(t.encode_prompt("<|im_start|>user\nhi"), t.encode("<|im_start|>user\nhi", true));
    assert_eq!(t.encode_prompt("<|im_start|>")[0], 1);
    Ok(())
}

fn renders_chat_like_transformers(file: &Gguf) -> Result<(), Failed> {
    let template = ChatTemplate::from_gguf(file)?;
    let renders = fixture("chat.json");
    for case in renders.as_array().ok_or("chat.json is not a list")? {
        let messages: Vec<Message> = case["messages"]
            .as_array()
            .ok_or("case without messages")?
            .iter()
            .map(|m| Message::new(m["role"].as_str().unwrap_or(""), m["content"].as_str().unwrap_or("")))
            .collect();
        let add = case["add_generation_prompt"].as_bool().ok_or("case without add_generation_prompt")?;
        let want = case["text"].as_str().ok_or("case without text")?;
        assert_eq!(template.render(&messages, add)?, want, "render of {messages:?}");
    }
    // The template's own default system message appears when none is given.
    let out = template.render(&[Message::user("hi")], false)?;
    assert!(out.starts_with("<|im_start|>system\nYou are a helpful AI assistant named SmolLM"), "{out}");
    assert!(out.ends_with("<|im_start|>user\nhi<|im_end|>\n"), "{out}");
    Ok(())
}

/// A long prompt (about 100k characters of mixed text) encodes quickly and round-trips.
fn long_prompts_are_fast(file: &Gguf) -> Result<(), Failed> {
    let t = Tokenizer::from_gguf(file)?;
    let text = "The year 2026 had 365 days; café, 日本語, and emoji 👍🏽 too.\n\t".repeat(1500);
    let started = std::time::Instant::now();
    let ids = t.encode(&text, true);
    let took = started.elapsed();
    assert_eq!(t.decode(&ids), text);
    assert!(took.as_secs_f64() < 2.0, "{} chars took {took:?}", text.len());
    Ok(())
}

/// Random texts over a mixed alphabet (ASCII, whitespace, digits and numerals, accents, CJK,
/// emoji with modifiers, special-token fragments) decode back to themselves, streamed or not.
fn random_texts_round_trip(file: &Gguf) -> Result<(), Failed> {
    let t = Tokenizer::from_gguf(file)?;
    let alphabet: Vec<&str> = vec![
        "a",
        "Z",
        "the",
        " ",
        "  ",
        "\n",
        "\t",
        "\r\n",
        "0",
        "7",
        "42",
        "½",
        "٣",
        ".",
        "'s",
        "'",
        "!",
        "<",
        "|",
        ">",
        "é",
        "ß",
        "Ø",
        "日",
        "本",
        "한",
        "я",
        "👍",
        "🏽",
        "🇫",
        "🇷",
        "\u{200d}",
        "<|im_start|>",
        "<|im_end|>",
        "im_",
        "\u{0}",
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for _ in 0..2000 {
        let len = next(24);
        let text: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
        for parse_special in [false, true] {
            let ids = t.encode(&text, parse_special);
            assert_eq!(t.decode(&ids), text, "parse_special {parse_special}: {ids:?}");
            let mut decoder = t.decoder();
            let mut streamed: String = ids.iter().filter_map(|&id| decoder.push(id)).collect();
            streamed += &decoder.finish();
            assert_eq!(streamed, text);
        }
    }
    Ok(())
}

type Check = fn(&Gguf) -> Result<(), Failed>;

fn main() {
    let args = Arguments::from_args();
    let found = forge_llm::smollm_gguf().map_err(|e| e.to_string());
    if let Err(reason) = &found {
        eprintln!("smollm: ignored: {reason}");
    }
    // Read once, shared by the trials.
    let file: Result<Arc<Gguf>, String> =
        found.and_then(|path| Gguf::open(&path).map(Arc::new).map_err(|e| format!("{}: {e}", path.display())));
    let checks: [(&str, Check); 5] = [
        ("encodes_like_hugging_face", encodes_like_hugging_face),
        ("knows_its_special_tokens", knows_its_special_tokens),
        ("renders_chat_like_transformers", renders_chat_like_transformers),
        ("long_prompts_are_fast", long_prompts_are_fast),
        ("random_texts_round_trip", random_texts_round_trip),
    ];
    let trials = checks
        .into_iter()
        .map(|(name, check)| {
            let file = file.clone();
            let missing = file.is_err();
            Trial::test(name, move || match file {
                Ok(file) => check(&file),
                Err(reason) => Err(Failed::from(format!("model file missing: {reason}"))),
            })
            .with_ignored_flag(missing)
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
