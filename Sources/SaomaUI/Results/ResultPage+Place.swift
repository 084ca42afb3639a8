// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// Places: coordinates, label, and "Open in Maps" (the geo: URI) after confirmation.
extension ResultPage {
    /// Builds the place view; returns "latitude, longitude" as the main value.
    func buildPlace(_ location: GeoLocation, into page: Sections) -> CopiedValue {
        let latitude = ResultPage.decimalText(location.latitude)
        let longitude = ResultPage.decimalText(location.longitude)
        let coordinates = "\(latitude), \(longitude)"
        page.heading(
            tr("Location"), icon: ResultPage.icon(for: .content(.geo)), subject: location.query.isEmpty ? coordinates : location.query)
        var fields = [Field(caption: tr("Coordinates (latitude, longitude)"), value: coordinates, copyLabel: tr("Copy Coordinates"))]
        if let altitude = location.altitude {
            fields.append(Field(caption: tr("Altitude (metres)"), value: ResultPage.decimalText(altitude), copyLabel: tr("Copy Altitude")))
        }
        fields.add(tr("Place"), location.query, tr("Copy Place"), multiline: true)
        page.addToBody(fieldList(fields))
        let query = location.query.isEmpty ? "" : "?q=" + ResultPage.percentEncoded(location.query)
        let uri = "geo:\(latitude),\(longitude)" + query
        addOpenAction(
            tr("Open in Maps…"), icon: "mark-location-symbolic", uri: uri,
            heading: tr("Show {coordinates} in Maps?", ["coordinates": coordinates]),
            body: tr("Your maps app will open at this place."),
            action: tr("Open in Maps"), to: page)
        return addCopyAction(tr("Copy Coordinates"), text: coordinates, confirmation: tr("Coordinates copied"), to: page)
    }

    /// `value` as a plain decimal with at most seven decimals (about 1 cm of latitude), never
    /// in exponent form (which geo: URIs do not allow).
    static func decimalText(_ value: Double) -> String {
        var text = String(format: "%.7f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
