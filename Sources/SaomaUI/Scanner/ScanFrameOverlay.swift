// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The scan frame drawn over the preview: dimmed (or lit) surround, outline, corner and edge
/// marks, the sweeping scan line; resized by dragging its eight handles or with the arrow keys.
/// The handle under the pointer shows a light disc (brighter while it is dragged) and white marks.
///
/// Draws only what `ScanFrame` computes. UI thread only.
@MainActor
final class ScanFrameOverlay {
    /// The drawing and input widget (focusable; covers the preview).
    let area = SnapshotArea(accessibleRole: GTK_ACCESSIBLE_ROLE_GROUP)
    /// The frame model; `nil` until the view has a size.
    private(set) var frame: ScanFrame?
    /// Fractions of the view restored on first layout (the `scan-frame-size` setting).
    var initialRelativeSize: SaomaSize?
    /// Called after the frame's size or position changed (drag, keys, view resize).
    var onFrameChanged: (() -> Void)?
    /// Called when a drag or key press finished resizing (to remember the size).
    var onResizeFinished: (() -> Void)?
    /// Called when the frame's place changed (the view was resized or the frame resized), to
    /// place what must stay clear of its handles.
    var onLayoutChanged: (() -> Void)?

    /// Whether the surround is a bright light (low light mode) instead of dimmed.
    var lightsSurround = false {
        didSet { gtk_widget_queue_draw(area.widget) }
    }

    /// Seconds on the monotonic clock when the scan line started; `nil` when it is stopped.
    private var scanLineStart: Double?
    /// The fallback redraw timer's GLib source id (0 when none). A timer, not a tick callback:
    /// a tick callback keeps GTK's frame clock painting at the display rate even between frames.
    /// It runs only while the line sweeps and the overlay is on screen (mapped): behind another
    /// page or in a hidden window nothing wakes up for it.
    private var redrawTimer: guint = 0
    /// When the overlay was last drawn (seconds, monotonic).
    private var lastDrawn = 0.0
    /// Longest pause between scan-line redraws when no camera frames arrive, in seconds.
    private static let idleRedrawInterval = 0.05
    private var dragHandle: FrameHandle?
    private var dragStartSize = SaomaSize.zero
    private var cursorHandle: FrameHandle?

    /// Dim colour outside the frame: black at 50 % alpha.
    private static let dim = Draw.rgba(0, 0, 0, 0.5)
    /// The low-light surround: opaque white.
    private static let light = Draw.rgba(1, 1, 1, 1)
    /// Outline and marks: white (dark grey over the light surround).
    private static let outline = Draw.rgba(1, 1, 1, 0.9)
    private static let outlineOnLight = Draw.rgba(0.2, 0.2, 0.2, 0.9)
    /// libadwaita's accent blue for marks and the scan line.
    static let accent = Draw.rgba(0.21, 0.52, 0.89, 1)
    /// The disc behind the handle under the pointer, and while it is dragged.
    private static let hoverDisc = Draw.rgba(1, 1, 1, 0.3)
    private static let pressedDisc = Draw.rgba(1, 1, 1, 0.5)
    /// The marks of the handle under the pointer.
    private static let hoverMark = Draw.rgba(1, 1, 1, 1)
    /// Height of the scan line, in points.
    private static let scanLineHeight = 3.0

