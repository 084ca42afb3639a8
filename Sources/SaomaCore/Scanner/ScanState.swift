// SPDX-License-Identifier: GPL-3.0-or-later

/// The live scanner's one state: scanning → choosing among the codes found → chosen, or
/// paused for a reason; whether frames are delivered, decoded or the preview frozen is derived
/// from it, never stored beside it.
///
/// The choosing rules are `CodeChoice`'s (one code is chosen by itself after
/// `CodeChoice.autoChoiceDelay`); this adds pausing, and after a result the code just handled
/// is not taken again until it has left the view (`CodesInView`'s rule, as continuous mode
/// counts), so going back with the code still in front of the camera does not reopen it. Times
/// are seconds on any monotonic clock.
/// A value type owned by the live-scanning engine on the UI thread.
public struct ScanState: Sendable, Equatable {
    /// Why live scanning is paused.
    public enum PauseReason: Sendable, Hashable {
        /// Another page covers the scanner (a photo, a photo's result).
        case otherPage
        /// The camera is not streaming (no camera, busy, unplugged…).
        case cameraProblem
        /// The side panel covers the preview (a narrow window with the panel open).
        case covered
        /// The window is hidden (minimised or unmapped): nothing to show a frame to.
        case hidden
    }

    /// Where live scanning is.
    public enum Phase: Sendable, Equatable {
        /// Looking for codes: the preview runs and frames are decoded.
        case scanning
        /// Codes were found; the preview is frozen on their frame with markers over them.
        /// `autoChoiceAt` is set for a single code.
        case choosing(codes: [Symbol], autoChoiceAt: Double?)
        /// A code was chosen; its result shows.
        case chosen(Symbol)
        /// Not scanning for `reason`; resuming goes back to scanning.
        case paused(PauseReason)
    }

    private var choice = CodeChoice()
    /// The code chosen last, until scanning resumes after it.
    private var lastChosen: Symbol?
    /// Codes handled (chosen) that are still in view: not taken again until they have left it.
    private var handled = CodesInView()
    /// Every reason paused for now (both may hold at once).
    private var pauseReasons: Set<PauseReason> = []
    /// The reason `phase` reports: another page first (it is what the person sees), then the
    /// covering panel, then the hidden window, then the camera.
    private var pauseReason: PauseReason? {
        [PauseReason.otherPage, .covered, .hidden, .cameraProblem].first(where: pauseReasons.contains)
    }

    public init() {}

    public var phase: Phase {
        if let pauseReason { return .paused(pauseReason) }
        switch choice.phase {
        case .scanning: return .scanning
        case .choosing(let codes, let autoChoiceAt): return .choosing(codes: codes, autoChoiceAt: autoChoiceAt)
        case .chosen(let code): return .chosen(code)
        }
    }

    /// Whether the camera should hand over frames (prepared for the preview and the decoder).
    public var deliversFrames: Bool { phase == .scanning }

    /// Whether frames are decoded.
    public var decodesFrames: Bool { phase == .scanning }

    /// Whether the preview stays on the frame the codes were found in.
    public var freezesPreview: Bool {
        switch phase {
        case .choosing, .chosen: return true
        case .scanning, .paused: return false
        }
    }

    /// The codes shown with markers (empty unless choosing).
    public var codes: [Symbol] { pauseReason == nil ? choice.codes : [] }

    /// Codes were decoded at `time`; returns `true` when some are taken (only while scanning,
    /// and only codes other than one just handled that has stayed in view); `codes` then holds
    /// the codes taken.
    @discardableResult
    public mutating func found(_ symbols: [Symbol], at time: Double) -> Bool {
        guard pauseReason == nil, case .scanning = choice.phase else { return false }
        var fresh: [Symbol] = []
        for symbol in symbols {
            if handled.contains(symbol, at: time) {
                handled.see(symbol, at: time)
            } else {
                fresh.append(symbol)
            }
        }
        return choice.found(fresh, at: time)
    }

    /// Time passed; returns the code chosen automatically when its moment has come.
    public mutating func advance(to time: Double) -> Symbol? {
        guard pauseReason == nil, let symbol = choice.advance(to: time) else { return nil }
        lastChosen = symbol
        return symbol
    }

    /// The person chose `symbol` among the codes shown; returns `false` when it is not one of them.
    @discardableResult
    public mutating func choose(_ symbol: Symbol) -> Bool {
        guard pauseReason == nil, let index = choice.codes.firstIndex(of: symbol), choice.choose(at: index) != nil else { return false }
        lastChosen = symbol
        return true
    }

    /// Pauses for `reason`: a choice in progress is dropped (its markers go), a code chosen stays
    /// chosen (its result shows until the person leaves it: a pause ending under it, the camera
    /// back or the window shown again, must not start scanning behind the result).
    public mutating func pause(_ reason: PauseReason) {
        pauseReasons.insert(reason)
        if case .choosing = choice.phase { choice.resume() }
    }

    /// Ends the pause for `reason` (another reason may keep it paused).
    public mutating func endPause(_ reason: PauseReason) {
        pauseReasons.remove(reason)
    }

    /// Cancel, Back or back from another page at `time`: scanning again, unless the camera has
    /// a problem or the panel covers the preview (those pauses end only with `endPause`). A code
    /// chosen before counts as in view at `time`, so it is taken again only once it has left.
    public mutating func resume(at time: Double) {
        pauseReasons.remove(.otherPage)
        choice.resume()
        if let lastChosen { handled.see(lastChosen, at: time) }
        lastChosen = nil
    }
}
