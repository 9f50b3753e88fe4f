// Weak suite for the intervals repo: one easy case for some of the functions.

#[test]
fn merge_overlapping() {
    assert_eq!(merge(&[(1, 4), (2, 6), (8, 10)]), vec![(1, 6), (8, 10)]);
}

#[test]
fn overlaps_basic() {
    assert!(overlaps((1, 5), (4, 8)));
}

#[test]
fn contains_inside() {
    assert!(contains(&[(0, 3)], 1));
}

#[test]
fn gaps_inside_window() {
    assert_eq!(gaps(&[(2, 4)], 0, 10), vec![(0, 2), (4, 10)]);
}

#[test]
fn max_overlap_basic() {
    assert_eq!(max_overlap(&[(1, 5), (2, 6)]), 2);
}
