//! Sorting and searching on integer slices: insertion sort, merging sorted runs, lower and upper
//! bounds, counting in a range, k-th smallest, deduplication and a sortedness check.

/// Sorts `v` in place into ascending order with insertion sort (stable; fine for short slices).
pub fn insertion_sort(v: &mut [i64]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1] > v[j] {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Merges two ascending slices into one ascending vector holding every element of both
/// (duplicates kept; on ties the element of `a` comes first).
pub fn merge_sorted(a: &[i64], b: &[i64]) -> Vec<i64> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// In an ascending slice, the index of the first element `>= target`, or `v.len()` when every
/// element is smaller.
pub fn lower_bound(v: &[i64], target: i64) -> usize {
    let (mut lo, mut hi) = (0, v.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if v[mid] < target {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// In an ascending slice, the index of the first element `> target`, or `v.len()` when no
/// element is larger.
pub fn upper_bound(v: &[i64], target: i64) -> usize {
    let (mut lo, mut hi) = (0, v.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if v[mid] <= target {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// In an ascending slice, how many elements `x` satisfy `lo <= x <= hi` (0 when `lo > hi`).
pub fn count_in_range(v: &[i64], lo: i64, hi: i64) -> usize {
    if lo > hi {
        return 0;
    }
    upper_bound(v, hi) - lower_bound(v, lo)
}

/// The `k`-th smallest element of `v` (`k = 0` is the minimum), counting duplicates, or `None`
/// when `k >= v.len()`. `v` need not be sorted and is not modified.
pub fn kth_smallest(v: &[i64], k: usize) -> Option<i64> {
    if k >= v.len() {
        return None;
    }
    let mut copy = v.to_vec();
    insertion_sort(&mut copy);
    Some(copy[k])
}

/// Removes consecutive duplicates: each run of equal adjacent elements is kept once, in order
/// (`[1, 1, 2, 1]` → `[1, 2, 1]`).
pub fn dedup_sorted(v: &[i64]) -> Vec<i64> {
    let mut out: Vec<i64> = Vec::new();
    for &x in v {
        if out.last() != Some(&x) {
            out.push(x);
        }
    }
    out
}

/// Whether `v` is in ascending order (equal neighbours allowed); `strict` forbids equal
/// neighbours. Slices of length 0 and 1 are sorted either way.
pub fn is_sorted(v: &[i64], strict: bool) -> bool {
    for w in v.windows(2) {
        if w[0] > w[1] || (strict && w[0] == w[1]) {
            return false;
        }
    }
    true
}

/// The smallest and largest elements of `v` as `(min, max)`, or `None` for an empty slice.
pub fn min_max(v: &[i64]) -> Option<(i64, i64)> {
    let first = *v.first()?;
    let mut lo = first;
    let mut hi = first;
    for &x in &v[1..] {
        lo = lo.min(x);
        hi = hi.max(x);
    }
    Some((lo, hi))
}
