//! Proleptic Gregorian calendar arithmetic on plain `(year, month, day)` triples: leap years,
//! month lengths, validity, day of the year, day of the week, adding days and counting days
//! between dates. Months run from 1 (January) to 12; years may be zero or negative
//! (astronomical numbering, year 0 is a leap year).

/// Whether `year` is a leap year: divisible by 4, except centuries, which are leap years only
/// when divisible by 400 (2000 and 2024 are leap years, 1900 and 2023 are not).
pub fn is_leap_year(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// The number of days in `month` of `year` (28 to 31), or 0 when `month` is not in `1..=12`.
pub fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 => {
            if is_leap_year(year) {
                29
            } else {
                28
            }
        }
        _ => 0,
    }
}

/// Whether `(year, month, day)` names a real date: month in `1..=12` and day in
/// `1..=days_in_month(year, month)`.
pub fn is_valid_date(year: i64, month: u32, day: u32) -> bool {
    (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month)
}

/// The ordinal day of the year of a valid date: 1 for January 1st, 365 (or 366 in a leap year)
/// for December 31st.
pub fn day_of_year(year: i64, month: u32, day: u32) -> u32 {
    let mut total = day;
    for m in 1..month {
        total += days_in_month(year, m);
    }
    total
}

/// The number of days from 1970-01-01 to the valid date `(year, month, day)`: 0 for 1970-01-01,
/// negative for earlier dates.
pub fn days_from_epoch(year: i64, month: u32, day: u32) -> i64 {
    // Shift the year to start in March so that the leap day is the last day of the year.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = month as i64;
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + day as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The valid date that lies `days` days from 1970-01-01 (the inverse of [`days_from_epoch`]).
pub fn date_from_epoch(days: i64) -> (i64, u32, u32) {
    // Every year has 365 or 366 days, so this first guess is within a few years; correct it.
    let mut year = 1970 + days.div_euclid(365);
    while days_from_epoch(year, 1, 1) > days {
        year -= 1;
    }
    while days_from_epoch(year + 1, 1, 1) <= days {
        year += 1;
    }
    let mut rest = days - days_from_epoch(year, 1, 1);
    let mut month = 1;
    while rest >= i64::from(days_in_month(year, month)) {
        rest -= i64::from(days_in_month(year, month));
        month += 1;
    }
    (year, month, rest as u32 + 1)
}

/// The day of the week of a valid date: 0 for Monday through 6 for Sunday
/// (1970-01-01 was a Thursday, 3).
pub fn weekday(year: i64, month: u32, day: u32) -> u32 {
    (days_from_epoch(year, month, day) + 3).rem_euclid(7) as u32
}

/// The date `days` days after the valid date `(year, month, day)` (before it when `days` is
/// negative).
pub fn add_days(year: i64, month: u32, day: u32, days: i64) -> (i64, u32, u32) {
    date_from_epoch(days_from_epoch(year, month, day) + days)
}

/// The number of days from the first valid date to the second: positive when the second is
/// later, 0 for the same date.
pub fn days_between(from: (i64, u32, u32), to: (i64, u32, u32)) -> i64 {
    days_from_epoch(to.0, to.1, to.2) - days_from_epoch(from.0, from.1, from.2)
}
