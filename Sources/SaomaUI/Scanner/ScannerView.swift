// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import LiveScanning
import SaomaCore

/// The live scanner page: the camera preview filling the area (aspect-fill), the scan frame,
/// the markers and hint, the low-light button (an OSD pill that reads on a dark preview),
/// until the frame was first resized a hint saying it can be, and while scanning the live hint
/// (`LiveHintLabel`: what would help read a code-like region left unread). Hint pills are placed
/// clear of the frame's handles (`ScanFrame.pillRect`).
///
/// It draws what it is given (`showFrame`, `present`) and reports its viewport and the scan
/// frame's rectangle so the live scanner reads only what the frame covers. UI thread only.
@MainActor
final class ScannerView {
    /// The page's widget (a `GtkOverlay`; owned).
    var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    let preview = SnapshotArea()
    let frameOverlay = ScanFrameOverlay()
    let chooser = CodeChooser()
    /// The "Low light" toggle (shown while the light is low or the light is on).
    var lowLightButton: UnsafeMutablePointer<GtkWidget> { lowLightButtonRef.pointer }
    private let lowLightButtonRef: WidgetRef
    /// "Drag the corners to resize the scan area", shown until the frame is first resized.
    private let resizeHintRef: WidgetRef
    private var resizeHint: UnsafeMutablePointer<GtkWidget> { resizeHintRef.pointer }
    /// Whether the resize hint is still wanted (the person has not resized the frame yet).
    private var wantsResizeHint: Bool
    /// Called once, when the person first resized the frame (the hint is not shown again).
    var onResizeHintDismissed: (() -> Void)?
    /// The live hint below the frame.
    let liveHint = LiveHintLabel()
    /// Where the live hint was last logged (the debug log reports changes only).
    private var loggedLiveHint: (hint: LiveHint?, rect: SaomaRect?)?

    /// Called when the viewport or the frame changed (frame moved, view resized, mirror toggled).
    var onGeometryChanged: (() -> Void)?
    /// Called when the person turns the low-light mode on or off.
    var onLowLightChanged: ((Bool) -> Void)?
    /// Called once, when the first camera frame is on screen.
    var onFirstFrame: (() -> Void)?

    /// Whether the preview is mirrored (decoding is unaffected, the region follows).
    var mirrored: Bool {
        didSet {
            gtk_widget_queue_draw(preview.widget)
            chooser.relayout(transform: transform)
            geometryChanged()
        }
    }

    /// The frozen frame as captured (for exact redraws after the view changed), and its texture once made.
    private var wholeFrame: VideoFrame? {
        didSet { wholeTexture = nil }
    }
    private var wholeTexture: ObjectRef<OpaquePointer>?
    /// The image shown and the pixel size of its frame.
    private var shown: PreviewImage?
    /// A cairo surface over `shown`'s pixels when they were sampled for a view (owned).
    private var surface: OpaquePointer?
    /// `shown` as a texture, made when it has to be drawn scaled (owned: one reference).
    private var texture: ObjectRef<OpaquePointer>?
    private var imageSize = SaomaSize.zero
    /// Main-thread timings for `scripts/bench-scanner` (`SAOMA_DEBUG_TIMING=1`), else `nil`.
    private let timing: MainThreadTiming? = MainThreadTiming.fromEnvironment()
    private var lowLight = LowLightMonitor()
    private var updatingLowLightButton = false
    private var shownFirstFrame = false

    init(mirrored: Bool, frameRelativeSize: SaomaSize?, showsResizeHint: Bool) {
        self.mirrored = mirrored
        wantsResizeHint = showsResizeHint
        widgetRef = WidgetRef(sinking: gtk_overlay_new())
        let widget = widgetRef.pointer
        lowLightButtonRef = WidgetRef(sinking: gtk_toggle_button_new())
        resizeHintRef = WidgetRef(sinking: gtk_label_new(tr("Drag the corners to resize the scan area")))
        gtk_widget_add_css_class(widget, "scanner")
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)

