// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SaomaCore

/// One way of presenting an image to zbar.
enum DecodePass: Equatable, Sendable {
    /// The image as it is.
    case plain
    /// Shrunk by an integer factor (box filter): removes noise and JPEG ringing in large photos.
    case downscale(Int)
    /// Enlarged (bilinear): gives zbar more pixels per module on small codes.
    case upscale(Double)
    /// Rotated by degrees: 1-D codes zbar's horizontal/vertical scan lines cross too obliquely.
    case rotate(Double)
    /// Local adaptive threshold with a window in pixels: uneven lighting, low contrast.
    case threshold(Int)
    /// Grey levels stretched to the full range.
    case stretch
    /// Mirrored left–right.
    case mirror
    /// Grey levels negated: light codes on dark grounds (images larger than `maxSideToInvertWhole`
    /// are halved first: the pass runs on every image nothing else read, and a halved image costs
    /// zbar a quarter).
    case invert
    /// Unsharp mask of the given strength (1 = difference added once): blurred edges.
    case sharpen(Double)
    /// Several passes applied one after the other (`down2+invert`).
    indirect case composed([DecodePass])
    /// Enlarged by the factor, then sharpened.
    case upSharpen(Double)

    /// Parses a pass name of the `SAOMA_PASSES` benchmark variable: `plain`, `downN` (1…16),
    /// `upN` (1…8), `rotN` (degrees, −360…360), `threshN` (window, 3…1001 pixels), `sharpN`
    /// (0…10), `upsharpN` (1…8), `stretch`, `mirror`, `invert`, or up to 8 joined with `+`
    /// (`down2+invert`). Numbers are read by `ArgumentReader` within those ranges (the variable
    /// is outside input: `down1e300`, `upnan` are no passes).
    init?(name: String) {
        func number(after prefix: String, in range: ClosedRange<Double>) -> Double? {
            guard name.hasPrefix(prefix) else { return nil }
            return ArgumentReader.number(name.dropFirst(prefix.count), in: range)
        }
        func integer(after prefix: String, in range: ClosedRange<Int>) -> Int? {
            guard name.hasPrefix(prefix) else { return nil }
            return ArgumentReader.integer(name.dropFirst(prefix.count), in: range)
        }
        if name.contains("+") {
            let names = name.split(separator: "+", omittingEmptySubsequences: false)
            guard names.count <= Self.maximumComposed else { return nil }
            let parts = names.compactMap { DecodePass(name: String($0)) }
            guard parts.count == names.count else { return nil }
            self = .composed(parts)
        } else if name == "plain" {
            self = .plain
        } else if name == "stretch" {
            self = .stretch
        } else if name == "mirror" {
            self = .mirror
        } else if name == "invert" {
            self = .invert
        } else if let n = integer(after: "down", in: 1...16) {
            self = .downscale(n)
        } else if let n = number(after: "upsharp", in: 1...8) {
            self = .upSharpen(n)
        } else if let n = number(after: "up", in: 1...8) {
            self = .upscale(n)
        } else if let n = number(after: "rot", in: -360...360) {
            self = .rotate(n)
        } else if let n = number(after: "sharp", in: 0...10) {
            self = .sharpen(n)
        } else if let n = integer(after: "thresh", in: 3...1001) {
            self = .threshold(n)
        } else {
            return nil
        }
    }

    /// Most passes one `+` name composes.
    static let maximumComposed = 8

    /// The pass's `SAOMA_PASSES` name (the inverse of `init(name:)`).
    var name: String {
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        switch self {
        case .plain: return "plain"
        case .downscale(let f): return "down\(f)"
        case .upscale(let f): return "up" + number(f)
        case .rotate(let degrees): return "rot" + number(degrees)
        case .threshold(let window): return "thresh\(window)"
        case .stretch: return "stretch"
        case .mirror: return "mirror"
        case .invert: return "invert"
        case .sharpen(let amount): return "sharp" + number(amount)
        case .upSharpen(let f): return "upsharp" + number(f)
        case .composed(let passes): return passes.map(\.name).joined(separator: "+")
        }
    }

    /// Largest side, in pixels, of an image worth enlarging or sharpening (bigger ones have enough
    /// pixels per module, and these passes cost most there).
    static let maxSideToEnlarge = 400

    /// Largest side, in pixels, of an image the invert pass scans at full size.
    static let maxSideToInvertWhole = 400

    /// Whether the pass makes codes out of texture and noise more easily than the plain view
    /// (thresholded, sharpened or enlarged), so that its weakly checked reads need confirming.
    var isAggressive: Bool {
        switch self {
        case .threshold, .sharpen, .upscale, .upSharpen: return true
        case .composed(let passes): return passes.contains(where: \.isAggressive)
        default: return false
        }
    }

    /// Whether the pass can help on `image` (enlarging big images only costs time).
    func isWorthwhile(for image: LumaImage) -> Bool {
        switch self {
        case .upscale, .upSharpen, .sharpen: return max(image.width, image.height) <= Self.maxSideToEnlarge
        case .composed(let passes): return passes.allSatisfy { $0.isWorthwhile(for: image) }
        default: return true
        }
    }

