//! The invariants of a `hanoi` record, checked before any answer is judged: a record that breaks
//! one is a verifier error, never the model's fault.

use super::HanoiData;
use super::params::{MAX_DISKS_3, MAX_DISKS_4};

/// Checks the peg count, the disk count for it, that start and goal give every disk a peg in
/// range, and that the optimum is at least one move (start and goal differ). The optimum itself
/// is proven by BFS at generation and re-proven by an independent search in the tests.
pub fn check_data(data: &HanoiData) -> Result<(), String> {
    let p = data.pegs;
    if !(3..=4).contains(&p) {
        return Err(format!("pegs is {p}; allowed 3 or 4"));
    }
    let most = if p == 3 { MAX_DISKS_3 } else { MAX_DISKS_4 };
    let n = data.start.len() as u32;
    if !(1..=most).contains(&n) {
        return Err(format!(
            "start has {n} disks; allowed 1 to {most} with {p} pegs"
        ));
    }
    if data.goal.len() as u32 != n {
        return Err(format!(
            "goal has {} disks and start {n}; they must match",
            data.goal.len()
        ));
    }
    for (name, config) in [("start", &data.start), ("goal", &data.goal)] {
        if let Some(d) = config
            .iter()
            .position(|&q| !(1..=p).contains(&u32::from(q)))
        {
            return Err(format!(
                "{name}[{d}] is peg {}; pegs are 1 to {p}",
                config[d]
            ));
        }
    }
    if data.start == data.goal {
        return Err("start and goal are equal; they must differ".to_owned());
    }
    if data.optimal == 0 {
        return Err("optimal is 0; start and goal differ, so a plan needs a move".to_owned());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tower() -> HanoiData {
        HanoiData {
            pegs: 3,
            start: vec![1, 1, 1],
            goal: vec![3, 3, 3],
            optimal: 7,
        }
    }

    type Break = fn(&mut HanoiData);

    #[test]
    fn each_broken_invariant_is_named() {
        assert_eq!(check_data(&tower()), Ok(()));
        let cases: [(Break, &str); 6] = [
            (|d| d.pegs = 5, "pegs is 5"),
            (|d| d.start.clear(), "start has 0 disks"),
            (|d| d.goal.push(1), "goal has 4 disks"),
            (|d| d.goal[2] = 4, "goal[2] is peg 4"),
            (|d| d.start = d.goal.clone(), "equal"),
            (|d| d.optimal = 0, "optimal is 0"),
        ];
        for (break_it, why) in cases {
            let mut d = tower();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
