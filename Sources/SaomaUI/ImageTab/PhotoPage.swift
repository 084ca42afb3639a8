// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// The main area's "photo" page: an opened photo shown aspect-fit, a pulsing marker over each
/// code (choose one; a single code is chosen after 0.25 s), a spinner while a photo loads and
/// the "No code found" overlay saying what to try. The way back to the camera is the window's
/// Back button (and Escape), which calls `onBack`.
///
/// Draws exactly through a `.contain` `ViewTransform`, so markers sit on the codes as shown.
/// UI thread only; owns its widgets (sunk references, released in `deinit`) and the photo's surface.
@MainActor
final class PhotoPage {
    /// The page's widget (a `GtkOverlay`).
    var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    /// Markers, hint and Cancel over the photo.
    let chooser = CodeChooser()
    /// Called when the person asks to go back to the camera (Back, Cancel, or dismissing "No code found").
    var onBack: (() -> Void)?

    private let area = SnapshotArea()
    /// Width of the "No code found" advice in characters (wraps into a few short lines).
    static let adviceWidthChars: gint = 44
    private var spinner: UnsafeMutablePointer<GtkWidget> { spinnerRef.pointer }
    private let spinnerRef: WidgetRef
    private var noCode: UnsafeMutablePointer<GtkWidget> { noCodeRef.pointer }
    private let noCodeRef: WidgetRef
    /// The photo's cairo surface (owned) and the upright image's size in pixels.
    private var surface: OpaquePointer? {
        didSet { scaledSurface = nil }
    }
    /// The photo scaled to the device pixels it covers, made on the first paint at a new size
    /// (owned): pulsing markers repaint parts of the photo every frame.
    private var scaledSurface: OpaquePointer? {
        willSet { if let scaledSurface { cairo_surface_destroy(scaledSurface) } }
    }
    private var imageSize = SaomaSize.zero

    init() {
        widgetRef = WidgetRef(sinking: gtk_overlay_new())
        let widget = widgetRef.pointer
        spinnerRef = WidgetRef(sinking: gtk_spinner_new())
        let spinner = spinnerRef.pointer
        noCodeRef = WidgetRef(sinking: PhotoPage.makeNoCodeOverlay())
        gtk_widget_add_css_class(widget, "photo-page")
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_hexpand(area.widget, 1)
        gtk_widget_set_vexpand(area.widget, 1)
        gtk_overlay_set_child(OpaquePointer(widget), area.widget)
        area.draw = { [weak self] snapshot, width, height in self?.drawPhoto(snapshot, width, height) }
        area.onResize = { [weak self] _, _ in
            guard let self else { return }
            self.chooser.relayout(transform: self.transform)
            self.logLayout()
        }
        chooser.addOverlays(to: widget)

        gtk_widget_set_size_request(spinner, 48, 48)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(spinner, 0)
        saoma_accessible_set_label(gcast(spinner), tr("Looking for codes…"))
        gtk_widget_set_visible(spinner, 0)
        gtk_overlay_add_overlay(OpaquePointer(widget), spinner)

        onClicked(noCode) { [weak self] in self?.dismissNoCode() }
        gtk_overlay_add_overlay(OpaquePointer(widget), noCode)

        chooser.onCancelled = { [weak self] in self?.onBack?() }
    }

    isolated deinit {
        if let surface { cairo_surface_destroy(surface) }
        if let scaledSurface { cairo_surface_destroy(scaledSurface) }
    }

    /// The transform between the photo's upright pixels and the page's points (aspect-fit).
    var transform: ViewTransform {
        ViewTransform(imageSize: imageSize, viewport: Viewport(size: area.allocatedSize, fit: .contain))
    }

    /// Whether the "No code found" overlay shows.
    var showsNoCode: Bool { gtk_widget_get_visible(noCode) != 0 }

    /// Shows the spinner over whatever is shown (a photo is being loaded).
    func showLoading() {
        reset()
        gtk_spinner_start(gcast(spinner))
        gtk_widget_set_visible(spinner, 1)
    }

    /// Shows `photo` (its codes follow with `showCodes`; the spinner keeps turning until then).
    func showPhoto(_ photo: LoadedPhoto) {
        chooser.reset()
        gtk_widget_set_visible(noCode, 0)
        if let surface { cairo_surface_destroy(surface) }
        surface = photo.makeSurface()
        imageSize = photo.imageSize
        gtk_widget_queue_draw(area.widget)
        logLayout()
    }

    /// Shows markers over `symbols` (corners in the shown photo's pixels), or the "No code found" overlay.
    func showCodes(_ symbols: [Symbol]) {
        stopLoading()
        if symbols.isEmpty {
            gtk_widget_set_visible(noCode, 1)
            gtk_widget_grab_focus(noCode)
            logLayout()
            return
        }
        chooser.present(symbols, transform: transform)
        logLayout()
    }

