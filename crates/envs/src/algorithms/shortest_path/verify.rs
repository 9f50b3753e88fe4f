//! The `shortest_path` verifier: any path from source to target along existing edges whose cost
//! is the proven optimum, with that cost stated, is correct.
//!
//! **Answer form** (the grammar of [`crate::algorithms::listing`]): the path as vertex numbers in order,
//! separated by arrows (`->`, `→`, `=>`, `-`), commas or spaces, each number optionally after
//! `vertex`, `node` or `v` (`v3`), optionally in `[…]` and after a label (`Path:`,
//! `The shortest path is`); and **exactly one cost clause**: `cost`, `length`, `distance`,
//! `weight` or `total`, optionally with `total`, `path`, `shortest`, `minimum`, `the`, `a`,
//! `its`, then `:`, `=`, `is`, `of` or nothing, then the number, which may be shown as the sum
//! of the edge costs, `cost 1 + 14 + 20 = 35`. The clause goes on its own line,
//! after `;`, after a comma, in parentheses, or after `with`/`and`:
//! `1 -> 4 -> 7; cost 23`, `Path: 1 → 4 → 7` + `Total cost: 23`, `1, 4, 7 (total cost 23)`,
//! `The shortest path is 1 -> 4 -> 7 with a total cost of 23.`
//!
//! **A shown sum.** The total after `=` is the stated cost and is what is judged; the terms are
//! only checked to add up to it (they are not matched against the edges). Terms that do not add
//! up (`cost 1 + 14 + 20 = 36`) make the answer wrong: the format is kept but the stated
//! arithmetic is false, so the cost cannot be trusted. A sum without its total (`cost 1 + 14 +
//! 20`), or with two `=`, is unparsable.
//!
//! **The cost is required.** The prompt asks for it, and a stated cost that disagrees with the
//! path is evidence the path was not worked out; an answer without one, with two cost clauses,
//! or with two paths is unparsable.
//!
//! **Judgement**, first failure wins: a shown sum that does not add up; a vertex outside 1..=n; a path that does not start at the
//! source or end at the target; a step along a missing edge (in a directed graph, against the
//! arrow); a vertex visited twice (with positive costs a shortest path never revisits one); a
//! stated cost that is not the path's cost; a path that costs more than the optimum. `detail`
//! holds the path's cost and the optimum once the path is valid. Random guessing has no floor:
//! a guessed vertex sequence is almost never a path, and only a shortest one scores.

use serde_json::json;

use super::ShortestPathData;
use super::check::edge_cost;
use crate::algorithms::listing::{self, Spec};
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// The words a `shortest_path` answer uses.
pub(super) const SPEC: Spec = Spec {
    list_labels: &["the", "a", "shortest", "path", "is", "route"],
    item_words: &["vertex", "node", "v"],
    clause_words: &[
        ("cost", 0),
        ("length", 0),
        ("distance", 0),
        ("weight", 0),
        ("total", 0),
    ],
    clause_fillers: &["path", "shortest", "minimum"],
    arrows: true,
    and_separates: false,
    multi_segment: false,
    sums: true,
};

