// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One placement: the flight's day of the year, the date of issue (year digit, day) if any,
/// the scan date, and the date and basis expected (`nil`: no date).
struct FlightDateCase: CustomTestStringConvertible, Sendable {
    let day: Int
    var issued: (Int, Int)?
    let today: String
    let expected: String?
    var basis = FlightDateRule.Basis.nearestScanDate
    var testDescription: String { "day \(day), issued \(issued.map { "\($0.0)/\($0.1)" } ?? "—"), scanned \(today)" }
}

@Suite("Boarding passes: the year of a flight's day")
struct FlightDateRuleTests {
    static func date(_ iso: String) -> CivilDate? {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return CivilDate(year: parts[0], month: parts[1], day: parts[2])
    }

    static let cases: [FlightDateCase] = [
        FlightDateCase(day: 326, today: "2025-11-20", expected: "2025-11-22"),
        // Scanned afterwards, for the expense report.
        FlightDateCase(day: 326, today: "2026-02-10", expected: "2025-11-22"),
        // Around New Year the nearest date is in the other year.
        FlightDateCase(day: 5, today: "2025-12-30", expected: "2026-01-05"),
        FlightDateCase(day: 360, today: "2026-01-03", expected: "2025-12-26"),
        // Day 366: only a leap year has it.
        FlightDateCase(day: 366, today: "2026-06-01", expected: nil),
        FlightDateCase(day: 366, today: "2028-03-01", expected: "2028-12-31"),
        FlightDateCase(day: 366, today: "2025-01-02", expected: "2024-12-31"),
        FlightDateCase(day: 0, today: "2025-01-02", expected: nil),
        FlightDateCase(day: 367, today: "2025-01-02", expected: nil),
        // With a date of issue: the first such day on or after it.
        FlightDateCase(day: 112, issued: (5, 110), today: "2025-04-21", expected: "2025-04-22", basis: .issueDate),
        FlightDateCase(day: 10, issued: (4, 350), today: "2025-01-05", expected: "2025-01-10", basis: .issueDate),
        // Issued this year but later in the year than today: the digit means ten years ago.
        FlightDateCase(day: 112, issued: (5, 300), today: "2025-04-21", expected: "2016-04-21", basis: .issueDate),
        // One day's grace for time zones: issued "tomorrow" on the other side of the world.
        FlightDateCase(day: 3, issued: (6, 1), today: "2025-12-31", expected: "2026-01-03", basis: .issueDate),
        // Day 366 after an issue in a common year falls in no year within reach.
        FlightDateCase(day: 366, issued: (5, 10), today: "2025-06-01", expected: nil),
        // An issue day that never exists (366 in years ending in 5 within two decades) falls back to the nearest date.
        FlightDateCase(day: 100, issued: (5, 366), today: "2025-04-01", expected: "2025-04-10"),
    ]

    @Test("placing the day of the year", arguments: cases)
    func places(_ c: FlightDateCase) throws {
        let today = try #require(FlightDateRuleTests.date(c.today))
        let issued = c.issued.flatMap { BoardingPass.IssueDay(yearDigit: $0.0, dayOfYear: $0.1) }
        let placed = FlightDateRule.flightDate(dayOfYear: c.day, issued: issued, scannedOn: today)
        #expect(placed?.date.iso8601 == c.expected)
        if c.expected != nil { #expect(placed?.basis == c.basis) }
    }

    @Test("issue digits and days out of range are no issue day")
    func issueDayBounds() {
        #expect(BoardingPass.IssueDay(yearDigit: 10, dayOfYear: 1) == nil)
        #expect(BoardingPass.IssueDay(yearDigit: 1, dayOfYear: 0) == nil)
        #expect(BoardingPass.IssueDay(yearDigit: -1, dayOfYear: 5) == nil)
    }
}
