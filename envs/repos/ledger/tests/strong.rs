// Strong suite for the ledger repo.

#[test]
fn new_account_is_empty() {
    let a = Account::new(500);
    assert_eq!(a.balance(), 0);
    assert!(!a.is_frozen());
    assert_eq!(a.history(), &[] as &[i64]);
}

#[test]
fn new_with_negative_limit_means_no_overdraft() {
    let mut a = Account::new(-100);
    assert!(!a.withdraw(1));
    assert_eq!(a.balance(), 0);
}

#[test]
fn deposit_adds_and_records() {
    let mut a = Account::new(0);
    assert!(a.deposit(250));
    assert!(a.deposit(1));
    assert_eq!(a.balance(), 251);
    assert_eq!(a.history(), &[250, 1]);
}

#[test]
fn deposit_rejects_non_positive() {
    let mut a = Account::new(0);
    assert!(!a.deposit(0));
    assert!(!a.deposit(-5));
    assert_eq!(a.balance(), 0);
    assert!(a.history().is_empty());
}

#[test]
fn withdraw_within_balance() {
    let mut a = Account::new(0);
    a.deposit(100);
    assert!(a.withdraw(30));
    assert_eq!(a.balance(), 70);
    assert_eq!(a.history(), &[100, -30]);
}

#[test]
fn withdraw_rejects_non_positive() {
    let mut a = Account::new(100);
    a.deposit(50);
    assert!(!a.withdraw(0));
    assert!(!a.withdraw(-10));
    assert_eq!(a.balance(), 50);
    assert_eq!(a.history(), &[50]);
}

#[test]
fn withdraw_exactly_to_overdraft_limit() {
    let mut a = Account::new(100);
    a.deposit(50);
    assert!(a.withdraw(150));
    assert_eq!(a.balance(), -100);
}

#[test]
fn withdraw_beyond_overdraft_limit_refused() {
    let mut a = Account::new(100);
    a.deposit(50);
    assert!(!a.withdraw(151));
    assert_eq!(a.balance(), 50);
    assert_eq!(a.history(), &[50]);
}

#[test]
fn withdraw_whole_balance_without_overdraft() {
    let mut a = Account::new(0);
    a.deposit(40);
    assert!(a.withdraw(40));
    assert_eq!(a.balance(), 0);
    assert!(!a.withdraw(1));
}

#[test]
fn frozen_account_refuses_everything() {
    let mut a = Account::new(100);
    a.deposit(500);
    a.freeze();
    assert!(a.is_frozen());
    assert!(!a.deposit(10));
    assert!(!a.withdraw(10));
    assert_eq!(a.pay_interest(100), 0);
    assert_eq!(a.balance(), 500);
    assert_eq!(a.history(), &[500]);
}

#[test]
fn unfreeze_restores_operations() {
    let mut a = Account::new(0);
    a.freeze();
    a.freeze();
    a.unfreeze();
    assert!(!a.is_frozen());
    assert!(a.deposit(10));
    a.unfreeze();
    assert!(!a.is_frozen());
}

#[test]
fn transfer_moves_money() {
    let mut a = Account::new(0);
    let mut b = Account::new(0);
    a.deposit(100);
    assert!(a.transfer(&mut b, 60));
    assert_eq!(a.balance(), 40);
    assert_eq!(b.balance(), 60);
    assert_eq!(a.history(), &[100, -60]);
    assert_eq!(b.history(), &[60]);
}

#[test]
fn transfer_refused_when_insufficient() {
    let mut a = Account::new(10);
    let mut b = Account::new(0);
    a.deposit(100);
    assert!(!a.transfer(&mut b, 111));
    assert_eq!(a.balance(), 100);
    assert_eq!(b.balance(), 0);
    assert!(b.history().is_empty());
}

#[test]
fn transfer_refused_when_either_frozen() {
    let mut a = Account::new(0);
    let mut b = Account::new(0);
    a.deposit(100);
    b.freeze();
    assert!(!a.transfer(&mut b, 10));
    assert_eq!(a.balance(), 100);
    assert_eq!(a.history(), &[100]);
    b.unfreeze();
    a.freeze();
    assert!(!a.transfer(&mut b, 10));
    assert_eq!(b.balance(), 0);
}

