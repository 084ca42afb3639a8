// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// Boarding passes written field by field, as Resolution 792 lays them out.
enum BCBPSamples {
    /// A one-leg pass without conditional data.
    static let oneLeg = "M1ROE/JANE MS         EQX7K2P HELBCNAY 1651 112Y023C0041 100"

    /// Leg 1's variable part: `>`, version 6, the unique items (24 characters: passenger
    /// description, check-in source, issuance source, issued on day 110 of a year ending in 5,
    /// document type, issuer, bag tag), the repeated items (41: airline code, document number,
    /// selectee, verification, marketing carrier, frequent-flyer airline and number, ID/AD,
    /// baggage allowance) and three characters of airline data.
    static let firstVariable =
        ">6" + "18" + "0WW5110BAY 0105123456001" + "29" + "1052151234567" + "0 AY AY 123456789       " + " 20K"
        + "XYZ"
    /// Leg 2's variable part: the repeated items only (14 characters).
    static let secondVariable = "0E" + "1172151234568" + "0"

    /// Two legs with conditional data and a security section.
    static let twoLegs =
        "M2ROE/JANE MS         E" + "QX7K2P HELARNAY 0641 112Y023C0041 1" + "4A" + firstVariable + "QX7K2P ARNJFKSK 0903 112Y034A0042 1"
        + "10" + secondVariable + "^108ABCDEFGH"
}

@Suite("Boarding passes (IATA BCBP)")
struct BoardingPassTests {
    @Test("a one-leg pass: name, e-ticket, booking, route, carrier, flight, day, cabin, seat, sequence, status")
    func oneLeg() throws {
        let pass = try #require(BoardingPass(bcbp: BCBPSamples.oneLeg))
        #expect(pass.passengerName == "ROE/JANE MS")
        #expect(pass.surname == "ROE")
        #expect(pass.givenNames == "JANE MS")
        #expect(pass.electronicTicket)
        #expect(pass.legs.count == 1)
        let leg = try #require(pass.legs.first)
        #expect(leg.bookingReference == "QX7K2P")
        #expect(leg.from == "HEL")
        #expect(leg.to == "BCN")
        #expect(leg.carrier == "AY")
        #expect(leg.flightNumber == "1651")
        #expect(leg.dayOfYear == 112)
        #expect(leg.compartment == "Y")
        #expect(leg.seat == "23C")
        #expect(leg.sequence == "41")
        #expect(leg.passengerStatus == "1")
        #expect(!leg.hasAirlineData)
        #expect(!pass.hasConditionalData)
        #expect(!pass.hasSecurityData)
        #expect(pass.version == nil)
        #expect(pass.issued == nil)
    }

    @Test("two legs with conditional data, airline data and security data")
    func twoLegs() throws {
        let pass = try #require(BoardingPass(bcbp: BCBPSamples.twoLegs))
        #expect(pass.legs.count == 2)
        #expect(pass.version == 6)
        #expect(pass.issued == BoardingPass.IssueDay(yearDigit: 5, dayOfYear: 110))
        #expect(pass.hasConditionalData)
        #expect(pass.hasSecurityData)
        let first = pass.legs[0]
        #expect((first.from, first.to, first.carrier, first.flightNumber) == ("HEL", "ARN", "AY", "641"))
        #expect(first.marketingCarrier == "AY")
        #expect(first.frequentFlyerAirline == "AY")
        #expect(first.frequentFlyerNumber == "123456789")
        #expect(first.hasAirlineData)
        let second = pass.legs[1]
        #expect((second.from, second.to, second.carrier, second.flightNumber) == ("ARN", "JFK", "SK", "903"))
        #expect(second.seat == "34A")
        #expect(second.sequence == "42")
        #expect(second.marketingCarrier == nil)
        #expect(second.frequentFlyerNumber == nil)
        #expect(!second.hasAirlineData)
    }

    @Test("the parser recognises passes in scanned text, as they are (trailing blanks count)")
    func contentKind() {
        guard case .boardingPass(let pass) = ContentParser.parse(BCBPSamples.oneLeg) else {
            Issue.record("not read as a boarding pass")
            return
        }
        #expect(pass.source == BCBPSamples.oneLeg)
        #expect(ContentParser.parse(BCBPSamples.oneLeg).kind == .boardingPass)
        // A pass whose last field is blank still reads when the scanner kept its trailing spaces.
        let blankStatus = String(BCBPSamples.oneLeg.dropLast(3)) + " 00"
        #expect(BoardingPass(bcbp: blankStatus)?.legs.first?.passengerStatus == nil)
    }

    @Test("fields left blank are absent, padding zeros are dropped, non-ASCII names are kept")
    func blanksAndPadding() throws {
        let text = "M1MÜLLER/JÖRG         " + " " + "       " + "ZRHLHR" + "LX " + "0318A" + "   " + " " + "    " + "     " + " " + "00"
        let pass = try #require(BoardingPass(bcbp: text))
        #expect(pass.passengerName == "MÜLLER/JÖRG")
        #expect(!pass.electronicTicket)
        let leg = try #require(pass.legs.first)
        #expect(leg.bookingReference == "")
        #expect(leg.flightNumber == "318A")
        #expect(leg.dayOfYear == nil)
        #expect(leg.compartment == nil)
        #expect(leg.seat == nil)
        #expect(leg.sequence == nil)
        #expect(leg.passengerStatus == nil)
    }

    @Test("a last leg whose variable part overruns the text keeps its mandatory fields only")
    func overrunningLastLeg() throws {
        let text = String(BCBPSamples.oneLeg.dropLast(2)) + "FF>6"
        let pass = try #require(BoardingPass(bcbp: text))
        #expect(pass.legs.first?.seat == "23C")
        #expect(!pass.hasConditionalData)
    }
}
