// SPDX-License-Identifier: GPL-3.0-or-later

/// The year of a boarding pass's flight, which the pass leaves out: Resolution 792 gives the
/// flight's day of the year only (and, optionally, the day and the last digit of the year the
/// pass was issued).
///
/// The rule, in order:
/// 1. When the pass gives its date of issue, the issue year is the latest year ending in that
///    digit whose issue date is not after the scan date (one day's grace for time zones); the
///    flight is the first date with the flight's day of the year on or after the issue date.
/// 2. Otherwise the flight is the date with that day of the year nearest the scan date (in the
///    year before, the same year or the year after; the later on a tie). A pass is scanned around
///    its flight: at check-in, at the gate, or afterwards for the expense report.
///
/// Day 366 exists in leap years only: when no candidate year has it, there is no date. Pure.
public enum FlightDateRule {
    /// Which step of the rule gave the year.
    public enum Basis: String, Hashable, Sendable {
        /// Step 1: from the pass's date of issue.
        case issueDate = "issue_date"
        /// Step 2: the date nearest the scan date.
        case nearestScanDate = "nearest_scan_date"
    }

    /// A day of the year placed in a year, with the step that placed it.
    public struct Resolved: Hashable, Sendable {
        public let date: CivilDate
        public let basis: Basis
    }

    /// The date of issue the rule uses: step 1 when the pass gives one that exists, else `nil`.
    public static func issueDate(_ issue: BoardingPass.IssueDay, scannedOn today: CivilDate) -> CivilDate? {
        let latest = today.adding(days: 1) ?? today
        var year = latest.year - ((latest.year % 10 - issue.yearDigit) % 10 + 10) % 10
        // At most two decades back: a pass cannot be older than that and still be scanned.
        for _ in 0..<3 {
            if let date = CivilDate(year: year, dayOfYear: issue.dayOfYear), date <= latest { return date }
            year -= 10
        }
        return nil
    }

    /// The flight's date: day `dayOfYear` placed by the rule, `nil` when no year fits.
    public static func flightDate(dayOfYear: Int, issued: BoardingPass.IssueDay?, scannedOn today: CivilDate) -> Resolved? {
        guard (1...366).contains(dayOfYear) else { return nil }
        if let issued, let issueDate = issueDate(issued, scannedOn: today) {
            for year in [issueDate.year, issueDate.year + 1] {
                if let date = CivilDate(year: year, dayOfYear: dayOfYear), date >= issueDate {
                    return Resolved(date: date, basis: .issueDate)
                }
            }
            return nil
        }
        var best: CivilDate?
        for year in [today.year - 1, today.year, today.year + 1] {
            guard let candidate = CivilDate(year: year, dayOfYear: dayOfYear) else { continue }
            guard let current = best else {
                best = candidate
                continue
            }
            if abs(candidate.dayNumber - today.dayNumber) <= abs(current.dayNumber - today.dayNumber) { best = candidate }
        }
        return best.map { Resolved(date: $0, basis: .nearestScanDate) }
    }
}
