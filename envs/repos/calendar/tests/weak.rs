// Weak suite for the calendar repo: a few common dates in 1970 and 2024, nothing before 1970 or
// across a century, and nothing that turns a day count back into a date.

#[test]
fn leap_year_2024() {
    assert!(is_leap_year(2024));
}

#[test]
fn february_2023() {
    assert_eq!(days_in_month(2023, 2), 28);
}

#[test]
fn leap_day_is_valid() {
    assert!(is_valid_date(2024, 2, 29));
}

#[test]
fn first_of_march_in_a_leap_year() {
    assert_eq!(day_of_year(2024, 3, 1), 61);
}

#[test]
fn epoch_is_day_zero() {
    assert_eq!(days_from_epoch(1970, 1, 1), 0);
}

#[test]
fn weekday_of_epoch() {
    assert_eq!(weekday(1970, 1, 1), 3);
}

#[test]
fn january_has_thirty_days_between_its_ends() {
    assert_eq!(days_between((2024, 1, 1), (2024, 1, 31)), 30);
}
