//! Kahn's algorithm with a choice rule: the smallest ready task first gives the
//! lexicographically smallest topological order (the unique answer of the lexicographic mode);
//! the largest first gives another valid order for probes.

/// A topological order of tasks 1..=n under `dependencies` ([a, b]: a before b), taking the
/// smallest ready task first (or the largest, when `largest` is set); `None` if there is a
/// cycle.
pub fn order(tasks: u32, dependencies: &[[u32; 2]], largest: bool) -> Option<Vec<u32>> {
    let n = tasks as usize;
    let mut waiting = vec![0u32; n + 1];
    let mut after: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
    for &[a, b] in dependencies {
        waiting[b as usize] += 1;
        after[a as usize].push(b);
    }
    let mut ready: Vec<bool> = (0..=n).map(|t| t > 0 && waiting[t] == 0).collect();
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        // n ≤ 60: a linear scan for the next ready task is cheaper than a heap.
        let mut candidates = (1..=n).filter(|&t| ready[t]);
        let next = if largest {
            candidates.next_back()
        } else {
            candidates.next()
        }?;
        ready[next] = false;
        out.push(next as u32);
        for &b in &after[next] {
            waiting[b as usize] -= 1;
            if waiting[b as usize] == 0 {
                ready[b as usize] = true;
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smallest_and_largest_first() {
        let deps = [[3, 1], [2, 1]];
        assert_eq!(order(3, &deps, false), Some(vec![2, 3, 1]));
        assert_eq!(order(3, &deps, true), Some(vec![3, 2, 1]));
        assert_eq!(order(3, &[[1, 2], [2, 1]], false), None);
    }
}
