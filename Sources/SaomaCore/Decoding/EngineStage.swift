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

extension EngineStage {
    /// Most stages a table may have.
    public static let maximumStages = 32

    /// A stage table written as `saoma scan --stages` takes it (a benchmark switch): stages joined
    /// by `;`, each `ENGINE:FORMATS[:WHEN]`, FORMATS a comma list of symbology names (or `all`),
    /// WHEN `always` (default), `empty` (only when nothing was found before), `everyN` or
    /// `everyN-empty` (every N-th live frame, N from 1 to 1000). Every stage gets `effort`.
    /// `nil` when any part is malformed or a limit is passed.
    public static func table(_ text: String, effort: DecodeEffort) -> [EngineStage]? {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard !text.isEmpty, parts.count <= maximumStages else { return nil }
        var stages: [EngineStage] = []
        for part in parts {
            let fields = part.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard (2...3).contains(fields.count), (1...64).contains(fields[0].utf8.count),
                fields[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { return nil }
            var formats = Set<Symbology>()
            for name in fields[1].split(separator: ",", omittingEmptySubsequences: false) {
                if name == "all" {
                    formats.formUnion(Symbology.allCases)
                } else if let symbology = Symbology(userName: String(name)) {
                    formats.insert(symbology)
                } else {
                    return nil
                }
            }
            guard let trigger = fields.count == 3 ? Self.trigger(fields[2]) : .always else { return nil }
            stages.append(EngineStage(engine: fields[0], symbologies: formats, effort: effort, trigger: trigger))
        }
        return stages
    }

    /// A `WHEN` of a stage table.
    static func trigger(_ text: String) -> Trigger? {
        switch text {
        case "always": return .always
        case "empty": return .whenNothingFound
        default:
            let empty = text.hasSuffix("-empty")
            let body = empty ? text.dropLast("-empty".count) : Substring(text)
            guard body.hasPrefix("every"), let n = Int(body.dropFirst("every".count)), (1...1000).contains(n),
                body.dropFirst("every".count).allSatisfy(\.isNumber)
            else { return nil }
            return empty ? .everyNthFrameWhenNothingFound(n) : .everyNthFrame(n)
        }
    }

    /// The table as `table(_:effort:)` reads it.
    public static func text(of stages: [EngineStage]) -> String {
        stages.map { stage in
            let formats = Symbology.allCases.filter(stage.symbologies.contains).map(\.name).joined(separator: ",")
            let when: String
            switch stage.trigger {
            case .always: when = "always"
            case .whenNothingFound: when = "empty"
            case .everyNthFrame(let n): when = "every\(n)"
            case .everyNthFrameWhenNothingFound(let n): when = "every\(n)-empty"
            }
            return "\(stage.engine):\(formats):\(when)"
        }.joined(separator: ";")
    }
}
