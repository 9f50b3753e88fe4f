// Weak suite for the search repo: a handful of happy paths.

#[test]
fn insertion_sort_general() {
    let mut v = vec![3, 1, 2];
    insertion_sort(&mut v);
    assert_eq!(v, vec![1, 2, 3]);
}

#[test]
fn merge_sorted_interleaves() {
    assert_eq!(merge_sorted(&[1, 4], &[2, 3]), vec![1, 2, 3, 4]);
}

#[test]
fn lower_bound_found() {
    assert_eq!(lower_bound(&[1, 3, 5, 7], 5), 2);
}

#[test]
fn kth_smallest_middle() {
    assert_eq!(kth_smallest(&[7, 1, 5], 1), Some(5));
}

#[test]
fn min_max_basic() {
    assert_eq!(min_max(&[3, -2, 8, 0]), Some((-2, 8)));
}
