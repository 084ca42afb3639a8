// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import LiveScanning
import SaomaCore
import SaomaMessages

/// The main window: header bar, the main stack (live scanner, camera problems, result, pages
/// other parts add) and the side panel, composed with the live scanner.
///
/// UI thread only. Owns the live scanner for its lifetime; the scanner view shows what the live
/// scanner hands out and reports its geometry back.
@MainActor
public final class SaomaWindow {
    /// The `AdwApplicationWindow` (owned by GTK's window list; we hold an extra reference).
    public var window: UnsafeMutablePointer<GtkWidget> { windowRef.pointer }
    private let windowRef: WidgetRef
    /// The side panel with the Image and Generate pages.
    public let sidebar = Sidebar()
    /// The main area's `GtkStack` (one child per `MainPage`).
    public let mainStack: UnsafeMutablePointer<GtkWidget>
    /// Called when a code was chosen (after the result page shows it).
    public var onCodeChosen: ((Symbol) -> Void)?
    /// Called when the window closes.
    var onClosed: (() -> Void)?
    /// While set, chosen codes go to the page this returns instead of the result page (the
    /// Wi-Fi mode takes them); recording and `onCodeChosen` are as for a result.
    var chosenCodePage: ((Symbol) -> MainPage)?

    let scanner: ScannerView
    private let live = LiveScanner(service: makeCameraService(), makeDecoder: makeLiveDecoder)
    private let header = WindowHeaderBar()
    private let problemPage = CameraProblemPage()
    let resultPage = ResultPage()
    /// The side panel's Generate page.
    let generatorPage = GeneratorPage()
    /// The Image tab: its side page, the photo page, opening photos.
    private(set) var imageTab: ImageTabController?
    private let flap: UnsafeMutablePointer<GtkWidget>
    private let settings = AppSettings.shared
    private let startTime = monotonicSeconds()
    /// Whether the window was hidden when last looked (see `followVisibility`).
    private var windowHidden = true
    /// What the header bar's Back button says and does on each page that has one.
    private var backs: [MainPage: (label: String, action: @MainActor () -> Void)] = [:]
    /// The photo's name as the window's subtitle (made visible), while the photo page shows.
    private var photoName: String?

