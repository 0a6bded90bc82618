//! Symbolic shapes: extents written as dim symbols or literals, and numpy-style broadcasting.

use super::{DimRef, Graph};
use std::fmt;

/// One extent of a symbolic shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Extent {
    /// Index into `Graph::dims`.
    Sym(usize),
    Lit(usize),
}

/// A symbolic shape; empty for scalars.
pub type Shape = Vec<Extent>;

/// The symbolic shape of a binding (unknown dims were reported by the checker and are
/// dropped here).
pub fn binding_shape(graph: &Graph, dims: &[DimRef]) -> Shape {
    dims.iter()
        .filter_map(|d| match d {
            DimRef::Sym(n) => graph.dim_index(&n.text).map(Extent::Sym),
            DimRef::Lit { value, .. } => Some(Extent::Lit(*value)),
        })
        .collect()
}

/// Broadcasts two shapes (trailing dims aligned; a literal 1 stretches). On a mismatch
/// returns the two extents that disagree.
pub fn broadcast(a: &[Extent], b: &[Extent]) -> Result<Shape, (Extent, Extent)> {
    let rank = a.len().max(b.len());
    let mut out = Vec::with_capacity(rank);
    for i in 0..rank {
        let ea = if i + a.len() >= rank { Some(a[i + a.len() - rank]) } else { None };
        let eb = if i + b.len() >= rank { Some(b[i + b.len() - rank]) } else { None };
        out.push(match (ea, eb) {
            (Some(x), None) | (None, Some(x)) => x,
            (Some(x), Some(y)) if x == y => x,
            (Some(Extent::Lit(1)), Some(y)) => y,
            (Some(x), Some(Extent::Lit(1))) => x,
            (Some(x), Some(y)) => return Err((x, y)),
            (None, None) => Extent::Lit(1),
        });
    }
    Ok(out)
}

/// Renders a shape with the graph's dim names: `[B, D]`, `[]` for a scalar.
pub struct ShapeDisplay<'a>(pub &'a Graph, pub &'a [Extent]);

impl fmt::Display for ShapeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, e) in self.1.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", ExtentDisplay(self.0, *e))?;
        }
        f.write_str("]")
    }
}

/// Renders one extent with the graph's dim names.
pub struct ExtentDisplay<'a>(pub &'a Graph, pub Extent);

impl fmt::Display for ExtentDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Extent::Sym(i) => f.write_str(self.0.dims.get(i).map(|d| d.text.as_str()).unwrap_or("?")),
            Extent::Lit(n) => write!(f, "{n}"),
        }
    }
}

/// Concrete extents of a symbolic shape under dim values.
pub fn concrete(shape: &[Extent], dims: &[usize]) -> Vec<usize> {
    shape
        .iter()
        .map(|e| match *e {
            Extent::Sym(i) => dims.get(i).copied().unwrap_or(1),
            Extent::Lit(n) => n,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Extent::*;

    #[test]
    fn broadcasts_trailing_dims() {
        assert_eq!(broadcast(&[Sym(0), Sym(1)], &[Sym(1)]), Ok(vec![Sym(0), Sym(1)]));
        assert_eq!(broadcast(&[Sym(0), Lit(1)], &[Sym(1)]), Ok(vec![Sym(0), Sym(1)]));
        assert_eq!(broadcast(&[], &[Sym(1)]), Ok(vec![Sym(1)]));
        assert_eq!(broadcast(&[Sym(0), Sym(1)], &[Sym(0)]), Err((Sym(1), Sym(0))));
    }
}
