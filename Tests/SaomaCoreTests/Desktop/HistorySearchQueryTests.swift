// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

private func row(_ text: String?, label: String? = nil) -> HistoryRecord {
    HistoryRecord(
        id: 7, timeMilliseconds: 0, source: .camera, format: "QR", text: text, bytes: Array((text ?? "\u{0}").utf8), label: label)
}

@Suite("Desktop search over the history")
struct HistorySearchQueryTests {
    @Test(arguments: [
        (["home"], ["home"]),
        (["  home ", "", "\t"], ["home"]),
        (["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"], ["a", "b", "c", "d", "e", "f", "g", "h"]),
        ([String(repeating: "x", count: 500)], [String(repeating: "x", count: 100)]),
    ])
    func termsAreTrimmedAndBounded(_ raw: [String], _ expected: [String]) {
        #expect(HistorySearchQuery(terms: raw)?.terms == expected)
    }

    @Test(arguments: [[], [""], [" ", "\n"]])
    func noTermsNoQuery(_ raw: [String]) {
        #expect(HistorySearchQuery(terms: raw) == nil)
    }

    @Test(
        arguments: [
            ("history-1", Int64(1)), ("history-9223372036854775807", Int64.max),
            ("history-0", nil), ("history--1", nil), ("history-", nil), ("history-1x", nil), ("history-١", nil),
            ("history-99999999999999999999", nil), ("1", nil), ("History-1", nil), (" history-1", nil),
            ("history-" + String(repeating: "0", count: 40) + "1", nil),
        ] as [(String, Int64?)])
    func resultIDsAreOursOrRefused(_ id: String, _ row: Int64?) {
        #expect(HistorySearchQuery.rowID(resultID: id) == row)
    }

    @Test func resultIDsRoundTrip() {
        for id: Int64 in [1, 42, 100_000, Int64.max] {
            #expect(HistorySearchQuery.rowID(resultID: HistorySearchQuery.resultID(rowID: id)) == id)
        }
    }

    /// A row is shown only when every term is in what it may show: never because of a Wi-Fi password.
    @Test(
        arguments: [
            ("WIFI:T:WPA;S:Home Network;P:hunter22;;", nil, ["home"], true),
            ("WIFI:T:WPA;S:Home Network;P:hunter22;;", nil, ["NETWORK", "home"], true),
            ("WIFI:T:WPA;S:Home Network;P:hunter22;;", nil, ["hunter22"], false),
            ("WIFI:T:WPA;S:Home Network;P:hunter22;;", nil, ["home", "hunter"], false),
            ("WIFI:T:WPA;S:Home Network;P:hunter22;;", nil, ["wpa"], false),
            ("WIFI:T:WPA;S:Home Network;P:hunter22;;", "upstairs", ["upstairs"], true),
            ("WIFI:T:WPA2-EAP;S:Office;E:PEAP;I:alice;P:s3cret;;", nil, ["alice"], false),
            ("WIFI:T:WPA2-EAP;S:Office;E:PEAP;I:alice;P:s3cret;;", nil, ["office"], true),
            // A Wi-Fi payload the parser cannot read gives nothing to search but its label.
            ("WIFI:T:WPA;P:hunter22;;", nil, ["hunter22"], false),
            ("  wifi:T:WPA;P:hunter22;;", "guest", ["guest"], true),
            // Other kinds are searched on their text and label.
            ("https://gnome.org/download", nil, ["GNOME", "download"], true),
            ("https://gnome.org/download", nil, ["gnome", "kde"], false),
            ("Invoice 12", "paid", ["paid", "invoice"], true),
            (nil, "firmware", ["firmware"], true),
            (nil, nil, ["anything"], false),
        ] as [(String?, String?, [String], Bool)])
    func showsOnlyWhatItMayShow(_ text: String?, _ label: String?, _ terms: [String], _ shown: Bool) throws {
        let query = try #require(HistorySearchQuery(terms: terms))
        #expect(query.shows(row(text, label: label)) == shown, "\(text ?? "binary") for \(terms)")
    }
}
