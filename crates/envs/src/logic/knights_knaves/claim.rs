//! The statement grammar of `knights_knaves` and its compiled form: one truth table per claim,
//! a bit for every assignment of roles, so a whole puzzle is solved with a few word operations.
//!
//! An assignment is a mask: bit `p` set means person `p` is a knight. With at most 12 people
//! there are at most 4096 assignments, so a truth table is at most 64 words.

use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Most people in a puzzle: 2^12 assignments, a 64-word truth table.
pub const PEOPLE_MAX: u8 = 12;

/// One claim about the inhabitants. People are indices into the record's `names`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "claim", rename_all = "snake_case", deny_unknown_fields)]
pub enum Claim {
    /// "`person` is a knight".
    Knight {
        /// The person the claim is about.
        person: u8,
    },
    /// "`person` is a knave".
    Knave {
        /// The person the claim is about.
        person: u8,
    },
    /// "`a` is of the same kind as `b`" (both knights or both knaves); `a < b`.
    Same {
        /// The first person.
        a: u8,
        /// The second person.
        b: u8,
    },
    /// "`a` is of a different kind from `b`"; `a < b`.
    Different {
        /// The first person.
        a: u8,
        /// The second person.
        b: u8,
    },
    /// "exactly `knights` of us are knights", counting every inhabitant, the speaker included.
    Exactly {
        /// The number of knights claimed.
        knights: u8,
    },
    /// "it is not the case that (…)"; the operand is always compound.
    Not {
        /// The negated claim.
        of: Box<Claim>,
    },
    /// All operands hold.
    And {
        /// The operands, at least two.
        of: Vec<Claim>,
    },
    /// At least one operand holds (inclusive or).
    Or {
        /// The operands, at least two.
        of: Vec<Claim>,
    },
    /// "if (premise) then (conclusion)": false only when the premise holds and the conclusion
    /// does not.
    Implies {
        /// The condition.
        premise: Box<Claim>,
        /// What follows from it.
        conclusion: Box<Claim>,
    },
}

impl Claim {
    /// Whether the claim is built from other claims (and so is parenthesized inside another).
    pub fn is_compound(&self) -> bool {
        matches!(
            self,
            Claim::Not { .. } | Claim::And { .. } | Claim::Or { .. } | Claim::Implies { .. }
        )
    }

    /// The people whose roles decide the claim, as a mask; `all` when it counts knights.
    pub fn mentions(&self, all: u16) -> u16 {
        match self {
            Claim::Knight { person } | Claim::Knave { person } => bit(*person),
            Claim::Same { a, b } | Claim::Different { a, b } => bit(*a) | bit(*b),
            Claim::Exactly { .. } => all,
            Claim::Not { of } => of.mentions(all),
            Claim::And { of } | Claim::Or { of } => of.iter().fold(0, |m, c| m | c.mentions(all)),
            Claim::Implies {
                premise,
                conclusion,
            } => premise.mentions(all) | conclusion.mentions(all),
        }
    }
}

fn bit(person: u8) -> u16 {
    1u16.checked_shl(u32::from(person)).unwrap_or(0)
}

/// The atom tables for one puzzle size, computed once per size and shared.
#[derive(Debug)]
pub struct Tables {
    /// Number of people.
    pub people: u8,
    /// Words per truth table.
    pub words: usize,
    /// Bits of each word that stand for a real assignment (all but the last word are full).
    pub valid: u64,
    /// `knight[p * words..][..words]`: person `p` is a knight.
    knight: Vec<u64>,
    /// `exactly[k * words..][..words]`: exactly `k` people are knights.
    exactly: Vec<u64>,
}