    init() {
        let widget = area.widget
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_add_css_class(widget, "scan-frame")
        saoma_accessible_set_label(OpaquePointer(widget), tr("Scan frame"))
        saoma_accessible_set_description(OpaquePointer(widget), tr("Use the arrow keys to resize; hold Shift for larger steps"))
        area.draw = { [weak self] snapshot, width, height in self?.draw(snapshot, width, height) }
        area.onResize = { [weak self] width, height in self?.viewResized(SaomaSize(width: width, height: height)) }

        let drag = created(gtk_gesture_drag_new())
        onDrag(
            UnsafeMutableRawPointer(drag),
            begin: { [weak self] x, y in self?.dragBegan(at: SaomaPoint(x: x, y: y), gesture: drag) },
            update: { [weak self] dx, dy in self?.dragMoved(dx: dx, dy: dy) },
            end: { [weak self] dx, dy in self?.dragEnded(dx: dx, dy: dy) })
        gtk_widget_add_controller(widget, drag)

        let motion = created(gtk_event_controller_motion_new())
        onMotion(UnsafeMutableRawPointer(motion)) { [weak self] x, y in self?.pointerMoved(to: SaomaPoint(x: x, y: y)) }
        onSimpleSignal(UnsafeMutableRawPointer(motion), "leave") { [weak self] in self?.pointerLeft() }
        gtk_widget_add_controller(widget, motion)

        let keys = created(gtk_event_controller_key_new())
        onKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, modifiers in self?.keyPressed(keyval, modifiers) ?? false }
        gtk_widget_add_controller(widget, keys)
        onSimpleSignal(UnsafeMutableRawPointer(widget), "map") { [weak self] in self?.updateRedrawTimer() }
        onSimpleSignal(UnsafeMutableRawPointer(widget), "unmap") { [weak self] in self?.updateRedrawTimer() }
    }

    /// The frame in view points, when laid out.
    var rectInView: SaomaRect? { frame?.rect }

    /// Starts the scan line sweeping from the top.
    func startScanLine() {
        scanLineStart = monotonicSeconds()
        updateRedrawTimer()
    }

    /// Redraws the scan line at its current place (called for each camera frame).
    func advanceScanLine() {
        if scanLineStart != nil { gtk_widget_queue_draw(area.widget) }
    }

    /// Stops and hides the scan line.
    func stopScanLine() {
        scanLineStart = nil
        updateRedrawTimer()
        gtk_widget_queue_draw(area.widget)
    }

    /// Runs the fallback redraw timer exactly while the line sweeps on screen.
    private func updateRedrawTimer() {
        let wanted = scanLineStart != nil && gtk_widget_get_mapped(area.widget) != 0
        if wanted && redrawTimer == 0 {
            redrawTimer = addTimeout(milliseconds: UInt32(ScanFrameOverlay.idleRedrawInterval * 1000)) { [weak self] in
                guard let self else { return false }
                // Camera frames redraw the line (`advanceScanLine`); without them, the timer does.
                if monotonicSeconds() - self.lastDrawn >= ScanFrameOverlay.idleRedrawInterval { gtk_widget_queue_draw(self.area.widget) }
                return true
            }
        } else if !wanted && redrawTimer != 0 {
            g_source_remove(redrawTimer)
            redrawTimer = 0
        }
    }

    /// Whether the fallback redraw timer runs (tests).
    var redrawsOnItsOwn: Bool { redrawTimer != 0 }

    private func viewResized(_ size: SaomaSize) {
        if var frame {
            frame.resizeView(to: size)
            self.frame = frame
        } else {
            frame = ScanFrame(viewSize: size, relativeSize: initialRelativeSize)
        }
        onFrameChanged?()
        onLayoutChanged?()
    }

    private func draw(_ snapshot: OpaquePointer, _ width: Double, _ height: Double) {
        lastDrawn = monotonicSeconds()
        guard let frame else { return }
        for rect in frame.surroundRects { Draw.fill(snapshot, rect, lightsSurround ? Self.light : Self.dim) }
        for rect in frame.outlineRects { Draw.fill(snapshot, rect, lightsSurround ? Self.outlineOnLight : Self.outline) }
        let highlighted = dragHandle ?? cursorHandle
        if let highlighted {
            Draw.disc(
                snapshot, centre: frame.point(of: highlighted), radius: ScanFrame.grabRadius,
                dragHandle == nil ? Self.hoverDisc : Self.pressedDisc)
        }
        for handle in FrameHandle.allCases {
            let colour = handle == highlighted ? Self.hoverMark : Self.accent
            for rect in frame.marks(of: handle) { Draw.fill(snapshot, rect, colour) }
        }
        if let start = scanLineStart {
            let state = ScanLineAnimation.state(elapsed: monotonicSeconds() - start)
            let r = frame.rect
            let y = r.minY + state.progress * (r.height - Self.scanLineHeight)
            var color = Self.accent
            color.alpha = Float(state.opacity)
            Draw.fill(snapshot, SaomaRect(x: r.minX + 8, y: y, width: max(0, r.width - 16), height: Self.scanLineHeight), color)
        }
    }

    private func dragBegan(at point: SaomaPoint, gesture: OpaquePointer) {
        guard let frame, let handle = frame.handle(at: point) else {
            dragHandle = nil
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
            return
        }
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        gtk_widget_grab_focus(area.widget)
        dragHandle = handle
        dragStartSize = frame.size
        handleStateChanged()
    }

    private func dragMoved(dx: Double, dy: Double) {
        guard let handle = dragHandle, var frame else { return }
        frame.drag(handle, from: dragStartSize, dx: dx, dy: dy)
        self.frame = frame
        gtk_widget_queue_draw(area.widget)
        onFrameChanged?()
    }

    private func dragEnded(dx: Double, dy: Double) {
        guard dragHandle != nil else { return }
        dragMoved(dx: dx, dy: dy)
        dragHandle = nil
        handleStateChanged()
        onResizeFinished?()
        onLayoutChanged?()
    }

    private func pointerMoved(to point: SaomaPoint) {
        let handle = dragHandle ?? frame?.handle(at: point)
        guard handle != cursorHandle else { return }
        cursorHandle = handle
        gtk_widget_set_cursor_from_name(area.widget, handle?.cursorName)
        handleStateChanged()
    }

    private func pointerLeft() {
        guard dragHandle == nil, cursorHandle != nil else { return }
        cursorHandle = nil
        gtk_widget_set_cursor_from_name(area.widget, nil)
        handleStateChanged()
    }

    /// Redraws the handles' hover or pressed look.
    private func handleStateChanged() {
        gtk_widget_queue_draw(area.widget)
        let handle = dragHandle ?? cursorHandle
        DebugEvents.log(.frameHandle(handle?.rawValue ?? "none", pressed: dragHandle != nil))
    }

    private func keyPressed(_ keyval: UInt32, _ modifiers: UInt32) -> Bool {
        let key: ArrowKey
        switch Int32(keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: key = .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: key = .down
        case GDK_KEY_Left, GDK_KEY_KP_Left: key = .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: key = .right
        default: return false
        }
        guard var frame else { return false }
        frame.nudge(key, large: modifiers & GDK_SHIFT_MASK.rawValue != 0)
        self.frame = frame
        gtk_widget_queue_draw(area.widget)
        onFrameChanged?()
        onResizeFinished?()
        onLayoutChanged?()
        return true
    }
}
