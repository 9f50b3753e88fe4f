// Strong suite for the search repo.

#[test]
fn insertion_sort_general() {
    let mut v = vec![5, -1, 3, 3, 0, 9, -7];
    insertion_sort(&mut v);
    assert_eq!(v, vec![-7, -1, 0, 3, 3, 5, 9]);
}

#[test]
fn insertion_sort_reversed_and_small() {
    let mut v = vec![4, 3, 2, 1];
    insertion_sort(&mut v);
    assert_eq!(v, vec![1, 2, 3, 4]);
    let mut two = vec![2, 1];
    insertion_sort(&mut two);
    assert_eq!(two, vec![1, 2]);
    let mut empty: Vec<i64> = vec![];
    insertion_sort(&mut empty);
    assert!(empty.is_empty());
}

#[test]
fn merge_sorted_interleaves() {
    assert_eq!(merge_sorted(&[1, 4, 9], &[2, 3, 10, 11]), vec![1, 2, 3, 4, 9, 10, 11]);
}

#[test]
fn merge_sorted_empty_sides_and_ties() {
    assert_eq!(merge_sorted(&[], &[1, 2]), vec![1, 2]);
    assert_eq!(merge_sorted(&[1, 2], &[]), vec![1, 2]);
    assert_eq!(merge_sorted(&[2, 2], &[1, 2]), vec![1, 2, 2, 2]);
    assert_eq!(merge_sorted(&[5], &[1, 2, 3]), vec![1, 2, 3, 5]);
}

#[test]
fn lower_bound_cases() {
    let v = [1, 3, 3, 3, 7];
    assert_eq!(lower_bound(&v, 0), 0);
    assert_eq!(lower_bound(&v, 1), 0);
    assert_eq!(lower_bound(&v, 2), 1);
    assert_eq!(lower_bound(&v, 3), 1);
    assert_eq!(lower_bound(&v, 4), 4);
    assert_eq!(lower_bound(&v, 7), 4);
    assert_eq!(lower_bound(&v, 8), 5);
    assert_eq!(lower_bound(&[], 8), 0);
}

#[test]
fn upper_bound_cases() {
    let v = [1, 3, 3, 3, 7];
    assert_eq!(upper_bound(&v, 0), 0);
    assert_eq!(upper_bound(&v, 1), 1);
    assert_eq!(upper_bound(&v, 3), 4);
    assert_eq!(upper_bound(&v, 6), 4);
    assert_eq!(upper_bound(&v, 7), 5);
    assert_eq!(upper_bound(&v, 8), 5);
    assert_eq!(upper_bound(&[], 8), 0);
}

#[test]
fn bounds_on_long_slice() {
    let v: Vec<i64> = (0..50).map(|x| x * 2).collect();
    for t in -1..101 {
        let expected_lo = v.iter().filter(|&&x| x < t).count();
        let expected_hi = v.iter().filter(|&&x| x <= t).count();
        assert_eq!(lower_bound(&v, t), expected_lo, "lower {t}");
        assert_eq!(upper_bound(&v, t), expected_hi, "upper {t}");
    }
}

#[test]
fn count_in_range_cases() {
    let v = [1, 2, 2, 5, 8, 8, 9];
    assert_eq!(count_in_range(&v, 2, 8), 5);
    assert_eq!(count_in_range(&v, 3, 4), 0);
    assert_eq!(count_in_range(&v, 9, 9), 1);
    assert_eq!(count_in_range(&v, 0, 100), 7);
    assert_eq!(count_in_range(&v, 8, 2), 0);
}

#[test]
fn kth_smallest_cases() {
    let v = [7, 1, 5, 1, 9];
    assert_eq!(kth_smallest(&v, 0), Some(1));
    assert_eq!(kth_smallest(&v, 1), Some(1));
    assert_eq!(kth_smallest(&v, 2), Some(5));
    assert_eq!(kth_smallest(&v, 4), Some(9));
    assert_eq!(kth_smallest(&v, 5), None);
    assert_eq!(kth_smallest(&[], 0), None);
    assert_eq!(v, [7, 1, 5, 1, 9]);
}

#[test]
fn dedup_cases() {
    assert_eq!(dedup_sorted(&[1, 1, 2, 3, 3, 3]), vec![1, 2, 3]);
    assert_eq!(dedup_sorted(&[1, 1, 2, 1]), vec![1, 2, 1]);
    assert_eq!(dedup_sorted(&[0]), vec![0]);
    assert_eq!(dedup_sorted(&[]), Vec::<i64>::new());
}

#[test]
fn is_sorted_cases() {
    assert!(is_sorted(&[1, 2, 2, 3], false));
    assert!(!is_sorted(&[1, 2, 2, 3], true));
    assert!(is_sorted(&[1, 2, 3], true));
    assert!(!is_sorted(&[2, 1], false));
    assert!(!is_sorted(&[1, 3, 2], true));
    assert!(is_sorted(&[], true));
    assert!(is_sorted(&[5], true));
}

#[test]
fn min_max_cases() {
    assert_eq!(min_max(&[3, -2, 8, 0]), Some((-2, 8)));
    assert_eq!(min_max(&[4]), Some((4, 4)));
    assert_eq!(min_max(&[]), None);
    assert_eq!(min_max(&[9, 1]), Some((1, 9)));
    assert_eq!(min_max(&[1, 9]), Some((1, 9)));
}
