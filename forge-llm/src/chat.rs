//! Chat templates: the Jinja text a GGUF file carries in `tokenizer.chat_template`, rendered
//! with minijinja under the settings Hugging Face's `apply_chat_template` uses (`trim_blocks`,
//! `lstrip_blocks`, `raise_exception`, Python string methods), so prompts match the model's
//! training format byte for byte.

use minijinja::{context, Environment, ErrorKind};

use forge_runtime::gguf::Gguf;
use forge_runtime::{Error, Result};

const KEY: &str = "tokenizer.chat_template";

/// One chat turn: `role` is `system`, `user` or `assistant` (templates may know others).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub role: String,
    pub content: String,
}

impl Message {
    /// A turn with any role.
    pub fn new(role: impl Into<String>, content: impl Into<String>) -> Message {
        Message { role: role.into(), content: content.into() }
    }

    /// A system prompt.
    pub fn system(content: impl Into<String>) -> Message {
        Message::new("system", content)
    }

    /// A user turn.
    pub fn user(content: impl Into<String>) -> Message {
        Message::new("user", content)
    }

    /// An assistant turn.
    pub fn assistant(content: impl Into<String>) -> Message {
        Message::new("assistant", content)
    }
}

/// A compiled chat template.
#[derive(Debug)]
pub struct ChatTemplate {
    env: Environment<'static>,
    bos_token: String,
    eos_token: String,
}

fn template_error(e: minijinja::Error) -> Error {
    Error::Gguf { what: format!("key `{KEY}`"), reason: format!("the template does not compile: {e:#}") }
}

impl ChatTemplate {
    /// The file's `tokenizer.chat_template`, with `bos_token` / `eos_token` taken from the
    /// vocabulary entries the file names (templates may print them).
    pub fn from_gguf(gguf: &Gguf) -> Result<ChatTemplate> {
        let source = gguf.get_str(KEY)?;
        let token = |key: &str| -> Result<String> {
            if gguf.get(key).is_none() {
                return Ok(String::new());
            }
            let id = gguf.get_u32(key)? as usize;
            let tokens = gguf.get_str_array("tokenizer.ggml.tokens")?;
            Ok(tokens.get(id).cloned().unwrap_or_default())
        };
        ChatTemplate::new(source, token("tokenizer.ggml.bos_token_id")?, token("tokenizer.ggml.eos_token_id")?)
    }

    /// A template from its Jinja source.
    pub fn new(source: &str, bos_token: impl Into<String>, eos_token: impl Into<String>) -> Result<ChatTemplate> {
        let mut env = Environment::new();
        env.set_trim_blocks(true);
        env.set_lstrip_blocks(true);
        env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
        env.add_function("raise_exception", |message: String| -> std::result::Result<String, minijinja::Error> {
            Err(minijinja::Error::new(ErrorKind::InvalidOperation, message))
        });
        env.add_template_owned("chat", source.to_string()).map_err(template_error)?;
        Ok(ChatTemplate { env, bos_token: bos_token.into(), eos_token: eos_token.into() })
    }

    /// The prompt for `messages`; with `add_generation_prompt` it ends with the opening of
    /// the assistant's turn (`<|im_start|>assistant\n` for ChatML). A default system message
    /// is whatever the template itself adds when `messages` has none.
    pub fn render(&self, messages: &[Message], add_generation_prompt: bool) -> Result<String> {
        let messages: Vec<minijinja::Value> =
            messages.iter().map(|m| context! { role => m.role.as_str(), content => m.content.as_str() }).collect();
        let template = self.env.get_template("chat").map_err(template_error)?;
        template
            .render(context! {
                messages => messages,
                add_generation_prompt => add_generation_prompt,
                bos_token => self.bos_token.as_str(),
                eos_token => self.eos_token.as_str(),
            })
            .map_err(|e| Error::InvalidArgument {
                argument: "messages".into(),
                reason: format!("the chat template refused them: {e:#}"),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHATML: &str = "{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}\
        {{ '<|im_start|>system\nDefault<|im_end|>\n' }}{% endif %}\
        {{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}{% endfor %}\
        {% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

    #[test]
    fn renders_chatml_with_its_default_system_message() {
        let t = ChatTemplate::new(CHATML, "", "").unwrap();
        let out = t.render(&[Message::user("hi")], true).unwrap();
        assert_eq!(
            out,
            "<|im_start|>system\nDefault<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"
        );
        let out = t.render(&[Message::system("S"), Message::user("hi")], false).unwrap();
        assert_eq!(out, "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n");
    }

    #[test]
    fn trims_blocks_like_transformers() {
        let source = "{% for m in messages %}\n  {{ m.content | upper }}\n{% endfor %}\n";
        let t = ChatTemplate::new(source, "", "").unwrap();
        assert_eq!(t.render(&[Message::user("a"), Message::user("b")], false).unwrap(), "  A\n  B\n");
    }

    #[test]
    fn python_methods_and_raise_exception() {
        let t = ChatTemplate::new("{{ bos_token }}{{ messages[0].content.strip() }}", "<s>", "</s>").unwrap();
        assert_eq!(t.render(&[Message::user("  x  ")], false).unwrap(), "<s>x");
        let t = ChatTemplate::new("{{ raise_exception('roles must alternate') }}", "", "").unwrap();
        let err = t.render(&[], false).unwrap_err().to_string();
        assert!(err.contains("roles must alternate"), "{err}");
        assert!(ChatTemplate::new("{% for %}", "", "").is_err());
    }
}
