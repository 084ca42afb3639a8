// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import LiveScanning
import SaomaCore

/// What the geometry debug log reports (`SAOMA_DEBUG_GEOMETRY=1`): one typed case per line the
/// end-to-end tests and `scripts/bench-scanner` read, formatted in one place.
enum DebugEvent {
    /// The main page shown (`MainPage`'s raw value).
    case page(String)
    /// A code was chosen (live or in a photo); its display text.
    case chosen(text: String)
    /// The camera's state, as described.
    case camera(String)
    /// The camera-problem page's title and explanation, as shown.
    case problemPage(title: String, description: String)
    /// The camera-problem page's Retry button's centre on screen.
    case retryButton(centre: (x: Double, y: Double))
    /// Seconds from the window's creation to the first frame on screen.
    case firstFrameAfter(seconds: Double)
    /// The History page shows `count` rows, the first (newest) with this title.
    case historyRows(count: Int, first: String)
    /// The result page's main action holds the focus: its rectangle and the window's on screen
    /// (x, y, width, height), and its label.
    case resultAction(rect: SaomaRect, window: SaomaRect, label: String)
    /// Continuous mode was switched on or off.
    case continuous(on: Bool)
    /// Continuous mode counted a new code.
    case continuousCode(text: String)
    /// Continuous mode flashed markers on `count` new codes.
    case continuousFlash(count: Int)
    /// The first live frame is on screen.
    case firstFrame(sequence: UInt64)
    /// The live preview's geometry: its top-left on screen, size, the scan frame in it and the
    /// camera pixels under the frame.
    case frameGeometry(origin: (x: Double, y: Double)?, view: SaomaSize, frame: SaomaRect, roi: PixelRect, mirrored: Bool)
    /// Markers were placed over `count` codes found in frame `sequence` captured at `captured`.
    case markers(captured: Double, sequence: UInt64, count: Int)
    /// One marker's centre and size in the preview's points, its number (reading order) and its code's text.
    case marker(centre: SaomaPoint, size: Double, number: Int, text: String)
    /// The Cancel button's centre on screen (several codes shown).
    case cancelButton(centre: (x: Double, y: Double))
    /// The Low light button was shown or hidden; its centre on screen.
    case lowLightShown(Bool, centre: (x: Double, y: Double))
    /// The low-light mode was switched.
    case lowLightOn(Bool)
    /// A photo is being opened (a file, a drop, the clipboard).
    case photoOpen(name: String)
    /// A photo could not be opened; the message shown.
    case photoError(message: String)
    /// The decoder process failed on a photo or a frame; the message shown.
    case decoderProblem(message: String)
    /// The photo page was left for `page`.
    case photoPageLeft(page: String)
    /// A paste offered these formats.
    case paste(formats: [String])
    /// The photo has no code (the overlay shows), and later: the overlay was dismissed.
    case photoNoCode
    case photoNoCodeDismissed
    /// The photo page's top-left on screen, its size in points and the upright photo's pixels.
    case photoGeometry(origin: (x: Double, y: Double), view: SaomaSize, image: SaomaSize)
    /// Markers were placed over `count` codes of the photo.
    case photoMarkers(count: Int)
    /// One photo marker's centre on screen, its size, its number (reading order), its code's text.
    case photoMarker(centre: (x: Double, y: Double), size: Double, number: Int, text: String)
    /// The first paint with the photo's markers.
    case photoDrawn
    /// A named control holds the keyboard focus and is on screen (`focus generator`).
    case focus(String)
    /// A named control's centre on screen once laid out (`control name=save`).
    case control(String, centre: (x: Double, y: Double))
    /// The live scanner's phase changed (`scan scanning`, `scan paused(covered)`…).
    case scanPhase(String)
    /// Marker number `number` (reading order, as its label says) got the keyboard focus.
    case markerFocus(number: Int, text: String)
    /// The header bar's controls for the page shown, by accessible name.
    case header(controls: [String], subtitle: String)
    /// The scan frame's resize hint shows (its rectangle in the preview's points) or went away.
    case frameHint(shown: Bool, rect: SaomaRect?)
    /// The pointer is over the scan frame's handle `handle` (or none), pressed or not.
    case frameHandle(String, pressed: Bool)
    /// The live hint (`LiveHint`'s raw value, `nil`: none) shows at its rectangle in the
    /// preview's points, or went away.
    case liveHint(hint: String?, rect: SaomaRect?)

