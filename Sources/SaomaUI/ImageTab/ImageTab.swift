// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The Image tab: opening photos (file chooser, drop, paste, command line) and choosing among
/// their codes. `install` plugs it into every window through `SaomaHooks`.
///
/// UI thread only. Keeps one `ImageTabController` per open window.
@MainActor
public enum ImageTab {
    /// The controllers of the open windows.
    private static var controllers: [ImageTabController] = []
    /// Files to open in the first window (the command line's, when GApplication does not pass them on).
    private static var pendingFiles: [String] = []

    /// Installs the hooks; `files` are opened in the first window once it exists (used with
    /// `--oneshot`, where the application does not handle `open`).
    ///
    /// With `scanningScreenAtStart`, the first window (not yet shown) scans the screen first and
    /// reports the outcome to `onScreenFinished` (`saoma --screen`).
    public static func install(
        openingAtStart files: [String] = [], scanningScreenAtStart: Bool = false,
        onScreenFinished: ((ScreenshotOutcome) -> Void)? = nil
    ) {
        pendingFiles = files
        var screenAtStart = scanningScreenAtStart
        SaomaHooks.windowCreated.append { window in
            let controller = ImageTabController(window: window)
            controllers.append(controller)
            if screenAtStart {
                screenAtStart = false
                controller.screenScan.onFinished = onScreenFinished
                // After the window's own set-up (camera start) has run.
                runOnMainLoop { [weak controller, weak window] in
                    guard let controller, let window else { return }
                    controller.screenScan.start(window: window.window, selectArea: false)
                }
            }
            onSimpleSignal(UnsafeMutableRawPointer(window.window), "destroy") { [weak controller] in
                controllers.removeAll { $0 === controller }
            }
            if !pendingFiles.isEmpty {
                let files = pendingFiles
                pendingFiles = []
                // After the window's own set-up (present, camera start) has run.
                runOnMainLoop { [weak controller] in controller?.openFiles(files) }
            }
        }
        SaomaHooks.openImage = { window in controller(for: window)?.chooseFile() }
        SaomaHooks.openFiles = { paths, window in controller(for: window)?.openFiles(paths) }
    }

    private static func controller(for window: SaomaWindow) -> ImageTabController? {
        controllers.first { $0.window === window }
    }
}
