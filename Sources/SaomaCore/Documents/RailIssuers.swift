// SPDX-License-Identifier: GPL-3.0-or-later

/// Names of the rail companies whose RICS codes (UIC leaflet 920-1) are most often seen on
/// tickets; other codes are shown as numbers.
public enum RailIssuers {
    /// Passenger companies by RICS code: national operators hold 11xx, xx being the country's UIC code.
    static let names: [String: String] = [
        "1080": "DB Fernverkehr",
        "1181": "ÖBB-Personenverkehr",
        "1184": "NS Reizigers",
        "1185": "SBB CFF FFS",
        "1187": "SNCF Voyageurs",
    ]

    /// The company's name for `code`, `nil` when the table does not know it.
    public static func name(of code: String) -> String? { names[code] }
}