#[test]
fn transfer_refuses_non_positive_amount() {
    let mut a = Account::new(0);
    let mut b = Account::new(0);
    a.deposit(100);
    assert!(!a.transfer(&mut b, 0));
    assert!(!a.transfer(&mut b, -5));
    assert_eq!(a.balance(), 100);
    assert_eq!(b.balance(), 0);
}

#[test]
fn interest_rounds_down() {
    let mut a = Account::new(0);
    a.deposit(10_000);
    assert_eq!(a.pay_interest(250), 250);
    assert_eq!(a.balance(), 10_250);
    assert_eq!(a.history(), &[10_000, 250]);
    let mut b = Account::new(0);
    b.deposit(999);
    assert_eq!(b.pay_interest(150), 14);
    assert_eq!(b.balance(), 1_013);
}

#[test]
fn interest_too_small_is_zero() {
    let mut a = Account::new(0);
    a.deposit(99);
    assert_eq!(a.pay_interest(100), 0);
    assert_eq!(a.balance(), 99);
    assert_eq!(a.history(), &[99]);
}

#[test]
fn interest_needs_positive_balance_and_rate() {
    let mut a = Account::new(1_000);
    assert_eq!(a.pay_interest(500), 0);
    a.withdraw(500);
    assert_eq!(a.pay_interest(500), 0);
    assert_eq!(a.balance(), -500);
    let mut b = Account::new(0);
    b.deposit(10_000);
    assert_eq!(b.pay_interest(0), 0);
    assert_eq!(b.pay_interest(-100), 0);
    assert_eq!(b.balance(), 10_000);
    assert_eq!(b.pay_interest(1), 1);
}

#[test]
fn smallest_amounts_count() {
    let mut a = Account::new(0);
    assert!(a.deposit(1));
    assert!(a.withdraw(1));
    assert_eq!(a.balance(), 0);
    assert_eq!(a.total_deposited(), 1);
    assert_eq!(a.largest_withdrawal(), 1);
    assert!(a.deposit(1));
    assert_eq!(a.pay_interest(10_000), 1);
    assert_eq!(a.balance(), 2);
}

#[test]
fn interest_divides_by_exactly_ten_thousand() {
    let mut a = Account::new(0);
    a.deposit(9_999);
    assert_eq!(a.pay_interest(1), 0);
    a.deposit(1);
    assert_eq!(a.pay_interest(1), 1);
    assert_eq!(a.balance(), 10_001);
}

#[test]
fn interest_refusals_never_compute_with_extreme_inputs() {
    let mut a = Account::new(1_000);
    a.withdraw(500);
    assert_eq!(a.pay_interest(i64::MAX), 0);
    let mut b = Account::new(0);
    b.deposit(10_000);
    assert_eq!(b.pay_interest(i64::MIN), 0);
    assert_eq!(a.balance(), -500);
    assert_eq!(b.balance(), 10_000);
}

#[test]
fn largest_withdrawal_tracks_maximum() {
    let mut a = Account::new(1_000);
    assert_eq!(a.largest_withdrawal(), 0);
    a.deposit(5_000);
    a.withdraw(30);
    a.withdraw(700);
    a.withdraw(20);
    assert_eq!(a.largest_withdrawal(), 700);
}

#[test]
fn largest_withdrawal_ignores_deposits() {
    let mut a = Account::new(0);
    a.deposit(5_000);
    assert_eq!(a.largest_withdrawal(), 0);
    a.withdraw(3);
    assert_eq!(a.largest_withdrawal(), 3);
}

#[test]
fn total_deposited_includes_interest() {
    let mut a = Account::new(0);
    assert_eq!(a.total_deposited(), 0);
    a.deposit(10_000);
    a.withdraw(2_000);
    a.deposit(500);
    a.pay_interest(100);
    assert_eq!(a.total_deposited(), 10_585);
}
