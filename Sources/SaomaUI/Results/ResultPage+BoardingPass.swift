// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Boarding passes (IATA BCBP): the passenger, then each flight's route, carrier and number,
/// date, cabin, seat and sequence, each field with a copy button.
extension ResultPage {
    /// The scan date a flight's day of the year is placed by (replaced by tests).
    static var scanDate: @MainActor () -> CivilDate = { CivilDate.today() }

    /// Builds the boarding-pass view; returns the first flight's booking reference as the main value.
    ///
    /// The passenger is the subject, "Copy Booking Reference" the main action.
    func buildBoardingPass(_ pass: BoardingPass, into page: Sections) -> CopiedValue {
        page.heading(tr("Boarding Pass"), icon: ResultPage.icon(for: .content(.boardingPass)), subject: pass.passengerName)
        var passenger = [Field(caption: tr("Passenger"), value: pass.passengerName, copyLabel: tr("Copy Passenger Name"))]
        passenger.append(
            Field(
                caption: tr("Ticket"), value: pass.electronicTicket ? tr("Electronic ticket") : tr("Not an electronic ticket"),
                copyLabel: tr("Copy Ticket Type")))
        page.addToBody(fieldList(passenger))
        let today = ResultPage.scanDate()
        for (index, leg) in pass.legs.enumerated() {
            // Translators: {number} and {count} count the flights of a boarding pass; {from} and {to} are airport codes.
            let title = tr(
                "Flight {number} of {count}: {from} → {to}",
                ["number": String(index + 1), "count": String(pass.legs.count), "from": leg.from, "to": leg.to])
            let heading = ResultPage.label(ResultPage.visible(title, multiline: false), classes: ["heading"])
            gtk_label_set_xalign(OpaquePointer(heading), 0)
            page.addToBody(heading)
            page.addToBody(fieldList(legFields(leg, issued: pass.issued, today: today)))
        }
        var extras: [String] = []
        if pass.legs.contains(where: \.hasAirlineData) { extras.append(tr("The pass also holds data for the airline’s own use.")) }
        if pass.hasSecurityData { extras.append(tr("The pass carries a security signature; Saoma does not check it.")) }
        for line in extras { page.addToBody(ResultPage.label(line, classes: ["dim-label"])) }
        if let reference = pass.legs.first?.bookingReference, !reference.isEmpty {
            return addCopyAction(tr("Copy Booking Reference"), text: reference, confirmation: tr("Booking reference copied"), to: page)
        }
        return addCopyAction(
            tr("Copy Passenger Name"), text: pass.passengerName, confirmation: ResultPage.copiedMessage(tr("Passenger")), to: page)
    }

    /// The fields of one flight; blank ones are left out.
    func legFields(_ leg: BoardingPass.Leg, issued: BoardingPass.IssueDay?, today: CivilDate) -> [Field] {
        var fields: [Field] = []
        fields.add(tr("Booking reference"), leg.bookingReference, tr("Copy Booking Reference"))
        fields.add(tr("Flight"), [leg.carrier, leg.flightNumber].filter { !$0.isEmpty }.joined(separator: " "), tr("Copy Flight"))
        if let day = leg.dayOfYear {
            if let placed = FlightDateRule.flightDate(dayOfYear: day, issued: issued, scannedOn: today) {
                // The pass gives only the day of the year: the caption says how the year was chosen.
                let caption =
                    placed.basis == .issueDate
                    ? tr("Date (day {day}: the first after the pass was issued)", ["day": String(day)])
                    : tr("Date (day {day}: the year nearest today)", ["day": String(day)])
                fields.add(caption, placed.date.iso8601, tr("Copy Date"))
            } else {
                fields.add(tr("Date"), tr("Day {day} of the year", ["day": String(day)]), tr("Copy Date"), copyValue: String(day))
            }
        }
        fields.add(tr("From"), leg.from, tr("Copy Departure Airport"))
        fields.add(tr("To"), leg.to, tr("Copy Arrival Airport"))
        fields.add(tr("Cabin (compartment code)"), leg.compartment, tr("Copy Compartment"))
        fields.add(tr("Seat"), leg.seat, tr("Copy Seat"))
        fields.add(tr("Check-in sequence"), leg.sequence, tr("Copy Sequence Number"))
        if let status = leg.passengerStatus {
            let meaning = BoardingPass.Status(rawValue: status).map(ResultPage.describe)
            fields.add(
                tr("Passenger status"), meaning.map { status + " — " + $0 } ?? status, tr("Copy Passenger Status"), copyValue: status)
        }
        if let carrier = leg.marketingCarrier, carrier != leg.carrier { fields.add(tr("Sold by"), carrier, tr("Copy Marketing Carrier")) }
        if let number = leg.frequentFlyerNumber {
            fields.add(
                tr("Frequent flyer"), [leg.frequentFlyerAirline, number].compactMap { $0 }.joined(separator: " "),
                tr("Copy Frequent Flyer Number"),
                copyValue: number)
        }
        return fields
    }

    /// What a passenger status code means, in a few words.
    static func describe(_ status: BoardingPass.Status) -> String {
        switch status {
        case .notCheckedIn: tr("ticket issued, not checked in")
        case .checkedIn: tr("checked in")
        case .bagsCheckedNotCheckedIn: tr("bags checked, not checked in")
        case .bagsCheckedCheckedIn: tr("bags checked, checked in")
        case .passedSecurity: tr("through security")
        case .passedGate: tr("through the gate")
        case .transit: tr("in transit")
        case .standby: tr("standby")
        case .revalidated: tr("boarding data revalidated")
        case .originalBoardingLine: tr("original boarding line used")
        case .upOrDowngradeRequired: tr("up- or downgrade required")
        }
    }
}