        gtk_widget_set_hexpand(preview.widget, 1)
        gtk_widget_set_vexpand(preview.widget, 1)
        gtk_widget_add_css_class(preview.widget, "camera-preview")
        gtk_overlay_set_child(OpaquePointer(widget), preview.widget)
        preview.draw = { [weak self] snapshot, width, height in self?.drawPreview(snapshot, width, height) }
        preview.onResize = { [weak self] _, _ in
            guard let self else { return }
            self.chooser.relayout(transform: self.transform)
        }

        frameOverlay.initialRelativeSize = frameRelativeSize
        frameOverlay.onFrameChanged = { [weak self] in self?.geometryChanged() }
        frameOverlay.onLayoutChanged = { [weak self] in self?.placePills() }
        gtk_overlay_add_overlay(OpaquePointer(widget), frameOverlay.area.widget)
        chooser.addOverlays(to: widget)

        FrameHintPill.style(resizeHint)
        gtk_overlay_add_overlay(OpaquePointer(widget), resizeHint)
        gtk_overlay_add_overlay(OpaquePointer(widget), liveHint.widget)

        setButtonContent(lowLightButton, label: tr("Low light"), icon: "display-brightness-symbolic")
        gtk_widget_set_tooltip_text(lowLightButton, tr("Light up the window around the frame and raise the camera’s exposure"))
        gtk_widget_add_css_class(lowLightButton, "low-light")
        gtk_widget_add_css_class(lowLightButton, "pill")
        gtk_widget_add_css_class(lowLightButton, "osd")
        gtk_widget_set_halign(lowLightButton, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(lowLightButton, GTK_ALIGN_START)
        gtk_widget_set_margin_top(lowLightButton, 16)
        gtk_widget_set_visible(lowLightButton, 0)
        onToggled(lowLightButton) { [weak self] in self?.lowLightToggled() }
        gtk_overlay_add_overlay(OpaquePointer(widget), lowLightButton)
        frameOverlay.startScanLine()
        if let timing { onSimpleSignal(preview.widget, "map") { [weak self] in self.map { timing.attach(to: $0.preview.widget) } } }
    }

    isolated deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    /// The preview's viewport: aspect-fill (the preview fills the view), mirrored when asked.
    var viewport: Viewport {
        Viewport(
            size: preview.allocatedSize, fit: .cover, mirrored: mirrored, scale: Int(gtk_widget_get_scale_factor(preview.widget)))
    }

    /// The transform between the shown frame's pixels and the preview's points.
    var transform: ViewTransform {
        ViewTransform(imageSize: imageSize, viewport: viewport)
    }

    /// Shows a live camera frame.
    func showFrame(_ frame: FramePipeline.PreviewFrame) {
        let started = threadCPUSeconds()
        defer { timing?.frameShown(seconds: threadCPUSeconds() - started) }
        observeLight(frame.meanLuma)
        setImage(frame.image)
        // The scan line moves with the frames (one paint per camera frame).
        frameOverlay.advanceScanLine()
        if !shownFirstFrame {
            shownFirstFrame = true
            DebugEvents.log(.firstFrame(sequence: frame.sequence))
            onFirstFrame?()
        }
    }

    /// Freezes the preview on a detection's frame and shows markers over its codes (the live
    /// scanner decided they are taken).
    func present(_ detection: Detection) {
        setImage(detection.preview)
        wholeFrame = detection.frame
        let transform = self.transform
        guard chooser.present(detection.symbols, transform: transform) else { return }
        frameOverlay.stopScanLine()
        placePills()
        guard DebugEvents.enabled else { return }
        let rects = chooser.markers.markerRects
        DebugEvents.log(.markers(captured: detection.frame.timestamp, sequence: detection.frame.sequence, count: rects.count))
        for (index, (symbol, rect)) in zip(detection.symbols, rects).enumerated() {
            let number = chooser.markers.number(ofCodeAt: index) ?? 0
            DebugEvents.log(.marker(centre: rect.center, size: rect.width, number: number, text: symbol.displayText))
        }
        if chooser.choice.offersChoice, let cancel = chooser.cancelButton {
            DebugEvents.logWhenLaidOut(cancel) { .cancelButton(centre: $0) }
        }
    }

