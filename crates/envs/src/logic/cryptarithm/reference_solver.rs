//! The generator's first solver (env version 1), kept for the tests as the reference that
//! `solve.rs` must agree with: letters assigned column by column from the units, each addend
//! letter at every free digit, one node per assignment tried, the column checked once all its
//! addend letters are set. Its node count defines the records' `difficulty`.

/// A word sum in the solver's terms: each word as letter indices, most significant first.
pub struct Sum<'a> {
    /// The addends.
    pub addends: &'a [Vec<u8>],
    /// The result.
    pub result: &'a [u8],
    /// How many distinct letters there are (indices 0..letters).
    pub letters: usize,
}

/// What a count found.
pub struct Count {
    /// Solutions found, at most the limit asked for.
    pub solutions: u32,
    /// Letter assignments tried.
    pub nodes: u64,
    /// The digit of each letter in the first solution found.
    pub first: Option<Vec<u8>>,
}

struct State<'a> {
    sum: &'a Sum<'a>,
    /// Per column (units first): the addend letters in it, then the result letter.
    columns: Vec<(Vec<u8>, Option<u8>)>,
    leading: u16,
    digit_of: [Option<u8>; 10],
    used: u16,
    limit: u32,
    out: Count,
}

/// Counts the assignments that make the sum hold, up to `limit`.
pub fn count(sum: &Sum, limit: u32) -> Count {
    let width = sum
        .result
        .len()
        .max(sum.addends.iter().map(Vec::len).max().unwrap_or(0));
    let column = |word: &[u8], i: usize| (i < word.len()).then(|| word[word.len() - 1 - i]);
    let columns = (0..width)
        .map(|i| {
            (
                sum.addends.iter().filter_map(|w| column(w, i)).collect(),
                column(sum.result, i),
            )
        })
        .collect();
    let mut leading = 0u16;
    for w in sum.addends.iter().map(Vec::as_slice).chain([sum.result]) {
        if w.len() > 1 {
            leading |= 1 << w[0];
        }
    }
    let mut st = State {
        sum,
        columns,
        leading,
        digit_of: [None; 10],
        used: 0,
        limit,
        out: Count {
            solutions: 0,
            nodes: 0,
            first: None,
        },
    };
    if sum.letters <= 10 {
        column_step(&mut st, 0, 0, 0, 0);
    }
    st.out
}

/// Assigns the addend letters of column `col` from position `pos` on, with `acc` the column sum
/// so far (carry included).
fn column_step(st: &mut State, col: usize, pos: usize, acc: u32, carry_in: u32) {
    if st.out.solutions >= st.limit {
        return;
    }
    if col == st.columns.len() {
        if carry_in == 0 {
            st.out.solutions += 1;
            if st.out.first.is_none() {
                st.out.first = Some(
                    (0..st.sum.letters)
                        .map(|l| st.digit_of[l].unwrap_or(0))
                        .collect(),
                );
            }
        }
        return;
    }
    let acc = if pos == 0 { carry_in } else { acc };
    let (letters, result) = (&st.columns[col].0, st.columns[col].1);
    if pos < letters.len() {
        let l = usize::from(letters[pos]);
        if let Some(d) = st.digit_of[l] {
            column_step(st, col, pos + 1, acc + u32::from(d), carry_in);
            return;
        }
        for d in 0..10u8 {
            if st.used & (1 << d) != 0 || (d == 0 && st.leading & (1 << l) != 0) {
                continue;
            }
            st.out.nodes += 1;
            st.digit_of[l] = Some(d);
            st.used |= 1 << d;
            column_step(st, col, pos + 1, acc + u32::from(d), carry_in);
            st.used &= !(1 << d);
            st.digit_of[l] = None;
        }
        return;
    }
    let (digit, carry) = ((acc % 10) as u8, acc / 10);
    let Some(r) = result else {
        // No result letter here: the column must add to nothing at all.
        if acc == 0 {
            column_step(st, col + 1, 0, 0, 0);
        }
        return;
    };
    let r = usize::from(r);
    match st.digit_of[r] {
        Some(d) if d == digit => column_step(st, col + 1, 0, 0, carry),
        Some(_) => {}
        None => {
            if st.used & (1 << digit) != 0 || (digit == 0 && st.leading & (1 << r) != 0) {
                return;
            }
            st.out.nodes += 1;
            st.digit_of[r] = Some(digit);
            st.used |= 1 << digit;
            column_step(st, col + 1, 0, 0, carry);
            st.used &= !(1 << digit);
            st.digit_of[r] = None;
        }
    }
}
