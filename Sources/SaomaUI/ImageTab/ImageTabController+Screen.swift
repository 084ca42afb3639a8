// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// Screenshots are photos from the screen: "Scan Screen" (`win.scan-screen`) and "Select Area…"
/// (`win.select-area`) take one through the desktop portal and show it on the photo page.
extension ImageTabController {
    /// Adds the two actions to `window`; `screenScan` reports back here.
    func addScreenActions(_ window: SaomaWindow) {
        screenScan.onTaken = { [weak self] path in self?.open(.screen(path)) }
        screenScan.onMessage = { [weak self] message in self?.showToastMessage(message) }
        for (name, selectArea) in [("scan-screen", false), ("select-area", true)] {
            let action = ObjectRef(adopting: g_simple_action_new(name, nil))
            onActivate(action.pointer.objectPointer) { [weak self, weak window] _ in
                guard let self, let window else { return }
                self.screenScan.start(window: window.window, selectArea: selectArea)
            }
            g_action_map_add_action(gcast(window.window), action.pointer)
        }
    }
}
