//! Symbolic shapes: extents written as dim symbols or literals, numpy-style broadcasting, and
//! the "same shape up to size-1 axes" rule of assignments.

use std::fmt;

/// One extent of a symbolic shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Extent {
    /// Index into the graph's dims.
    Sym(usize),
    Lit(u64),
}

impl Extent {
    /// The extent's value under `dims` (one value per declared dim).
    pub fn value(self, dims: &[usize]) -> usize {
        match self {
            Extent::Sym(i) => dims.get(i).copied().unwrap_or(1),
            Extent::Lit(n) => usize::try_from(n).unwrap_or(usize::MAX),
        }
    }
}

/// A symbolic shape; empty for scalars.
pub type Shape = Vec<Extent>;

/// Broadcasts two shapes (trailing axes aligned; a literal 1 stretches). On a mismatch returns
/// the two extents that disagree.
pub fn broadcast(a: &[Extent], b: &[Extent]) -> Result<Shape, (Extent, Extent)> {
    let rank = a.len().max(b.len());
    let mut out = Vec::with_capacity(rank);
    for i in 0..rank {
        let ea = (i + a.len() >= rank).then(|| a[i + a.len() - rank]);
        let eb = (i + b.len() >= rank).then(|| b[i + b.len() - rank]);
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

/// The shape without its literal-1 axes.
pub fn squeeze(s: &[Extent]) -> Shape {
    s.iter().copied().filter(|e| *e != Extent::Lit(1)).collect()
}

/// Whether a value of shape `value` can be stored into a target of shape `target`: it
/// broadcasts to the target, or it is the target's shape with size-1 axes added or removed
/// (a reduction's `[R]` into a `[R, 1]` target).
pub fn assignable(value: &[Extent], target: &[Extent]) -> bool {
    broadcast(value, target).is_ok_and(|s| s == target) || squeeze(value) == squeeze(target)
}

/// Concrete extents of a symbolic shape under dim values.
pub fn concrete(shape: &[Extent], dims: &[usize]) -> Vec<usize> {
    shape.iter().map(|e| e.value(dims)).collect()
}

/// Renders a shape with the graph's dim names: `[B, D]`, `[]` for a scalar.
pub struct ShapeDisplay<'a>(pub &'a [String], pub &'a [Extent]);

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
pub struct ExtentDisplay<'a>(pub &'a [String], pub Extent);

impl fmt::Display for ExtentDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Extent::Sym(i) => f.write_str(self.0.get(i).map(|d| d.as_str()).unwrap_or("?")),
            Extent::Lit(n) => write!(f, "{n}"),
        }
    }
}

/// The extent of one spatial output axis: `(input + 2·padding − dilation·(kernel − 1) − 1) /
/// stride + 1`, or `None` where the dilated kernel is larger than the padded input.
pub fn window_extent(input: u64, kernel: u64, stride: u64, padding: u64, dilation: u64, ceil: bool) -> Option<u64> {
    let padded = input.checked_add(padding.checked_mul(2)?)?;
    let span = dilation.checked_mul(kernel.checked_sub(1)?)?.checked_add(1)?;
    let (room, stride) = (padded.checked_sub(span)?, stride.max(1));
    if !ceil {
        return Some(room / stride + 1);
    }
    // Rounded up, but (PyTorch's rule) the last window starts inside the input or its left
    // padding.
    let out = room.div_ceil(stride) + 1;
    Some(if (out - 1).checked_mul(stride)? >= input.checked_add(padding)? { out - 1 } else { out })
}

/// [`window_extent`]'s formula as an error message shows it.
pub fn window_formula(input: &str, kernel: &str, stride: u64, padding: u64, dilation: u64, ceil: bool) -> String {
    let room = format!("({input} + 2·{padding} − {dilation}·({kernel} − 1) − 1)");
    if ceil {
        format!("⌈{room} / {stride}⌉ + 1 (less 1 where the last window would start past the input)")
    } else {
        format!("{room} / {stride} + 1")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Extent::*;

    #[test]
    fn window_extents_follow_pytorch() {
        // (input, kernel, stride, padding, dilation): floor and ceil.
        assert_eq!(window_extent(8, 3, 2, 1, 1, false), Some(4));
        assert_eq!(window_extent(8, 3, 2, 1, 1, true), Some(5));
        // Rounded up to 3, but the third window would start past the input and its padding.
        assert_eq!(window_extent(4, 2, 3, 1, 1, true), Some(2));
        assert_eq!(window_extent(11, 2, 2, 1, 3, true), Some(6));
        assert_eq!(window_extent(2, 5, 1, 0, 1, false), None);
    }

    #[test]
    fn broadcasts_trailing_dims() {
        assert_eq!(broadcast(&[Sym(0), Sym(1)], &[Sym(1)]), Ok(vec![Sym(0), Sym(1)]));
        assert_eq!(broadcast(&[Sym(0), Lit(1)], &[Sym(1)]), Ok(vec![Sym(0), Sym(1)]));
        assert_eq!(broadcast(&[], &[Sym(1)]), Ok(vec![Sym(1)]));
        assert_eq!(broadcast(&[Sym(0), Sym(1)], &[Sym(0)]), Err((Sym(1), Sym(0))));
    }

    #[test]
    fn reductions_store_into_keepdim_targets() {
        assert!(assignable(&[Sym(0)], &[Sym(0), Lit(1)]));
        assert!(assignable(&[Sym(1)], &[Sym(0), Sym(1)]));
        assert!(!assignable(&[Sym(0)], &[Sym(0), Sym(1)]));
    }
}
