// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import ZBarDecoding

/// `SAOMA_PASSES` is outside input: every number in a step name is read within its range by the
/// options' bounded reader, and a name that is no step is refused (never converted into a trap).
@Suite("SAOMA_PASSES step names")
struct DecodeStepNameTests {
    static let refused = [
        "down1e300", "upnan", "plain@99999999999999", "down0", "down17", "down-2", "up0.5", "up9", "upinf", "rot1e400", "rot361",
        "sharpnan", "sharp11", "upsharp1e9", "thresh2", "thresh1002", "thresh45.5", "plain@0", "plain@17", "plain@-1", "plain@", "down",
        "down 2", "down+2", "down0x10", "plain+plain+plain+plain+plain+plain+plain+plain+plain", "plain+", "+plain", "",
        "plain@2@3", String(repeating: "plain+", count: 100) + "plain", "invert" + String(repeating: "0", count: 300),
    ]

    @Test("hostile names are no steps", arguments: refused)
    func refusesHostileNames(name: String) {
        #expect(DecodeStep(name: name) == nil)
    }

    static let accepted: [(String, DecodeStep)] = [
        ("down16", DecodeStep(.downscale(16))), ("up1.5", DecodeStep(.upscale(1.5))), ("rot-45", DecodeStep(.rotate(-45))),
        ("sharp0", DecodeStep(.sharpen(0))), ("upsharp2", DecodeStep(.upSharpen(2))),
        ("thresh1001@16", DecodeStep(.threshold(1001), density: 16)),
        ("plain+plain+plain+plain+plain+plain+plain+plain", DecodeStep(.composed(Array(repeating: .plain, count: 8)))),
    ]

    @Test("names within the ranges are steps", arguments: accepted)
    func acceptsNamesInRange(name: String, step: DecodeStep) {
        #expect(DecodeStep(name: name) == step)
        #expect(DecodeStep(name: step.name) == step, "the name round-trips")
    }

    @Test("a spec keeps its steps (at most 32) and lists the names refused")
    func specs() {
        let mixed = DecodePasses.steps(fromSpec: "plain,down1e300,thresh45@2,upnan")
        #expect(mixed.steps == [DecodeStep(.plain), DecodeStep(.threshold(45), density: 2)])
        #expect(mixed.refused == ["down1e300", "upnan"])
        let long = DecodePasses.steps(fromSpec: Array(repeating: "plain", count: 40).joined(separator: ","))
        #expect(long.steps.count == DecodePasses.maximumSteps)
        #expect(long.refused.count == 40 - DecodePasses.maximumSteps)
        #expect(DecodePasses.steps(fromSpec: ",,,").steps.isEmpty)
    }
}
