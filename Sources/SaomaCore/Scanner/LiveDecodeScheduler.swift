// SPDX-License-Identifier: GPL-3.0-or-later

/// Decides, frame by frame, what live decoding spends CPU time on, so a camera pointed at a desk
/// costs little while a code entering the frame is still read at once.
///
/// A frame is looked at only when it pays: when its scan frame differs from the frame last looked
/// at (`FrameSignature`'s change, a share of blocks: sensor noise alone never reaches it), while
/// the last look left something open (codes just read, to confirm or follow them; a look the
/// decoder failed on; costly passes still owed), and otherwise every `refreshInterval` seconds.
/// A look is the cheap pass over the whole scan frame, then the costly passes (another engine, a
/// negated copy…), each only at the code-like regions the cheap pass left unread, and each once
/// per scene: a scene that has had every pass is not decoded again until it changes or the
/// refresh comes.
///
/// All of it under a CPU budget: `cpuPerSecond` seconds of decoding per second on average, at
/// most `burst` at once after a quiet spell. A look costing more than the balance puts it in
/// debt, paid by the frames skipped next (the newest frame is looked at once it is paid). Costly
/// passes wait while the balance is spent and run on a later frame.
///
/// Pure: times are seconds on any monotonic clock, CPU costs are measured by the caller. A value
/// type owned by the decode thread.
public struct LiveDecodeScheduler: Sendable, Equatable {
    /// Why a frame is looked at.
    public enum Reason: String, Sendable, Equatable {
        /// The scene differs from the frame last looked at (or none was).
        case changed
        /// The last look read codes (a second look, with every pass, confirms them) or failed.
        case unsettled
        /// Costly passes the budget put off are still owed to this scene.
        case owed
        /// Nothing changed for `refreshInterval` seconds: a look now and then all the same.
        case refresh
        /// A still scene's region left unread, averaged over several frames (`FrameAverage`):
        /// the decode worker's look, never the scheduler's.
        case averaged
    }

    /// The scheduler's tuning.
    public struct Settings: Sendable, Equatable {
        /// Smallest share of the signature's blocks that must have changed for a new scene (0…1).
        public var changeThreshold: Double
        /// Seconds after which an unchanged scene is looked at again; below the seconds a code
        /// may go unseen before it counts as having left the view (a code handled and still in
        /// front of the camera must keep being seen).
        public var refreshInterval: Double
        /// CPU seconds decoding may use per second, on average.
        public var cpuPerSecond: Double
        /// CPU seconds decoding may use at once after a quiet spell, and the deepest debt.
        public var burst: Double

        /// Saoma's: any two blocks of a 16×16 grid, a look a second (GNOME Snapshot's rate),
        /// a fifth of a core at most.
        public static let standard = Settings(changeThreshold: 0.005, refreshInterval: 1, cpuPerSecond: 0.2, burst: 0.2)
    }

    /// A code's identity across looks.
    struct CodeKey: Hashable, Sendable {
        var format: Symbology
        var bytes: [UInt8]
    }

    public let settings: Settings
    /// How many costly passes there are (numbered from 0 in the order they run).
    public let costlyPassCount: Int
    /// CPU seconds decoding may spend now; negative while in debt.
    public private(set) var balance: Double
    /// When the balance was last brought up to date.
    private var balanceTime: Double?
    /// When the last completed look ended.
    private var lastLook: Double?
    /// Costly passes the current scene has not had yet.
    public private(set) var owed: Set<Int> = []
    /// Whether the last look leaves the scene open (see `Reason.unsettled`).
    private var unsettled = false
    /// The codes the last completed look read.
    private var lastFound: Set<CodeKey> = []
    /// The lowest costly pass the current look may still run.
    private var passCursor = 0

    public init(costlyPasses: Int, settings: Settings = .standard) {
        self.settings = settings
        costlyPassCount = max(0, costlyPasses)
        balance = settings.burst
    }

    /// Whether to look at the newest frame, seen at `time` with `change` (0…1, the share of blocks
    /// that changed since the frame last looked at), and why; `nil` to skip it.
    public mutating func look(at time: Double, change: Double) -> Reason? {
        refill(to: time)
        let reason: Reason
        if lastLook == nil || change >= settings.changeThreshold {
            reason = .changed
        } else if unsettled {
            reason = .unsettled
        } else if !owed.isEmpty {
            reason = .owed
        } else if let lastLook, time - lastLook >= settings.refreshInterval {
            reason = .refresh
        } else {
            return nil
        }
        guard balance > 0 else { return nil }
        passCursor = 0
        // A new scene (or a refresh of the old one) is owed every costly pass.
        if reason == .changed || reason == .refresh { owed = Set(0..<costlyPassCount) }
        return reason
    }

    /// The next costly pass to run in this look, after its cheap pass found `regions` code-like
    /// regions unread: the first owed pass after those already run in this look, while the
    /// balance allows; `nil` when none is (the passes left are owed to a later frame).
    public mutating func nextPass(regions: Int) -> Int? {
        guard regions > 0, balance > 0, let next = owed.filter({ $0 >= passCursor }).min() else { return nil }
        passCursor = next + 1
        return next
    }

    /// Costly pass `index` ran at every region; `completed` is false when the decoder failed on
    /// one of them (the pass stays owed).
    public mutating func passRan(_ index: Int, completed: Bool) {
        if completed { owed.remove(index) }
    }

    /// Decoding spent `cpuSeconds` of CPU time, up to `time`.
    public mutating func spend(_ cpuSeconds: Double, at time: Double) {
        refill(to: time)
        guard cpuSeconds.isFinite, cpuSeconds > 0 else { return }
        balance = max(-settings.burst, balance - cpuSeconds)
    }

    /// The look ended at `time`: its cheap pass found `regions` code-like regions unread, and the
    /// look read `found`; `completed` is false when the decoder failed on the frame (the scene
    /// stays open: the next frame is looked at again).
    public mutating func finished(at time: Double, regions: Int, found: [Symbol], completed: Bool) {
        passCursor = 0
        guard completed else {
            unsettled = true
            return
        }
        lastLook = time
        // Nothing code-like left unread: no costly pass has anything to look at in this scene.
        if regions == 0 { owed = [] }
        let keys = Set(found.map { CodeKey(format: $0.format, bytes: $0.bytes) })
        // Codes read: looked at again, with every pass (a costly one may have read them), until
        // two looks agree on them: a code that is not self-checking needs a second read within
        // a second to show; codes coming and going are followed.
        unsettled = !keys.isEmpty && keys != lastFound
        if unsettled { owed = Set(0..<costlyPassCount) }
        lastFound = keys
    }

    /// Brings the balance up to `time`: `cpuPerSecond` per second elapsed, at most `burst`.
    private mutating func refill(to time: Double) {
        guard time.isFinite else { return }
        if let balanceTime, time > balanceTime {
            balance = min(settings.burst, balance + (time - balanceTime) * settings.cpuPerSecond)
        }
        if balanceTime.map({ time > $0 }) ?? true { balanceTime = time }
    }
}
