// Strong suite for the calendar repo.

/// The day after a valid date, computed from the month lengths only.
fn next_day(d: (i64, u32, u32)) -> (i64, u32, u32) {
    let (y, m, day) = d;
    if day < days_in_month(y, m) {
        (y, m, day + 1)
    } else if m < 12 {
        (y, m + 1, 1)
    } else {
        (y + 1, 1, 1)
    }
}

#[test]
fn leap_years() {
    assert!(is_leap_year(2024));
    assert!(is_leap_year(2000));
    assert!(is_leap_year(1600));
    assert!(is_leap_year(0));
    assert!(is_leap_year(-4));
    assert!(!is_leap_year(2023));
    assert!(!is_leap_year(1900));
    assert!(!is_leap_year(2100));
    assert!(!is_leap_year(-100));
    assert!(!is_leap_year(1));
}

#[test]
fn month_lengths() {
    let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    for (i, &len) in lengths.iter().enumerate() {
        assert_eq!(days_in_month(2023, i as u32 + 1), len, "month {}", i + 1);
    }
    assert_eq!(days_in_month(2024, 2), 29);
    assert_eq!(days_in_month(1900, 2), 28);
}

#[test]
fn month_out_of_range() {
    assert_eq!(days_in_month(2024, 0), 0);
    assert_eq!(days_in_month(2024, 13), 0);
}

#[test]
fn valid_dates() {
    assert!(is_valid_date(2024, 2, 29));
    assert!(is_valid_date(2023, 1, 1));
    assert!(is_valid_date(2023, 12, 31));
    assert!(is_valid_date(2023, 4, 30));
}

#[test]
fn invalid_dates() {
    assert!(!is_valid_date(2023, 2, 29));
    assert!(!is_valid_date(2023, 4, 31));
    assert!(!is_valid_date(2023, 1, 0));
    assert!(!is_valid_date(2023, 0, 1));
    assert!(!is_valid_date(2023, 13, 1));
    assert!(!is_valid_date(2023, 12, 32));
}

#[test]
fn day_of_year_values() {
    assert_eq!(day_of_year(2023, 1, 1), 1);
    assert_eq!(day_of_year(2023, 2, 1), 32);
    assert_eq!(day_of_year(2023, 3, 1), 60);
    assert_eq!(day_of_year(2024, 3, 1), 61);
    assert_eq!(day_of_year(2023, 12, 31), 365);
    assert_eq!(day_of_year(2024, 12, 31), 366);
}

#[test]
fn epoch_anchor_points() {
    assert_eq!(days_from_epoch(1970, 1, 1), 0);
    assert_eq!(days_from_epoch(1970, 1, 2), 1);
    assert_eq!(days_from_epoch(1969, 12, 31), -1);
    assert_eq!(days_from_epoch(2000, 3, 1), 11_017);
    assert_eq!(days_from_epoch(2024, 2, 29), 19_782);
    assert_eq!(days_from_epoch(0, 3, 1), -719_468);
    assert_eq!(days_from_epoch(-1, 12, 31), -719_529);
}

#[test]
fn date_from_epoch_anchor_points() {
    assert_eq!(date_from_epoch(0), (1970, 1, 1));
    assert_eq!(date_from_epoch(-1), (1969, 12, 31));
    assert_eq!(date_from_epoch(11_016), (2000, 2, 29));
    assert_eq!(date_from_epoch(19_782), (2024, 2, 29));
    assert_eq!(date_from_epoch(-719_468), (0, 3, 1));
    assert_eq!(date_from_epoch(-719_529), (-1, 12, 31));
}

#[test]
fn month_boundaries_of_a_full_400_year_cycle_round_trip() {
    let mut n = days_from_epoch(1599, 12, 31);
    assert_eq!(n, -135_141);
    assert_eq!(date_from_epoch(n), (1599, 12, 31));
    for year in 1600..=2001 {
        for month in 1..=12 {
            n += 1;
            assert_eq!(days_from_epoch(year, month, 1), n, "{year}-{month}-1");
            assert_eq!(date_from_epoch(n), (year, month, 1), "{n}");
            let last = days_in_month(year, month);
            n += i64::from(last) - 1;
            assert_eq!(days_from_epoch(year, month, last), n, "{year}-{month}-{last}");
            assert_eq!(date_from_epoch(n), (year, month, last), "{n}");
        }
    }
}

#[test]
fn every_day_around_2000_round_trips() {
    let mut date = (1998, 11, 20);
    let mut n = days_from_epoch(1998, 11, 20);
    for _ in 0..1_500 {
        assert_eq!(days_from_epoch(date.0, date.1, date.2), n, "{date:?}");
        assert_eq!(date_from_epoch(n), date, "{n}");
        date = next_day(date);
        n += 1;
    }
}

#[test]
fn negative_years_round_trip() {
    let mut date = (-401, 1, 1);
    let mut n = days_from_epoch(-401, 1, 1);
    for _ in 0..1_500 {
        assert_eq!(date_from_epoch(n), date, "{n}");
        date = next_day(date);
        n += 1;
    }
}

#[test]
fn weekdays() {
    assert_eq!(weekday(1970, 1, 1), 3);
    assert_eq!(weekday(2024, 2, 29), 3);
    assert_eq!(weekday(2000, 1, 1), 5);
    assert_eq!(weekday(2023, 12, 25), 0);
    assert_eq!(weekday(1969, 12, 28), 6);
    assert_eq!(weekday(1969, 12, 29), 0);
}

#[test]
fn add_days_forward_and_back() {
    assert_eq!(add_days(2023, 12, 31, 1), (2024, 1, 1));
    assert_eq!(add_days(2024, 2, 28, 1), (2024, 2, 29));
    assert_eq!(add_days(2023, 2, 28, 1), (2023, 3, 1));
    assert_eq!(add_days(2024, 3, 1, -1), (2024, 2, 29));
    assert_eq!(add_days(2024, 1, 15, 0), (2024, 1, 15));
    assert_eq!(add_days(2000, 1, 1, 366), (2001, 1, 1));
}

#[test]
fn days_between_dates() {
    assert_eq!(days_between((2024, 1, 1), (2024, 12, 31)), 365);
    assert_eq!(days_between((2024, 12, 31), (2024, 1, 1)), -365);
    assert_eq!(days_between((1999, 5, 5), (1999, 5, 5)), 0);
    assert_eq!(days_between((1900, 1, 1), (2000, 1, 1)), 36_524);
}
