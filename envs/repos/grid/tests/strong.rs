// Strong suite for the grid repo.

#[test]
fn transpose_rectangular() {
    assert_eq!(
        transpose(&[vec![1, 2, 3], vec![4, 5, 6]]),
        vec![vec![1, 4], vec![2, 5], vec![3, 6]]
    );
}

#[test]
fn transpose_edge_shapes() {
    assert_eq!(transpose(&[]), Vec::<Vec<i64>>::new());
    assert_eq!(transpose(&[vec![], vec![]]), Vec::<Vec<i64>>::new());
    assert_eq!(transpose(&[vec![7]]), vec![vec![7]]);
    assert_eq!(transpose(&[vec![1], vec![2]]), vec![vec![1, 2]]);
}

#[test]
fn multiply_square() {
    let a = vec![vec![1, 2], vec![3, 4]];
    let b = vec![vec![5, 6], vec![7, 8]];
    assert_eq!(multiply(&a, &b), Some(vec![vec![19, 22], vec![43, 50]]));
}

#[test]
fn multiply_rectangular() {
    let a = vec![vec![1, 0, 2], vec![-1, 3, 1]];
    let b = vec![vec![3, 1], vec![2, 1], vec![1, 0]];
    assert_eq!(multiply(&a, &b), Some(vec![vec![5, 1], vec![4, 2]]));
    assert_eq!(multiply(&[vec![2, 3]], &[vec![4], vec![5]]), Some(vec![vec![23]]));
}

#[test]
fn multiply_dimension_mismatch() {
    let a = vec![vec![1, 2], vec![3, 4]];
    assert_eq!(multiply(&a, &[vec![1, 2, 3]]), None);
    assert_eq!(multiply(&[vec![1]], &[vec![1], vec![2]]), None);
    assert_eq!(multiply(&[], &a), Some(vec![]));
}

#[test]
fn multiply_by_the_empty_matrix() {
    assert_eq!(multiply(&[vec![], vec![]], &[]), Some(vec![vec![], vec![]]));
    assert_eq!(multiply(&[vec![1]], &[]), None);
}

#[test]
fn rotate_examples() {
    assert_eq!(
        rotate_clockwise(&[vec![1, 2], vec![3, 4]]),
        vec![vec![3, 1], vec![4, 2]]
    );
    assert_eq!(
        rotate_clockwise(&[vec![1, 2, 3], vec![4, 5, 6]]),
        vec![vec![4, 1], vec![5, 2], vec![6, 3]]
    );
}

#[test]
fn rotate_four_times_is_identity() {
    let m = vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]];
    let mut r = m.clone();
    for _ in 0..4 {
        r = rotate_clockwise(&r);
    }
    assert_eq!(r, m);
}

#[test]
fn trace_values() {
    assert_eq!(trace(&[]), 0);
    assert_eq!(trace(&[vec![5]]), 5);
    assert_eq!(trace(&[vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]), 15);
    assert_eq!(trace(&[vec![-2, 9], vec![9, 3]]), 1);
}

#[test]
fn spiral_square() {
    assert_eq!(
        spiral(&[vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]),
        vec![1, 2, 3, 6, 9, 8, 7, 4, 5]
    );
}

#[test]
fn spiral_wide_and_tall() {
    assert_eq!(spiral(&[vec![1, 2, 3], vec![4, 5, 6]]), vec![1, 2, 3, 6, 5, 4]);
    assert_eq!(spiral(&[vec![1, 2], vec![3, 4], vec![5, 6]]), vec![1, 2, 4, 6, 5, 3]);
    assert_eq!(
        spiral(&[vec![1, 2, 3, 4], vec![5, 6, 7, 8], vec![9, 10, 11, 12]]),
        vec![1, 2, 3, 4, 8, 12, 11, 10, 9, 5, 6, 7]
    );
}

#[test]
fn spiral_needs_a_long_left_column() {
    assert_eq!(
        spiral(&[
            vec![1, 2, 3, 4],
            vec![5, 6, 7, 8],
            vec![9, 10, 11, 12],
            vec![13, 14, 15, 16],
        ]),
        vec![1, 2, 3, 4, 8, 12, 16, 15, 14, 13, 9, 5, 6, 7, 11, 10]
    );
    assert_eq!(
        spiral(&[vec![1, 2], vec![3, 4], vec![5, 6], vec![7, 8]]),
        vec![1, 2, 4, 6, 8, 7, 5, 3]
    );
}

#[test]
fn spiral_single_row_and_column() {
    assert_eq!(spiral(&[vec![1, 2, 3]]), vec![1, 2, 3]);
    assert_eq!(spiral(&[vec![1], vec![2], vec![3]]), vec![1, 2, 3]);
    assert_eq!(spiral(&[]), Vec::<i64>::new());
    assert_eq!(spiral(&[vec![], vec![]]), Vec::<i64>::new());
}

#[test]
fn neighbours_interior_and_corners() {
    let g = ["#.#", ".##", "#.."];
    assert_eq!(neighbours(&g, 1, 1), 4);
    assert_eq!(neighbours(&g, 0, 0), 1);
    assert_eq!(neighbours(&g, 2, 2), 2);
    assert_eq!(neighbours(&g, 0, 2), 2);
    assert_eq!(neighbours(&g, 2, 0), 1);
}

#[test]
fn neighbours_excludes_self_and_counts_all_eight() {
    assert_eq!(neighbours(&["###", "###", "###"], 1, 1), 8);
    assert_eq!(neighbours(&["...", ".#.", "..."], 1, 1), 0);
    assert_eq!(neighbours(&["#"], 0, 0), 0);
}

#[test]
fn neighbours_edges() {
    let g = ["####", "####"];
    assert_eq!(neighbours(&g, 0, 0), 3);
    assert_eq!(neighbours(&g, 1, 3), 3);
    assert_eq!(neighbours(&g, 0, 1), 5);
    assert_eq!(neighbours(&g, 1, 2), 5);
}

#[test]
fn islands_basic() {
    assert_eq!(count_islands(&["##..", "##..", "..#.", "...#"]), 3);
}

#[test]
fn islands_diagonal_does_not_connect() {
    assert_eq!(count_islands(&["#.#", ".#.", "#.#"]), 5);
}

#[test]
fn islands_winding_shape() {
    assert_eq!(count_islands(&["###.", "..#.", "###.", "#..#"]), 2);
    assert_eq!(count_islands(&["#.#", "###"]), 1);
    assert_eq!(count_islands(&["..#", "###"]), 1);
}

#[test]
fn islands_empty() {
    assert_eq!(count_islands(&[]), 0);
    assert_eq!(count_islands(&["...", "..."]), 0);
    assert_eq!(count_islands(&["#"]), 1);
}
