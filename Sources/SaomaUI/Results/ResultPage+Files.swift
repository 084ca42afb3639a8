// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import PixbufIO
import SaomaCore

/// Saving a result as a file ("Save Event…", "Save Contact…") and handing it to the desktop's
/// handler for its type ("Add to Calendar", "Open in Contacts"); both only on the person's click.
extension ResultPage {
    /// What a save dialog asks for.
    struct SaveRequest: Equatable {
        /// The dialog's title ("Save Event").
        var title: String
        /// The file name offered (`Team dinner.ics`).
        var suggestedName: String
        /// The file's MIME type (`text/calendar`), also the dialog's filter.
        var mimeType: String
        /// The filter's name ("iCalendar files").
        var filterName: String
    }

    /// Asks where to save with the desktop's file chooser; `done` gets a local path, or `nil`
    /// when the person cancels or picks a place that is not a local file.
    func presentSaveChooser(_ request: SaveRequest, _ done: @escaping @MainActor (String?) -> Void) {
        SaveFileChooser.present(
            title: request.title, parent: parentWindow(), suggesting: request.suggestedName,
            fileTypes: [SaveFileChooser.FileType(name: request.filterName, mimeType: request.mimeType)]
        ) { answer in
            guard case .chosen(let path, _) = answer else { return done(nil) }
            done(path)
        }
    }

    /// Adds a `label` button (an action of the page) that saves `contents` through `request`'s dialog.
    func addSaveAction(_ label: String, contents: String, request: SaveRequest, to page: Sections) {
        let button = ResultPage.button(label, icon: "document-save-symbolic")
        onClicked(button) { [weak self] in self?.save(contents, request: request) }
        page.addAction(button)
    }

    /// Asks where to save `contents`, writes it there (atomically) and confirms with a toast; a
    /// failure is a line under the actions naming the file (by its name, never its path).
    func save(_ contents: String, request: SaveRequest) {
        savePathChooser(request, self) { [weak self] path in
            guard let self, let path else { return }
            let name = ResultPage.visible(ResultPage.fileName(of: path), multiline: false)
            // The dialog asked before replacing a file that was there when it was answered.
            if let failure = ResultPage.write(contents, to: path, replacing: AtomicFile.isPresent(path)) {
                self.showProblem(tr("Could not save {name}: {reason}", ["name": name, "reason": failure]))
            } else {
                self.toast(tr("Saved as {name}", ["name": name]))
            }
        }
    }

    /// The last component of `path` (the name a person recognises).
    static func fileName(of path: String) -> String {
        g_path_get_basename(path).map { pointer -> String in
            defer { g_free(pointer) }
            return String(cString: pointer)
        } ?? path
    }

    /// Writes `contents` to `path` through `AtomicFile` (whole or not at all; an existing regular
    /// file replaced only when `replacing`); returns the reason on failure, without the path.
    static func write(_ contents: String, to path: String, replacing: Bool = false) -> String? {
        do {
            try AtomicFile.write(Data(contents.utf8), to: path, replacing: replacing)
            return nil
        } catch {
            guard case .writeFailed(_, let reason) = error else { return tr("it could not be written") }
            return reason
        }
    }

    /// The name of the desktop's default application for `mimeType`, or `nil` when there is none.
    static func defaultHandlerName(_ mimeType: String) -> String? {
        guard let app = g_app_info_get_default_for_type(mimeType, 0).map({ ObjectRef(adopting: $0) }) else { return nil }
        return g_app_info_get_display_name(app.pointer).map { String(cString: $0) }
    }

    /// A button that writes `contents` to a private hand-off file (`HandOffFiles`: removed once
    /// the application has read it, or at exit) and opens it with the desktop's handler for
    /// `mimeType`; `nil`, and the line `missing` under the page's actions, when no application
    /// handles the type.
    func handlerButton(
        _ label: String, icon: String, contents: String, fileName: String, mimeType: String, missing: String, page: Sections
    ) -> UnsafeMutablePointer<GtkWidget>? {
        guard let app = handlerName(mimeType) else {
            page.addStatus(ResultPage.label(missing, classes: ["dim-label"]))
            return nil
        }
        let button = ResultPage.button(label, icon: icon)
        gtk_widget_set_tooltip_text(button, tr("Opens in {app}", ["app": ResultPage.visible(app, multiline: false)]))
        onClicked(button) { [weak self] in
            guard let self else { return }
            guard let path = HandOffFiles.shared.write(contents, named: fileName) else {
                self.showProblem(tr("Could not write a temporary file."))
                return
            }
            self.fileLauncher(path, mimeType, self)
        }
        return button
    }

    /// Opens the file at `path` with the default application for `mimeType`; a failure becomes a toast.
    func launchHandler(forFile path: String, mimeType: String) {
        guard let app = g_app_info_get_default_for_type(mimeType, 0).map({ ObjectRef(adopting: $0) }) else {
            HandOffFiles.shared.discard(path)
            showProblem(tr("No application opens this kind of file."))
            return
        }
        let file = ObjectRef(adopting: g_file_new_for_path(path))
        let files = g_list_append(nil, file.pointer.objectPointer)
        defer { g_list_free(files) }
        let context = launchContext()
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch(app.pointer, files, context?.launchContext, &error) == 0 {
            if let error { g_error_free(error) }
            HandOffFiles.shared.discard(path)
            let appName = g_app_info_get_display_name(app.pointer).map { String(cString: $0) } ?? ""
            showProblem(
                tr(
                    "{app} could not open {name}.",
                    ["app": ResultPage.visible(appName, multiline: false), "name": ResultPage.fileName(of: path)]))
        }
    }
}
