//! Findings: a [`GraphError`] is one broken rule (or warning) at a span. The macro reports it
//! as a compile error (or a warning) on that token; the runtime as [`crate::Error::InvalidGraph`].

use super::kind::ErrorKind;
use proc_macro2::Span;

/// Whether a finding stops the graph (error) or is reported and passed (warning).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// A problem found in a graph, at a span.
#[derive(Debug, Clone)]
pub struct GraphError {
    pub kind: ErrorKind,
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
    pub severity: Severity,
    /// Where `span` starts, taken when the finding is made: the text API parses on a thread of
    /// its own whose span table is freed with it, so a span is not looked up afterwards.
    position: (usize, usize),
}

impl GraphError {
    pub fn new(kind: ErrorKind, span: Span, message: impl Into<String>) -> Self {
        let severity = if kind.is_warning() { Severity::Warning } else { Severity::Error };
        let start = span.start();
        GraphError { kind, span, message: message.into(), help: None, severity, position: (start.line, start.column) }
    }
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
    /// Replaces the help line with "did you mean `x`?" when one of `candidates` is close to the
    /// unknown `name` (see [`super::suggest::closest`]); keeps it otherwise.
    pub fn suggest<'a>(mut self, name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Self {
        if let Some(s) = super::suggest::did_you_mean(name, candidates) {
            self.help = Some(s);
        }
        self
    }
    /// The message with its help line, as one text.
    pub fn full_message(&self) -> String {
        match &self.help {
            Some(h) => format!("{}\n  = help: {}", self.message, h),
            None => self.message.clone(),
        }
    }
    /// Line (1-based) and column (0-based) of the span in the graph's source text.
    pub fn line_column(&self) -> (usize, usize) {
        self.position
    }
}
