// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import PixbufIO
import SaomaCore
import SaomaMessages

/// One window's image tab: the side page, the photo page, the file chooser, drop and paste, and
/// the background loading of photos (newest request wins).
///
/// UI thread only. Results come back from `PhotoWorker` through `runOnMainLoop` and are dropped
/// unless their generation is still the newest.
@MainActor
final class ImageTabController {
    /// The window (weak: the window outlives its controller only briefly while closing).
    private(set) weak var window: SaomaWindow?
    let photoPage = PhotoPage()
    let sidebarPage = ImageSidebarPage()

    /// Milliseconds a load may take before the spinner shows (avoids a flash for small photos).
    static let spinnerDelay: UInt32 = 150

    private let worker = PhotoWorker()
    /// Screenshots through the desktop portal (`ImageTabController+Screen`).
    let screenScan = ScreenScan()
    /// Number of the newest open request; a result for any other number is stale.
    private var generation = 0
    /// The photo shown on the photo page, if any.
    private var currentPhoto: LoadedPhoto?
    /// Where the newest photo came from (a file, a drop, the clipboard).
    private var currentSource: PhotoSource?
    /// The codes of `currentPhoto`, once decoded.
    private var currentSymbols: [Symbol]?
    /// The main page shown before the pending request (restored when it fails).
    private var pageBeforeOpen = MainPage.scanner
    private var toastOverlay: UnsafeMutablePointer<GtkWidget>?
    /// The open file chooser, while it shows.
    private var chooser: ObjectRef<OpaquePointer>?
    private let settings = AppSettings.shared

    init(window: SaomaWindow) {
        self.window = window
        window.addMainPage(.photo, widget: photoPage.widget)
        window.sidebar.addPage(name: "image", title: tr("Image"), iconName: "image-x-generic-symbolic", widget: sidebarPage.widget)
        sidebarPage.onOpenRecent = { [weak self] path in self?.open(.file(path)) }
        photoPage.chooser.onChosen = { [weak self] symbol in self?.window?.showResult(symbol, origin: self?.currentSource?.codeOrigin) }
        photoPage.onBack = { [weak self] in self?.backToCamera() }
        wrapInToastOverlay(window)
        addPasteAction(window)
        addScreenActions(window)
        addDropTarget(window)
        onNotify(UnsafeMutableRawPointer(window.mainStack), property: "visible-child-name") { [weak self] in self?.pageChanged() }
    }

    // MARK: Opening

    /// Opens the first of `paths` (the others join the recent list).
    func openFiles(_ paths: [String]) {
        // Only the first names can show among the recent files; the rest are not looked at (an
        // Open call over D-Bus may carry thousands, and each name added rebuilds the list: 10 000
        // held the UI thread for 16–20 s).
        for path in paths.prefix(ImageSidebarPage.maxRecent).dropFirst().reversed() { sidebarPage.addRecent(absolute(path)) }
        guard let first = paths.first else { return }
        open(.file(absolute(first)))
    }

    /// Loads and decodes `source` in the background and shows it on the photo page.
    func open(_ source: PhotoSource) {
        guard let window else { return }
        generation += 1
        let request = generation
        currentSource = source
        DebugEvents.log(.photoOpen(name: source.name))
        let current = visiblePage
        if let current, current != .photo { pageBeforeOpen = current }
        if case .file(let path) = source { sidebarPage.addRecent(path) }
        photoPage.clear()
        window.setPhotoName(source.name)
        window.showMainPage(.photo)
        addTimeout(milliseconds: Self.spinnerDelay) { [weak self] in
            if let self, self.generation == request, self.isLoading { self.photoPage.showLoading() }
            return false
        }
        isLoading = true
        worker.submit(source, generation: request, symbologies: symbologies) { event in
            runOnMainLoop { [weak self] in self?.received(event, request: request) }
        }
    }

    /// Whether a request is being loaded or decoded.
    private var isLoading = false

    private func received(_ event: PhotoEvent, request: Int) {
        guard request == generation else { return }
        switch event {
        case .loaded(let photo):
            currentPhoto = photo
            if visiblePage != .photo { window?.showMainPage(.photo) }
            photoPage.showPhoto(photo)
        case .decoded(let symbols, let problem):
            isLoading = false
            currentSymbols = symbols
            photoPage.showCodes(symbols)
            if let problem {
                let message = problem.message(in: .sentence)
                DebugEvents.log(.decoderProblem(message: message))
                showToastMessage(message)
            }
        case .failed(let error):
            isLoading = false
            photoPage.stopLoading()
            let message = error.localizedMessage
            DebugEvents.log(.photoError(message: message))
            showToastMessage(message)
            restorePageAfterFailure()
        }
    }

    private func restorePageAfterFailure() {
        guard let window else { return }
        switch pageBeforeOpen {
        case .photo where currentPhoto != nil && currentSymbols != nil:
            if let currentPhoto, let currentSymbols {
                photoPage.showPhoto(currentPhoto)
                photoPage.showCodes(currentSymbols)
            }
        case .result:
            window.showMainPage(.result)
        default:
            currentPhoto = nil
            currentSymbols = nil
            window.resumeScanning()
        }
    }

