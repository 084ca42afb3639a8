// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Links: the host big, the whole link selectable, the safety warnings, "Open…" after confirmation.
extension ResultPage {
    /// Builds the link view; returns the link as the main value.
    ///
    /// The host is the subject, shown the way browsers read it; "Open…" is the main action
    /// (red when a warning is a danger, absent for schemes that run code), "Copy Link" beside it.
    func buildLink(_ url: String, into page: Sections) -> CopiedValue {
        let analysis = URLSafety.analyze(url)
        page.heading(tr("Link"), icon: ResultPage.icon(for: .content(.link)), subject: analysis.displayHost ?? analysis.scheme + ":")
        if let ascii = analysis.host, ascii != analysis.displayHost {
            // Translators: {host} is the host in its ASCII (xn--) form, under its Unicode form.
            let note = ResultPage.label(
                tr("Written as {host}", ["host": ResultPage.visible(ascii, multiline: false)]), classes: ["dim-label"])
            page.addToSummary(note)
        }
        let link = CopiedValue(text: analysis.url, confirmation: tr("Link copied"))
        if !URLSafety.dangerousSchemes.contains(analysis.scheme) {
            let open = ResultPage.button(tr("Open…"), icon: "web-browser-symbolic")
            onClicked(open) { [weak self] in self?.confirmOpenLink(analysis) }
            page.addAction(open, destructive: analysis.level == .danger)
        }
        page.addAction(copyAction(tr("Copy Link"), link))

        if !analysis.warnings.isEmpty {
            page.addToBody(warningList(analysis))
        }
        page.addToBody(fieldList([Field(caption: tr("Full link"), value: analysis.url, multiline: false, copyLabel: tr("Copy Link"))]))
        return link
    }

    /// Schemes whose links go to the browser or to the pages Saoma has for them (e-mail, calls,
    /// messages, places); any other scheme launches another application.
    static let schemesSaomaHandles: Set<String> = ["http", "https", "mailto", "tel", "sms", "geo"]

    /// Asks before opening the link, naming its host, the application another scheme launches
    /// (or that none does), and repeating the worst warnings.
    func confirmOpenLink(_ analysis: URLAnalysis) {
        let target = ResultPage.visible(analysis.displayHost ?? analysis.url, multiline: false)
        let scheme = ResultPage.visible(analysis.scheme, multiline: false)
        var body: String
        if ResultPage.schemesSaomaHandles.contains(analysis.scheme) {
            body = tr("The link will open in your browser or the app for “{scheme}:” links.", ["scheme": scheme])
        } else if let app = schemeHandlerName(analysis.scheme) {
            // Translators: {app} is the name of an installed application, {scheme} a link's scheme such as "steam".
            body = tr(
                "This link starts another application: {app}, which opens “{scheme}:” links and receives the whole link.",
                ["app": ResultPage.visible(app, multiline: false), "scheme": scheme])
        } else {
            body = tr("No application on this computer opens “{scheme}:” links.", ["scheme": scheme])
        }
        let dangers = analysis.warnings.filter { $0.level == .danger }
        if !dangers.isEmpty {
            body += "\n\n" + dangers.map(ResultPage.describe).joined(separator: "\n")
        }
        // Translators: {host} is the host name of the link (for example "example.org").
        confirmOpen(
            uri: analysis.url, heading: tr("Open {host}?", ["host": target]), body: body, action: tr("Open"),
            dangerous: analysis.level == .danger)
    }

    /// The warnings as a list of lines with icons.
    func warningList(_ analysis: URLAnalysis) -> UnsafeMutablePointer<GtkWidget> {
        ResultPage.warningLines(analysis.warnings.map { (ResultPage.describe($0), $0.level == .danger) })
    }
}