    /// The image zbar sees and the map from its pixels back to `image`'s.
    func apply(to image: LumaImage) -> (image: LumaImage, toSource: AffineTransform) {
        switch self {
        case .plain: return (image, .identity)
        case .downscale(let f): return image.downscaled(by: f)
        case .upscale(let f): return image.scaled(by: f)
        case .rotate(let degrees): return image.rotated(byDegrees: degrees)
        case .threshold(let window): return (image.adaptiveThresholded(window: window, offset: 8), .identity)
        case .stretch: return (image.contrastStretched(), .identity)
        case .invert:
            guard max(image.width, image.height) > Self.maxSideToInvertWhole else { return (image.inverted(), .identity) }
            let (half, back) = image.downscaled(by: 2)
            return (half.inverted(), back)
        case .sharpen(let amount): return (image.sharpened(amount: amount), .identity)
        case .upSharpen(let f):
            let (big, back) = image.scaled(by: f)
            return (big.sharpened(amount: 1.5), back)
        case .composed(let passes):
            var current = image
            var back = AffineTransform.identity
            for pass in passes {
                let (next, toPrevious) = pass.apply(to: current)
                back = back.concatenating(after: toPrevious)
                current = next
            }
            return (current, back)
        case .mirror:
            let w = Double(image.width)
            return (image.mirrored(), AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0))
        }
    }
}

/// One step of a decode chain: a pass and the zbar scan-line spacing it is scanned at.
struct DecodeStep: Equatable, Sendable {
    var pass: DecodePass
    /// zbar scans every `density`-th row and column (1 = all of them).
    var density: Int

    init(_ pass: DecodePass, density: Int = 1) {
        self.pass = pass
        self.density = density
    }

    /// Whether the step is an aggressive look (an aggressive pass, or sparser scan lines than every
    /// line): such looks also make codes out of texture and noise, so their weak reads need confirming.
    var isAggressive: Bool { density != 1 || pass.isAggressive }

    /// The step's `SAOMA_PASSES` name (`thresh45@2`; no `@1`).
    var name: String { density == 1 ? pass.name : "\(pass.name)@\(density)" }

    /// Parses a step name of the `SAOMA_PASSES` benchmark variable: a pass name, optionally
    /// followed by `@N` for scan density N, 1…16 (`thresh45@2`); at most `maximumNameLength`
    /// characters.
    init?(name: String) {
        guard name.utf8.count <= Self.maximumNameLength else { return nil }
        let parts = name.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2, let pass = DecodePass(name: String(parts[0])) else { return nil }
        var density = 1
        if parts.count == 2 {
            guard let n = ArgumentReader.integer(parts[1], in: 1...16) else { return nil }
            density = n
        }
        self.init(pass, density: density)
    }

    /// Longest step name read, in characters.
    static let maximumNameLength = 256
}

/// The sequence of zbar passes run over one image, and the merging of their results.
///
/// The thorough chain and its order come from the benchmark (docs/BENCHMARKS.md, "Decoding"):
/// each step is tried only when the ones before found nothing, and each one kept reads codes on
/// the real photos that the others miss. `SAOMA_PASSES` (comma-separated step names such as
/// `plain@2,plain,thresh45@2`) replaces the chain for such measurements.
public enum DecodePasses {
    /// Steps for `.thorough`, tried in order until one finds a code.
    ///
    /// A sparse binarised look first (every second row and column: half the cost, and 1-D codes
    /// span many lines; a wide local threshold evens out lighting without making texture into
    /// bars), then every line of the plain image, then binarised, sparser, sharpened, inverted and
    /// enlarged views for the images nothing read yet (a step's weakly checked reads count only
    /// once confirmed). `scripts/crossval-decode` keeps each step only where it earns reads on both
    /// halves of the development split (docs/BENCHMARKS.md, "Cross-validation").
    static let thorough: [DecodeStep] = {
        guard let spec = getenvString("SAOMA_PASSES") else { return defaultThorough }
        let named = steps(fromSpec: spec).steps
        return named.isEmpty ? defaultThorough : named
    }()

    /// One line for each step `SAOMA_PASSES` names that is no step (ignored), and one when it
    /// names none (the usual chain is used): for the front end to print, since the chain runs in
    /// the decoder process, whose standard error goes nowhere.
    public static var environmentWarnings: [String] {
        guard let spec = getenvString("SAOMA_PASSES") else { return [] }
        let (named, refused) = steps(fromSpec: spec)
        var lines = refused.map { "saoma: SAOMA_PASSES: \(VisibleText.shortened($0)) is not a decode step; ignored" }
        if named.isEmpty { lines.append("saoma: SAOMA_PASSES names no decode step; the usual ones are used") }
        return lines
    }

    /// Most steps `SAOMA_PASSES` may name.
    static let maximumSteps = 32

