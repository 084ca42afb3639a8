// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// The window's actions (`win.…`), bound by the menu, the shortcuts and buttons.
@MainActor
enum WindowActions {
    /// Adds every action to `window`; the actions hold the window weakly.
    static func install(on window: SaomaWindow) {
        add("open-image", to: window) { window in window.imageTab?.chooseFile() }
        add("generate", to: window) { window in
            window.setSidebarVisible(true)
            window.sidebar.showPage("generate")
            DebugEvents.logWhenFocused(window.generatorPage.focusFirstField(), .focus("generator"))
            DebugEvents.logWhenLaidOut(window.generatorPage.saveButton) { .control("generator-save", centre: $0) }
        }
        add("preferences", to: window) { window in
            PreferencesWindow.present(parent: gcast(window.window))
        }
        add("copy-result", to: window) { window in
            guard window.currentPage == .result else { return }
            window.resultPage.copyToClipboard()
        }
        add("cancel", to: window) { window in
            if HistoryPage.clearFocusedSearch(in: window.window) {
                // Escape in a search field clears the search and does nothing else.
            } else if window.sidebarCoversMainArea {
                // The panel open over a narrow window goes first (AdwFlap's own Escape never
                // sees the key: this accelerator takes it).
                window.setSidebarVisible(false)
            } else if window.scanner.chooser.isChoosing {
                window.scanner.chooser.cancel()
            } else {
                window.goBack()
            }
        }
    }

    /// Adds the action `win.name`, holding the window weakly; `body` gets the window.
    static func add(_ name: String, to window: SaomaWindow, _ body: @escaping @MainActor (SaomaWindow) -> Void) {
        let action = ObjectRef(adopting: g_simple_action_new(name, nil))
        onActivate(action.pointer.objectPointer) { [weak window] _ in
            if let window { body(window) }
        }
        g_action_map_add_action(gcast(window.window), action.pointer)
    }
}
