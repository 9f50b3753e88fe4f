//! A bank account as a small state machine: deposits, withdrawals against an overdraft limit,
//! freezing, transfers, interest and a history of every successful movement of money.

/// One account. Amounts are integer cents. The balance may go negative, down to
/// `-overdraft_limit` but never below. A frozen account refuses every deposit, withdrawal,
/// transfer and interest payment until it is unfrozen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    balance: i64,
    overdraft_limit: i64,
    frozen: bool,
    history: Vec<i64>,
}

impl Account {
    /// A new, unfrozen account with balance 0, an empty history and the given overdraft limit;
    /// a negative limit is treated as 0.
    pub fn new(overdraft_limit: i64) -> Account {
        Account {
            balance: 0,
            overdraft_limit: overdraft_limit.max(0),
            frozen: false,
            history: Vec::new(),
        }
    }

    /// The current balance in cents.
    pub fn balance(&self) -> i64 {
        self.balance
    }

    /// Whether the account is frozen.
    pub fn is_frozen(&self) -> bool {
        self.frozen
    }

    /// Freezes the account (freezing a frozen account changes nothing).
    pub fn freeze(&mut self) {
        self.frozen = true;
    }

    /// Unfreezes the account (unfreezing an unfrozen account changes nothing).
    pub fn unfreeze(&mut self) {
        self.frozen = false;
    }

    /// The successful movements so far, oldest first: deposits and interest as positive amounts,
    /// withdrawals as negative ones.
    pub fn history(&self) -> &[i64] {
        &self.history
    }

    /// Adds `amount` to the balance and records it. Refused (returning `false`, changing nothing)
    /// when `amount <= 0` or the account is frozen; returns `true` on success.
    pub fn deposit(&mut self, amount: i64) -> bool {
        if amount <= 0 || self.frozen {
            return false;
        }
        self.balance += amount;
        self.history.push(amount);
        true
    }

    /// Takes `amount` from the balance and records `-amount`. Refused (returning `false`,
    /// changing nothing) when `amount <= 0`, the account is frozen, or the balance would drop
    /// below `-overdraft_limit`; a withdrawal that lands exactly on the limit is allowed.
    pub fn withdraw(&mut self, amount: i64) -> bool {
        if amount <= 0 || self.frozen {
            return false;
        }
        if self.balance - amount < -self.overdraft_limit {
            return false;
        }
        self.balance -= amount;
        self.history.push(-amount);
        true
    }

    /// Moves `amount` from this account to `to`: a withdrawal here and a deposit there, recorded
    /// in both histories. Refused (returning `false`, changing neither account) when either
    /// account is frozen or the withdrawal would be refused.
    pub fn transfer(&mut self, to: &mut Account, amount: i64) -> bool {
        if to.frozen {
            return false;
        }
        if !self.withdraw(amount) {
            return false;
        }
        to.deposit(amount)
    }

    /// Pays interest of `rate_bp` basis points (1/100 of a percent) on a positive balance:
    /// `balance * rate_bp / 10_000`, rounded down, is deposited and recorded, and returned.
    /// Nothing happens, and 0 is returned, when the balance is not positive, the rate is not
    /// positive, the account is frozen, or the interest rounds down to 0.
    pub fn pay_interest(&mut self, rate_bp: i64) -> i64 {
        if self.balance <= 0 || rate_bp <= 0 {
            return 0;
        }
        let interest = self.balance * rate_bp / 10_000;
        if interest > 0 && self.deposit(interest) {
            interest
        } else {
            0
        }
    }

    /// The largest single withdrawal in the history, as a positive amount; 0 when there was none.
    pub fn largest_withdrawal(&self) -> i64 {
        let mut largest = 0;
        for &amount in &self.history {
            if amount < 0 {
                largest = largest.max(-amount);
            }
        }
        largest
    }

    /// The sum of all deposits (positive history entries, interest included).
    pub fn total_deposited(&self) -> i64 {
        self.history.iter().filter(|&&a| a > 0).sum()
    }
}
