//! Half-open integer intervals `(start, end)`, meaning every integer `x` with
//! `start <= x < end`. An interval with `start >= end` is empty.

/// Merges `intervals` into the sorted list of disjoint, non-touching, non-empty intervals that
/// covers exactly the same points. Intervals that overlap or touch (`(1, 3)` and `(3, 5)`) are
/// joined; empty intervals are dropped; the input may be in any order.
pub fn merge(intervals: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut sorted: Vec<(i64, i64)> = intervals.iter().copied().filter(|&(s, e)| s < e).collect();
    sorted.sort();
    let mut out: Vec<(i64, i64)> = Vec::new();
    for (start, end) in sorted {
        if let Some(last) = out.last_mut() {
            if start <= last.1 {
                last.1 = last.1.max(end);
                continue;
            }
        }
        out.push((start, end));
    }
    out
}

/// The number of integer points covered by at least one of `intervals` (points covered twice
/// count once).
pub fn covered_length(intervals: &[(i64, i64)]) -> i64 {
    merge(intervals).iter().map(|&(s, e)| e - s).sum()
}

/// Whether the intervals `a` and `b` share at least one point. An empty interval shares no point
/// with anything.
pub fn overlaps(a: (i64, i64), b: (i64, i64)) -> bool {
    a.0 < a.1 && b.0 < b.1 && a.0 < b.1 && b.0 < a.1
}

/// The points shared by `a` and `b` as one interval, or `None` when they share none.
pub fn intersection(a: (i64, i64), b: (i64, i64)) -> Option<(i64, i64)> {
    let start = a.0.max(b.0);
    let end = a.1.min(b.1);
    if start < end {
        Some((start, end))
    } else {
        None
    }
}

/// Whether the point `x` lies in at least one of `intervals` (in any order, possibly overlapping).
pub fn contains(intervals: &[(i64, i64)], x: i64) -> bool {
    for &(start, end) in intervals {
        if start <= x && x < end {
            return true;
        }
    }
    false
}

/// The maximal parts of the window `(lo, hi)` that no interval covers, in increasing order.
/// Intervals may stick out of the window; an empty window (`lo >= hi`) has no gaps.
pub fn gaps(intervals: &[(i64, i64)], lo: i64, hi: i64) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    let mut cursor = lo;
    for (start, end) in merge(intervals) {
        if end <= cursor {
            continue;
        }
        if start >= hi {
            break;
        }
        if start > cursor {
            out.push((cursor, start));
        }
        cursor = end;
    }
    if cursor < hi {
        out.push((cursor, hi));
    }
    out
}

/// The largest number of `intervals` that cover one common point (0 when none is non-empty).
/// An interval ending at `x` and another starting at `x` do not overlap.
pub fn max_overlap(intervals: &[(i64, i64)]) -> usize {
    let mut events: Vec<(i64, i32)> = Vec::new();
    for &(start, end) in intervals {
        if start < end {
            events.push((start, 1));
            events.push((end, -1));
        }
    }
    // At equal coordinates the ends (-1) sort before the starts (+1).
    events.sort();
    let mut current: i32 = 0;
    let mut best: i32 = 0;
    for (_, delta) in events {
        current += delta;
        best = best.max(current);
    }
    best as usize
}
