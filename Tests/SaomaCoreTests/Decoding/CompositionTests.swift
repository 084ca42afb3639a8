// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// An engine that reports fixed codes and records what it was asked.
final class ScriptedEngine: BarcodeDecoder {
    let symbols: [Symbol]
    private(set) var asked: [Set<Symbology>] = []
    init(_ symbols: [Symbol]) { self.symbols = symbols }
    func decode(_ image: LumaImage, options: DecodeOptions) -> [Symbol] {
        asked.append(options.symbologies)
        return symbols.filter { options.symbologies.contains($0.format) }
    }
}

/// A code of `format` saying `text` in the box from (`x`, `y`) of `size`.
func code(_ format: Symbology, _ text: String, x: Double, y: Double = 10, size: Double = 40) -> Symbol {
    Symbol(
        format: format, bytes: Array(text.utf8), text: text,
        corners: [Point(x: x, y: y), Point(x: x, y: y + size), Point(x: x + size, y: y + size), Point(x: x + size, y: y)])
}

@Suite("Engine composition")
struct CompositionTests {
    let image = LumaImage(width: 8, height: 8)

    @Test(
        "a stage runs for its effort, on its frames, when its trigger says",
        arguments: [
            (EngineStage.Trigger.always, DecodeEffort.thorough, 1, true, true),
            (.always, .fast, 1, true, false),
            (.whenNothingFound, .thorough, 1, false, true),
            (.whenNothingFound, .thorough, 1, true, false),
            (.everyNthFrame(3), .fast, 2, false, false),
            (.everyNthFrame(3), .fast, 3, false, true),
            (.everyNthFrame(3), .thorough, 2, false, true),
            (.everyNthFrameWhenNothingFound(2), .fast, 4, true, false),
            (.everyNthFrameWhenNothingFound(2), .fast, 4, false, true),
            (.everyNthFrame(0), .fast, 5, false, true),
        ] as [(EngineStage.Trigger, DecodeEffort, Int, Bool, Bool)])
    func triggers(trigger: EngineStage.Trigger, effort: DecodeEffort, frame: Int, found: Bool, runs: Bool) {
        let stageEffort: DecodeEffort = effort == .fast && trigger == .always && !runs ? .thorough : effort
        let stage = EngineStage(engine: "e", symbologies: [.qrCode], effort: stageEffort, trigger: trigger)
        #expect(stage.runs(effort: effort, frame: frame, foundSoFar: found, wanted: [.qrCode]) == runs)
        #expect(!stage.runs(effort: effort, frame: frame, foundSoFar: found, wanted: [.ean13]))
    }

    @Test("stages run in order, each asked only for its symbologies, and a code two engines read is reported once")
    func runsStages() {
        let qr = code(.qrCode, "same", x: 100)
        let zbar = ScriptedEngine([qr, code(.ean13, "4006381333931", x: 0, size: 60)])
        let zxing = ScriptedEngine([code(.qrCode, "same", x: 102), code(.pdf417, "ticket", x: 200)])
        let decoder = StagedDecoder(
            stages: [
                EngineStage(engine: "zbar", symbologies: [.qrCode, .ean13], effort: .thorough),
                EngineStage(engine: "zxing", symbologies: [.qrCode, .pdf417], effort: .thorough),
            ], engines: ["zbar": zbar, "zxing": zxing])
        var ran: [Int] = []
        decoder.willRun = { ran.append($0) }
        let found = decoder.decode(image, options: DecodeOptions(symbologies: [.qrCode, .pdf417, .ean13]))
        #expect(found.map(\.text) == ["4006381333931", "same", "ticket"])
        #expect(found[1].corners == qr.corners)
        #expect(ran == [0, 1])
        #expect(zbar.asked == [[.qrCode, .ean13]] && zxing.asked == [[.qrCode, .pdf417]])
        decoder.excluded = ["zxing"]
        #expect(decoder.decode(image, options: DecodeOptions()).map(\.text) == ["4006381333931", "same"])
    }

    @Test(
        "a later read that contradicts an earlier one at the same place is dropped; elsewhere it is kept",
        arguments: [
            (code(.ean13, "4006381333931", x: 0), code(.ean13, "4006381333948", x: 2), false),
            (code(.ean13, "4006381333931", x: 0), code(.upcA, "036000291452", x: 2), false),
            (code(.ean13, "0036000291452", x: 0), code(.upcA, "036000291452", x: 2), false),
            (code(.ean13, "4006381333931", x: 0), code(.ean13, "4006381333948", x: 300), true),
            (code(.qrCode, "a", x: 0), code(.qrCode, "b", x: 2), false),
            (code(.qrCode, "a", x: 0), code(.pdf417, "b", x: 2), true),
        ])
    func contradictions(earlier: Symbol, later: Symbol, kept: Bool) {
        #expect(SymbolMerge.merged([earlier], [later]).count == (kept ? 2 : 1))
    }

    @Test("an engine quarantined after a crash sits out longer after each crash, and is forgotten after a while")
    func quarantine() {
        var q = EngineQuarantine()
        #expect(q.excluded(at: 0).isEmpty)
        q.crashed("zxing-cpp", at: 10)
        #expect(q.excluded(at: 10) == ["zxing-cpp"] && q.excluded(at: 14.9) == ["zxing-cpp"] && q.excluded(at: 15).isEmpty)
        q.crashed("zxing-cpp", at: 20)
        #expect(q.excluded(at: 29.9) == ["zxing-cpp"] && q.excluded(at: 30).isEmpty)
        for t in stride(from: 40.0, through: 200, by: 20) { q.crashed("zxing-cpp", at: t) }
        #expect(q.excluded(at: 200 + EngineQuarantine.longestPause - 1) == ["zxing-cpp"])
        q.crashed("zxing-cpp", at: 2000)
        #expect(q.excluded(at: 2000 + EngineQuarantine.firstPause).isEmpty)
    }
}
