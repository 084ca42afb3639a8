// SPDX-License-Identifier: GPL-3.0-or-later
@testable import SaomaCore

/// The camera format negotiation over any numbers a V4L2 driver or a PipeWire node may report:
/// frame sizes (discrete and ranges), intervals (discrete and ranges) and PipeWire sizes and
/// rates become modes within the limits or skipped values, the mode policy chooses one of them,
/// and what is asked of the camera for it reads back as the same rate.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormatNegotiation(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzedData(data, size)
    func uint32() -> UInt32 { UInt32(bitPattern: input.int32()) }
    func fraction() -> CameraValues.Fraction { CameraValues.Fraction(uint32(), uint32()) }
    var modes: [CameraMode] = []
    var skipped: [CameraValues.Skipped] = []
    // V4L2: a few frame-size answers, each with a few interval answers.
    for _ in 0..<input.index(below: 4) {
        let sizeAnswer: CameraValues.FrameSize =
            input.bool()
            ? .discrete(width: uint32(), height: uint32())
            : .range(minWidth: uint32(), maxWidth: uint32(), minHeight: uint32(), maxHeight: uint32())
        switch CameraValues.sizes(sizeAnswer) {
        case .failure(let reason): skipped.append(reason)
        case .success(let sizes):
            fuzzCheck(!sizes.isEmpty, "an accepted size answer with no size: \(sizeAnswer)")
            for _ in 0..<input.index(below: 4) {
                let intervalAnswer: CameraValues.FrameInterval =
                    input.bool() ? .discrete(fraction()) : .range(shortest: fraction(), longest: fraction())
                switch CameraValues.rates(intervalAnswer) {
                case .failure(let reason): skipped.append(reason)
                case .success(let rates):
                    fuzzCheck(!rates.isEmpty, "an accepted interval answer with no rate: \(intervalAnswer)")
                    for size in sizes {
                        modes += rates.map { CameraMode(width: size.width, height: size.height, framesPerSecond: $0, pixelFormat: "YUYV") }
                    }
                }
            }
        }
    }
    // PipeWire: one format param with a few sizes and rates.
    let sizes = (0..<input.index(below: 8)).map { _ in (width: uint32(), height: uint32()) }
    let rates = (0..<input.index(below: 8)).map { _ in fraction() }
    let offer = CameraValues.modes(formats: ["NV12", "MJPG"], sizes: sizes, rates: rates)
    fuzzCheck(offer.modes.count <= CameraValues.maximumModes, "more modes than the limit")
    fuzzCheck(offer.skipped.count <= min(sizes.count + rates.count, CameraValues.maximumSkippedShown), "skipped values out of nowhere")
    modes += offer.modes
    for mode in modes {
        fuzzCheck(CameraValues.isAcceptable(width: mode.width, height: mode.height), "a mode out of range: \(mode)")
        let fps = mode.framesPerSecond
        fuzzCheck(
            (CameraValues.minimumFramesPerSecond...CameraValues.maximumFramesPerSecond).contains(fps), "a rate out of range: \(mode)")
        // What is asked of the camera reads back as the same rate (to its rounding).
        let asked = CameraValues.timePerFrame(forFramesPerSecond: fps)
        let back = CameraValues.framesPerSecond(timePerFrame: asked)
        fuzzCheck(back.map { abs($0 - fps) <= 0.01 } == true, "\(fps) fps asked as \(asked) s reads back as \(String(describing: back))")
        let rate = CameraValues.rate(forFramesPerSecond: fps)
        let rateBack = CameraValues.framesPerSecond(rate: rate)
        fuzzCheck(
            rateBack.map { abs($0 - fps) <= 0.01 } == true, "\(fps) fps asked as \(rate) reads back as \(String(describing: rateBack))")
        _ = mode.description
    }
    // The policy chooses among the modes (or none when there are none), whatever they are.
    let chosen = CameraModePolicy.choose(from: modes)
    fuzzCheck((chosen == nil) == modes.isEmpty, "no choice among \(modes.count) modes")
    if let chosen { fuzzCheck(modes.contains(chosen), "a chosen mode that was not offered: \(chosen)") }
    // Any number at all, even where no camera value reaches: the policy and the text never trap.
    let wild = CameraMode(width: Int(input.int32()) << 32, height: Int(input.int32()), framesPerSecond: input.double(), pixelFormat: "")
    _ = CameraModePolicy.choose(from: [wild] + modes.prefix(4))
    _ = wild.description
    _ = CameraValues.timePerFrame(forFramesPerSecond: wild.framesPerSecond)
    _ = CameraValues.rate(forFramesPerSecond: wild.framesPerSecond)
    return 0
}
