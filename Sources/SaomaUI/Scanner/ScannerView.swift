// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// The live scanner page: the camera preview filling the area (aspect-fill), the scan frame,
/// the markers and hint, and the low-light button.
///
/// It draws what it is given (`showFrame`, `present`) and reports its viewport and the scan
/// frame's rectangle so the live scanner reads only what the frame covers. UI thread only.
@MainActor
final class ScannerView {
    /// The page's widget (a `GtkOverlay`; owned).
    let widget: UnsafeMutablePointer<GtkWidget>
    let preview = SnapshotArea()
    let frameOverlay = ScanFrameOverlay()
    let chooser = CodeChooser()
    /// The "Low light" toggle (shown while the light is low or the light is on).
    let lowLightButton: UnsafeMutablePointer<GtkWidget>

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
        didSet {
            if let wholeTexture { g_object_unref(UnsafeMutableRawPointer(wholeTexture)) }
            wholeTexture = nil
        }
    }
    private var wholeTexture: OpaquePointer?
    /// The image shown and the pixel size of its frame.
    private var shown: PreviewImage?
    /// A cairo surface over `shown`'s pixels when they were sampled for a view (owned).
    private var surface: OpaquePointer?
    /// `shown` as a texture, made when it has to be drawn scaled (owned: one reference).
    private var texture: OpaquePointer?
    private var imageSize = SaomaSize.zero
    /// Main-thread timings for `scripts/bench-scanner` (`SAOMA_DEBUG_TIMING=1`), else `nil`.
    private let timing: MainThreadTiming? = MainThreadTiming.fromEnvironment()
    private var lowLight = LowLightMonitor()
    private var updatingLowLightButton = false
    private var shownFirstFrame = false
    /// Debug geometry log to stderr (`SAOMA_DEBUG_GEOMETRY=1`), read by end-to-end tests and the benchmark.
    private let debugGeometry = debugGeometryEnabled

    init(mirrored: Bool, frameRelativeSize: SaomaSize?) {
        self.mirrored = mirrored
        widget = gtk_overlay_new()
        g_object_ref_sink(widget)
        lowLightButton = gtk_toggle_button_new()
        g_object_ref_sink(lowLightButton)
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
        gtk_overlay_add_overlay(OpaquePointer(widget), frameOverlay.area.widget)
        gtk_overlay_add_overlay(OpaquePointer(widget), chooser.markers.widget)
        gtk_overlay_add_overlay(OpaquePointer(widget), chooser.hintBar)

        setButtonContent(lowLightButton, label: tr("Low light"), icon: "display-brightness-symbolic")
        gtk_widget_set_tooltip_text(lowLightButton, tr("Light up the window around the frame and raise the camera’s exposure"))
        gtk_widget_add_css_class(lowLightButton, "low-light")
        gtk_widget_add_css_class(lowLightButton, "pill")
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
        if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
        if let wholeTexture { g_object_unref(UnsafeMutableRawPointer(wholeTexture)) }
        g_object_unref(lowLightButton)
        g_object_unref(widget)
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
            if debugGeometry { debugLog("first-frame t=\(monotonicSeconds()) seq=\(frame.sequence)") }
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
        if debugGeometry {
            logMarkers(detection, transform: transform)
            if chooser.choice.offersChoice, let cancel = chooser.cancelButton {
                // Logged once laid out (a tenth of a second later).
                addTimeout(milliseconds: 100) {
                    guard let origin = screenPoint(of: cancel) else { return false }
                    let w = Double(gtk_widget_get_width(cancel))
                    let h = Double(gtk_widget_get_height(cancel))
                    debugLog("cancel-button x=\(origin.x + w / 2) y=\(origin.y + h / 2)")
                    return false
                }
            }
        }
    }

    /// Back to live scanning: unfreezes, restarts the scan line, clears markers.
    func resume() {
        wholeFrame = nil
        chooser.reset()
        frameOverlay.startScanLine()
    }

    /// Forgets the shown frame (the camera stopped or changed).
    func clearImage() {
        forgetShownImage()
        gtk_widget_queue_draw(preview.widget)
    }

    private func forgetShownImage() {
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
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
        guard let texture else { return }
        var exact = texture
        if shown?.viewport != nil {
            // Sampled for another view size or mirror: redraw a frozen frame exactly from the
            // whole frame; a live frame is replaced by the next one, shown stretched meanwhile.
            if wholeTexture == nil { wholeTexture = wholeFrame.map { PreviewImage(frame: $0) }?.makeTexture() }
            guard let wholeTexture else {
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
        if debugGeometry, let rect = frameOverlay.rectInView {
            let roi = transform.pixelRegion(fromView: rect)
            debugLog(
                "frame origin=\(screenPoint(of: preview.widget).map { "\($0.x),\($0.y)" } ?? "?") view=\(Int(preview.allocatedSize.width))x\(Int(preview.allocatedSize.height)) rect=\(rect.minX),\(rect.minY),\(rect.width),\(rect.height) roi=\(roi.x),\(roi.y),\(roi.width),\(roi.height) mirrored=\(mirrored)"
            )
        }
    }

    private func observeLight(_ meanLuma: Double) {
        let wasShown = lowLight.showsButton
        lowLight.observe(meanLuma: meanLuma, at: monotonicSeconds())
        guard lowLight.showsButton != wasShown else { return }
        gtk_widget_set_visible(lowLightButton, lowLight.showsButton ? 1 : 0)
        if debugGeometry {
            let shown = lowLight.showsButton
            // Logged once laid out (a tenth of a second later), with the button's centre on screen.
            addTimeout(milliseconds: 100) { [weak self] in
                guard let self, let origin = screenPoint(of: self.lowLightButton) else { return false }
                let w = Double(gtk_widget_get_width(self.lowLightButton))
                let h = Double(gtk_widget_get_height(self.lowLightButton))
                debugLog("low-light shown=\(shown) x=\(origin.x + w / 2) y=\(origin.y + h / 2)")
                return false
            }
        }
    }

    private func lowLightToggled() {
        let on = gtk_toggle_button_get_active(gcast(lowLightButton)) != 0
        lowLight.lightOn = on
        frameOverlay.lightsSurround = on
        if on { gtk_widget_add_css_class(widget, "lit") } else { gtk_widget_remove_css_class(widget, "lit") }
        gtk_widget_set_visible(lowLightButton, lowLight.showsButton ? 1 : 0)
        if debugGeometry { debugLog("low-light on=\(on)") }
        onLowLightChanged?(on)
    }

    private func logMarkers(_ detection: Detection, transform: ViewTransform) {
        let rects = chooser.markers.markerRects
        debugLog(
            "markers t=\(monotonicSeconds()) captured=\(detection.frame.timestamp) seq=\(detection.frame.sequence) count=\(rects.count)")
        for (symbol, rect) in zip(detection.symbols, rects) {
            let centre = rect.center
            debugLog("marker x=\(centre.x) y=\(centre.y) size=\(rect.width) text=\(symbol.displayText)")
        }
    }
}
