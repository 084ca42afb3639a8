// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Civil dates")
struct CivilDateTests {
    @Test(
        "day of the year both ways, leap years included",
        arguments: [
            (2025, 1, 1, 1), (2025, 12, 31, 365), (2024, 12, 31, 366), (2024, 2, 29, 60), (2025, 3, 1, 60), (2000, 3, 1, 61),
            (1900, 3, 1, 60), (2025, 11, 22, 326),
        ])
    func dayOfYear(_ row: (Int, Int, Int, Int)) throws {
        let date = try #require(CivilDate(year: row.0, month: row.1, day: row.2))
        #expect(date.dayOfYear == row.3)
        #expect(CivilDate(year: row.0, dayOfYear: row.3) == date)
    }

    @Test(
        "days that do not exist",
        arguments: [(2025, 2, 29), (1900, 2, 29), (2025, 4, 31), (2025, 13, 1), (2025, 0, 1), (0, 1, 1), (10000, 1, 1)])
    func invalidDates(_ row: (Int, Int, Int)) {
        #expect(CivilDate(year: row.0, month: row.1, day: row.2) == nil)
    }

    @Test("day 366 exists in leap years only; day 0 never")
    func dayBounds() {
        #expect(CivilDate(year: 2025, dayOfYear: 366) == nil)
        #expect(CivilDate(year: 2028, dayOfYear: 366)?.iso8601 == "2028-12-31")
        #expect(CivilDate(year: 2025, dayOfYear: 0) == nil)
    }

    @Test("adding days across years, ordering and ISO 8601")
    func arithmetic() throws {
        let date = try #require(CivilDate(year: 2024, month: 12, day: 30))
        #expect(date.adding(days: 3)?.iso8601 == "2025-01-02")
        #expect(date.adding(days: -365)?.iso8601 == "2023-12-31")
        #expect(try #require(date.adding(days: 400)).dayNumber - date.dayNumber == 400)
        #expect(CivilDate(year: 1, month: 1, day: 1)?.adding(days: -1) == nil)
        #expect(try #require(CivilDate(year: 2025, month: 1, day: 1)) > date)
        #expect(CivilDate(year: 987, month: 6, day: 5)?.iso8601 == "0987-06-05")
    }
}
