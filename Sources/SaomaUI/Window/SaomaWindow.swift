// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// The main window: header bar (camera picker, mirror and sound toggles, main menu), the main
/// stack (live scanner, camera problems, result, pages other parts add) and the side panel.
///
/// UI thread only. Owns the camera controller and the decode worker for its lifetime.
@MainActor
public final class SaomaWindow {
    /// The `AdwApplicationWindow` (owned by GTK's window list; we hold an extra reference).
    public let window: UnsafeMutablePointer<GtkWidget>
    /// The side panel with the Image and Generate pages.
    public let sidebar = Sidebar()
    /// The main area's `GtkStack` (pages "scanner", "camera-problem", "result", and added ones).
    public let mainStack: UnsafeMutablePointer<GtkWidget>
    /// Called when a code was chosen (after the result page shows it).
    public var onCodeChosen: ((Symbol) -> Void)?
    /// Called when the window closes.
    var onClosed: (() -> Void)?

    let scanner: ScannerView
    private let problemPage = CameraProblemPage()
    private let resultPage = ResultPage()
    /// The side panel's Generate page.
    private let generatorPage = GeneratorPage()
    private let flap: UnsafeMutablePointer<GtkWidget>
    private let cameraModel: OpaquePointer
    private let cameraPicker: UnsafeMutablePointer<GtkWidget>
    private var camera: CameraController?
    private var worker: DecodeWorker?
    private var updatingPicker = false
    private let settings = AppSettings.shared
    private let startTime = monotonicSeconds()

