//! What a careful grader says about a wrong `shortest_path` answer, from the graph, the source,
//! the target and the response only (never the shortest cost, distances or reference path). The
//! first of, in this order: a cost shown as a sum that does not add up; a vertex that does not
//! exist; a path not starting at the source or not ending at the target; a vertex visited twice;
//! a step along no edge; a stated cost other than the path's own. A valid path with its cost
//! right is wrong only when longer than needed, and hears only that, never by how much.

use super::ShortestPathData;
use super::check::edge_cost;
use super::verify::SPEC;
use crate::algorithms::listing;
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first rule `response` breaks, or that it is valid but not shortest.
pub fn feedback(data: &ShortestPathData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let listing = listing::parse(&answer, &SPEC).ok()?;
    let (path, [(_, stated)]) = (&listing.items, listing.clauses.as_slice()) else {
        return None;
    };
    let (&first, &last) = (path.first()?, path.last()?);
    if let Some((_, sum, total)) = listing.false_sum {
        return Some(format!(
            "The cost is shown as a sum of {sum}, but the answer says it is {total}."
        ));
    }
    let n = u64::from(data.vertices);
    let (source, target) = (u64::from(data.source), u64::from(data.target));
    Some(
        if let Some(v) = path.iter().find(|v| !(1..=n).contains(*v)) {
            format!("There is no vertex {v}; vertices are 1 to {n}.")
        } else if first != source {
            format!("The path starts at {first}, not at the source {source}.")
        } else if last != target {
            format!("The path ends at {last}, not at the target {target}.")
        } else {
            let mut seen = vec![false; n as usize + 1];
            let mut total = 0u64;
            let link = if data.directed { "->" } else { "-" };
            for (i, &v) in path.iter().enumerate() {
                if std::mem::replace(&mut seen[v as usize], true) {
                    return Some(format!("Vertex {v} is visited twice."));
                }
                if let Some(&u) = i.checked_sub(1).and_then(|j| path.get(j)) {
                    match edge_cost(data, u as u32, v as u32) {
                        Some(w) => total += u64::from(w),
                        None => return Some(format!("There is no edge {u}{link}{v}.")),
                    }
                }
            }
            if *stated != total {
                format!("The stated cost {stated} is not the path's cost {total}.")
            } else {
                "The path is valid and its cost is right, but it is not the cheapest.".to_owned()
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::ShortestPath;
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    #[test]
    fn feedback_reads_only_the_graph_and_the_response() {
        assert_public_only(&ShortestPath, |d| {
            d.cost += 1;
            d.distances.clear();
            d.path.clear();
        });
    }

    #[test]
    fn a_missing_edge_and_a_wrong_cost_are_named_without_the_optimum() {
        for (data, answer) in problems(&ShortestPath) {
            let (route, cost) = answer.split_once("; cost ").unwrap();
            let said = ShortestPath.feedback(&data, &tagged(&format!("{route}; cost 0")));
            let want = format!("The stated cost 0 is not the path's cost {cost}.");
            assert_eq!(said.as_deref(), Some(want.as_str()));
            let said = ShortestPath.feedback(&data, &tagged(&format!("{}; cost 1", data.source)));
            let want = format!(
                "The path ends at {}, not at the target {}.",
                data.source, data.target
            );
            assert_eq!(said.as_deref(), Some(want.as_str()));
            assert_eq!(
                ShortestPath.feedback(&data, &tagged(&answer)).as_deref(),
                Some("The path is valid and its cost is right, but it is not the cheapest.")
            );
        }
    }
}