    /// The line written after `saoma-debug: `.
    var line: String {
        switch self {
        case .page(let name): return "page \(name)"
        case .chosen(let text): return "chosen t=\(monotonicSeconds()) text=\(text)"
        case .camera(let state): return "camera \(state)"
        case .problemPage(let title, let description): return "problem-page title=\(title) text=\(description)"
        case .retryButton(let centre): return "retry-button x=\(centre.x) y=\(centre.y)"
        case .firstFrameAfter(let seconds): return "first-frame-after=\(seconds)"
        case .historyRows(let count, let first): return "history-rows count=\(count) first=\(first)"
        case .resultAction(let r, let w, let label):
            return
                "result-action rect=\(r.minX),\(r.minY),\(r.width),\(r.height) window=\(w.minX),\(w.minY),\(w.width),\(w.height) text=\(label)"
        case .continuous(let on): return "continuous on=\(on)"
        case .continuousCode(let text): return "continuous-code text=\(text)"
        case .continuousFlash(let count): return "continuous-flash count=\(count)"
        case .firstFrame(let sequence): return "first-frame t=\(monotonicSeconds()) seq=\(sequence)"
        case .frameGeometry(let origin, let view, let r, let roi, let mirrored):
            let at = origin.map { "\($0.x),\($0.y)" } ?? "?"
            return "frame origin=\(at) view=\(Int(view.width))x\(Int(view.height)) rect=\(r.minX),\(r.minY),\(r.width),\(r.height) "
                + "roi=\(roi.x),\(roi.y),\(roi.width),\(roi.height) mirrored=\(mirrored)"
        case .markers(let captured, let sequence, let count):
            return "markers t=\(monotonicSeconds()) captured=\(captured) seq=\(sequence) count=\(count)"
        case .marker(let centre, let size, let number, let text):
            return "marker x=\(centre.x) y=\(centre.y) size=\(size) n=\(number) text=\(text)"
        case .cancelButton(let centre): return "cancel-button x=\(centre.x) y=\(centre.y)"
        case .lowLightShown(let shown, let centre): return "low-light shown=\(shown) x=\(centre.x) y=\(centre.y)"
        case .lowLightOn(let on): return "low-light on=\(on)"
        case .photoOpen(let name): return "photo-open t=\(monotonicSeconds()) name=\(name)"
        case .photoError(let message): return "photo-error message=\(message)"
        case .decoderProblem(let message): return "decoder-problem message=\(message)"
        case .photoPageLeft(let page): return "photo-page-left page=\(page)"
        case .paste(let formats): return "paste formats=\(formats.joined(separator: ","))"
        case .photoNoCode: return "photo-no-code t=\(monotonicSeconds())"
        case .photoNoCodeDismissed: return "photo-no-code-dismissed"
        case .photoGeometry(let origin, let view, let image):
            return "photo-geometry origin=\(origin.x),\(origin.y) view=\(Int(view.width))x\(Int(view.height)) "
                + "image=\(Int(image.width))x\(Int(image.height))"
        case .photoMarkers(let count): return "photo-markers t=\(monotonicSeconds()) count=\(count)"
        case .photoMarker(let centre, let size, let number, let text):
            return "photo-marker x=\(centre.x) y=\(centre.y) size=\(size) n=\(number) text=\(text)"
        case .photoDrawn: return "photo-drawn t=\(monotonicSeconds())"
        case .focus(let name): return "focus \(name)"
        case .control(let name, let centre): return "control name=\(name) x=\(centre.x) y=\(centre.y)"
        case .scanPhase(let phase): return "scan \(phase)"
        case .markerFocus(let number, let text): return "marker-focus n=\(number) text=\(text)"
        case .header(let controls, let subtitle): return "header controls=\(controls.joined(separator: "|")) text=\(subtitle)"
        case .frameHint(let shown, let rect):
            let at = rect.map { "\($0.minX),\($0.minY),\($0.width),\($0.height)" } ?? "-"
            return "frame-hint shown=\(shown) rect=\(at)"
        case .frameHandle(let handle, let pressed): return "frame-handle \(handle) pressed=\(pressed)"
        case .liveHint(let hint, let rect):
            let at = rect.map { "\($0.minX),\($0.minY),\($0.width),\($0.height)" } ?? "-"
            return "live-hint shown=\(hint ?? "none") rect=\(at)"
        }
    }
}

/// The geometry debug log's switch and writer.
enum DebugEvents {
    /// Whether `SAOMA_DEBUG_GEOMETRY=1` asks for the log.
    static let enabled = debugGeometryEnabled

    /// Writes `event`'s line when the log is on.
    static func log(_ event: @autoclosure () -> DebugEvent) {
        guard enabled else { return }
        debugLog(event().line)
    }

    /// Once `widget` is mapped and holds the keyboard focus, itself or through a child (a search
    /// entry's text; checked every 20 ms: a state, not a delay), logs `event`.
    @MainActor
    static func logWhenFocused(_ widget: UnsafeMutablePointer<GtkWidget>, _ event: DebugEvent) {
        guard enabled else { return }
        let owned = WidgetRef(sinking: widget)
        addTimeout(milliseconds: 20) {
            guard gtk_widget_get_mapped(owned.pointer) != 0, let root = gtk_widget_get_root(owned.pointer),
                let focus = gtk_root_get_focus(root), focus == owned.pointer || gtk_widget_is_ancestor(focus, owned.pointer) != 0
            else { return true }
            log(event)
            return false
        }
    }

    /// Once `widget` is mapped and laid out (checked every 20 ms: a state, not a delay), logs
    /// the event `make` builds from its centre on screen.
    @MainActor
    static func logWhenLaidOut(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ make: @escaping @MainActor ((x: Double, y: Double)) -> DebugEvent
    ) {
        guard enabled else { return }
        let owned = WidgetRef(sinking: widget)
        addTimeout(milliseconds: 20) {
            let w = Double(gtk_widget_get_width(owned.pointer))
            let h = Double(gtk_widget_get_height(owned.pointer))
            guard gtk_widget_get_mapped(owned.pointer) != 0, w > 0, h > 0, let origin = screenPoint(of: owned.pointer) else { return true }
            log(make((origin.x + w / 2, origin.y + h / 2)))
            return false
        }
    }
}
