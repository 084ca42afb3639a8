// SPDX-License-Identifier: GPL-3.0-or-later

/// What a code's text means: the value the result view shows and the generator's templates encode.
///
/// `ContentParser` reads these from scanned text; `ContentTemplate` writes them. A new kind is a
/// new case here, in `ContentKind` and in the switches the compiler then points to.
public enum ScannedContent: Hashable, Sendable {
    case url(String)
    case wifi(WiFiNetwork)
    case contact(Contact)
    case email(EmailMessage)
    case phone(String)
    case sms(SMSMessage)
    case geo(GeoLocation)
    case event(CalendarEvent)
    case otp(OTPKey)
    case payment(PaymentOrder)
    /// An airline boarding pass (IATA BCBP).
    case boardingPass(BoardingPass)
    /// A driver's licence or ID card (AAMVA).
    case identityDocument(IdentityDocument)
    /// A rail ticket (UIC 918.3 or 918.9), recognised by its header.
    case railTicket(RailTicket)
    /// A retail product or book number (EAN/UPC/ISBN barcodes only).
    case product(ProductCode)
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
        /// WPA2/WPA3 enterprise (802.1X): an identity and password for an EAP method.
        case eap = "WPA2-EAP"
    }

    /// The network's name as shown (the SSID read as UTF-8; hex SSIDs that are not text keep their hex).
    public var ssid: String
    /// The SSID as the access point sends it: `S:"…"` is its UTF-8 bytes, an unquoted even-length
    /// run of hex digits is the bytes it spells (the ZXing convention); otherwise the UTF-8 bytes.
    public var ssidBytes: [UInt8]
    public var password: String
    public var security: Security
    public var hidden: Bool
    /// The 802.1X fields of an enterprise network (`E:`, `I:`, `A:`, `PH2:`), `nil` for personal ones.
    public var enterprise: EnterpriseLogin?

    public init(
        ssid: String, ssidBytes: [UInt8]? = nil, password: String = "", security: Security = .wpa, hidden: Bool = false,
        enterprise: EnterpriseLogin? = nil
    ) {
        self.ssid = ssid
        self.ssidBytes = ssidBytes ?? Array(ssid.utf8)
        self.password = password
        self.security = security
        self.hidden = hidden
        self.enterprise = enterprise
    }
}

/// The 802.1X login of a WPA2/WPA3 enterprise network in a `WIFI:` code.
public struct EnterpriseLogin: Hashable, Sendable {
    /// The EAP method as written (`PEAP`, `TTLS`, `PWD`…), upper-cased; empty when not given.
    public var method: String
    /// The user name (`I:`).
    public var identity: String
    /// The outer, anonymous identity (`A:`).
    public var anonymousIdentity: String
    /// The inner authentication (`PH2:`: `MSCHAPV2`, `GTC`, `PAP`…), upper-cased.
    public var phase2: String

    public init(method: String, identity: String = "", anonymousIdentity: String = "", phase2: String = "") {
        self.method = method
        self.identity = identity
        self.anonymousIdentity = anonymousIdentity
        self.phase2 = phase2
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
    /// The recipients, separated by ", " (may be empty when only `cc` or `bcc` are given).
    public var to: String
    public var subject: String
    public var body: String
    /// Copy recipients (`cc=`), separated by ", ".
    public var cc: String
    /// Blind copy recipients (`bcc=`), separated by ", ".
    public var bcc: String

    public init(to: String, subject: String = "", body: String = "", cc: String = "", bcc: String = "") {
        self.to = to
        self.subject = subject
        self.body = body
        self.cc = cc
        self.bcc = bcc
    }
}

/// A text message to send (`SMSTO:number:body` or `sms:`).
public struct SMSMessage: Hashable, Sendable {
    /// The first recipient's number.
    public var number: String
    public var body: String
    /// Further recipients (`sms:+15550100,+15550111`), in order.
    public var otherNumbers: [String]

    public init(number: String, body: String = "", otherNumbers: [String] = []) {
        self.number = number
        self.body = body
        self.otherNumbers = otherNumbers
    }

    /// Every recipient, the first one first.
    public var numbers: [String] { [number] + otherNumbers }
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
