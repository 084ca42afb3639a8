// SPDX-License-Identifier: GPL-3.0-or-later

/// A North American driver's licence or identification card as its PDF417 barcode carries it
/// (AAMVA DL/ID Card Design Standard, Annex D).
///
/// Every field is what the card says in its data element, trimmed of padding; an element that
/// is absent, empty or malformed (a date that is not a date in the card's order) is `nil`,
/// never guessed from another one.
public struct IdentityDocument: Hashable, Sendable {
    /// Which subfile the card's data came from.
    public enum DocumentType: String, Hashable, Sendable {
        /// `DL`: a driver's licence.
        case driverLicense = "driver_license"
        /// `ID`: an identification card.
        case identificationCard = "id_card"
    }

    /// The order of a date's digits, by the card's version and country.
    public enum DateOrder: String, Hashable, Sendable {
        /// `MMDDCCYY`: United States cards from version 2 on.
        case monthDayYear = "MMDDCCYY"
        /// `CCYYMMDD`: Canadian and Mexican cards, and every version 1 card.
        case yearMonthDay = "CCYYMMDD"
    }

    /// What element `DBC` says.
    public enum Sex: String, Hashable, Sendable {
        case male
        case female
        case notSpecified = "not_specified"
    }

    public var documentType: DocumentType
    /// The Issuer Identification Number of the jurisdiction that issued the card (`636000`…).
    public var issuerNumber: String
    /// The AAMVA version of the barcode (1 = DL/ID-2000, 10 = the 2020 standard…).
    public var version: Int
    /// The jurisdiction's own version of its layout (`nil` for version 1 cards, which have none).
    public var jurisdictionVersion: Int?

    /// `DCS` (or `DAB` on version 1 cards): the family name.
    public var familyName: String?
    /// `DAC` (or `DCT` on version 2 cards): the first name.
    public var firstName: String?
    /// `DAD`: middle names, comma-separated.
    public var middleNames: String?
    /// `DAA`: the whole name on one line, as version 1 cards write it (`FAMILY,FIRST,MIDDLE`).
    public var fullName: String?
    /// `DCU` (or `DAE`): a suffix such as `JR`.
    public var nameSuffix: String?
    /// `DBB`.
    public var dateOfBirth: CivilDate?
    /// `DBA`.
    public var expiryDate: CivilDate?
    /// `DBD`.
    public var issueDate: CivilDate?
    /// `DAQ`: the licence or ID number.
    public var documentNumber: String?
    /// `DAG`, `DAH`: the street lines.
    public var street: String?
    public var street2: String?
    /// `DAI`.
    public var city: String?
    /// `DAJ`: the state or province of the address (`VA`, `ON`…).
    public var jurisdiction: String?
    /// `DAK`, as written (a US ZIP+4 is nine digits).
    public var postalCode: String?
    /// `DCG`: `USA`, `CAN` or `MEX`.
    public var country: String?
    /// `DBC`.
    public var sex: Sex?
    /// `DCA`: the jurisdiction's vehicle class.
    public var vehicleClass: String?
    /// The order the card's dates were read in, `nil` when neither the version nor the country says.
    public var dateOrder: DateOrder?
    /// The payload as scanned.
    public var source: String = ""

    /// The name as a person writes it: first, middle and family name and suffix, else the
    /// version 1 full name; empty when the card gives none.
    public var displayName: String {
        let parts = [firstName, middleNames?.replacingCommas, familyName, nameSuffix].compactMap { $0 }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        return fullName ?? ""
    }

    /// The address on one line per part: street lines, then `CITY, ST POSTAL`, then the country.
    public var addressLines: [String] {
        var lines = [street, street2].compactMap { $0 }
        let place = [city, [jurisdiction, postalCode].compactMap { $0 }.joined(separator: " ")].compactMap { $0 }.filter { !$0.isEmpty }
        if !place.isEmpty { lines.append(place.joined(separator: ", ")) }
        if let country { lines.append(country) }
        return lines
    }
}

extension String {
    /// Commas between names as spaces (`ANN,MARIE` → `ANN MARIE`).
    fileprivate var replacingCommas: String {
        split(separator: ",").map { ContentParser.trimmingSpace(String($0)) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