impl Tables {
    /// The shared tables for `people` (1..=[`PEOPLE_MAX`]).
    pub fn get(people: u8) -> &'static Tables {
        static CACHE: [OnceLock<Tables>; PEOPLE_MAX as usize + 1] =
            [const { OnceLock::new() }; PEOPLE_MAX as usize + 1];
        let n = people.min(PEOPLE_MAX);
        CACHE[usize::from(n)].get_or_init(|| Tables::build(n))
    }

    fn build(people: u8) -> Tables {
        let assignments = 1usize << people;
        let words = assignments.div_ceil(64);
        let valid = if assignments >= 64 {
            u64::MAX
        } else {
            (1u64 << assignments) - 1
        };
        let n = usize::from(people);
        let mut knight = vec![0u64; n * words];
        let mut exactly = vec![0u64; (n + 1) * words];
        for mask in 0..assignments {
            let (w, b) = (mask / 64, mask % 64);
            for p in 0..n {
                if mask >> p & 1 == 1 {
                    knight[p * words + w] |= 1 << b;
                }
            }
            exactly[mask.count_ones() as usize * words + w] |= 1 << b;
        }
        Tables {
            people,
            words,
            valid,
            knight,
            exactly,
        }
    }

    fn knight(&self, p: u8) -> &[u64] {
        let at = usize::from(p.min(self.people.saturating_sub(1))) * self.words;
        &self.knight[at..at + self.words]
    }

    /// The truth table of a claim, appended to `stack` (`words` words). Out-of-range people
    /// or counts, which a generated record never holds, read as always-false atoms.
    pub fn eval(&self, claim: &Claim, stack: &mut Vec<u64>) {
        let w = self.words;
        let base = stack.len();
        match claim {
            Claim::Knight { person } if *person < self.people => {
                stack.extend_from_slice(self.knight(*person));
            }
            Claim::Knave { person } if *person < self.people => {
                stack.extend(self.knight(*person).iter().map(|x| !x));
            }
            Claim::Same { a, b } | Claim::Different { a, b }
                if *a < self.people && *b < self.people =>
            {
                let flip = if matches!(claim, Claim::Same { .. }) {
                    u64::MAX
                } else {
                    0
                };
                let (ta, tb) = (self.knight(*a), self.knight(*b));
                stack.extend(ta.iter().zip(tb).map(|(x, y)| x ^ y ^ flip));
            }
            Claim::Exactly { knights } if *knights <= self.people => {
                let at = usize::from(*knights) * w;
                stack.extend_from_slice(&self.exactly[at..at + w]);
            }
            Claim::Not { of } => {
                self.eval(of, stack);
                stack[base..].iter_mut().for_each(|x| *x = !*x);
            }
            Claim::And { of } | Claim::Or { of } if !of.is_empty() => {
                let and = matches!(claim, Claim::And { .. });
                self.eval(&of[0], stack);
                for c in &of[1..] {
                    self.eval(c, stack);
                    let (acc, next) = stack[base..].split_at_mut(w);
                    for (x, y) in acc.iter_mut().zip(next.iter()) {
                        *x = if and { *x & y } else { *x | y };
                    }
                    stack.truncate(base + w);
                }
            }
            Claim::Implies {
                premise,
                conclusion,
            } => {
                self.eval(premise, stack);
                self.eval(conclusion, stack);
                let (acc, next) = stack[base..].split_at_mut(w);
                for (x, y) in acc.iter_mut().zip(next.iter()) {
                    *x = !*x | y;
                }
                stack.truncate(base + w);
            }
            _ => stack.resize(base + w, 0),
        }
    }

    /// The assignments in which `speaker` may say a claim with truth table `truth`: a knight's
    /// claim is true, a knave's false.
    pub fn consistent(&self, speaker: u8, truth: &mut [u64]) {
        let last = truth.len().saturating_sub(1);
        for (i, (t, k)) in truth.iter_mut().zip(self.knight(speaker)).enumerate() {
            *t = !(*t ^ k);
            if i == last {
                *t &= self.valid;
            }
        }
    }

    /// Whether assignment `mask` is set in a table.
    pub fn get_bit(table: &[u64], mask: u16) -> bool {
        let m = usize::from(mask);
        table.get(m / 64).is_some_and(|w| w >> (m % 64) & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(t: &Tables, c: &Claim) -> Vec<u64> {
        let mut s = Vec::new();
        t.eval(c, &mut s);
        s
    }

    #[test]
    fn atoms_match_their_meaning_on_every_mask() {
        for n in [2u8, 3, 6, 7, 12] {
            let t = Tables::get(n);
            let same = table(t, &Claim::Same { a: 0, b: n - 1 });
            let exactly = table(t, &Claim::Exactly { knights: 2 });
            let knave = table(t, &Claim::Knave { person: 1 });
            for mask in 0..(1u16 << n) {
                assert_eq!(
                    Tables::get_bit(&same, mask),
                    (mask & 1) == (mask >> (n - 1) & 1)
                );
                assert_eq!(Tables::get_bit(&exactly, mask), mask.count_ones() == 2);
                assert_eq!(Tables::get_bit(&knave, mask), mask & 2 == 0);
            }
        }
    }

    #[test]
    fn connectives_combine_tables() {
        let t = Tables::get(3);
        let k = |p| Claim::Knight { person: p };
        let implies = Claim::Implies {
            premise: Box::new(k(0)),
            conclusion: Box::new(Claim::Or {
                of: vec![k(1), k(2)],
            }),
        };
        let not = Claim::Not {
            of: Box::new(Claim::And {
                of: vec![k(0), k(1), k(2)],
            }),
        };
        let (ti, tn) = (table(t, &implies), table(t, &not));
        for mask in 0..8u16 {
            assert_eq!(Tables::get_bit(&ti, mask), mask & 1 == 0 || mask & 6 != 0);
            assert_eq!(Tables::get_bit(&tn, mask), mask != 7);
        }
    }

    #[test]
    fn consistency_is_the_speakers_role_agreeing_with_the_truth() {
        let t = Tables::get(2);
        // Person 0 says "I am a knave": no one can say that.
        let mut truth = table(t, &Claim::Knave { person: 0 });
        t.consistent(0, &mut truth);
        assert_eq!(truth, vec![0]);
        // Person 0 says "1 is a knight": both the same kind.
        let mut truth = table(t, &Claim::Knight { person: 1 });
        t.consistent(0, &mut truth);
        assert_eq!(truth, vec![0b1001]);
    }

    #[test]
    fn bad_indices_are_false_not_panics() {
        let t = Tables::get(3);
        assert_eq!(table(t, &Claim::Knight { person: 200 }), vec![0]);
        assert_eq!(table(t, &Claim::Exactly { knights: 9 }), vec![0]);
        assert_eq!(table(t, &Claim::And { of: vec![] }), vec![0]);
    }
}
