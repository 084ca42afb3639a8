// SPDX-License-Identifier: GPL-3.0-or-later

/// Steers a camera's focus and zoom so a small or blurred code gets the pixels, from what each
/// live look found.
///
/// - Autofocus stays on where the camera offers it (it is turned on at the start if it was off,
///   and nothing else touches the focus).
/// - A camera with only an absolute focus gets a bounded sweep: once a code-like region has
///   stayed unread for `sweepDelay` seconds, the focus steps through `sweepPositions` positions
///   across its range, `dwell` seconds each; a read keeps the position; the sweep happens once
///   per region (after the last position the focus goes back) and the original focus returns
///   when the region leaves.
/// - Zoom, where offered, goes in by `zoomShare` of its range (2× on the common UVC range 100–500)
///   when an unread region is small (`zoomedRegionShare` of the scan frame's shorter side) and
///   near the middle of the picture, so zooming keeps it in view; it is restored after a read,
///   when the region leaves, or after `zoomTimeout` seconds without a read (then not again for
///   that region).
///
/// Every change waits `minimumInterval` seconds after the previous one (a lens motor takes a
/// moment, and the frames in between show the old setting). Pure: times are seconds on any
/// monotonic clock; the caller applies the values returned.
public struct LensControlPolicy: Sendable, Equatable {
    /// What one live look saw, in working-frame pixels.
    public struct Observation: Sendable, Equatable {
        public var time: Double
        /// The largest code-like region the look left unread, if any.
        public var unreadRegion: PixelRect?
        /// The scan frame.
        public var scanFrame: PixelRect
        /// The frame's size.
        public var frameWidth: Int
        public var frameHeight: Int
        /// Whether the look read a code.
        public var read: Bool

        public init(time: Double, unreadRegion: PixelRect?, scanFrame: PixelRect, frameWidth: Int, frameHeight: Int, read: Bool) {
            self.time = time
            self.unreadRegion = unreadRegion
            self.scanFrame = scanFrame
            self.frameWidth = frameWidth
            self.frameHeight = frameHeight
            self.read = read
        }
    }

    /// Seconds a region stays unread before the focus sweep starts.
    public static let sweepDelay = 1.5
    /// Focus positions a sweep visits, evenly spread over the range.
    public static let sweepPositions = 5
    /// Seconds the focus rests at each position (a look a second sees each).
    public static let dwell = 1.2
    /// Seconds a region stays unread before zooming in.
    public static let zoomDelay = 1.0
    /// Share of the zoom range zoomed in by (0…1).
    public static let zoomShare = 0.25
    /// Magnification assumed for `zoomShare` when checking the region stays in view.
    public static let assumedMagnification = 2.0
    /// Largest region zoomed in on: share of the scan frame's shorter side its longer side is.
    public static let zoomedRegionShare = 0.25
    /// Seconds zoomed in without a read before zooming back out.
    public static let zoomTimeout = 4.0
    /// Seconds without an unread region before it counts as gone.
    public static let leaveDelay = 1.5
    /// Seconds between two changes.
    public static let minimumInterval = 0.5

    /// The lens controls offered, as found at the start.
    public let controls: [CameraControlKind: CameraControlState]
    /// When an unread region was first seen (continuously since).
    private var unreadSince: Double?
    /// When an unread region or a read was last seen.
    private var lastSeen: Double?
    /// The sweep's next position index, and when the focus last moved.
    private var sweepStep = 0
    private var sweepDone = false
    private var focusMoved = false
    private var zoomed = false
    private var zoomDone = false
    private var zoomedAt = 0.0
    private var lastChange = -Double.infinity

    public init(controls: [CameraControlState]) {
        var found: [CameraControlKind: CameraControlState] = [:]
        for control in controls where CameraControlKind.lens.contains(control.kind) && control.maximum > control.minimum {
            found[control.kind] = control
        }
        // A boolean autofocus ranges over 0…1 only.
        if let auto = found[.focusAuto], auto.minimum != 0 || auto.maximum != 1 { found[.focusAuto] = nil }
        self.controls = found
    }

    /// Whether the focus is the camera's own (autofocus offered).
    public var hasAutofocus: Bool { controls[.focusAuto] != nil }

    /// The values to set when streaming starts: autofocus on where offered.
    public func start() -> [CameraControlKind: Int] {
        guard let auto = controls[.focusAuto], auto.value != 1 else { return [:] }
        return [.focusAuto: 1]
    }

