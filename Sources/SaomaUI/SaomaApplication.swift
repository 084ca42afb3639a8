// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// The GTK application: owns the main loop and the windows.
public enum SaomaApplication {
    /// The application id.
    public static let applicationID = saomaApplicationID

    /// The exit status `run` returns (set by `--oneshot`).
    @MainActor private static var exitStatus: Int32 = 0
    @MainActor private static var options = LaunchOptions()
    /// The windows, kept alive while open.
    @MainActor private static var windows: [SaomaWindow] = []
    @MainActor private static var cssLoaded = false

    /// Runs the application until its last window closes; returns the process exit status.
    @MainActor
    public static func run(arguments: [String]) -> Int32 {
        switch LaunchOptions.parse(arguments) {
        case .failure(let error):
            StandardStream.error.write(VisibleText.of("saoma: \(error.message) (see “saoma --help”)") + "\n")
            return 2
        case .success(let parsed):
            options = parsed
        }
        // Preview frames allocate and free buffers of 1–3 MB 30 times a second: with glibc's
        // defaults that cost about a fifth of the app's CPU in page faults (scripts/bench-scanner).
        saoma_reuse_frame_sized_allocations()
        HistoryTab.install(continuousAtStart: options.continuous)
        // --oneshot runs apart from any running instance, so scripts and tests are independent.
        let flags = options.oneshot ? G_APPLICATION_NON_UNIQUE : G_APPLICATION_HANDLES_OPEN
        let owned = ObjectRef(adopting: adw_application_new(applicationID, flags))
        let app = owned.pointer
        addOptionHelp(app)
        let appPointer = UnsafeMutableRawPointer(app)
        onSimpleSignal(appPointer, "startup") { startup(app) }
        onSimpleSignal(appPointer, "activate") { activate(app) }
        onOpen(appPointer) { paths in
            let window = activate(app)
            window.imageTab?.openFiles(paths)
        }
        // GApplication sees only the program name and the files: the options were parsed above.
        var argv = ([CommandLine.arguments.first ?? "saoma"] + options.gapplicationArguments + (options.oneshot ? [] : options.files)).map {
            // File names go to GApplication byte for byte, even when they are not UTF-8.
            strdup(RawArgument.bytes(of: $0).map { CChar(bitPattern: $0) } + [0])
        }
        defer { argv.forEach { free($0) } }
        let status = g_application_run(gcast(appPointer), Int32(argv.count), &argv)
        HistoryTab.finishWriting()
        // Write remembered settings (window size, frame size…) before the process exits.
        g_settings_sync()
        return status != 0 ? status : exitStatus
    }

    /// Lists the window's options in `--help-all` (GApplication's help), grouped as Saoma's.
    @MainActor
    private static func addOptionHelp(_ app: UnsafeMutablePointer<AdwApplication>) {
        let gapp: OpaquePointer? = gcast(UnsafeMutableRawPointer(app))
        g_application_add_main_option(
            UnsafeMutablePointer(gapp), "oneshot", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
            tr("Print the chosen code’s text and exit (exit 1 if closed without a choice)"), nil)
        g_application_add_main_option(
            UnsafeMutablePointer(gapp), "device", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, tr("Use this camera"), "/dev/videoN")
        g_application_add_main_option(
            UnsafeMutablePointer(gapp), "window-size", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, tr("Open the window at this size"), "WxH"
        )
        g_application_set_option_context_parameter_string(UnsafeMutablePointer(gapp), "[FILE…]")
    }

    @MainActor
    private static func startup(_ app: UnsafeMutablePointer<AdwApplication>) {
        loadStyle()
        let gapp: OpaquePointer? = gcast(UnsafeMutableRawPointer(app))
        addAppAction(gapp, "quit") {
            for window in windows { gtk_window_close(gcast(window.window)) }
        }
        addAppAction(gapp, "about") {
            guard let window = windows.last else { return }
            AboutWindow.present(parent: UnsafeMutableRawPointer(window.window).assumingMemoryBound(to: GtkWindow.self))
        }
        Accelerators.install(on: UnsafeMutableRawPointer(app).assumingMemoryBound(to: GtkApplication.self))
    }

    /// Presents the main window, creating it on first use; returns it.
    @MainActor @discardableResult
    private static func activate(_ app: UnsafeMutablePointer<AdwApplication>) -> SaomaWindow {
        if let window = windows.last {
            gtk_window_present(gcast(window.window))
            return window
        }
        let gtkApp: UnsafeMutablePointer<GtkApplication> = UnsafeMutableRawPointer(app).assumingMemoryBound(to: GtkApplication.self)
        let window = SaomaWindow(application: gtkApp, windowSize: options.windowSize)
        windows.append(window)
        window.onClosed = { [weak window] in
            windows.removeAll { $0 === window }
        }
        if options.oneshot {
            // Closing without a choice leaves the status at 1.
            exitStatus = 1
            window.onCodeChosen = { (symbol: Symbol) in
                exitStatus = OneshotOutput.write(symbol, raw: options.raw)
                g_application_quit(gcast(UnsafeMutableRawPointer(app)))
            }
        }
        if options.screen {
            // The window shows once the screen is taken (the Image tab starts the screenshot).
            window.startCamera(device: options.device)
            window.imageTab?.screenScan.onFinished = { outcome in screenFinished(outcome) }
            // After the window's own set-up (camera start) has run.
            runOnMainLoop { [weak window] in
                guard let window else { return }
                window.imageTab?.screenScan.start(window: window.window, selectArea: false)
            }
        } else {
            window.present(device: options.device)
        }
        if options.oneshot && !options.files.isEmpty {
            // --oneshot does not handle `open`: its files go to the window once its set-up has run.
            let files = options.files
            runOnMainLoop { [weak window] in window?.imageTab?.openFiles(files) }
        }
        return window
    }

    /// `saoma --screen --oneshot` ends when there is no screenshot to choose from: exit 1 after a
    /// cancel, 2 (with the reason on stderr) when there is no portal or it failed.
    @MainActor
    private static func screenFinished(_ outcome: ScreenshotOutcome) {
        guard options.oneshot, let app = g_application_get_default() else { return }
        switch outcome {
        case .taken:
            return
        case .cancelled:
            exitStatus = 1
        case .unavailable:
            StandardStream.error.write("saoma: \(ScreenScan.unavailableMessage)\n")
            exitStatus = 2
        case .failed(let reason):
            // The reason comes from the bus: shown with its control characters made visible.
            StandardStream.error.write("saoma: the screen could not be taken: \(VisibleText.of(reason))\n")
            exitStatus = 2
        }
        g_application_quit(app)
    }

    @MainActor
    private static func addAppAction(_ app: OpaquePointer?, _ name: String, _ body: @escaping @MainActor () -> Void) {
        let action = ObjectRef(adopting: g_simple_action_new(name, nil))
        onActivate(action.pointer.objectPointer) { _ in body() }
        g_action_map_add_action(app, action.pointer)
    }

    /// Loads `data/style.css` (markers, scan frame, hint) for the whole display.
    @MainActor
    private static func loadStyle() {
        guard !cssLoaded, let path = DataFiles.path("style.css"), let display = gdk_display_get_default() else {
            if DataFiles.path("style.css") == nil {
                StandardStream.error.write("saoma: style.css not found; markers will look plain\n")
            }
            return
        }
        cssLoaded = true
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(
            display, gcast(UnsafeMutableRawPointer(provider)), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
