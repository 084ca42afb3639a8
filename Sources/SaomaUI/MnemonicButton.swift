// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// A button labelled `text` with a mnemonic (`_Retry`: Alt+R presses it) and one clean
/// accessible name. GTK 4.8 names such a button from both its label property, underscore
/// included, and the label that names it as its mnemonic widget ("_Retry Retry"); here the
/// relation is dropped and the name is the text as shown ("Retry").
@MainActor
func mnemonicButton(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
    let button = created(gtk_button_new_with_mnemonic(text))
    setCleanName(button, text)
    return button
}

/// A check button labelled `text` with a mnemonic and one clean accessible name (see `mnemonicButton`).
@MainActor
func mnemonicCheckButton(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
    let button = created(gtk_check_button_new_with_mnemonic(text))
    setCleanName(button, text)
    return button
}

/// Names `widget` by its mnemonic `text` as shown, and only by that.
@MainActor
private func setCleanName(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
    gtk_accessible_reset_relation(gcast(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    saoma_accessible_set_label(gcast(widget), withoutMnemonic(text))
}

/// `text` as GTK shows a mnemonic label: a single underscore marks the next character and is
/// dropped, a doubled one stands for itself.
func withoutMnemonic(_ text: String) -> String {
    var shown = ""
    var iterator = text.makeIterator()
    while let character = iterator.next() {
        if character == "_" {
            if let next = iterator.next() { shown.append(next) }
        } else {
            shown.append(character)
        }
    }
    return shown
}