    /// Hides markers, hint, spinner and overlay (the page was left or a new photo is coming).
    func reset() {
        chooser.reset()
        gtk_spinner_stop(gcast(spinner))
        gtk_widget_set_visible(spinner, 0)
        gtk_widget_set_visible(noCode, 0)
    }

    /// Hides everything and forgets the photo (another is being opened).
    func clear() {
        reset()
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        imageSize = .zero
        gtk_widget_queue_draw(area.widget)
    }

    /// Stops the spinner (loading failed; what was shown stays).
    func stopLoading() {
        gtk_spinner_stop(gcast(spinner))
        gtk_widget_set_visible(spinner, 0)
    }

    private func dismissNoCode() {
        gtk_widget_set_visible(noCode, 0)
        DebugEvents.log(.photoNoCodeDismissed)
        onBack?()
    }

    /// A full-size flat button reading "No code found", what to try, and "Click to continue"
    /// (click, Enter or Space dismiss it).
    private static func makeNoCodeOverlay() -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        gtk_widget_add_css_class(button, "photo-no-code")
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_hexpand(button, 1)
        gtk_widget_set_vexpand(button, 1)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        let title = gtk_label_new(tr("No code found"))!
        gtk_widget_add_css_class(title, "title-1")
        let advice = gtk_label_new(
            tr(
                "Try a photo where the code is larger and sharp, evenly lit and seen from the front, or turn on more kinds of codes in Preferences."
            ))!
        gtk_label_set_wrap(gcast(advice), 1)
        gtk_label_set_max_width_chars(gcast(advice), Self.adviceWidthChars)
        gtk_label_set_justify(gcast(advice), GTK_JUSTIFY_CENTER)
        let hint = gtk_label_new(tr("Click to continue"))!
        gtk_widget_add_css_class(hint, "dim-label")
        gtk_widget_set_margin_top(hint, 8)
        gtk_box_append(gcast(box), title)
        gtk_box_append(gcast(box), advice)
        gtk_box_append(gcast(box), hint)
        gtk_button_set_child(gcast(button), box)
        saoma_accessible_set_label(gcast(button), tr("No code found. Click to continue"))
        gtk_widget_set_visible(button, 0)
        return button
    }

    private func drawPhoto(_ snapshot: OpaquePointer, _ width: Double, _ height: Double) {
        guard let surface else { return }
        let t = transform
        guard !t.isDegenerate else { return }
        let rect = t.imageRectInView
        let scale = Double(max(1, gtk_widget_get_scale_factor(area.widget)))
        let width = Int((rect.width * scale).rounded())
        let height = Int((rect.height * scale).rounded())
        if let scaled = scaledSurface, cairo_image_surface_get_width(scaled) != width || cairo_image_surface_get_height(scaled) != height {
            scaledSurface = nil
        }
        if scaledSurface == nil { scaledSurface = ImageSurface.scaled(surface, width: width, height: height) }
        ImageSurface.draw(scaledSurface ?? surface, in: rect, snapshot: snapshot)
    }

    // MARK: Debug log (read by the end-to-end tests and scripts/bench-image-tab)

    /// Logs the photo's geometry and then, while codes are shown, their markers (or that there
    /// is none): only once the page is laid out, so each such line follows the geometry it was
    /// placed in.
    private func logLayout() {
        guard DebugEvents.enabled, !imageSize.isEmpty, !area.allocatedSize.isEmpty,
            let origin = screenPoint(of: area.widget)
        else { return }
        DebugEvents.log(.photoGeometry(origin: origin, view: area.allocatedSize, image: imageSize))
        if chooser.isChoosing {
            logMarkers(chooser.choice.codes, origin: origin)
        } else if showsNoCode {
            DebugEvents.log(.photoNoCode)
        }
    }

    private func logMarkers(_ symbols: [Symbol], origin: (x: Double, y: Double)) {
        let rects = chooser.markers.markerRects
        DebugEvents.log(.photoMarkers(count: rects.count))
        for (index, (symbol, rect)) in zip(symbols, rects).enumerated() {
            let number = chooser.markers.number(ofCodeAt: index) ?? 0
            DebugEvents.log(
                .photoMarker(
                    centre: (origin.x + rect.center.x, origin.y + rect.center.y), size: rect.width, number: number, text: symbol.displayText
                ))
        }
        // The first frame drawn with the markers: what the person sees.
        addTickCallback(widget) {
            DebugEvents.log(.photoDrawn)
            return false
        }
    }
}