    /// The steps a `SAOMA_PASSES` value names (at most `maximumSteps`) and the names refused.
    static func steps(fromSpec spec: String) -> (steps: [DecodeStep], refused: [String]) {
        var steps: [DecodeStep] = []
        var refused: [String] = []
        for name in spec.split(separator: ",") {
            if steps.count < maximumSteps, let step = DecodeStep(name: String(name)) {
                steps.append(step)
            } else if refused.count < maximumSteps {
                refused.append(String(name))
            }
        }
        return (steps, refused)
    }

    /// The thorough chain Saoma ships.
    static let defaultThorough: [DecodeStep] = [
        DecodeStep(.threshold(81), density: 2), DecodeStep(.plain), DecodeStep(.threshold(45), density: 2),
        DecodeStep(.plain, density: 3),
        DecodeStep(.sharpen(2), density: 2), DecodeStep(.invert), DecodeStep(.upSharpen(2)),
    ]

    /// CPU seconds after which the thorough chain starts no further step. Each step is a
    /// fallback for images the ones before read nothing in, and on the photo set the whole
    /// decode of the slowest image takes 0.28 s; but every step scans the whole image, and 12
    /// megapixels of noise kept the seven steps busy for 5 s (docs/HOSTILE-INPUT.md, "Image
    /// formats, sizes and memory").
    static let thoroughChainSeconds = 1.0

    /// zbar scan-line spacing in pixels for `.fast`: every second row and column halves the cost;
    /// codes in a live frame span many lines, and the next frame gets another chance.
    static let fastDensity = 2

    /// Whether the chain may stop after a step scanned at `density` that found `merged`.
    ///
    /// zbar finds a QR code from finder-pattern crossings on its scan lines: a sparse scan can
    /// miss a second, smaller or tilted QR code in the same image, so QR finds of a sparse step
    /// are confirmed by the next full-density step (1-D codes span many lines and are found
    /// whole).
    static func isFinal(_ merged: [RawRead], density: Int) -> Bool {
        !merged.isEmpty && (density == 1 || !merged.contains { $0.format == .qrCode })
    }

    /// Runs the steps `effort` allows over `image`, the thorough ones within `seconds` of CPU
    /// time, telling `scanning` each step as it starts; reads are in `image`'s pixels, deduplicated.
    static func run(
        on image: LumaImage, effort: DecodeEffort, scanner: ZBarScanner, seconds: Double = thoroughChainSeconds,
        scanning: (DecodeStep) -> Void = { _ in }
    ) -> [RawRead] {
        var merged: [RawRead] = []
        if effort == .fast {
            scanner.setDensity(fastDensity)
            merge(scan(image, pass: .plain, scanner: scanner), into: &merged)
            return merged
        }
        if traceSteps { return trace(image, scanner: scanner) }
        var lastDensity = 1
        var scanned = false
        let started = threadCPUSeconds()
        for step in thorough {
            if isFinal(merged, density: lastDensity) { break }
            // Out of time: no further fallback (a sparse step's QR finds still get their confirming scan).
            if scanned && merged.isEmpty && threadCPUSeconds() - started > seconds { break }
            // Only a full-density step can confirm a sparse step's QR finds.
            if !merged.isEmpty && step.density != 1 { continue }
            guard step.pass.isWorthwhile(for: image) else { continue }
            // Each step starts from a fresh scanner: zbar's DataBar segments and EAN halves left
            // by one view of the image must not join with another's (fewer misreads).
            if scanned { scanner.renew() }
            scanner.setDensity(step.density)
            scanning(step)
            let found = scan(image, pass: step.pass, scanner: scanner)
            merge(confirmed(found, by: step, in: image, scanner: scanner), into: &merged)
            lastDensity = step.density
            scanned = true
        }
        // Later scans of this image (add-ons next to EAN/UPC codes) look at every line.
        scanner.setDensity(1)
        return merged
    }

    /// The trustworthy reads of one pass over `image`, in `image`'s pixels.
    static func scan(_ image: LumaImage, pass: DecodePass, scanner: ZBarScanner) -> [RawRead] {
        let (passImage, toSource) = pass.apply(to: image)
        var reads = scanner.scan(passImage).filter(ZBarDecoder.isTrustworthy)
        if toSource != .identity {
            for i in reads.indices { reads[i].points = reads[i].points.map { toSource.apply($0) } }
        }
        return reads
    }

    /// Adds `reads` to `merged`, skipping reads of a code already there (same symbology and bytes,
    /// overlapping location).
    static func merge(_ reads: [RawRead], into merged: inout [RawRead]) {
        for read in reads {
            let box = Rect(bounding: read.points)
            let duplicate = merged.contains { other in
                guard other.format == read.format, other.bytes == read.bytes else { return false }
                let otherBox = Rect(bounding: other.points)
                let reach = max(8, max(box.width, box.height, otherBox.width, otherBox.height))
                return box.center.distance(to: otherBox.center) <= reach
            }
            if !duplicate { merged.append(read) }
        }
    }
}

/// An environment variable's value, if set.
func getenvString(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}
