//! The kinds of graph findings, each with a stable code and slug. The UI test suite enumerates
//! [`ErrorKind::ALL`] and requires a failing case named after every slug.

/// What rule a [`super::diag::GraphError`] reports. Codes are stable: new kinds get new codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Tokens that are not Forge's language.
    Syntax,
    /// A name declared twice (dims, bindings, index variables).
    DuplicateName,
    /// A binding, function or index variable that is not declared.
    UnknownName,
    /// A shape names a dim missing from `dims { … }`.
    UndeclaredDim,
    /// A malformed declaration: uniform with a shape, default on a non-uniform, zero dim.
    BadDeclaration,
    /// Operand or target element types disagree.
    TypeMismatch,
    /// A node writes an `input`, `weight` or `uniform`.
    WriteReadOnly,
    /// A `temp` or `output` is read before any node writes it.
    ReadBeforeWrite,
    /// An `output` no node writes.
    OutputNeverWritten,
    /// An op reads the binding it writes but cannot run in place.
    InPlace,
    /// Shapes disagree: matmul inner dims, broadcasting, a result of the wrong shape.
    ShapeMismatch,
    /// A built-in called with the wrong number of arguments.
    Arity,
    /// A built-in given the wrong kind of argument (rank, scalar, float).
    ArgumentKind,
    /// Nodes whose values flow into each other in a loop.
    Cycle,
    /// A schedule attribute outside the portable limits, or an unknown attribute.
    Schedule,
    /// Index notation: an index used without being bound.
    UnboundIndex,
    /// Index notation: an index ranging over two different extents, or the wrong number of indices.
    IndexExtent,
    /// Index notation: a form it does not allow (built-in op, nested reduction, whole-tensor read).
    IndexForm,
    /// A raw kernel whose arguments are malformed (`wgsl!("…", a, b, t)` expected).
    RawForm,
    /// A raw kernel's source that naga rejects.
    RawSource,
    /// A raw kernel's `@group(0) @binding(n)` variables disagree with the bindings it names.
    RawBinding,
    /// Warning: a binding no node uses.
    UnusedBinding,
    /// Warning: a node whose result nothing reads.
    DeadNode,
    /// Index notation: a read that may leave its axis without saying what it reads there
    /// (`fill(x[i - 1], 0.0)`, `edge(x[i - 1])` or `wrap(x[i - 1])`).
    ReadBoundary,
}

impl ErrorKind {
    /// Every kind, in code order.
    pub const ALL: [ErrorKind; 24] = [
        ErrorKind::Syntax,
        ErrorKind::DuplicateName,
        ErrorKind::UnknownName,
        ErrorKind::UndeclaredDim,
        ErrorKind::BadDeclaration,
        ErrorKind::TypeMismatch,
        ErrorKind::WriteReadOnly,
        ErrorKind::ReadBeforeWrite,
        ErrorKind::OutputNeverWritten,
        ErrorKind::InPlace,
        ErrorKind::ShapeMismatch,
        ErrorKind::Arity,
        ErrorKind::ArgumentKind,
        ErrorKind::Cycle,
        ErrorKind::Schedule,
        ErrorKind::UnboundIndex,
        ErrorKind::IndexExtent,
        ErrorKind::IndexForm,
        ErrorKind::RawForm,
        ErrorKind::RawSource,
        ErrorKind::RawBinding,
        ErrorKind::UnusedBinding,
        ErrorKind::DeadNode,
        ErrorKind::ReadBoundary,
    ];

    /// Stable code, `F0001`…
    pub fn code(self) -> String {
        let i = ErrorKind::ALL.iter().position(|k| *k == self).unwrap_or(0);
        format!("F{:04}", i + 1)
    }

    /// Snake-case name; UI cases for this kind are `ui-tests/fail/<slug>*.rs`.
    pub fn slug(self) -> &'static str {
        match self {
            ErrorKind::Syntax => "syntax",
            ErrorKind::DuplicateName => "duplicate_name",
            ErrorKind::UnknownName => "unknown_name",
            ErrorKind::UndeclaredDim => "undeclared_dim",
            ErrorKind::BadDeclaration => "bad_declaration",
            ErrorKind::TypeMismatch => "type_mismatch",
            ErrorKind::WriteReadOnly => "write_read_only",
            ErrorKind::ReadBeforeWrite => "read_before_write",
            ErrorKind::OutputNeverWritten => "output_never_written",
            ErrorKind::InPlace => "in_place",
            ErrorKind::ShapeMismatch => "shape_mismatch",
            ErrorKind::Arity => "arity",
            ErrorKind::ArgumentKind => "argument_kind",
            ErrorKind::Cycle => "cycle",
            ErrorKind::Schedule => "schedule",
            ErrorKind::UnboundIndex => "unbound_index",
            ErrorKind::IndexExtent => "index_extent",
            ErrorKind::IndexForm => "index_form",
            ErrorKind::RawForm => "raw_form",
            ErrorKind::RawSource => "raw_source",
            ErrorKind::RawBinding => "raw_binding",
            ErrorKind::UnusedBinding => "unused_binding",
            ErrorKind::DeadNode => "dead_node",
            ErrorKind::ReadBoundary => "read_boundary",
        }
    }

    /// Whether findings of this kind are warnings (reported, but the graph still compiles).
    pub fn is_warning(self) -> bool {
        matches!(self, ErrorKind::UnusedBinding | ErrorKind::DeadNode)
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorKind;

    #[test]
    fn codes_and_slugs_are_unique() {
        let mut slugs: Vec<&str> = ErrorKind::ALL.iter().map(|k| k.slug()).collect();
        slugs.sort();
        slugs.dedup();
        assert_eq!(slugs.len(), ErrorKind::ALL.len());
        assert_eq!(ErrorKind::Syntax.code(), "F0001");
    }
}
