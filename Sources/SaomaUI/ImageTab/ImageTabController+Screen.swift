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
            WindowActions.add(name, to: window) { [weak self] window in
                self?.screenScan.start(window: window.window, selectArea: selectArea)
            }
        }
    }
}