    /// Builds the window for `application`; `windowSize` overrides the remembered size.
    init(application: UnsafeMutablePointer<GtkApplication>, windowSize: (width: Int, height: Int)?) {
        window = adw_application_window_new(application)
        g_object_ref_sink(window)
        gtk_window_set_title(gcast(window), tr("Saoma"))
        gtk_window_set_icon_name(gcast(window), saomaApplicationID)
        if let windowSize {
            gtk_window_set_default_size(gcast(window), gint(windowSize.width), gint(windowSize.height))
        } else {
            gtk_window_set_default_size(
                gcast(window), gint(clamping: settings.int("window-width")), gint(clamping: settings.int("window-height")))
            if settings.bool("window-maximized") { gtk_window_maximize(gcast(window)) }
        }

        let frameSize = settings.pair("scan-frame-size")
        scanner = ScannerView(mirrored: settings.bool("mirror"), frameRelativeSize: SaomaSize(width: frameSize.0, height: frameSize.1))
        scanner.symbologies = SymbologySelection(stored: settings.strings("symbologies")).enabled

        mainStack = gtk_stack_new()
        gtk_stack_set_transition_type(gcast(mainStack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_widget_set_hexpand(mainStack, 1)
        gtk_widget_set_vexpand(mainStack, 1)
        gtk_stack_add_named(gcast(mainStack), scanner.widget, "scanner")
        gtk_stack_add_named(gcast(mainStack), problemPage.widget, "camera-problem")
        gtk_stack_add_named(gcast(mainStack), resultPage.widget, "result")

        flap = adw_flap_new()
        adw_flap_set_content(gcast(flap), mainStack)
        adw_flap_set_flap(gcast(flap), sidebar.widget)
        adw_flap_set_flap_position(gcast(flap), GTK_PACK_END)
        adw_flap_set_separator(gcast(flap), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        adw_flap_set_reveal_flap(gcast(flap), settings.bool("sidebar-visible") ? 1 : 0)

        let cameraStrings = created(gtk_string_list_new(nil))
        cameraModel = cameraStrings
        cameraPicker = gtk_drop_down_new(cameraStrings, nil)
        // Until a camera is found the (insensitive) picker says so rather than GTK's "(None)".
        gtk_string_list_append(cameraStrings, tr("No Camera"))
        gtk_widget_set_sensitive(cameraPicker, 0)
        gtk_widget_set_tooltip_text(cameraPicker, tr("Camera"))
        saoma_accessible_set_label(gcast(cameraPicker), tr("Camera"))

        let header = buildHeaderBar()
        let content = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_box_append(gcast(content), header)
        gtk_box_append(gcast(content), flap)
        adw_application_window_set_content(gcast(window), content)

        addActions()
        if let gsettings = settings.gsettings {
            // The Preferences window (or `gsettings set`) changes which codes are read, live.
            onSimpleSignal(UnsafeMutableRawPointer(gsettings), "changed::symbologies") { [weak self] in
                guard let self else { return }
                self.scanner.symbologies = SymbologySelection(stored: self.settings.strings("symbologies")).enabled
            }
        }
        if debugGeometryEnabled {
            onNotify(mainStack, property: "visible-child-name") { [weak self] in
                guard let self else { return }
                debugLog("page \(self.currentPage)")
            }
        }
        ShortcutsWindow.attach(to: UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkApplicationWindow.self))
        connectScanner()
        onCloseRequest(window) { [weak self] in
            self?.closing()
            return false
        }
        // The hooks add the Image page first, so the switcher reads Image, Generate.
        for hook in SaomaHooks.windowCreated { hook(self) }
        sidebar.addPage(name: "generate", title: tr("Generate"), iconName: "view-grid-symbolic", widget: generatorPage.widget)
    }

    isolated deinit {
        g_object_unref(window)
    }

    /// Presents the window and starts the camera (`device` overrides the remembered camera).
    func present(device: String?) {
        gtk_window_present(gcast(window))
        startCamera(device: device)
    }

    /// Adds a page to the main area (e.g. a photo with markers); show it with `showMainPage`.
    public func addMainPage(name: String, widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_stack_add_named(gcast(mainStack), widget, name)
    }

    /// Shows main page `name` (live scanning pauses while another page shows).
    public func showMainPage(_ name: String) {
        gtk_stack_set_visible_child_name(gcast(mainStack), name)
        camera?.setPaused(name != "scanner")
    }

    /// Shows the result page for `symbol` (also used by the image tab after a choice).
    public func showResult(_ symbol: Symbol) {
        if debugGeometryEnabled { debugLog("chosen t=\(monotonicSeconds()) text=\(symbol.displayText)") }
        resultPage.show(symbol)
        gtk_stack_set_visible_child_name(gcast(mainStack), "result")
        camera?.setPaused(true)
        onCodeChosen?(symbol)
    }

    /// Back to live scanning from a result, a choice in progress or another page.
    public func resumeScanning() {
        scanner.resume()
        worker?.setEnabled(true)
        showCameraPage()
    }

    /// Shows or hides the side panel (remembered).
    public func setSidebarVisible(_ visible: Bool) {
        adw_flap_set_reveal_flap(gcast(flap), visible ? 1 : 0)
        settings.setBool("sidebar-visible", visible)
    }

    // MARK: Camera and detection

    private func startCamera(device: String?) {
        let worker = DecodeWorker(
            makeDecoder: makeLiveDecoder,
            onDetection: { detection in
                runOnMainLoop { [weak self] in self?.detected(detection) }
            })
        self.worker = worker
        let service: CameraService = makeCameraService()
        let camera = CameraController(service: service, worker: worker)
        self.camera = camera
        camera.onPreview = { [weak self] frame in self?.scanner.showFrame(frame) }
        camera.onStateChanged = { [weak self] state in self?.cameraStateChanged(state) }
        camera.onCamerasChanged = { [weak self] cameras in self?.updatePicker(cameras) }
        worker.setRegion(scanner.region)
        camera.start(preferring: device ?? settings.string("camera"))
    }

    private func connectScanner() {
        scanner.onRegionChanged = { [weak self] region in self?.worker?.setRegion(region) }
        scanner.onLowLightChanged = { [weak self] on in self?.camera?.setLowLightBoost(on) }
        scanner.frameOverlay.onResizeFinished = { [weak self] in
            guard let self, let relative = self.scanner.frameOverlay.frame?.relativeSize else { return }
            self.settings.setPair("scan-frame-size", (relative.width, relative.height))
        }
        scanner.onFirstFrame = { [weak self] in
            guard let self, debugGeometryEnabled else { return }
            debugLog("first-frame-after=\(monotonicSeconds() - self.startTime)")
        }
        scanner.chooser.onChosen = { [weak self] symbol in self?.showResult(symbol) }
        scanner.chooser.onCancelled = { [weak self] in self?.resumeScanning() }
        resultPage.onScanAgain = { [weak self] in self?.resumeScanning() }
        problemPage.onRetry = { [weak self] in self?.camera?.retry() }
    }

    private func detected(_ detection: Detection) {
        guard gtk_stack_get_visible_child_name(gcast(mainStack)).map({ String(cString: $0) }) == "scanner" else { return }
        guard scanner.present(detection) else { return }
        worker?.setEnabled(false)
        camera?.setPaused(true)
        if settings.bool("sound") { SaomaHooks.onDetectionSound?() }
    }

    private func cameraStateChanged(_ state: CameraController.State) {
        if debugGeometryEnabled { debugLog("camera \(state)") }
        switch state {
        case .idle, .opening: break
        case .streaming(let device, _):
            selectInPicker(device)
            if currentPage == "scanner" || currentPage == "camera-problem" { showCameraPage() }
        case .problem(let problem):
            scanner.clearImage()
            problemPage.show(problem)
            if currentPage == "scanner" || currentPage == "camera-problem" {
                gtk_stack_set_visible_child_name(gcast(mainStack), "camera-problem")
            }
        }
    }

    private var currentPage: String {
        gtk_stack_get_visible_child_name(gcast(mainStack)).map { String(cString: $0) } ?? ""
    }

    /// Shows the scanner, or the camera's problem when there is one.
    private func showCameraPage() {
        if case .problem = camera?.state {
            gtk_stack_set_visible_child_name(gcast(mainStack), "camera-problem")
            return
        }
        gtk_stack_set_visible_child_name(gcast(mainStack), "scanner")
        if !scanner.isFrozen { camera?.setPaused(false) }
    }

    private func updatePicker(_ cameras: [CameraDevice]) {
        updatingPicker = true
        defer { updatingPicker = false }
        let old = g_list_model_get_n_items(cameraModel)
        let copies = cameras.isEmpty ? [strdup(tr("No Camera"))] : cameras.map { strdup($0.name) }
        var names: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        names.append(nil)
        names.withUnsafeBufferPointer { gtk_string_list_splice(cameraModel, 0, old, $0.baseAddress) }
        copies.forEach { free($0) }
        gtk_widget_set_sensitive(cameraPicker, cameras.count > 1 ? 1 : 0)
        if let current = camera?.current { selectInPicker(current) }
    }

    private func selectInPicker(_ device: CameraDevice) {
        guard let index = camera?.cameras.firstIndex(of: device) else { return }
        updatingPicker = true
        gtk_drop_down_set_selected(gcast(cameraPicker), guint(index))
        updatingPicker = false
    }

    private func pickerChanged() {
        guard !updatingPicker, let camera else { return }
        let index = Int(gtk_drop_down_get_selected(gcast(cameraPicker)))
        guard camera.cameras.indices.contains(index) else { return }
        let device = camera.cameras[index]
        settings.setString("camera", device.busInfo.isEmpty ? device.path : device.busInfo)
        scanner.resume()
        camera.select(device)
    }

    private func closing() {
        camera?.stop()
        worker?.stop()
        camera = nil
        worker = nil
        var width: gint = 0
        var height: gint = 0
        gtk_window_get_default_size(gcast(window), &width, &height)
        let maximized = gtk_window_is_maximized(gcast(window)) != 0
        settings.setBool("window-maximized", maximized)
        if !maximized && width > 0 && height > 0 {
            settings.setInt("window-width", Int(width))
            settings.setInt("window-height", Int(height))
        }
        onClosed?()
    }

    // MARK: Header bar and actions

    private func buildHeaderBar() -> UnsafeMutablePointer<GtkWidget> {
        let header = created(adw_header_bar_new())
        adw_header_bar_pack_start(gcast(header), cameraPicker)
        onNotify(cameraPicker, property: "selected") { [weak self] in self?.pickerChanged() }

        let mirror = created(gtk_toggle_button_new())
        gtk_button_set_icon_name(gcast(mirror), "object-flip-horizontal-symbolic")
        gtk_widget_set_tooltip_text(mirror, tr("Mirror the preview"))
        saoma_accessible_set_label(gcast(mirror), tr("Mirror the preview"))
        gtk_toggle_button_set_active(gcast(mirror), settings.bool("mirror") ? 1 : 0)
        onToggled(mirror) { [weak self] in
            guard let self else { return }
            let on = gtk_toggle_button_get_active(gcast(mirror)) != 0
            self.settings.setBool("mirror", on)
            self.scanner.mirrored = on
        }
        adw_header_bar_pack_start(gcast(header), mirror)

        let sound = created(gtk_toggle_button_new())
        let soundOn = settings.bool("sound")
        gtk_button_set_icon_name(gcast(sound), soundOn ? "audio-volume-high-symbolic" : "audio-volume-muted-symbolic")
        gtk_widget_set_tooltip_text(sound, tr("Play a sound when codes are found"))
        saoma_accessible_set_label(gcast(sound), tr("Detection sound"))
        gtk_toggle_button_set_active(gcast(sound), soundOn ? 1 : 0)
        onToggled(sound) { [weak self] in
            let on = gtk_toggle_button_get_active(gcast(sound)) != 0
            self?.settings.setBool("sound", on)
            gtk_button_set_icon_name(gcast(sound), on ? "audio-volume-high-symbolic" : "audio-volume-muted-symbolic")
        }
        adw_header_bar_pack_start(gcast(header), sound)

        let menu = created(g_menu_new())
        let first = created(g_menu_new())
        g_menu_append(first, tr("_Open Image…"), "win.open-image")
        g_menu_append(first, tr("_Generate…"), "win.generate")
        g_menu_append_section(menu, nil, UnsafeMutablePointer(first))
        let second = created(g_menu_new())
        g_menu_append(second, tr("_Preferences"), "win.preferences")
        g_menu_append(second, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(second, tr("_About Saoma"), "app.about")
        g_menu_append(second, tr("_Quit"), "app.quit")
        g_menu_append_section(menu, nil, UnsafeMutablePointer(second))
        g_object_unref(UnsafeMutableRawPointer(first))
        g_object_unref(UnsafeMutableRawPointer(second))
        let menuButton = created(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(gcast(menuButton), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(gcast(menuButton), UnsafeMutablePointer(menu))
        gtk_menu_button_set_primary(gcast(menuButton), 1)
        gtk_widget_set_tooltip_text(menuButton, tr("Main Menu"))
        g_object_unref(UnsafeMutableRawPointer(menu))
        adw_header_bar_pack_end(gcast(header), menuButton)

        let sidebarToggle = created(gtk_toggle_button_new())
        gtk_button_set_icon_name(gcast(sidebarToggle), "sidebar-show-right-symbolic")
        gtk_widget_set_tooltip_text(sidebarToggle, tr("Show the Image and Generate panel"))
        saoma_accessible_set_label(gcast(sidebarToggle), tr("Side panel"))
        gtk_toggle_button_set_active(gcast(sidebarToggle), settings.bool("sidebar-visible") ? 1 : 0)
        onToggled(sidebarToggle) { [weak self] in
            self?.setSidebarVisible(gtk_toggle_button_get_active(gcast(sidebarToggle)) != 0)
        }
        onNotify(flap, property: "reveal-flap") {
            let revealed = adw_flap_get_reveal_flap(gcast(self.flap))
            if gtk_toggle_button_get_active(gcast(sidebarToggle)) != revealed {
                gtk_toggle_button_set_active(gcast(sidebarToggle), revealed)
            }
        }
        adw_header_bar_pack_end(gcast(header), sidebarToggle)
        return header
    }

    private func addActions() {
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
            guard let self, self.currentPage == "result" else { return }
            self.resultPage.copyToClipboard()
        }
        addWindowAction("cancel") { [weak self] in
            guard let self else { return }
            if self.scanner.chooser.isChoosing {
                self.scanner.chooser.cancel()
            } else if self.currentPage != "scanner" {
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
