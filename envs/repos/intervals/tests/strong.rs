// Strong suite for the intervals repo.

#[test]
fn merge_overlapping() {
    assert_eq!(merge(&[(1, 4), (2, 6), (8, 10)]), vec![(1, 6), (8, 10)]);
}

#[test]
fn merge_touching_joins() {
    assert_eq!(merge(&[(1, 3), (3, 5)]), vec![(1, 5)]);
}

#[test]
fn merge_adjacent_gap_of_one_stays_apart() {
    assert_eq!(merge(&[(1, 3), (4, 5)]), vec![(1, 3), (4, 5)]);
}

#[test]
fn merge_unsorted_input() {
    assert_eq!(merge(&[(8, 10), (1, 2), (5, 7), (0, 1)]), vec![(0, 2), (5, 7), (8, 10)]);
}

#[test]
fn merge_nested_keeps_outer_end() {
    assert_eq!(merge(&[(1, 10), (2, 3), (4, 5)]), vec![(1, 10)]);
}

#[test]
fn merge_drops_empty() {
    assert_eq!(merge(&[(5, 5), (7, 3)]), vec![]);
    assert_eq!(merge(&[(2, 2), (0, 1)]), vec![(0, 1)]);
    assert_eq!(merge(&[]), vec![]);
}

#[test]
fn merge_negative_coordinates() {
    assert_eq!(merge(&[(-5, -2), (-3, 0), (1, 2)]), vec![(-5, 0), (1, 2)]);
}

#[test]
fn covered_length_counts_once() {
    assert_eq!(covered_length(&[(0, 5), (3, 8)]), 8);
    assert_eq!(covered_length(&[(0, 2), (10, 13)]), 5);
    assert_eq!(covered_length(&[(4, 4)]), 0);
    assert_eq!(covered_length(&[]), 0);
}

#[test]
fn overlaps_basic() {
    assert!(overlaps((1, 5), (4, 8)));
    assert!(overlaps((4, 8), (1, 5)));
    assert!(!overlaps((1, 3), (5, 8)));
    assert!(!overlaps((5, 8), (1, 3)));
}

#[test]
fn overlaps_touching_is_not_overlap() {
    assert!(!overlaps((1, 3), (3, 5)));
    assert!(!overlaps((3, 5), (1, 3)));
    assert!(overlaps((1, 4), (3, 5)));
}

#[test]
fn overlaps_nested_and_empty() {
    assert!(overlaps((0, 10), (3, 4)));
    assert!(!overlaps((0, 10), (3, 3)));
    assert!(!overlaps((4, 4), (0, 10)));
    assert!(!overlaps((5, 2), (0, 10)));
    assert!(!overlaps((0, 10), (6, 1)));
}

#[test]
fn intersection_basic() {
    assert_eq!(intersection((1, 5), (3, 8)), Some((3, 5)));
    assert_eq!(intersection((3, 8), (1, 5)), Some((3, 5)));
    assert_eq!(intersection((0, 10), (2, 4)), Some((2, 4)));
}

#[test]
fn intersection_empty() {
    assert_eq!(intersection((1, 3), (3, 5)), None);
    assert_eq!(intersection((1, 3), (6, 9)), None);
    assert_eq!(intersection((1, 4), (3, 5)), Some((3, 4)));
}

#[test]
fn contains_boundaries() {
    let v = [(0, 3), (10, 12)];
    assert!(contains(&v, 0));
    assert!(contains(&v, 2));
    assert!(!contains(&v, 3));
    assert!(!contains(&v, -1));
    assert!(contains(&v, 11));
    assert!(!contains(&v, 12));
    assert!(!contains(&v, 5));
    assert!(!contains(&[], 0));
}

#[test]
fn gaps_inside_window() {
    assert_eq!(gaps(&[(2, 4), (6, 7)], 0, 10), vec![(0, 2), (4, 6), (7, 10)]);
}

#[test]
fn gaps_intervals_sticking_out() {
    assert_eq!(gaps(&[(-5, 2), (8, 20)], 0, 10), vec![(2, 8)]);
    assert_eq!(gaps(&[(-5, 20)], 0, 10), vec![]);
}

#[test]
fn gaps_interval_outside_window() {
    assert_eq!(gaps(&[(-5, -1), (12, 15)], 0, 10), vec![(0, 10)]);
    assert_eq!(gaps(&[(10, 15)], 0, 10), vec![(0, 10)]);
    assert_eq!(gaps(&[(-3, 0)], 0, 10), vec![(0, 10)]);
}

#[test]
fn gaps_touching_window_edges() {
    assert_eq!(gaps(&[(0, 3), (7, 10)], 0, 10), vec![(3, 7)]);
    assert_eq!(gaps(&[(3, 5)], 0, 10), vec![(0, 3), (5, 10)]);
}

#[test]
fn gaps_empty_window_and_unsorted() {
    assert_eq!(gaps(&[], 5, 5), vec![]);
    assert_eq!(gaps(&[], 0, 4), vec![(0, 4)]);
    assert_eq!(gaps(&[(6, 8), (1, 2)], 0, 10), vec![(0, 1), (2, 6), (8, 10)]);
}

#[test]
fn max_overlap_basic() {
    assert_eq!(max_overlap(&[(1, 5), (2, 6), (4, 8)]), 3);
    assert_eq!(max_overlap(&[(1, 2), (5, 6)]), 1);
}

#[test]
fn max_overlap_touching_does_not_count() {
    assert_eq!(max_overlap(&[(1, 3), (3, 5), (5, 7)]), 1);
}

#[test]
fn max_overlap_empty_and_nested() {
    assert_eq!(max_overlap(&[]), 0);
    assert_eq!(max_overlap(&[(3, 3), (5, 1)]), 0);
    assert_eq!(max_overlap(&[(0, 10), (1, 9), (2, 8), (20, 30)]), 3);
}

#[test]
fn max_overlap_after_earlier_ends() {
    assert_eq!(max_overlap(&[(0, 1), (2, 5), (3, 6), (4, 7)]), 3);
    assert_eq!(max_overlap(&[(3, 5), (4, 6), (6, 3)]), 2);
}
