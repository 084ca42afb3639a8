// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// The desktop's save dialog (`GtkFileChooserNative`, so the portal's when sandboxed) with one
/// filter per file type offered.
///
/// UI thread only. The chooser owns its dialog and keeps itself alive while the dialog is shown;
/// the answer comes once, then both are released (after the response emission that is running).
@MainActor
final class SaveFileChooser {
    /// A file type offered: its filter's name ("PNG image") and MIME type.
    struct FileType: Equatable {
        var name: String
        var mimeType: String
    }

    /// What the person chose.
    enum Answer: Equatable {
        case cancelled
        /// A place that is not a local file (Saoma writes local files only).
        case notLocal
        /// A local path, and the index of the file type selected in the dialog (if any).
        case chosen(path: String, fileType: Int?)
    }

    private let dialog: ObjectRef<OpaquePointer>
    private let filters: [ObjectRef<OpaquePointer>]
    private var done: ((Answer) -> Void)?
    /// This chooser, held while its dialog is shown.
    private var whileShown: SaveFileChooser?

    /// Shows the dialog over `parent`, suggesting `name`; `done` gets the answer.
    @discardableResult
    static func present(
        title: String, acceptLabel: String = tr("_Save"), parent: UnsafeMutablePointer<GtkWindow>?, suggesting name: String,
        fileTypes: [FileType], _ done: @escaping @MainActor (Answer) -> Void
    ) -> SaveFileChooser? {
        guard let native = gtk_file_chooser_native_new(title, parent, GTK_FILE_CHOOSER_ACTION_SAVE, acceptLabel, tr("_Cancel")) else {
            done(.cancelled)
            return nil
        }
        let chooser = SaveFileChooser(dialog: ObjectRef(adopting: native), suggesting: name, fileTypes: fileTypes, done)
        gtk_native_dialog_show(gcast(chooser.dialog.pointer.objectPointer))
        return chooser
    }

    private init(dialog: ObjectRef<OpaquePointer>, suggesting name: String, fileTypes: [FileType], _ done: @escaping (Answer) -> Void) {
        self.dialog = dialog
        self.done = done
        gtk_file_chooser_set_current_name(dialog.pointer, name)
        filters = fileTypes.map { type in
            let filter = ObjectRef(adopting: gtk_file_filter_new())
            gtk_file_filter_set_name(filter.pointer, type.name)
            gtk_file_filter_add_mime_type(filter.pointer, type.mimeType)
            gtk_file_chooser_add_filter(dialog.pointer, filter.pointer)
            return filter
        }
        whileShown = self
        onNativeResponse(dialog.pointer.objectPointer) { [weak self] response in self?.answered(response) }
    }

    private func answered(_ response: Int32) {
        guard let done else { return }
        self.done = nil
        // Released once the response emission that is running now is over.
        runOnMainLoop { [self] in self.whileShown = nil }
        guard response == GTK_RESPONSE_ACCEPT.rawValue,
            let file = gtk_file_chooser_get_file(dialog.pointer).map({ ObjectRef(adopting: $0) })
        else { return done(.cancelled) }
        guard let cPath = g_file_get_path(file.pointer) else { return done(.notLocal) }
        defer { g_free(cPath) }
        let selected = gtk_file_chooser_get_filter(dialog.pointer)
        done(.chosen(path: String(cString: cPath), fileType: filters.firstIndex { $0.pointer == selected }))
    }
}
