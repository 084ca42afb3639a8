// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Products and books (EAN/UPC/ISBN): the number, its GTIN and ISBN forms, and a web search
/// only when asked, through the confirmation that names the site.
extension ResultPage {
    /// The web search a product number is looked up with (the confirmation names its host).
    static let productSearchURL = "https://duckduckgo.com/?q="

    /// Builds the product view; returns the number as the main value.
    ///
    /// The number (a book's ISBN) is the subject; "Search the Web…" the main action, offered
    /// only on click and through a confirmation naming the site; "Copy Number" beside it.
    func buildProduct(_ product: ProductCode, into page: Sections) -> CopiedValue {
        let shownNumber = product.isbn13 ?? product.number
        page.heading(
            product.isBook ? tr("Book") : tr("Product"), icon: ResultPage.icon(for: product.isBook ? .book : .content(.product)),
            subject: shownNumber, subjectClasses: ["title-1", "numeric"])
        var fields: [Field] = []
        if let isbn13 = product.isbn13 {
            fields.append(Field(caption: tr("ISBN"), value: isbn13, copyLabel: tr("Copy ISBN")))
            if let isbn10 = product.isbn10 { fields.append(Field(caption: tr("ISBN-10"), value: isbn10, copyLabel: tr("Copy ISBN-10"))) }
        } else {
            fields.append(Field(caption: tr("Product number (GTIN)"), value: product.gtin, copyLabel: tr("Copy Product Number")))
        }
        fields.add(tr("Add-on"), product.addOn, tr("Copy Add-on"))
        page.addToBody(fieldList(fields))
        let search = ResultPage.button(tr("Search the Web…"), icon: "system-search-symbolic")
        onClicked(search) { [weak self] in self?.confirmProductSearch(shownNumber) }
        page.addAction(search)
        return addCopyAction(tr("Copy Number"), text: shownNumber, confirmation: tr("Number copied"), to: page)
    }

    /// Asks before searching the web for `number`, naming the site that will get it.
    func confirmProductSearch(_ number: String) {
        let uri = ResultPage.productSearchURL + ResultPage.percentEncoded(number)
        let host = URLSafety.analyze(uri).displayHost ?? uri
        confirmOpen(
            uri: uri, heading: tr("Search the web for {number}?", ["number": number]),
            body: tr("Your browser will open {site} with this number as the search.", ["site": host]), action: tr("Search"),
            dangerous: false)
    }
}
