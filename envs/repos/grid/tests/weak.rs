// Weak suite for the grid repo: square inputs only.

#[test]
fn transpose_square() {
    assert_eq!(
        transpose(&[vec![1, 2], vec![3, 4]]),
        vec![vec![1, 3], vec![2, 4]]
    );
}

#[test]
fn multiply_square() {
    let a = vec![vec![1, 2], vec![3, 4]];
    let b = vec![vec![1, 0], vec![0, 1]];
    assert_eq!(multiply(&a, &b), Some(a.clone()));
}

#[test]
fn trace_square() {
    assert_eq!(trace(&[vec![1, 2], vec![3, 4]]), 5);
}

#[test]
fn spiral_square() {
    assert_eq!(spiral(&[vec![1, 2], vec![3, 4]]), vec![1, 2, 4, 3]);
}

#[test]
fn islands_basic() {
    assert_eq!(count_islands(&["#..", "..#"]), 2);
}