    /// Back to live scanning: unfreezes, restarts the scan line, clears markers.
    func resume() {
        wholeFrame = nil
        chooser.reset()
        frameOverlay.startScanLine()
        placePills()
    }

    /// Says `hint` below the frame while scanning (`nil`: nothing); markers hide it.
    func showLiveHint(_ hint: LiveHint?) {
        liveHint.say(hint)
        placePills()
    }

    /// The person resized the frame: the resize hint has done its work.
    func frameWasResized() {
        guard wantsResizeHint else { return }
        wantsResizeHint = false
        placePills()
        onResizeHintDismissed?()
    }

    /// Shows the resize hint while scanning (until the frame was first resized) above the
    /// frame, and the markers' hint below it, each clear of the handles (and the markers' hint
    /// clear of every marker).
    private func placePills() {
        guard let frame = frameOverlay.frame else { return }
        let showHint = wantsResizeHint && !chooser.isChoosing
        if showHint != (gtk_widget_get_visible(resizeHint) != 0) {
            gtk_widget_set_visible(resizeHint, showHint ? 1 : 0)
        }
        if showHint {
            let rect = frame.pillRect(size: Self.naturalSize(of: resizeHint, within: frame.viewSize.width), preferringTop: true)
            gtk_widget_set_margin_top(resizeHint, gint(rect.minY.rounded()))
            DebugEvents.log(.frameHint(shown: true, rect: rect))
        } else {
            DebugEvents.log(.frameHint(shown: false, rect: nil))
        }
        placeLiveHint(frame)
        if gtk_widget_get_visible(chooser.hintBar) != 0 {
            let rect = frame.pillRect(
                size: Self.naturalSize(of: chooser.hintBar, within: frame.viewSize.width), preferringTop: false,
                avoiding: chooser.markers.markerRects)
            gtk_widget_set_margin_bottom(chooser.hintBar, gint(max(0, frame.viewSize.height - rect.maxY).rounded()))
        }
    }

    /// Shows the live hint below the frame (above it when there is no room) while scanning, never
    /// over markers.
    private func placeLiveHint(_ frame: ScanFrame) {
        let hint = chooser.isChoosing ? nil : liveHint.hint
        liveHint.setVisible(hint != nil)
        var rect: SaomaRect?
        if hint != nil {
            let placed = frame.pillRect(size: Self.naturalSize(of: liveHint.widget, within: frame.viewSize.width), preferringTop: false)
            gtk_widget_set_margin_top(liveHint.widget, gint(placed.minY.rounded()))
            rect = placed
        }
        guard DebugEvents.enabled, loggedLiveHint.map({ $0.hint != hint || $0.rect != rect }) ?? true else { return }
        loggedLiveHint = (hint, rect)
        DebugEvents.log(.liveHint(hint: hint?.rawValue, rect: rect))
    }