    /// Builds the window for `application`; `windowSize` overrides the remembered size.
    init(application: UnsafeMutablePointer<GtkApplication>, windowSize: (width: Int, height: Int)?) {
        windowRef = WidgetRef(sinking: adw_application_window_new(application))
        let window = windowRef.pointer
        gtk_window_set_title(gcast(window), tr("Saoma"))
        gtk_window_set_icon_name(gcast(window), saomaApplicationID)
        WindowSizeMemory.restore(window, overriddenBy: windowSize)

        let frameSize = settings.pair("scan-frame-size")
        scanner = ScannerView(
            mirrored: settings.bool("mirror"), frameRelativeSize: SaomaSize(width: frameSize.0, height: frameSize.1),
            showsResizeHint: settings.hasKey("frame-hint-shown") && !settings.bool("frame-hint-shown"))

        mainStack = gtk_stack_new()
        gtk_stack_set_transition_type(gcast(mainStack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_widget_set_hexpand(mainStack, 1)
        gtk_widget_set_vexpand(mainStack, 1)
        flap = adw_flap_new()
        adw_flap_set_content(gcast(flap), mainStack)
        adw_flap_set_flap(gcast(flap), sidebar.widget)
        adw_flap_set_flap_position(gcast(flap), GTK_PACK_END)
        adw_flap_set_separator(gcast(flap), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        adw_flap_set_reveal_flap(gcast(flap), settings.bool("sidebar-visible") ? 1 : 0)
        adw_flap_set_modal(gcast(flap), 1)
        addMainPage(.scanner, widget: scanner.widget)
        addMainPage(.cameraProblem, widget: problemPage.widget)
        addMainPage(.result, widget: resultPage.widget)

        let content = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_box_append(gcast(content), header.widget)
        gtk_box_append(gcast(content), flap)
        adw_application_window_set_content(gcast(window), content)

        WindowActions.install(on: self)
        connectHeader()
        connectLiveScanner()
        connectScanner()
        followVisibility()
        onCloseRequest(window) { [weak self] in
            self?.closing()
            return false
        }
        ShortcutsWindow.attach(to: UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkApplicationWindow.self))
        // The side panel's switcher reads Image, Generate, History (and Session, added last
        // while continuous scanning is on).
        imageTab = ImageTabController(window: self)
        setBack(on: .photo, label: tr("Back to Camera")) { [weak self] in self?.imageTab?.photoPage.onBack?() }
        setBack(on: .result, label: tr("Back to Camera")) { [weak self] in self?.resultPage.goBack() }
        sidebar.addPage(name: "generate", title: tr("Generate"), iconName: "view-grid-symbolic", widget: generatorPage.widget)
        HistoryTab.attach(to: self)
    }

    /// Presents the window and starts the camera (`device` overrides the remembered camera).
    func present(device: String?) {
        gtk_window_present(gcast(window))
        startCamera(device: device)
    }

    /// Starts the camera without showing the window (`saoma --screen` shows it once the screen
    /// is taken).
    func startCamera(device: String?) {
        live.start(preferring: device ?? settings.string("camera"))
    }

    /// Adds a page to the main area (e.g. a photo with markers); show it with `showMainPage`.
    public func addMainPage(_ page: MainPage, widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_stack_add_named(gcast(mainStack), widget, page.rawValue)
    }

    /// The main page showing.
    public var currentPage: MainPage? {
        gtk_stack_get_visible_child_name(gcast(mainStack)).flatMap { MainPage(rawValue: String(cString: $0)) }
    }

    /// Shows main page `page` (live scanning is held while another page shows). A photo closes
    /// the side panel, so the photo has the window's width.
    public func showMainPage(_ page: MainPage) {
        if page != .scanner && page != .cameraProblem { live.hold() }
        if page == .photo { setSidebarVisible(false) }
        gtk_stack_set_visible_child_name(gcast(mainStack), page.rawValue)
    }

    /// What the header bar's Back button says (where it goes: "Back to Camera") and does on
    /// `page`; Escape does the same. The Back button shows on every page given one.
    public func setBack(on page: MainPage, label: String, action: @escaping @MainActor () -> Void) {
        backs[page] = (label, action)
        if currentPage == page { updateHeader() }
    }

    /// Goes back from the page shown (its Back button or Escape): the page's own Back, else
    /// live scanning.
    public func goBack() {
        if let page = currentPage, let back = backs[page] {
            back.action()
        } else if currentPage != .scanner {
            resumeScanning()
        }
    }

    /// Names the photo shown (`name`: a file name or a path, whose last part is shown), or none.
    /// Shown as the window's subtitle, control characters as symbols, never as markup.
    public func setPhotoName(_ name: String?) {
        photoName = name.map { VisibleText.shortened(VisibleText.of(URL(fileURLWithPath: $0).lastPathComponent)) }
        updateHeader()
    }

    /// Shows the result page for `symbol` (also used by the image tab after a choice and by the
    /// history); `origin` says where it was read (the camera when `nil` and chosen live), and
    /// `recording` false shows it without recording it again.
    public func showResult(_ symbol: Symbol, origin: CodeOrigin? = nil, recording: Bool = true) {
        DebugEvents.log(.chosen(text: symbol.displayText))
        let page: MainPage
        if let chosenCodePage {
            page = chosenCodePage(symbol)
        } else {
            resultPage.show(symbol)
            page = .result
        }
        // A live code is chosen in the scan state; a photo's result holds live scanning.
        let chosenLive = recording && live.choose(symbol)
        if !chosenLive { live.hold() }
        gtk_stack_set_visible_child_name(gcast(mainStack), page.rawValue)
        if recording, let origin = origin ?? (chosenLive ? .camera : nil) {
            HistoryTab.record(symbol, origin: origin, in: self)
        }
        onCodeChosen?(symbol)
    }

    /// Back to live scanning from a result, a choice in progress or another page.
    public func resumeScanning() {
        live.resume()
        showCameraPage()
    }

    /// Adds `button` to the header bar's scanner controls, shown with the live scanner only
    /// (continuous scanning's toggle).
    public func addHeaderButton(_ button: UnsafeMutablePointer<GtkWidget>) {
        header.addScannerButton(button)
    }

    /// Continuous mode: codes found go to `handler` while scanning goes on; `nil` ends it.
    func setContinuousHandler(_ handler: ((Detection) -> Void)?) {
        live.onContinuousDetection = handler
    }

    /// Shows or hides the side panel (remembered).
    public func setSidebarVisible(_ visible: Bool) {
        adw_flap_set_reveal_flap(gcast(flap), visible ? 1 : 0)
        settings.setBool("sidebar-visible", visible)
    }

    /// Whether the side panel covers the main area (open over a window too narrow for both).
    var sidebarCoversMainArea: Bool {
        adw_flap_get_reveal_flap(gcast(flap)) != 0 && adw_flap_get_folded(gcast(flap)) != 0
    }

    // MARK: Composition

    private func connectHeader() {
        header.onMirrorToggled = { [weak self] on in self?.scanner.mirrored = on }
        header.onSidebarToggled = { [weak self] on in self?.setSidebarVisible(on) }
        header.onCameraPicked = { [weak self] index in self?.cameraPicked(index) }
        header.onBack = { [weak self] in self?.goBack() }
        onNotify(flap, property: "reveal-flap") { [weak self] in
            guard let self else { return }
            self.header.showSidebar(adw_flap_get_reveal_flap(gcast(self.flap)) != 0)
            self.live.setCovered(self.sidebarCoversMainArea)
        }
        // Open over a narrow window, the panel hides the preview: the camera pauses meanwhile.
        onNotify(flap, property: "folded") { [weak self] in
            guard let self else { return }
            self.live.setCovered(self.sidebarCoversMainArea)
        }
        onNotify(mainStack, property: "visible-child-name") { [weak self] in self?.updateHeader() }
        if let gsettings = settings.gsettings {
            // The Preferences window (or `gsettings set`) changes which codes are read, live.
            onSimpleSignal(UnsafeMutableRawPointer(gsettings), "changed::symbologies") { [weak self] in
                guard let self else { return }
                self.live.symbologies = SymbologySelection(stored: self.settings.strings("symbologies")).enabled
            }
        }
        if DebugEvents.enabled {
            onNotify(mainStack, property: "visible-child-name") { [weak self] in
                guard let self else { return }
                DebugEvents.log(.page(self.currentPage?.rawValue ?? ""))
            }
        }
    }

    /// Shows the page's controls in the header bar: its Back, the photo's name on the photo page.
    private func updateHeader() {
        let page = currentPage ?? .scanner
        header.show(page: page, subtitle: page == .photo ? photoName : nil, back: backs[page]?.label)
    }

    private func connectLiveScanner() {
        live.symbologies = SymbologySelection(stored: settings.strings("symbologies")).enabled
        live.onPreview = { [weak self] frame in self?.scanner.showFrame(frame) }
        live.onDetection = { [weak self] detection in self?.detected(detection) }
        live.onHint = { [weak self] hint in self?.scanner.showLiveHint(hint) }
        live.onDecoderProblem = { [weak self] failure in
            let message = failure.message(in: .sentence)
            DebugEvents.log(.decoderProblem(message: message))
            self?.imageTab?.showToastMessage(message)
        }
        live.onPhaseChanged = { [weak self] phase in
            DebugEvents.log(.scanPhase(Self.describe(phase)))
            // Markers and the frozen frame go whenever the state leaves them behind.
            switch phase {
            case .scanning: self?.scanner.resume()
            case .paused:
                self?.scanner.resume()
                // Nothing sweeps over a preview that does not move.
                self?.scanner.frameOverlay.stopScanLine()
            case .choosing, .chosen: break
            }
        }
        live.onCameraStateChanged = { [weak self] state in self?.cameraStateChanged(state) }
        live.onCamerasChanged = { [weak self] cameras in
            guard let self else { return }
            self.header.setCameras(cameras, current: self.live.currentCamera)
        }
    }

    private func connectScanner() {
        scanner.onGeometryChanged = { [weak self] in
            guard let self else { return }
            self.live.viewport = self.scanner.viewport
            self.live.frameInView = self.scanner.frameOverlay.rectInView
        }
        scanner.onLowLightChanged = { [weak self] on in self?.live.setLowLightBoost(on) }
        scanner.frameOverlay.onResizeFinished = { [weak self] in
            self?.rememberFrameSize()
            self?.scanner.frameWasResized()
        }
        scanner.onResizeHintDismissed = { [weak self] in
            guard let self, self.settings.hasKey("frame-hint-shown") else { return }
            self.settings.setBool("frame-hint-shown", true)
        }
        scanner.onFirstFrame = { [weak self] in
            guard let self else { return }
            DebugEvents.log(.firstFrameAfter(seconds: monotonicSeconds() - self.startTime))
        }
        scanner.chooser.onChosen = { [weak self] symbol in self?.showResult(symbol) }
        scanner.chooser.onCancelled = { [weak self] in self?.resumeScanning() }
        resultPage.onBack = { [weak self] in self?.resumeScanning() }
        problemPage.onRetry = { [weak self] in self?.live.retry() }
    }

    /// Live scanning pauses while the window is hidden: unmapped (`saoma --screen` before the
    /// screen is taken) or minimised (the surface's state; an X11 window unmapped by the window
    /// manager counts as minimised).
    private func followVisibility() {
        onSimpleSignal(window, "map") { [weak self] in self?.visibilityChanged() }
        onSimpleSignal(window, "unmap") { [weak self] in self?.visibilityChanged() }
        onSimpleSignal(window, "realize") { [weak self] in
            guard let self, let surface = gtk_native_get_surface(OpaquePointer(self.window)) else { return }
            onNotify(UnsafeMutableRawPointer(surface), property: "state") { [weak self] in self?.visibilityChanged() }
        }
        visibilityChanged()
    }

    private func visibilityChanged() {
        let minimised = gtk_native_get_surface(OpaquePointer(window)).map {
            gdk_toplevel_get_state($0).rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
        }
        let hidden = gtk_widget_get_mapped(window) == 0 || minimised == true
        if DebugEvents.enabled && hidden != windowHidden { debugLog("window hidden=\(hidden)") }
        windowHidden = hidden
        live.setHidden(hidden)
    }

    /// A phase for the debug log: its case and, when paused, the reason (`paused(covered)`).
    private static func describe(_ phase: ScanState.Phase) -> String {
        switch phase {
        case .scanning: "scanning"
        case .choosing: "choosing"
        case .chosen: "chosen"
        case .paused(let reason): "paused(\(reason))"
        }
    }

    /// Remembers the scan frame's size as fractions of the view.
    private func rememberFrameSize() {
        guard let relative = scanner.frameOverlay.frame?.relativeSize else { return }
        settings.setPair("scan-frame-size", (relative.width, relative.height))
    }

    private func detected(_ detection: Detection) {
        // A drag may still be under way: the frame's size is remembered as it is now.
        rememberFrameSize()
        scanner.present(detection)
        DetectionSound.shared.play()
    }

    private func cameraStateChanged(_ state: LiveScanner.CameraState) {
        DebugEvents.log(.camera("\(state)"))
        switch state {
        case .idle, .opening: break
        case .streaming(let device, _):
            if let index = live.cameras.firstIndex(of: device) { header.selectCamera(at: index) }
            if currentPage == .scanner || currentPage == .cameraProblem { showCameraPage() }
        case .problem(let problem):
            scanner.clearImage()
            problemPage.show(problem)
            if currentPage == .scanner || currentPage == .cameraProblem {
                gtk_stack_set_visible_child_name(gcast(mainStack), MainPage.cameraProblem.rawValue)
            }
        }
    }

    /// Shows the scanner, or the camera's problem when there is one.
    private func showCameraPage() {
        if case .problem = live.cameraState {
            gtk_stack_set_visible_child_name(gcast(mainStack), MainPage.cameraProblem.rawValue)
        } else {
            gtk_stack_set_visible_child_name(gcast(mainStack), MainPage.scanner.rawValue)
        }
    }

    private func cameraPicked(_ index: Int) {
        guard live.cameras.indices.contains(index) else { return }
        let device = live.cameras[index]
        settings.setString("camera", device.busInfo.isEmpty ? device.path : device.busInfo)
        live.select(device)
    }

    private func closing() {
        live.stop()
        WindowSizeMemory.save(window)
        onClosed?()
    }
}
