//! The generator's knapsack solver: dynamic programming over capacities (capacity ≤ 40 · 99),
//! and the value-per-weight greedy choice the difficulty measure compares against.

/// The optimum value and one optimal set (0-based item indices, ascending).
pub fn solve(weights: &[u32], values: &[u32], capacity: u32) -> (u64, Vec<usize>) {
    let c = capacity as usize;
    let n = weights.len();
    // best[x]: the best value within weight x using the items seen so far; took[i][x]: whether
    // item i improved best[x] when it was added.
    let mut best = vec![0u64; c + 1];
    let mut took = vec![false; n * (c + 1)];
    for i in 0..n {
        let w = weights[i] as usize;
        for x in (w..=c).rev() {
            let with = best[x - w] + u64::from(values[i]);
            if with > best[x] {
                best[x] = with;
                took[i * (c + 1) + x] = true;
            }
        }
    }
    let mut chosen = Vec::new();
    let mut x = c;
    for i in (0..n).rev() {
        if took[i * (c + 1) + x] {
            chosen.push(i);
            x -= weights[i] as usize;
        }
    }
    chosen.reverse();
    (best[c], chosen)
}

/// The value the greedy rule reaches: items by value per weight (ties: lower index), each taken
/// if it still fits.
pub fn greedy(weights: &[u32], values: &[u32], capacity: u32) -> u64 {
    let mut order: Vec<usize> = (0..weights.len()).collect();
    // Compare v_a / w_a with v_b / w_b exactly, by cross-multiplying.
    order.sort_by(|&a, &b| {
        (u64::from(values[b]) * u64::from(weights[a]))
            .cmp(&(u64::from(values[a]) * u64::from(weights[b])))
            .then(a.cmp(&b))
    });
    let (mut room, mut value) = (u64::from(capacity), 0);
    for i in order {
        if u64::from(weights[i]) <= room {
            room -= u64::from(weights[i]);
            value += u64::from(values[i]);
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases() {
        // Greedy takes item 0 (ratio 6) and then nothing fits; the optimum takes 1 and 2.
        let (w, v) = ([6, 5, 5], [36, 25, 25]);
        assert_eq!(solve(&w, &v, 10), (50, vec![1, 2]));
        assert_eq!(greedy(&w, &v, 10), 36);
        assert_eq!(solve(&[3], &[4], 2), (0, vec![]));
    }
}