    /// `widget`'s natural size without its margins (which place it), its width at most `limit`
    /// points (a wrapping label grows taller).
    private static func naturalSize(of widget: UnsafeMutablePointer<GtkWidget>, within limit: Double) -> SaomaSize {
        var minimum: gint = 0
        var natural: gint = 0
        let marginX = gtk_widget_get_margin_start(widget) + gtk_widget_get_margin_end(widget)
        let marginY = gtk_widget_get_margin_top(widget) + gtk_widget_get_margin_bottom(widget)
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        let width = min(Double(natural - marginX), limit)
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, gint(width) + marginX, &minimum, &natural, nil, nil)
        return SaomaSize(width: width, height: Double(natural - marginY))
    }

    /// Forgets the shown frame (the camera stopped or changed).
    func clearImage() {
        forgetShownImage()
        gtk_widget_queue_draw(preview.widget)
    }

    private func forgetShownImage() {
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        texture = nil
        shown = nil
    }

    private func setImage(_ image: PreviewImage) {
        guard image.width > 0, image.height > 0 else { return }
        forgetShownImage()
        shown = image
        surface = image.makeSurface()
        if image.frameSize != imageSize {
            imageSize = image.frameSize
            geometryChanged()
        }
        gtk_widget_queue_draw(preview.widget)
    }

    private func drawPreview(_ snapshot: OpaquePointer, _ width: Double, _ height: Double) {
        if let surface, let sampledFor = shown?.viewport, sampledFor == viewport {
            // Already sampled through the transform for this view's device pixels: a plain copy.
            ImageSurface.draw(surface, in: SaomaRect(x: 0, y: 0, width: width, height: height), snapshot: snapshot)
            return
        }
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        Draw.fill(snapshot, SaomaRect(x: 0, y: 0, width: width, height: height), Draw.rgba(0, 0, 0, 1))
        if texture == nil { texture = shown?.makeTexture() }
        guard let texture = texture?.pointer else { return }
        var exact = texture
        if shown?.viewport != nil {
            // Sampled for another view size or mirror: redraw a frozen frame exactly from the
            // whole frame; a live frame is replaced by the next one, shown stretched meanwhile.
            if wholeTexture == nil { wholeTexture = wholeFrame.map { PreviewImage(frame: $0) }?.makeTexture() }
            guard let wholeTexture = wholeTexture?.pointer else {
                gtk_snapshot_append_texture(snapshot, texture, &bounds)
                return
            }
            exact = wholeTexture
        }
        let t = transform
        guard !t.isDegenerate else { return }
        let r = t.imageRectInView
        var clip = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        gtk_snapshot_push_clip(snapshot, &clip)
        gtk_snapshot_save(snapshot)
        var origin = graphene_point_t(x: Float(t.mirrored ? r.maxX : r.minX), y: Float(r.minY))
        gtk_snapshot_translate(snapshot, &origin)
        gtk_snapshot_scale(snapshot, Float(t.mirrored ? -t.scale : t.scale), Float(t.scale))
        gdk_paintable_snapshot(exact, snapshot, t.imageSize.width, t.imageSize.height)
        gtk_snapshot_restore(snapshot)
        gtk_snapshot_pop(snapshot)
    }

    private func geometryChanged() {
        onGeometryChanged?()
        if DebugEvents.enabled, let rect = frameOverlay.rectInView {
            DebugEvents.log(
                .frameGeometry(
                    origin: screenPoint(of: preview.widget), view: preview.allocatedSize, frame: rect,
                    roi: transform.pixelRegion(fromView: rect), mirrored: mirrored))
        }
    }

    private func observeLight(_ meanLuma: Double) {
        let wasShown = lowLight.showsButton
        lowLight.observe(meanLuma: meanLuma, at: monotonicSeconds())
        guard lowLight.showsButton != wasShown else { return }
        gtk_widget_set_visible(lowLightButton, lowLight.showsButton ? 1 : 0)
        let shown = lowLight.showsButton
        if shown { DebugEvents.logWhenLaidOut(lowLightButton) { .lowLightShown(shown, centre: $0) } }
    }

    private func lowLightToggled() {
        let on = gtk_toggle_button_get_active(gcast(lowLightButton)) != 0
        lowLight.lightOn = on
        frameOverlay.lightsSurround = on
        if on { gtk_widget_add_css_class(widget, "lit") } else { gtk_widget_remove_css_class(widget, "lit") }
        gtk_widget_set_visible(lowLightButton, lowLight.showsButton ? 1 : 0)
        DebugEvents.log(.lowLightOn(on))
        onLowLightChanged?(on)
    }
}
