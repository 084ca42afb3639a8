// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// A structured-append message (one text split over several codes) says so under its title:
/// "Joined from 3 codes", or a warning naming the parts not read, since its text is then incomplete.
extension ResultPage {
    /// Adds the line about `assembly`'s parts to the page's fixed part; nothing for a code read whole.
    func addParts(_ assembly: Symbol.Assembly?, to page: Sections) {
        guard let assembly else { return }
        if let missing = MissingParts(assembly) {
            let warning = ResultPage.warningLines([(ResultPage.describe(missing), false)])
            gtk_widget_set_halign(warning, GTK_ALIGN_CENTER)
            page.addToSummary(warning)
        } else {
            let line = ResultPage.label(
                trn("Joined from {count} code", "Joined from {count} codes", assembly.total), classes: ["dim-label"])
            gtk_label_set_justify(OpaquePointer(line), GTK_JUSTIFY_CENTER)
            page.addToSummary(line)
        }
    }

    /// "Parts 2 and 4 of 4 are missing: the text is incomplete." (runs as "2–5", a long list cut);
    /// for a message that does not say how many parts it has, "The parts after part 3 were not
    /// read: the text is incomplete."
    static func describe(_ missing: MissingParts) -> String {
        // Translators: put between the items of a list ("2, 4 and 6").
        let separator = trc("list separator", ", ")
        let items = missing.runs.map { run -> String in
            if run.count == 1 { return String(run.lowerBound) }
            // Translators: a run of consecutive part numbers ("2–5").
            return tr("{first}–{last}", ["first": String(run.lowerBound), "last": String(run.upperBound)])
        }
        if missing.isOpenEnded, items.isEmpty {
            return tr("The parts after part {last} were not read: the text is incomplete.", ["last": String(missing.total)])
        }
        let list: String
        if missing.isCut {
            list = tr("{list} and more", ["list": items.joined(separator: separator)])
        } else if items.count > 1 {
            list = tr("{list} and {last}", ["list": items.dropLast().joined(separator: separator), "last": items[items.count - 1]])
        } else {
            list = items.first ?? ""
        }
        if missing.isOpenEnded {
            return trn(
                "Part {parts} and the parts after part {last} are missing: the text is incomplete.",
                "Parts {parts} and the parts after part {last} are missing: the text is incomplete.", missing.count,
                ["parts": list, "last": String(missing.total)])
        }
        return trn(
            "Part {parts} of {total} is missing: the text is incomplete.", "Parts {parts} of {total} are missing: the text is incomplete.",
            missing.count, ["parts": list, "total": String(missing.total)])
    }
}
