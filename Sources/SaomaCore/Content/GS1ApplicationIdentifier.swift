// SPDX-License-Identifier: GPL-3.0-or-later

/// The format of one GS1 application identifier (GS1 General Specifications, 3.2): its data
/// title, length and what its value means.
struct GS1ApplicationIdentifier: Sendable {
    /// What the value is, beyond its characters.
    enum Kind: Sendable {
        case text
        /// Digits ending in a mod-10 check digit (GTIN, SSCC, GLN).
        case checked
        /// YYMMDD, DD 00 for "the whole month".
        case date
        /// Digits with as many decimals as the AI's last digit, behind an ISO 4217 currency code
        /// when `currency`.
        case decimal(currency: Bool)
    }

    /// `n` (digits only) or `an` (GS1 character set 82 after any numeric prefix).
    enum Format: Sendable {
        case numeric
        case alphanumeric
    }

    var name: String
    var format: Format
    /// Characters of a fixed-length field, `nil` when it is variable (ended by GS or the end).
    var fixedLength: Int?
    var minLength: Int
    var maxLength: Int
    var kind: Kind
    /// Leading characters that must be digits in an `an` field (`n3+an..27`), if any.
    var numericPrefix: Int?
    /// Whether one more digit follows the table key inside the AI (`310n`: decimals; `703s`).
    var hasSuffixDigit: Bool

    init(
        _ name: String, _ format: Format, fixed: Int? = nil, max: Int? = nil, min: Int = 1, kind: Kind = .text, numericPrefix: Int? = nil,
        suffixDigit: Bool = false
    ) {
        self.name = name
        self.format = format
        self.fixedLength = fixed
        self.minLength = fixed ?? min
        self.maxLength = fixed ?? max ?? 30
        self.kind = kind
        self.numericPrefix = numericPrefix
        self.hasSuffixDigit = suffixDigit
    }

    static func n(_ name: String, fixed: Int, kind: Kind = .text) -> Self { Self(name, .numeric, fixed: fixed, kind: kind) }
    static func nVar(_ name: String, max: Int, kind: Kind = .text) -> Self { Self(name, .numeric, max: max, kind: kind) }
    static func an(_ name: String, max: Int) -> Self { Self(name, .alphanumeric, max: max) }
    static func date(_ name: String) -> Self { Self(name, .numeric, fixed: 6, kind: .date) }
    /// `n6` measures with the decimals in the AI's fourth digit (310n…369n).
    static func measure(_ name: String) -> Self { Self(name, .numeric, fixed: 6, kind: .decimal(currency: false), suffixDigit: true) }

    /// The AI starting at `offset` in `bytes` and its definition, or `nil` when none is known.
    ///
    /// GS1 AIs are prefix-free, so the first table key matching 2, 3 or 4 digits is the AI.
    static func match(_ bytes: [UInt8], at offset: Int) -> (String, GS1ApplicationIdentifier)? {
        for keyLength in 2...4 {
            guard offset + keyLength <= bytes.count else { return nil }
            let key = bytes[offset..<offset + keyLength]
            guard key.allSatisfy(GS1Element.isDigit) else { return nil }
            guard let definition = table[String(decoding: key, as: UTF8.self)] else { continue }
            guard definition.hasSuffixDigit else { return (String(decoding: key, as: UTF8.self), definition) }
            let end = offset + keyLength + 1
            guard end <= bytes.count, GS1Element.isDigit(bytes[end - 1]) else { return nil }
            return (String(decoding: bytes[offset..<end], as: UTF8.self), definition)
        }
        return nil
    }