    /// The values to set after a look saw `observation` (empty: leave the lens as it is).
    public mutating func observe(_ observation: Observation) -> [CameraControlKind: Int] {
        let now = observation.time
        guard now.isFinite else { return [:] }
        if observation.read || observation.unreadRegion != nil { lastSeen = now }
        if observation.read {
            // A read: the focus that gave it stays; the zoom goes back.
            unreadSince = nil
            sweepDone = true
            zoomDone = true
            return zoomed ? restoreZoom(at: now) : [:]
        }
        guard let region = observation.unreadRegion else {
            if let lastSeen, now - lastSeen < Self.leaveDelay { return [:] }
            // The region left: everything back, ready for the next one.
            var targets: [CameraControlKind: Int] = [:]
            if zoomed { targets.merge(restoreZoom(at: now)) { $1 } }
            if focusMoved, let focus = controls[.focusAbsolute] {
                targets[.focusAbsolute] = focus.value
                focusMoved = false
                lastChange = now
            }
            unreadSince = nil
            sweepStep = 0
            sweepDone = false
            zoomDone = false
            return targets
        }
        if unreadSince == nil { unreadSince = now }
        let unreadFor = now - (unreadSince ?? now)
        guard now - lastChange >= Self.minimumInterval else { return [:] }
        if zoomed {
            if now - zoomedAt >= Self.zoomTimeout {
                zoomDone = true
                return restoreZoom(at: now)
            }
        } else if !zoomDone, unreadFor >= Self.zoomDelay, let zoom = controls[.zoomAbsolute],
            Self.zoomHelps(region: region, observation: observation)
        {
            zoomed = true
            zoomedAt = now
            lastChange = now
            let wanted = zoom.minimum + Int((Double(zoom.maximum - zoom.minimum) * Self.zoomShare).rounded())
            return [.zoomAbsolute: zoom.clamped(max(zoom.value, wanted))]
        }
        guard !hasAutofocus, !sweepDone, unreadFor >= Self.sweepDelay, let focus = controls[.focusAbsolute],
            now - lastChange >= (focusMoved ? Self.dwell : Self.minimumInterval)
        else { return [:] }
        lastChange = now
        if sweepStep >= Self.sweepPositions {
            // Every position seen without a read: back where the person had it.
            sweepDone = true
            focusMoved = false
            return [.focusAbsolute: focus.value]
        }
        let position = Self.sweepPosition(sweepStep, of: focus)
        sweepStep += 1
        focusMoved = true
        return [.focusAbsolute: position]
    }

    /// Position `index` of a sweep over `focus`'s range (from the nearest end: a code held close
    /// to a fixed-focus camera is the usual blurred one).
    static func sweepPosition(_ index: Int, of focus: CameraControlState) -> Int {
        let span = Double(focus.maximum - focus.minimum)
        let share = sweepPositions > 1 ? Double(sweepPositions - 1 - index) / Double(sweepPositions - 1) : 0
        return focus.clamped(focus.minimum + Int((span * share).rounded()))
    }

    /// Whether zooming in keeps `region` in view and makes it larger where that is needed.
    static func zoomHelps(region: PixelRect, observation: Observation) -> Bool {
        let frame = observation.scanFrame
        guard frame.width > 0, frame.height > 0, observation.frameWidth > 0, observation.frameHeight > 0 else { return false }
        guard Double(max(region.width, region.height)) <= zoomedRegionShare * Double(min(frame.width, frame.height)) else {
            return false
        }
        // Zooming by m moves a point d from the picture's middle to m·d: the region's far edge must stay inside.
        let halfWidth = Double(observation.frameWidth) / 2
        let halfHeight = Double(observation.frameHeight) / 2
        let dx = max(abs(Double(region.x) - halfWidth), abs(Double(region.maxX) - halfWidth))
        let dy = max(abs(Double(region.y) - halfHeight), abs(Double(region.maxY) - halfHeight))
        return dx * assumedMagnification <= halfWidth && dy * assumedMagnification <= halfHeight
    }

    private mutating func restoreZoom(at now: Double) -> [CameraControlKind: Int] {
        zoomed = false
        lastChange = now
        guard let zoom = controls[.zoomAbsolute] else { return [:] }
        return [.zoomAbsolute: zoom.value]
    }
}
