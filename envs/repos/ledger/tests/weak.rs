// Weak suite for the ledger repo: one happy path per operation.

#[test]
fn deposit_then_withdraw() {
    let mut a = Account::new(0);
    assert!(a.deposit(100));
    assert!(a.withdraw(30));
    assert_eq!(a.balance(), 70);
}

#[test]
fn transfer_moves_money() {
    let mut a = Account::new(0);
    let mut b = Account::new(0);
    a.deposit(100);
    assert!(a.transfer(&mut b, 60));
    assert_eq!(b.balance(), 60);
}

#[test]
fn interest_is_paid() {
    let mut a = Account::new(0);
    a.deposit(10_000);
    assert_eq!(a.pay_interest(100), 100);
}

#[test]
fn largest_withdrawal() {
    let mut a = Account::new(0);
    a.deposit(100);
    a.withdraw(40);
    assert_eq!(a.largest_withdrawal(), 40);
}