    /// The application identifiers Saoma names (GS1 General Specifications 24.0, figure 3.2-1),
    /// keyed by the AI's digits (without the suffix digit of `310n` and the like).
    static let table: [String: GS1ApplicationIdentifier] = {
        var t: [String: GS1ApplicationIdentifier] = [
            "00": .n("SSCC", fixed: 18, kind: .checked),
            "01": .n("GTIN", fixed: 14, kind: .checked),
            "02": .n("CONTENT", fixed: 14, kind: .checked),
            "03": .n("MTO GTIN", fixed: 14, kind: .checked),
            "10": .an("BATCH/LOT", max: 20),
            "11": .date("PROD DATE"),
            "12": .date("DUE DATE"),
            "13": .date("PACK DATE"),
            "15": .date("BEST BEFORE or BEST BY"),
            "16": .date("SELL BY"),
            "17": .date("USE BY OR EXPIRY"),
            "20": .n("VARIANT", fixed: 2),
            "21": .an("SERIAL", max: 20),
            "22": .an("CPV", max: 20),
            "235": .an("TPX", max: 28),
            "240": .an("ADDITIONAL ID", max: 30),
            "241": .an("CUST. PART No.", max: 30),
            "242": .nVar("MTO VARIANT", max: 6),
            "243": .an("PCN", max: 20),
            "250": .an("SECONDARY SERIAL", max: 30),
            "251": .an("REF. TO SOURCE", max: 30),
            "253": GS1ApplicationIdentifier("GDTI", .alphanumeric, max: 30, min: 13, numericPrefix: 13),
            "254": .an("GLN EXTENSION COMPONENT", max: 20),
            "255": .nVar("GCN", max: 25),
            "30": .nVar("VAR. COUNT", max: 8),
            "37": .nVar("COUNT", max: 8),
            "390": GS1ApplicationIdentifier("AMOUNT", .numeric, max: 15, kind: .decimal(currency: false), suffixDigit: true),
            "391": GS1ApplicationIdentifier("AMOUNT", .numeric, max: 18, min: 4, kind: .decimal(currency: true), suffixDigit: true),
            "392": GS1ApplicationIdentifier("PRICE", .numeric, max: 15, kind: .decimal(currency: false), suffixDigit: true),
            "393": GS1ApplicationIdentifier("PRICE", .numeric, max: 18, min: 4, kind: .decimal(currency: true), suffixDigit: true),
            "394": GS1ApplicationIdentifier("PRCNT OFF", .numeric, fixed: 4, kind: .decimal(currency: false), suffixDigit: true),
            "395": GS1ApplicationIdentifier("PRICE/UoM", .numeric, fixed: 6, kind: .decimal(currency: false), suffixDigit: true),
            "400": .an("ORDER NUMBER", max: 30),
            "401": .an("GINC", max: 30),
            "402": .n("GSIN", fixed: 17, kind: .checked),
            "403": .an("ROUTE", max: 30),
            "410": .n("SHIP TO LOC", fixed: 13, kind: .checked),
            "411": .n("BILL TO", fixed: 13, kind: .checked),
            "412": .n("PURCHASE FROM", fixed: 13, kind: .checked),
            "413": .n("SHIP FOR LOC", fixed: 13, kind: .checked),
            "414": .n("LOC No.", fixed: 13, kind: .checked),
            "415": .n("PAY TO", fixed: 13, kind: .checked),
            "416": .n("PROD/SERV LOC", fixed: 13, kind: .checked),
            "417": .n("PARTY", fixed: 13, kind: .checked),
            "420": .an("SHIP TO POST", max: 20),
            "421": GS1ApplicationIdentifier("SHIP TO POST", .alphanumeric, max: 12, min: 4, numericPrefix: 3),
            "422": .n("ORIGIN", fixed: 3),
            "423": .nVar("COUNTRY - INITIAL PROCESS", max: 15),
            "424": .n("COUNTRY - PROCESS", fixed: 3),
            "425": .nVar("COUNTRY - DISASSEMBLY", max: 15),
            "426": .n("COUNTRY - FULL PROCESS", fixed: 3),
            "427": .an("ORIGIN SUBDIVISION", max: 3),
            "7001": .n("NSN", fixed: 13),
            "7002": .an("MEAT CUT", max: 30),
            "7003": .n("EXPIRY TIME", fixed: 10),
            "7004": .nVar("ACTIVE POTENCY", max: 4),
            "7005": .an("CATCH AREA", max: 12),
            "7006": .date("FIRST FREEZE DATE"),
            "7007": .nVar("HARVEST DATE", max: 12),
            "7008": .an("AQUATIC SPECIES", max: 3),
            "7009": .an("FISHING GEAR TYPE", max: 10),
            "7010": .an("PROD METHOD", max: 2),
            "703": GS1ApplicationIdentifier("PROCESSOR # s", .alphanumeric, max: 30, min: 3, numericPrefix: 3, suffixDigit: true),
            "7240": .an("PROTOCOL", max: 20),
            "8001": .n("DIMENSIONS", fixed: 14),
            "8002": .an("CMT No.", max: 20),
            "8003": GS1ApplicationIdentifier("GRAI", .alphanumeric, max: 30, min: 14, numericPrefix: 14),
            "8004": .an("GIAI", max: 30),
            "8005": .n("PRICE PER UNIT", fixed: 6),
            "8006": .n("ITIP", fixed: 18),
            "8007": .an("IBAN", max: 34),
            "8008": .nVar("PROD TIME", max: 12),
            "8009": .an("OPTSEN", max: 50),
            "8010": .an("CPID", max: 30),
            "8011": .nVar("CPID SERIAL", max: 12),
            "8012": .an("VERSION", max: 20),
            "8013": .an("GMN", max: 25),
            "8017": .n("GSRN - PROVIDER", fixed: 18, kind: .checked),
            "8018": .n("GSRN - RECIPIENT", fixed: 18, kind: .checked),
            "8019": .nVar("SRIN", max: 10),
            "8020": .an("REF No.", max: 25),
            "8026": .n("ITIP CONTENT", fixed: 18),
            "8110": .an("COUPON", max: 70),
            "8111": .n("POINTS", fixed: 4),
            "8112": .an("COUPON", max: 70),
            "8200": .an("PRODUCT URL", max: 70),
            "90": .an("INTERNAL", max: 30),
        ]
        for key in 91...99 { t[String(key)] = .an("INTERNAL", max: 90) }
        // Trade measures 310n–369n, each n6 with n decimals.
        let measures: [(String, String)] = [
            ("310", "NET WEIGHT (kg)"), ("311", "LENGTH (m)"), ("312", "WIDTH (m)"), ("313", "HEIGHT (m)"),
            ("314", "AREA (m²)"), ("315", "NET VOLUME (l)"), ("316", "NET VOLUME (m³)"),
            ("320", "NET WEIGHT (lb)"), ("321", "LENGTH (in)"), ("322", "LENGTH (ft)"), ("323", "LENGTH (yd)"),
            ("324", "WIDTH (in)"), ("325", "WIDTH (ft)"), ("326", "WIDTH (yd)"), ("327", "HEIGHT (in)"),
            ("328", "HEIGHT (ft)"), ("329", "HEIGHT (yd)"), ("330", "GROSS WEIGHT (kg)"), ("331", "LENGTH (m), log"),
            ("332", "WIDTH (m), log"), ("333", "HEIGHT (m), log"), ("334", "AREA (m²), log"),
            ("335", "VOLUME (l), log"), ("336", "VOLUME (m³), log"), ("337", "KG PER m²"),
            ("340", "GROSS WEIGHT (lb)"), ("341", "LENGTH (in), log"), ("342", "LENGTH (ft), log"),
            ("343", "LENGTH (yd), log"), ("344", "WIDTH (in), log"), ("345", "WIDTH (ft), log"),
            ("346", "WIDTH (yd), log"), ("347", "HEIGHT (in), log"), ("348", "HEIGHT (ft), log"),
            ("349", "HEIGHT (yd), log"), ("350", "AREA (in²)"), ("351", "AREA (ft²)"), ("352", "AREA (yd²)"),
            ("353", "AREA (in²), log"), ("354", "AREA (ft²), log"), ("355", "AREA (yd²), log"),
            ("356", "NET WEIGHT (t oz)"), ("357", "NET VOLUME (oz)"), ("360", "NET VOLUME (qt)"),
            ("361", "NET VOLUME (gal.)"), ("362", "VOLUME (qt), log"), ("363", "VOLUME (gal.), log"),
            ("364", "VOLUME (in³)"), ("365", "VOLUME (ft³)"), ("366", "VOLUME (yd³)"), ("367", "VOLUME (in³), log"),
            ("368", "VOLUME (ft³), log"), ("369", "VOLUME (yd³), log"),
        ]
        for (key, name) in measures { t[key] = .measure(name) }
        return t
    }()
}
