// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The History tab: each window's History page (Ctrl+H) with its continuous-mode toggle, and the
/// recording of every chosen code. `SaomaWindow` attaches it to every window it builds and records
/// the codes chosen there through it.
///
/// UI thread only. Keeps one `HistoryPage` per open window; all windows share the recorder.
@MainActor
public enum HistoryTab {
    /// The pages of the open windows, with their windows.
    private static var pages: [(window: SaomaWindow, page: HistoryPage)] = []
    /// The continuous-mode controllers of the open windows.
    private static var sessions: [ContinuousMode] = []
    /// The recorder every window writes through.
    static var recorder: HistoryRecorder { HistoryRecorder.shared }

    /// Prepares the application's history before the first window: continuous scanning from the
    /// start when asked, and the recorder's problems shown in every window.
    public static func install(continuousAtStart: Bool = false) {
        if continuousAtStart && AppSettings.shared.hasKey("continuous") { AppSettings.shared.setBool("continuous", true) }
        recorder.onProblem = { message in
            for (window, page) in pages { showToast(message, in: window, fallback: page) }
        }
    }

    /// Gives `window` its History page (added to the side panel after the pages already there),
    /// continuous scanning and the `history` action.
    static func attach(to window: SaomaWindow) {
        let continuous = ContinuousMode(window: window, recorder: recorder)
        sessions.append(continuous)
        let page = HistoryPage(recorder: recorder)
        page.onOpen = { [weak window] symbol in window?.showResult(symbol, recording: false) }
        pages.append((window, page))
        onSimpleSignal(UnsafeMutableRawPointer(window.window), "destroy") { [weak window] in
            pages.removeAll { $0.window === window || window == nil }
            sessions.removeAll { $0.window === window || $0.window == nil }
        }
        window.sidebar.addPage(name: "history", title: tr("History"), iconName: "document-open-recent-symbolic", widget: page.widget)
        WindowActions.add("history", to: window) { [weak page] window in
            window.setSidebarVisible(true)
            window.sidebar.showPage("history")
            if let field = page?.focusSearch() { DebugEvents.logWhenFocused(field, .focus("history")) }
        }
    }

    /// Records `symbol`, chosen in `window` and read from `origin`; a document with personal data
    /// is kept only when the person presses Keep on the result page.
    static func record(_ symbol: Symbol, origin: CodeOrigin, in window: SaomaWindow) {
        if !recorder.record(symbol, origin: origin), recorder.isKeeping {
            window.resultPage.offerKeep { recorder.keep(symbol, origin: origin) }
        }
    }

    /// Shows the History tab of `window` searching for `text` (the desktop's search asked for more).
    static func showSearch(_ text: String, in window: SaomaWindow) {
        g_action_group_activate_action(gcast(UnsafeMutableRawPointer(window.window)), "history", nil)
        guard let page = pages.first(where: { $0.window === window })?.page else { return }
        gtk_editable_set_text(gcast(page.searchEntry), text)
    }

    /// Shows `message` over the whole window (its content's toast overlay, which the image tab
    /// adds) so it is seen with the side panel closed; else over the History page.
    private static func showToast(_ message: String, in window: SaomaWindow, fallback page: HistoryPage) {
        let appWindow = UnsafeMutableRawPointer(window.window).assumingMemoryBound(to: AdwApplicationWindow.self)
        guard let content = adw_application_window_get_content(appWindow),
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(content).assumingMemoryBound(to: GTypeInstance.self), adw_toast_overlay_get_type()) != 0
        else {
            page.showToast(message)
            return
        }
        adw_toast_overlay_add_toast(gcast(UnsafeMutableRawPointer(content)), created(adw_toast_new(Markup.escaped(message))))
    }

    /// Waits until the history's pending writes are done (before the process exits, e.g. after
    /// `--oneshot` printed its code).
    public static func finishWriting() {
        recorder.waitUntilIdle()
    }
}

extension PhotoSource {
    /// The history's origin for a code read from this photo: a file's path, the screen, else the clipboard.
    var codeOrigin: CodeOrigin {
        switch self {
        case .file(let path): CodeOrigin(source: .photo, photoPath: path)
        case .screen: CodeOrigin(source: .screen)
        case .bytes, .texture: CodeOrigin(source: .clipboard)
        }
    }
}

extension PreferencesWindow {
    /// Binds Preferences' "Keep History" switch to the `keep-history` setting (shown on and
    /// unchangeable when the schema lacks the key: history is then always kept).
    static func bindKeepHistory(_ toggle: UnsafeMutablePointer<GtkWidget>, to settings: AppSettings) {
        if let gsettings = settings.gsettings, settings.hasKey("keep-history") {
            g_settings_bind(gsettings, "keep-history", UnsafeMutableRawPointer(toggle), "active", G_SETTINGS_BIND_DEFAULT)
        } else {
            gtk_switch_set_active(gcast(toggle), 1)
            gtk_widget_set_sensitive(toggle, 0)
        }
    }
}
