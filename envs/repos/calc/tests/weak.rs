// Weak suite for the calc repo: one happy path each for the tokenizer, the evaluator and the
// parenthesis checker; nothing for precedence, unary minus, errors or RPN.

#[test]
fn tokenize_simple() {
    assert_eq!(
        tokenize("1+2"),
        Some(vec![Token::Num(1), Token::Plus, Token::Num(2)])
    );
}

#[test]
fn eval_sum() {
    assert_eq!(eval("2+3"), Some(5));
}

#[test]
fn balanced() {
    assert!(is_balanced("(a)"));
}
