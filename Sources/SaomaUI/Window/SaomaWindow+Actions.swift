// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

extension SaomaWindow {
    /// The window's actions (`win.…`), bound by the menu, the shortcuts and buttons.
    func addActions() {
        addWindowAction("open-image") { [weak self] in
            guard let self else { return }
            if let hook = SaomaHooks.openImage {
                hook(self)
            } else {
                self.setSidebarVisible(true)
                self.sidebar.showPage("image")
            }
        }
        addWindowAction("generate") { [weak self] in
            guard let self else { return }
            if let hook = SaomaHooks.generate {
                hook(self)
            } else {
                self.setSidebarVisible(true)
                self.sidebar.showPage("generate")
                self.generatorPage.focusFirstField()
            }
        }
        addWindowAction("preferences") { [weak self] in
            guard let self else { return }
            PreferencesWindow.present(parent: gcast(self.window))
        }
        addWindowAction("copy-result") { [weak self] in
            guard let self, self.currentPage == .result else { return }
            self.resultPage.copyToClipboard()
        }
        addWindowAction("cancel") { [weak self] in
            guard let self else { return }
            if self.scanner.chooser.isChoosing {
                self.scanner.chooser.cancel()
            } else if self.currentPage != .scanner {
                self.resumeScanning()
            }
        }
    }

    private func addWindowAction(_ name: String, _ body: @escaping @MainActor () -> Void) {
        let action = created(g_simple_action_new(name, nil))
        onActivate(UnsafeMutableRawPointer(action)) { _ in body() }
        g_action_map_add_action(gcast(window), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }
}
