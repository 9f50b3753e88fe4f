// Strong suite for the calc repo.

#[test]
fn tokenize_all_kinds() {
    assert_eq!(
        tokenize("(1+23)*4/5-6"),
        Some(vec![
            Token::LParen,
            Token::Num(1),
            Token::Plus,
            Token::Num(23),
            Token::RParen,
            Token::Star,
            Token::Num(4),
            Token::Slash,
            Token::Num(5),
            Token::Minus,
            Token::Num(6),
        ])
    );
}

#[test]
fn tokenize_whitespace_separates_numbers() {
    assert_eq!(tokenize(" 12 3\t"), Some(vec![Token::Num(12), Token::Num(3)]));
    assert_eq!(tokenize(""), Some(vec![]));
    assert_eq!(tokenize("   "), Some(vec![]));
}

#[test]
fn tokenize_multi_digit_values() {
    assert_eq!(tokenize("907"), Some(vec![Token::Num(907)]));
    assert_eq!(tokenize("0"), Some(vec![Token::Num(0)]));
    assert_eq!(tokenize("9"), Some(vec![Token::Num(9)]));
}

#[test]
fn tokenize_rejects_unknown_and_overflow() {
    assert_eq!(tokenize("1 + x"), None);
    assert_eq!(tokenize("2^3"), None);
    assert_eq!(tokenize("9223372036854775807"), Some(vec![Token::Num(i64::MAX)]));
    assert_eq!(tokenize("9223372036854775808"), None);
    assert_eq!(tokenize("92233720368547758070"), None);
}

#[test]
fn eval_single_numbers() {
    assert_eq!(eval("42"), Some(42));
    assert_eq!(eval(" 7 "), Some(7));
}

#[test]
fn eval_each_operator() {
    assert_eq!(eval("2+3"), Some(5));
    assert_eq!(eval("2-3"), Some(-1));
    assert_eq!(eval("2*3"), Some(6));
    assert_eq!(eval("7/2"), Some(3));
}

#[test]
fn eval_precedence() {
    assert_eq!(eval("2+3*4"), Some(14));
    assert_eq!(eval("2*3+4"), Some(10));
    assert_eq!(eval("20-6/3"), Some(18));
    assert_eq!(eval("1+2*3-4/2"), Some(5));
}

#[test]
fn eval_left_associativity() {
    assert_eq!(eval("10-4-3"), Some(3));
    assert_eq!(eval("100/10/5"), Some(2));
    assert_eq!(eval("2*3*4"), Some(24));
    assert_eq!(eval("1+2+3"), Some(6));
}

#[test]
fn eval_parentheses() {
    assert_eq!(eval("(2+3)*4"), Some(20));
    assert_eq!(eval("10-(4-3)"), Some(9));
    assert_eq!(eval("((7))"), Some(7));
}

#[test]
fn eval_unary_minus() {
    assert_eq!(eval("-3"), Some(-3));
    assert_eq!(eval("--3"), Some(3));
    assert_eq!(eval("2*-3"), Some(-6));
    assert_eq!(eval("-(2+3)"), Some(-5));
}

#[test]
fn eval_division_truncates_toward_zero() {
    assert_eq!(eval("-7/2"), Some(-3));
    assert_eq!(eval("7/-2"), Some(-3));
    assert_eq!(eval("1/3"), Some(0));
}

#[test]
fn eval_division_by_zero() {
    assert_eq!(eval("1/0"), None);
    assert_eq!(eval("5/(2-2)"), None);
}

#[test]
fn eval_syntax_errors() {
    assert_eq!(eval(""), None);
    assert_eq!(eval("1+"), None);
    assert_eq!(eval("*2"), None);
    assert_eq!(eval("(1+2"), None);
    assert_eq!(eval("1+2)"), None);
    assert_eq!(eval("1 2"), None);
    assert_eq!(eval("()"), None);
    assert_eq!(eval("(1+2]"), None);
    assert_eq!(eval("(1 2"), None);
}

#[test]
fn eval_overflow() {
    assert_eq!(eval("9223372036854775807+1"), None);
    assert_eq!(eval("0-9223372036854775807-2"), None);
    assert_eq!(eval("4611686018427387904*2"), None);
    assert_eq!(eval("0-9223372036854775807-1"), Some(i64::MIN));
    assert_eq!(eval("-(0-9223372036854775807-1)"), None);
}

#[test]
fn balanced_cases() {
    assert!(is_balanced(""));
    assert!(is_balanced("(a(b)c)"));
    assert!(is_balanced("()()"));
    assert!(is_balanced("no parens"));
}

#[test]
fn unbalanced_cases() {
    assert!(!is_balanced("("));
    assert!(!is_balanced(")"));
    assert!(!is_balanced(")("));
    assert!(!is_balanced("(()"));
    assert!(!is_balanced("())("));
}

#[test]
fn rpn_basic() {
    assert_eq!(eval_rpn("3 4 + 2 *"), Some(14));
    assert_eq!(eval_rpn("5"), Some(5));
}

#[test]
fn rpn_operand_order() {
    assert_eq!(eval_rpn("10 4 -"), Some(6));
    assert_eq!(eval_rpn("20 5 /"), Some(4));
    assert_eq!(eval_rpn("-7 2 /"), Some(-3));
    assert_eq!(eval_rpn("2 3 4 * +"), Some(14));
}

#[test]
fn rpn_errors() {
    assert_eq!(eval_rpn(""), None);
    assert_eq!(eval_rpn("1 +"), None);
    assert_eq!(eval_rpn("+"), None);
    assert_eq!(eval_rpn("1 2"), None);
    assert_eq!(eval_rpn("1 2 %"), None);
    assert_eq!(eval_rpn("1 0 /"), None);
    assert_eq!(eval_rpn("9223372036854775807 1 +"), None);
    assert_eq!(eval_rpn("-9223372036854775807 2 -"), None);
    assert_eq!(eval_rpn("4611686018427387904 2 *"), None);
}
