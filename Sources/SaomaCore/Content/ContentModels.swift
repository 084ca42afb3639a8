// SPDX-License-Identifier: GPL-3.0-or-later

/// What a code's text means: the value the result view shows and the generator's templates encode.
///
/// `ContentParser` reads these from scanned text; `ContentTemplate` writes them.
public enum ScannedContent: Hashable, Sendable {
    case url(String)
    case wifi(WiFiNetwork)
    case contact(Contact)
    case email(EmailMessage)
    case phone(String)
    case sms(SMSMessage)
    case geo(GeoLocation)
    case text(String)
}

/// A Wi-Fi network as in `WIFI:T:WPA;S:name;P:secret;H:true;;`.
public struct WiFiNetwork: Hashable, Sendable {
    public enum Security: String, Hashable, Sendable, CaseIterable {
        /// No password.
        case open = "nopass"
        case wep = "WEP"
        /// WPA/WPA2 personal (also used for WPA3 transition networks).
        case wpa = "WPA"
        /// WPA3 personal only.
        case sae = "SAE"
    }

    public var ssid: String
    public var password: String
    public var security: Security
    public var hidden: Bool

    public init(ssid: String, password: String = "", security: Security = .wpa, hidden: Bool = false) {
        self.ssid = ssid
        self.password = password
        self.security = security
        self.hidden = hidden
    }
}

/// A contact card (MECARD or vCard 3.0).
public struct Contact: Hashable, Sendable {
    /// Formatted full name.
    public var name: String
    public var organization: String
    public var title: String
    public var phones: [String]
    public var emails: [String]
    public var urls: [String]
    /// Postal address on one line.
    public var address: String
    public var note: String

    public init(
        name: String, organization: String = "", title: String = "", phones: [String] = [], emails: [String] = [],
        urls: [String] = [], address: String = "", note: String = ""
    ) {
        self.name = name
        self.organization = organization
        self.title = title
        self.phones = phones
        self.emails = emails
        self.urls = urls
        self.address = address
        self.note = note
    }
}

/// An e-mail to write (`mailto:` or `MATMSG:`).
public struct EmailMessage: Hashable, Sendable {
    public var to: String
    public var subject: String
    public var body: String

    public init(to: String, subject: String = "", body: String = "") {
        self.to = to
        self.subject = subject
        self.body = body
    }
}

/// A text message to send (`SMSTO:number:body` or `sms:`).
public struct SMSMessage: Hashable, Sendable {
    public var number: String
    public var body: String

    public init(number: String, body: String = "") {
        self.number = number
        self.body = body
    }
}

/// A place (`geo:lat,lon[,alt][?q=…]`, RFC 5870).
public struct GeoLocation: Hashable, Sendable {
    /// Degrees north, −90…90.
    public var latitude: Double
    /// Degrees east, −180…180.
    public var longitude: Double
    /// Metres above sea level, when given.
    public var altitude: Double?
    /// A label or search query, when given.
    public var query: String

    public init(latitude: Double, longitude: Double, altitude: Double? = nil, query: String = "") {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.query = query
    }
}