/// Judges a response: a valid path, its stated cost, and optimality.
pub fn verify(data: &ShortestPathData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
    }
    let listing = match listing::parse(&answer, &SPEC) {
        Ok(listing) => listing,
        Err(why) => {
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                format!("not a path with its cost: {why}"),
            );
        }
    };
    let path = &listing.items;
    let stated = match listing.clauses.as_slice() {
        [(_, cost)] => *cost,
        [] => {
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                "no cost is given; the answer is the path and its total cost",
            );
        }
        _ => {
            return Verdict::rejected(Reason::UnparsableAnswer, "the cost is given more than once");
        }
    };
    if path.is_empty() {
        return Verdict::rejected(Reason::UnparsableAnswer, "no path is given");
    }
    if let Some((_, sum, total)) = listing.false_sum {
        return Verdict::wrong(format!(
            "the cost is shown as a sum of {sum}, but the answer says it is {total}"
        ));
    }
    let n = u64::from(data.vertices);
    if let Some(v) = path.iter().find(|v| !(1..=n).contains(*v)) {
        return Verdict::wrong(format!("there is no vertex {v}; vertices are 1 to {n}"));
    }
    if path[0] != u64::from(data.source) {
        return Verdict::wrong(format!(
            "the path starts at {}, not at the source {}",
            path[0], data.source
        ));
    }
    let last = path[path.len() - 1];
    if last != u64::from(data.target) {
        return Verdict::wrong(format!(
            "the path ends at {last}, not at the target {}",
            data.target
        ));
    }
    let mut seen = [false; super::MAX_VERTICES as usize + 1];
    let mut total = 0u64;
    let link = if data.directed { "->" } else { "-" };
    for (i, &v) in path.iter().enumerate() {
        if std::mem::replace(&mut seen[v as usize], true) {
            return Verdict::wrong(format!("vertex {v} is visited twice"));
        }
        if i > 0 {
            let u = path[i - 1];
            match edge_cost(data, u as u32, v as u32) {
                Some(w) => total += u64::from(w),
                None => return Verdict::wrong(format!("there is no edge {u}{link}{v}")),
            }
        }
    }
    let detail = json!({ "path_cost": total, "shortest_cost": data.cost });
    let verdict = if stated != total {
        Verdict::wrong(format!(
            "the stated cost {stated} is not the path's cost {total}"
        ))
    } else if total > data.cost {
        Verdict::wrong(format!("the path costs {total}; a cheaper path exists"))
    } else {
        Verdict::correct()
    };
    verdict.with_detail(detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1-2 (1), 2-3 (1), 1-3 (2), 3-4 (2): two shortest paths 1-2-3-4 and 1-3-4, both cost 4.
    fn graph(directed: bool) -> ShortestPathData {
        ShortestPathData {
            vertices: 4,
            directed,
            edges: vec![[1, 2, 1], [1, 3, 2], [2, 3, 1], [3, 4, 2]],
            source: 1,
            target: 4,
            cost: 4,
            distances: vec![0, 1, 2, 4],
            path: vec![1, 3, 4],
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&graph(false), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn every_shortest_path_in_any_accepted_form_is_correct() {
        for form in [
            "1 -> 3 -> 4; cost 4",
            "1 -> 2 -> 3 -> 4; cost 4",
            "1 → 2 → 3 → 4, total cost: 4",
            "Path: 1-3-4\nCost: 4",
            "[1, 3, 4] (cost 4)",
            "The shortest path is 1 -> 3 -> 4 with a total cost of 4.",
            "**Path:** v1 → v3 → v4\n**Total cost:** 4",
            "cost = 4; path: 1 3 4",
            "`1 -> 3 -> 4`; length 4",
            "Vertex 1 -> Vertex 3 -> Vertex 4 (distance: 4)",
            "1 -> 3 -> 4; cost 2 + 2 = 4",
            "1 -> 2 -> 3 -> 4 (total cost: 1 + 1 + 2 = 4)",
            "Path: 1-3-4\nCost: 2+2 = 4",
            // The terms are only added up, not matched to the edges: the total is judged.
            "1 -> 3 -> 4; cost 1 + 3 = 4",
        ] {
            let v = judge(form);
            assert!(v.correct && v.score == 1.0, "{form}: {v:?}");
        }
    }

    #[test]
    fn wrong_paths_name_the_problem() {
        for (answer, want) in [
            (
                "1 -> 3 -> 4; cost 5",
                "the stated cost 5 is not the path's cost 4",
            ),
            ("1 -> 4; cost 4", "there is no edge 1-4"),
            ("1 -> 3 -> 5; cost 4", "there is no vertex 5"),
            ("2 -> 3 -> 4; cost 3", "starts at 2"),
            ("1 -> 3; cost 2", "ends at 3"),
            ("1 -> 2 -> 1 -> 3 -> 4; cost 6", "vertex 1 is visited twice"),
            ("1 -> 3 -> 2 -> 3 -> 4; cost 6", "vertex 3 is visited twice"),
            ("0 -> 3 -> 4; cost 4", "there is no vertex 0"),
            (
                "1 -> 99999999999999999999999 -> 4; cost 4",
                "there is no vertex",
            ),
            // A shown sum: its terms must add up, and then its total is judged.
            (
                "1 -> 3 -> 4; cost 2 + 2 = 5",
                "shown as a sum of 4, but the answer says it is 5",
            ),
            (
                "1 -> 3 -> 4; cost 2 + 3 = 4",
                "shown as a sum of 5, but the answer says it is 4",
            ),
            (
                "1 -> 3 -> 4; cost 2 + 3 = 5",
                "the stated cost 5 is not the path's cost 4",
            ),
            ("1 -> 4; cost 2 + 2 = 4", "there is no edge 1-4"),
        ] {
            let v = judge(answer);
            assert_eq!(v.reason, Reason::WrongAnswer, "{answer}");
            assert!(v.message.contains(want), "{answer}: {}", v.message);
        }
        // A valid path that is not the shortest, stated with its own cost.
        let mut g = graph(false);
        g.edges[1][2] = 3;
        g.distances = vec![0, 1, 2, 4];
        g.path = vec![1, 2, 3, 4];
        let v = verify(&g, "<answer>1 -> 3 -> 4; cost 5</answer>");
        assert_eq!(v.message, "the path costs 5; a cheaper path exists");
        assert_eq!(v.detail.unwrap()["shortest_cost"], 4);
    }

    #[test]
    fn one_way_edges_are_not_travelled_backwards() {
        let mut g = graph(true);
        g.edges = vec![[1, 2, 1], [1, 3, 2], [3, 2, 1], [3, 4, 2]];
        g.distances = vec![0, 1, 2, 4];
        let ok = verify(&g, "<answer>1 -> 3 -> 4; cost 4</answer>");
        assert!(ok.correct, "{ok:?}");
        let v = verify(&g, "<answer>1 -> 2 -> 3 -> 4; cost 4</answer>");
        assert_eq!(v.message, "there is no edge 2->3");
    }

    #[test]
    fn missing_double_and_hedged_costs_are_unparsable() {
        for form in [
            "1 -> 3 -> 4",
            "1 -> 3 -> 4; cost 4; cost 4",
            "1 -> 3 -> 4; cost 4 or 5",
            "1 -> 3 -> 4 or 1 -> 2 -> 3 -> 4; cost 4",
            "1 -> 3 -> 4\n1 -> 2 -> 3 -> 4\ncost 4",
            "cost 4",
            "1 -> 3 -> 4; cost 4.5",
            "1, 3, 4, 4",
            "1 -> three -> 4; cost 4",
            "1 -> 3 -> 4; cost 2 + 2",
            "1 -> 3 -> 4; cost 2 + 2 = 4 = 4",
            "1 -> 3 -> 4; cost 2 + 2 = 4 or 5",
            "1 -> 3 -> 4; cost 4 = 2 + 2",
            "1 -> 3 -> 4; cost 2 + 2 = 4; cost 4",
            "1 + 3 + 4; cost 4",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}: {v:?}");
        }
    }

    #[test]
    fn a_record_with_a_false_optimum_is_a_verifier_error() {
        let mut g = graph(false);
        g.cost = 3;
        let v = verify(&g, "<answer>1 -> 3 -> 4; cost 4</answer>");
        assert_eq!(v.reason, Reason::VerifierError);
    }
}
