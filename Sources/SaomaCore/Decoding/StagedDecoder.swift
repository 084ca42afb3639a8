// SPDX-License-Identifier: GPL-3.0-or-later

/// Runs a table of engine stages over an image and merges what they find (`SymbolMerge`): the
/// mechanism behind the one composition point, which supplies the table and the engines.
///
/// Owns its engines; like every decoder, used by one thread at a time.
public final class StagedDecoder: BarcodeDecoder {
    /// The stages in the order they run.
    public var stages: [EngineStage]
    private let engines: [String: BarcodeDecoder]
    /// Live frames decoded so far (for `everyNthFrame` triggers).
    private var frames = 0
    /// Engines not to run (after one of them stopped the decoder process on this input).
    public var excluded: Set<String> = []
    /// Called with a stage's index just before it runs (the decoder process records it, so a
    /// crash can be put down to its engine).
    public var willRun: (Int) -> Void = { _ in }

    public init(stages: [EngineStage], engines: [String: BarcodeDecoder]) {
        self.stages = stages
        self.engines = engines
    }

    public func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        if options.effort == .fast { frames += 1 }
        var found: [Symbol] = []
        for (index, stage) in stages.enumerated() {
            guard !excluded.contains(stage.engine), let engine = engines[stage.engine],
                stage.runs(effort: options.effort, frame: frames, foundSoFar: !found.isEmpty, wanted: options.symbologies)
            else { continue }
            var stageOptions = options
            stageOptions.symbologies = options.symbologies.intersection(Self.askable(stage.symbologies))
            willRun(index)
            found = SymbolMerge.merged(found, engine.decode(image, options: stageOptions))
        }
        return found.sortedInReadingOrder()
    }

    /// What a stage may be asked for: ISBNs come with EAN-13 (engines report books' EAN-13s as
    /// ISBNs when those are asked for).
    static func askable(_ symbologies: Set<Symbology>) -> Set<Symbology> {
        symbologies.contains(.ean13) ? symbologies.union([.isbn10, .isbn13]) : symbologies
    }
}
