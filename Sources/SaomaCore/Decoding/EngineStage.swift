// SPDX-License-Identifier: GPL-3.0-or-later

/// One engine's turn in a composed decode: which engine, which symbologies it is asked for, for
/// which effort, and when it runs.
public struct EngineStage: Sendable, Equatable {
    /// When a stage runs.
    public enum Trigger: Sendable, Equatable {
        /// Every time.
        case always
        /// Only when the stages before it found nothing.
        case whenNothingFound
        /// On every `n`-th live frame (still images: every time).
        case everyNthFrame(Int)
        /// Every `n`-th live frame, and only when the stages before found nothing.
        case everyNthFrameWhenNothingFound(Int)
    }

    /// The engine's name, as the engine table and crash reports name it ("zbar", "zxing-cpp").
    public var engine: String
    /// The symbologies this stage reads (intersected with those asked for).
    public var symbologies: Set<Symbology>
    /// The effort this stage serves.
    public var effort: DecodeEffort
    public var trigger: Trigger

    public init(engine: String, symbologies: Set<Symbology>, effort: DecodeEffort, trigger: Trigger = .always) {
        self.engine = engine
        self.symbologies = symbologies
        self.effort = effort
        self.trigger = trigger
    }

    /// Whether the stage runs on this decode: `frame` counts live frames from 1, `foundSoFar` is
    /// what the earlier stages found.
    public func runs(effort: DecodeEffort, frame: Int, foundSoFar: Bool, wanted: Set<Symbology>) -> Bool {
        guard effort == self.effort, !symbologies.isDisjoint(with: wanted) else { return false }
        func onFrame(_ n: Int) -> Bool { effort == .thorough || frame % max(1, n) == 0 }
        switch trigger {
        case .always: return true
        case .whenNothingFound: return !foundSoFar
        case .everyNthFrame(let n): return onFrame(n)
        case .everyNthFrameWhenNothingFound(let n): return onFrame(n) && !foundSoFar
        }
    }
}
