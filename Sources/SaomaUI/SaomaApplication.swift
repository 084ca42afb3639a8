// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// The GTK application: owns the main loop and the windows.
public enum SaomaApplication {
    /// The application id.
    public static let applicationID = saomaApplicationID

    /// Seconds a D-Bus activated instance stays without a window after its last call or window
    /// (the Shell searches again as the person types).
    static let serviceIdleSeconds: UInt32 = 20

    /// The exit status `run` returns (set by `--oneshot`).
    @MainActor private static var exitStatus: Int32 = 0
    @MainActor private static var options = LaunchOptions()
    /// The windows, kept alive while open.
    @MainActor private static var windows: [SaomaWindow] = []
    @MainActor private static var cssLoaded = false
    /// The Shell's search over the history, exported while the application owns its bus name.
    @MainActor private static var searchProvider: SearchProvider?
    /// `saoma --wifi`'s mode, whose session says how the process ends.
    @MainActor private static var wifiMode: WiFiMode?

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
        // --oneshot and --wifi run apart from any running instance, so scripts, tests and the
        // apps that launch them get their own answer.
        let flags = options.runsAlone ? G_APPLICATION_NON_UNIQUE : G_APPLICATION_HANDLES_OPEN
        let owned = ObjectRef(adopting: ApplicationClass.make(id: applicationID, flags: flags))
        let app = owned.pointer
        addOptionHelp(app)
        let appPointer = UnsafeMutableRawPointer(app)
        let gapp = appPointer.assumingMemoryBound(to: GApplication.self)
        if options.gapplicationArguments.contains("--gapplication-service") {
            g_application_set_inactivity_timeout(gapp, serviceIdleSeconds * 1000)
        }
        exportSearchProvider(app)
        onSimpleSignal(appPointer, "startup") { startup(app) }
        onSimpleSignal(appPointer, "activate") { activate(app) }
        onOpen(appPointer) { names in
            let window = activate(app)
            // Names that are not UTF-8 are carried as `saoma scan` carries its arguments.
            window.imageTab?.openFiles(names.map(RawArgument.decode))
        }
        if let action = options.remoteAction, forwardedToRunningInstance(gapp, action: action) { return 0 }
        // GApplication sees only the program name, its own options and the files: Saoma's
        // options were parsed above.
        var argv = ([CommandLine.arguments.first ?? "saoma"] + options.gapplicationArguments + (options.runsAlone ? [] : options.files)).map
        {
            // File names go to GApplication byte for byte, even when they are not UTF-8.
            strdup(RawArgument.cString(of: $0))
        }
        defer { argv.forEach { free($0) } }
        let status = g_application_run(gcast(appPointer), Int32(argv.count), &argv)
        if options.wifi, status == 0 {
            exitStatus = OneshotOutput.write(wifiMode?.session.ending ?? .cancelled)
        }
        HistoryTab.finishWriting()
        // Write remembered settings (window size, frame size…) before the process exits.
        g_settings_sync()
        return status != 0 ? status : exitStatus
    }

    /// Registers on the session bus; when another Saoma already runs there, asks it to run
    /// `action` (what `--generate` or `--screen` would do here) and returns `true`.
    @MainActor
    private static func forwardedToRunningInstance(_ app: UnsafeMutablePointer<GApplication>, action: String) -> Bool {
        guard g_application_register(app, nil, nil) != 0, g_application_get_is_remote(app) != 0 else { return false }
        g_action_group_activate_action(gcast(UnsafeMutableRawPointer(app)), action, nil)
        // The call is sent from GDBus's worker: flush it before the process ends.
        if let connection = g_application_get_dbus_connection(app) { g_dbus_connection_flush_sync(connection, nil, nil) }
        return true
    }

    /// Lists the window's options in `--help-all` (GApplication's help), grouped as Saoma's.
    @MainActor
    private static func addOptionHelp(_ app: UnsafeMutablePointer<AdwApplication>) {
        let gapp: OpaquePointer? = gcast(UnsafeMutableRawPointer(app))
        g_application_add_main_option(
            UnsafeMutablePointer(gapp), "oneshot", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
            tr("Print the chosen code’s text and exit (exit 1 if closed without a choice)"), nil)
        g_application_add_main_option(
            UnsafeMutablePointer(gapp), "wifi", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
            tr("Scan a Wi-Fi code and join its network after asking; print how it went and exit (0 joined, 1 cancelled, 2 failed)"),
            nil)
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
        addAppAction(gapp, "quit") { closeWindows() }
        addAppAction(gapp, "about") {
            guard let window = windows.last else { return }
            AboutWindow.present(parent: UnsafeMutableRawPointer(window.window).assumingMemoryBound(to: GtkWindow.self))
        }
        addDesktopActions(gapp, app)
        Accelerators.install(on: UnsafeMutableRawPointer(app).assumingMemoryBound(to: GtkApplication.self))
    }

    /// The actions the rest of the desktop calls (`gapplication action io.github.saoma.Saoma
    /// generate`, the desktop file's actions through D-Bus activation): each opens the window,
    /// creating it when there is none, and does what its window action does.
    @MainActor
    private static func addDesktopActions(_ gapp: OpaquePointer?, _ app: UnsafeMutablePointer<AdwApplication>) {
        for name in ["scan-screen", "open-image", "generate"] {
            addAppAction(gapp, name) {
                let window = activate(app)
                g_action_group_activate_action(gcast(UnsafeMutableRawPointer(window.window)), name, nil)
            }
        }
        addAppAction(gapp, "wifi") {
            _ = WiFiMode.start(in: activate(app), endsProcess: false)
        }
    }

    /// Has the application export the Shell's search provider whenever it registers on the bus.
    @MainActor
    private static func exportSearchProvider(_ app: UnsafeMutablePointer<AdwApplication>) {
        let gapp = UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self)
        ApplicationClass.onRegister = { connection, path in
            MainActor.assumeIsolated {
                let provider = SearchProvider(recorder: HistoryTab.recorder, titling: ContentSearchResultTitling(), application: gapp)
                provider.onActivateResult = { record in
                    guard let symbol = record.symbol else { return }
                    activate(app).showResult(symbol, recording: false)
                }
                provider.onLaunchSearch = { text in HistoryTab.showSearch(text, in: activate(app)) }
                provider.onPresent = { activate(app) }
                let problem = provider.export(on: connection, applicationPath: path)
                if problem == nil { searchProvider = provider }
                return problem
            }
        }
        ApplicationClass.onUnregister = { _ in
            MainActor.assumeIsolated {
                searchProvider?.unexport()
                searchProvider = nil
            }
        }
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
                quit(gcast(UnsafeMutableRawPointer(app)))
            }
        }
        if options.wifi {
            let mode = WiFiMode.start(in: window, endsProcess: true)
            mode.onEnded = { _ in quit(gcast(UnsafeMutableRawPointer(app))) }
            wifiMode = mode
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
        if options.generate {
            g_action_group_activate_action(gcast(UnsafeMutableRawPointer(window.window)), "generate", nil)
        }
        if options.runsAlone && !options.files.isEmpty {
            // --oneshot and --wifi do not handle `open`: their files go to the window once its
            // set-up has run.
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
            // The reason comes from the bus: shown with its control characters made visible, and
            // shortened (a portal's message is any length).
            StandardStream.error.write("saoma: the screen could not be taken: \(VisibleText.shortened(reason, limit: 200))\n")
            exitStatus = 2
        }
        quit(app)
    }

    /// Closes every window as its close button would (each stops its camera, which puts back the
    /// controls Saoma changed, and remembers its size).
    @MainActor
    private static func closeWindows() {
        for window in windows { gtk_window_close(gcast(window.window)) }
    }

    /// Ends the application: the windows closed first, so that a camera is left as it was found.
    @MainActor
    private static func quit(_ app: UnsafeMutablePointer<GApplication>?) {
        closeWindows()
        g_application_quit(app)
    }

    @MainActor
    private static func addAppAction(_ app: OpaquePointer?, _ name: String, _ body: @escaping @MainActor () -> Void) {
        let action = ObjectRef(adopting: g_simple_action_new(name, nil))
        onActivate(action.pointer.objectPointer) { _ in body() }
        g_action_map_add_action(app, action.pointer)
    }

    /// Largest style sheet read, in bytes: Saoma's is about 2 KB.
    static let maximumStyleSize = 256 << 10

    /// Loads `data/style.css` (markers, scan frame, hint) for the whole display.
    ///
    /// The file may come from `SAOMA_DATA_DIR`: it is read bounded and without blocking
    /// (`DataFiles.text`), so a named pipe or a huge file there costs one line, not a window
    /// that never appears (GTK's own loader waited on a pipe for good).
    @MainActor
    private static func loadStyle() {
        guard !cssLoaded, let display = gdk_display_get_default() else { return }
        guard let path = DataFiles.path("style.css") else {
            StandardStream.error.write("saoma: style.css not found; markers will look plain\n")
            return
        }
        let css: String
        do {
            css = try DataFiles.text(atPath: path, maximumSize: maximumStyleSize)
        } catch {
            StandardStream.error.write(VisibleText.of("saoma: \(path) cannot be used: \(error.reason); markers will look plain") + "\n")
            return
        }
        cssLoaded = true
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, gcast(UnsafeMutableRawPointer(provider)), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
