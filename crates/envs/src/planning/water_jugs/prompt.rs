//! The prompt text of a `water_jugs` problem and the canonical answer form.

use std::fmt::Write;

use super::WaterJugsData;
use super::solve::{Move, name};

/// Renders the full prompt, including every rule and the answer format.
pub fn render(data: &WaterJugsData) -> String {
    let k = data.capacities.len();
    let mut s = String::with_capacity(900);
    let _ = write!(s, "You have {k} water jugs: ");
    for (i, c) in data.capacities.iter().enumerate() {
        let sep = match i {
            0 => "",
            _ if i + 1 == k => " and ",
            _ => ", ",
        };
        let _ = write!(s, "{sep}jug {} holds {c} litres", name(i as u8));
    }
    let last = name(k as u8 - 1);
    let _ = write!(
        s,
        ". The jugs have no markings and all start empty; there is an unlimited tap and a drain. \
         Each move is one of:\n\
         - `fill X`: fill jug X to the brim from the tap;\n\
         - `empty X`: pour all of jug X down the drain;\n\
         - `pour X Y`: pour from jug X into jug Y until X is empty or Y is full, whichever comes \
         first.\n\
         Goal: make one of the jugs (any one) hold exactly {t} litres, using as few moves as \
         possible. Only a shortest plan is accepted: a plan that works but uses more moves than \
         necessary is wrong. The amount must be in a jug after your last move.\n\
         Give the moves in order as <answer>fill A, pour A B, …</answer>, with jug letters A to \
         {last}, the moves separated by commas or new lines.",
        t = data.target
    );
    s
}

/// `fill A, pour A B, empty B`: a plan in the form the prompt asks for.
pub fn plan_text(plan: &[Move]) -> String {
    plan.iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
