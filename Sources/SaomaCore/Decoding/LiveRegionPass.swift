// SPDX-License-Identifier: GPL-3.0-or-later

/// A costly look at live frames, made only at the code-like regions of the scan frame the cheap
/// look left unread (`LiveDecodeScheduler` says when): the stages it runs there and whether the
/// region's grey levels are negated first (light codes on dark grounds).
public struct LiveRegionPass: Sendable, Equatable {
    /// What the pass is called in debug logs.
    public var name: String
    /// The engine stages run at each region.
    public var stages: [EngineStage]
    /// Whether the region is negated before the stages read it.
    public var negated: Bool

    public init(name: String, stages: [EngineStage], negated: Bool = false) {
        self.name = name
        self.stages = stages
        self.negated = negated
    }
}
