// SPDX-License-Identifier: GPL-3.0-or-later

/// The History page's grouping: newest-first rows in runs by local calendar day.
public struct HistoryDaySection: Equatable, Sendable {
    /// Days since 1970-01-01 in local time.
    public var day: Int64
    public var records: [HistoryRecord]
}

public enum HistoryDays {
    /// Milliseconds in a day.
    static let dayMilliseconds: Int64 = 86_400_000

    /// The local day number of a time, `utcOffsetSeconds` being the local offset at that time.
    public static func day(milliseconds: Int64, utcOffsetSeconds: Int) -> Int64 {
        let local = milliseconds + Int64(utcOffsetSeconds) * 1000
        return local >= 0 ? local / dayMilliseconds : (local - dayMilliseconds + 1) / dayMilliseconds
    }

    /// Groups `records` (newest first) into consecutive runs of the same local day.
    public static func sections(_ records: [HistoryRecord], utcOffsetSeconds: (Int64) -> Int) -> [HistoryDaySection] {
        var sections: [HistoryDaySection] = []
        for record in records {
            let day = day(milliseconds: record.timeMilliseconds, utcOffsetSeconds: utcOffsetSeconds(record.timeMilliseconds))
            if sections.last?.day == day {
                sections[sections.count - 1].records.append(record)
            } else {
                sections.append(HistoryDaySection(day: day, records: [record]))
            }
        }
        return sections
    }
}
