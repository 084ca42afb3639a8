// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// Key under which a window keeps its Generate page alive (`g_object_set_data_full`).
private let pageKey = "saoma-generator-page"

extension GeneratorPage {
    /// Gives every new window a Generate page in its side panel and makes `win.generate`
    /// (Ctrl+G) reveal it and focus its first field. Call once at start-up, before the first window.
    public static func installInWindows() {
        SaomaHooks.windowCreated.append { window in
            let page = GeneratorPage()
            window.sidebar.addPage(name: "generate", title: tr("Generate"), iconName: "view-grid-symbolic", widget: page.widget)
            // The window owns the page: released with the window's last reference.
            g_object_set_data_full(
                gcast(UnsafeMutableRawPointer(window.window)), pageKey, Unmanaged.passRetained(page).toOpaque(),
                { data in
                    guard let data else { return }
                    Unmanaged<GeneratorPage>.fromOpaque(data).release()
                })
        }
        SaomaHooks.generate = { window in
            window.setSidebarVisible(true)
            window.sidebar.showPage("generate")
            page(of: window)?.focusFirstField()
        }
    }

    /// The Generate page `installInWindows` gave `window`, if any.
    public static func page(of window: SaomaWindow) -> GeneratorPage? {
        guard let data = g_object_get_data(gcast(UnsafeMutableRawPointer(window.window)), pageKey) else { return nil }
        return Unmanaged<GeneratorPage>.fromOpaque(data).takeUnretainedValue()
    }
}
