//! "Did you mean": the known name closest to a mistyped one, for the help line of an
//! unknown-name error (functions, options, bindings, dims, indices, element types).

/// The candidate closest to `name`, if one is close enough to be what was meant: at most
/// `max(1, len / 3)` edits away (a swap of two neighbours is one edit, so `bais` finds `bias`)
/// and fewer edits than the longer name has letters (so `i` never suggests `j`), or the same
/// name in another case, or one a prefix of the other of at least three letters (`keep`,
/// `keepdim`). The nearest wins; among equals, the first candidate.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = name.chars().count();
    let limit = (len / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == name {
            continue;
        }
        let d = strsim::osa_distance(name, c);
        let shorter = len.min(c.chars().count());
        let close = (d <= limit && d < len.max(c.chars().count()))
            || c.eq_ignore_ascii_case(name)
            || (shorter >= 3 && (c.starts_with(name) || name.starts_with(c)));
        if close && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// "did you mean `x`?" for the closest candidate, if one is close.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    closest(name, candidates).map(|c| format!("did you mean `{c}`?"))
}

/// The message for an element type that does not exist (a syntax error: no help line, so the
/// suggestion is in the message).
pub fn unknown_elem(name: &str, expected: &str) -> String {
    let names = crate::elem::Elem::ALL.map(|e| e.name());
    match did_you_mean(name, names) {
        Some(s) => format!("unknown element type `{name}`; {s}"),
        None => format!("unknown element type `{name}`; expected {expected}"),
    }
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn suggests_close_names_only() {
        let builtins = ["softmax", "rms_norm", "layer_norm", "max", "matmul", "sum", "mean"];
        assert_eq!(closest("sofmax", builtins), Some("softmax"));
        assert_eq!(closest("rmsnorm", builtins), Some("rms_norm"));
        assert_eq!(closest("matmull", builtins), Some("matmul"));
        assert_eq!(closest("swish", builtins), None);
        assert_eq!(closest("bais", ["bias", "x", "w"]), Some("bias"));
        assert_eq!(closest("keep", ["keepdim"]), Some("keepdim"));
        assert_eq!(closest("EE", ["B", "E"]), Some("E"));
        assert_eq!(closest("d", ["B", "D"]), Some("D"));
        // One letter against another is no guess, nor a name against itself.
        assert_eq!(closest("j", ["i", "k"]), None);
        assert_eq!(closest("z", ["x", "y"]), None);
        assert_eq!(closest("x", ["x"]), None);
        // The nearest wins.
        assert_eq!(closest("maxx", ["mean", "max"]), Some("max"));
    }
}