    private func backToCamera() {
        generation += 1
        worker.cancel(generation: generation)
        isLoading = false
        window?.resumeScanning()
    }

    /// Another page was shown: a choice or load in progress on the photo page is dropped.
    private func pageChanged() {
        guard visiblePage != .photo else { return }
        DebugEvents.log(.photoPageLeft(page: visiblePage?.rawValue ?? ""))
        photoPage.reset()
        if isLoading {
            generation += 1
            worker.cancel(generation: generation)
            isLoading = false
        }
    }

    private var visiblePage: MainPage? { window?.currentPage }

    /// The symbologies the person enabled (all when none are set).
    private var symbologies: Set<Symbology> { SymbologySelection(stored: settings.strings("symbologies")).enabled }

    private func absolute(_ path: String) -> String {
        if path.hasPrefix("/") || path.contains("://") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }

    // MARK: File chooser

    /// Shows the file chooser (images only, starting in the last folder used).
    func chooseFile() {
        guard let window, chooser == nil else { return }
        window.setSidebarVisible(true)
        window.sidebar.showPage("image")
        let parent = UnsafeMutableRawPointer(window.window).assumingMemoryBound(to: GtkWindow.self)
        let owned = ObjectRef(
            adopting: gtk_file_chooser_native_new(tr("Open Image"), parent, GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Open"), tr("_Cancel")))
        chooser = owned
        let dialog = owned.pointer
        gtk_native_dialog_set_modal(gcast(UnsafeMutableRawPointer(dialog)), 1)
        let filter = ObjectRef(adopting: gtk_file_filter_new())
        gtk_file_filter_set_name(filter.pointer, tr("Images"))
        gtk_file_filter_add_pixbuf_formats(filter.pointer)
        gtk_file_chooser_add_filter(gcast(UnsafeMutableRawPointer(dialog)), filter.pointer)
        let all = ObjectRef(adopting: gtk_file_filter_new())
        gtk_file_filter_set_name(all.pointer, tr("All Files"))
        gtk_file_filter_add_pattern(all.pointer, "*")
        gtk_file_chooser_add_filter(gcast(UnsafeMutableRawPointer(dialog)), all.pointer)
        gtk_file_chooser_set_filter(gcast(UnsafeMutableRawPointer(dialog)), filter.pointer)
        let folder = settings.string("last-folder")
        if !folder.isEmpty, FileManager.default.fileExists(atPath: folder) {
            let file = ObjectRef(adopting: g_file_new_for_path(folder))
            gtk_file_chooser_set_current_folder(gcast(UnsafeMutableRawPointer(dialog)), file.pointer, nil)
        }
        onNativeResponse(UnsafeMutableRawPointer(dialog)) { [weak self] response in self?.chosen(response) }
        gtk_native_dialog_show(gcast(UnsafeMutableRawPointer(dialog)))
    }

    private func chosen(_ response: Int32) {
        guard let dialog = chooser else { return }
        chooser = nil
        guard response == GTK_RESPONSE_ACCEPT.rawValue,
            let file = gtk_file_chooser_get_file(gcast(dialog.pointer.objectPointer)).map({ ObjectRef(adopting: $0) })
        else { return }
        guard let path = Self.path(of: file.pointer) else { return }
        settings.setString("last-folder", URL(fileURLWithPath: path).deletingLastPathComponent().path)
        open(.file(path))
    }

    // MARK: Toasts

    /// Puts the window's content inside an `AdwToastOverlay` so messages show over any page.
    private func wrapInToastOverlay(_ window: SaomaWindow) {
        let appWindow = UnsafeMutableRawPointer(window.window).assumingMemoryBound(to: AdwApplicationWindow.self)
        // Held while it moves from the window into the overlay.
        guard let content = adw_application_window_get_content(appWindow).map({ WidgetRef(sinking: $0) }) else { return }
        adw_application_window_set_content(appWindow, nil)
        let overlay = created(adw_toast_overlay_new())
        adw_toast_overlay_set_child(gcast(overlay), content.pointer)
        adw_application_window_set_content(appWindow, overlay)
        toastOverlay = overlay
    }

    /// Shows `message` in a toast (seconds on screen: libadwaita's default).
    func showToastMessage(_ message: String) {
        guard let toastOverlay else { return }
        // The title is markup: file names and loader messages are escaped to show literally, and
        // cut to a line's budget (`DisplayText`).
        let toast = adw_toast_new(Markup.escaped(DisplayText.shown(message)))
        adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH)
        adw_toast_overlay_add_toast(gcast(toastOverlay), toast)
    }

    /// The local path of `file`, or its URI when it has none.
    static func path(of file: OpaquePointer) -> String? {
        if let path = g_file_get_path(file) {
            defer { g_free(path) }
            return String(cString: path)
        }
        guard let uri = g_file_get_uri(file) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }
}
