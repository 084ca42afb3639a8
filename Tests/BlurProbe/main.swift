// SPDX-License-Identifier: GPL-3.0-or-later
// Development probe of the blur-aware readers (never a product): synthetic sweeps of single
// profiles, and image files read the way the decoder would read them.
//
//   BlurProbe profiles [--kind ean13|upca|ean8|upce|code128] [--sigmas 0.3,0.5,…] [--count N]
//                      [--seed S] [--ppm PX] [--noise LEVELS] [--verbose]
//   BlurProbe scan [--blur-only] [--no-blur] FILE...
//       one JSON line per file ({"file", "symbols": [{"format", "text"}], "cpu_ms"}): zbar's
//       thorough passes, then (where they found nothing) the blur-aware readers
//   BlurProbe trace FILE (or explain FILE)
//       the linear reader's steps region by region: profiles, span and template fits, what the
//       mean, each band and the bands together read; BLURPROBE_DUMP=PREFIX writes each
//       region's mean and band profiles to PREFIX-<region>.tsv
import Foundation
import PixbufIO
import SaomaCore
import SaomaTestSupport
import ZBarDecoding

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("BlurProbe: \(message)\n".utf8))
    exit(2)
}

/// `--name value` options after the subcommand.
struct Options {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    init(_ args: ArraySlice<String>) {
        var i = args.startIndex
        while i < args.endIndex {
            let a = args[i]
            guard a.hasPrefix("--") else { fail("unexpected \(a)") }
            let name = String(a.dropFirst(2))
            if i + 1 < args.endIndex && !args[i + 1].hasPrefix("--") {
                values[name] = args[i + 1]
                i += 2
            } else {
                flags.insert(name)
                i += 1
            }
        }
    }
    func double(_ name: String, _ fallback: Double) -> Double { values[name].flatMap(Double.init) ?? fallback }
    func int(_ name: String, _ fallback: Int) -> Int { values[name].flatMap(Int.init) ?? fallback }
}

/// A random symbol of `kind`: its module bits (first bar at index `quiet`) and its expected payload.
func randomSymbol(_ kind: String, _ rng: inout SeededRandom) -> (modules: [UInt8], expected: String, model: LinearCodeModel.Kind) {
    switch kind {
    case "ean13", "upca":
        let upc = kind == "upca"
        var digits = (0..<12).map { _ in rng.int(10) }
        if upc { digits[0] = 0 }
        digits.append(EANPatterns.checkDigit(digits))
        let parities: [Int] = [0b000000, 0b001011, 0b001101, 0b001110, 0b010011, 0b011001, 0b011100, 0b010101, 0b010110, 0b011010]
        let p = parities[digits[0]]
        var options = [0]
        for i in 0..<6 { options.append(digits[1 + i] + 10 * ((p >> (5 - i)) & 1)) }
        for i in 0..<6 { options.append(digits[7 + i]) }
        let model = LinearCodeModel(.ean13(upcOnly: false))!
        let text = digits.map(String.init).joined()
        return (model.modules(options: options), upc ? String(text.dropFirst()) : text, .ean13(upcOnly: false))
    default:
        // Code 128 set B, 4–12 printable characters.
        let n = 4 + rng.int(9)
        let values = (0..<n).map { _ in rng.int(95) }
        var sum = Code128.startB
        for (i, v) in values.enumerated() { sum += (i + 1) * v }
        let options = [1] + values + [sum % 103]
        let model = LinearCodeModel(.code128(dataCharacters: n))!
        let text = String(decoding: values.map { UInt8($0 + 32) }, as: UTF8.self)
        return (model.modules(options: options), text, .code128(dataCharacters: n))
    }
}

/// The profile of `modules` (index 0 = module -quiet) at `ppm` samples per module, blurred by a
/// Gaussian of `sigma` modules, each sample the mean over its pixel, with Gaussian noise.
func render(_ modules: [UInt8], quiet: Int, ppm: Double, sigma: Double, noise: Double, margin: Int, rng: inout SeededRandom) -> [Double] {
    let light = 200.0
    let dark = 40.0
    let total = Double(modules.count) * ppm + 2 * Double(margin)
    let count = Int(total)
    let s = max(sigma * ppm, 1e-3)
    var edges: [(Double, Double)] = []
    var previous: UInt8 = 0
    for (i, b) in modules.enumerated() {
        if b != previous { edges.append((Double(margin) + Double(i) * ppm, b != 0 ? 1 : -1)) }
        previous = b
    }
    if previous != 0 { edges.append((Double(margin) + Double(modules.count) * ppm, -1)) }
    var out: [Double] = []
    for i in 0..<count {
        var acc = 0.0
        for sub in 0..<4 {
            let x = Double(i) + (Double(sub) + 0.5) / 4
            var d = 0.0
            for (e, sign) in edges { d += sign * 0.5 * erfc(-(x - e) / (s * 2.0.squareRoot())) }
            acc += light - (light - dark) * d
        }
        out.append(acc / 4 + noise * rng.gaussian())
    }
    return out
}

func profiles(_ o: Options) {
    let kind = o.values["kind"] ?? "ean13"
    let sigmas = (o.values["sigmas"] ?? "0.3,0.5,0.6,0.7,0.8,0.9,1.0").split(separator: ",").compactMap { Double($0) }
    let count = o.int("count", 40)
    let ppm = o.double("ppm", 2)
    let noise = o.double("noise", 2)
    var rng = SeededRandom(state: UInt64(o.int("seed", 1)))
    let wanted: Set<Symbology> = kind == "code128" ? [.code128] : [.ean13, .upcA]
    for sigma in sigmas {
        var reads = 0
        var misreads = 0
        let started = threadCPUSeconds()
        for _ in 0..<count {
            let symbol = randomSymbol(kind, &rng)
            let profile = render(symbol.modules, quiet: 7, ppm: ppm, sigma: sigma, noise: noise, margin: 10, rng: &rng)
            let readings = LinearProfileDecoder.decode(profile, wanted: wanted)
            var text = readings.first.map { String(decoding: $0.decoded.bytes, as: UTF8.self) }
            if kind == "upca", let t = text, t.count == 13, t.hasPrefix("0") { text = String(t.dropFirst()) }
            if text == symbol.expected {
                reads += 1
            } else if text != nil {
                misreads += 1
                if o.flags.contains("verbose") { print("  misread \(text!) for \(symbol.expected)") }
            }
            if o.flags.contains("verbose"), text == nil {
                let fits = LinearProfileDecoder.bestFits(profile, wanted: wanted)
                let f = fits.first
                print(
                    "  miss \(symbol.expected): fits \(fits.count) best residual \(f.map { String(format: "%.3f", $0.residual) } ?? "-") sigma \(f.map { String(format: "%.2f", $0.hypothesis.geometry.sigma / ppm) } ?? "-") width \(f.map { String(format: "%.3f", $0.hypothesis.geometry.width) } ?? "-")"
                )
            }
        }
        let ms = (threadCPUSeconds() - started) * 1000 / Double(count)
        print(String(format: "sigma %.2f: read %d/%d misread %d  %.1f ms CPU/profile", sigma, reads, count, misreads, ms))
    }
}

/// One JSON line per file: what zbar and the blur-aware readers found.
func scan(_ files: [String], blurOnly: Bool, noBlur: Bool) {
    let loader = ImageLoader()
    let zbar = ZBarDecoder()
    let all = Set(Symbology.allCases)
    for file in files {
        var symbols: [Symbol] = []
        var error: String?
        let started = threadCPUSeconds()
        var blurMs = 0.0
        var linearMs = 0.0
        var size = ""

        do {
            let image = try loader.load(path: file)
            size = "\(image.luma.width)x\(image.luma.height)"
            if !blurOnly { symbols = zbar.decode(image.luma, options: DecodeOptions(symbologies: all)) }
            if symbols.isEmpty && !noBlur {
                let t = threadCPUSeconds()
                symbols = BlurAwareLinearReader.read(image.luma, symbologies: all)
                linearMs = (threadCPUSeconds() - t) * 1000
                if symbols.isEmpty {
                    // Deblurred copies of matrix-code regions, read by zbar (QR only: it checks itself).
                    MatrixDeblur.forEachCopy(of: image.luma) { copy in
                        let found = zbar.decode(copy.image, options: DecodeOptions(symbologies: [.qrCode]))
                        if ProcessInfo.processInfo.environment["BLUR_DEBUG"] != nil {
                            FileHandle.standardError.write(
                                Data("\(file): copy sigma \(copy.sigma) finders \(copy.finderCount) read \(found.count)\n".utf8))
                        }
                        guard !found.isEmpty else { return false }
                        symbols = found.map { s in
                            var moved = s
                            moved.corners = s.corners.map(copy.imagePoint)
                            return moved
                        }
                        return true
                    }
                }
                blurMs = (threadCPUSeconds() - t) * 1000
            }
        } catch let e {
            error = "\(e)"
        }
        let cpu = (threadCPUSeconds() - started) * 1000
        var object: [String: Any] = [
            "file": file, "cpu_ms": cpu, "blur_ms": blurMs, "linear_ms": linearMs, "size": size,
            "symbols": symbols.map { ["format": $0.format.name, "text": $0.text ?? "", "bytes_hex": Symbol.hex($0.bytes)] },
        ]
        if let error { object["error"] = error }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { continue }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

/// What each band of `profiles` reads from `fit`.
func explainBands(_ profiles: LinearCodeRegion.Profiles, _ fit: LinearProfileDecoder.Fit) {
    for (b, band) in profiles.bands.enumerated() {
        if let reading = LinearProfileDecoder.read(band, from: fit, explain: { print("      band \(b): \($0)") }) {
            print(
                String(
                    format: "      band %d reads %@ margin %.1f residual %.3f", b, String(decoding: reading.decoded.bytes, as: UTF8.self),
                    reading.margin, reading.residual))
        } else {
            print("      band \(b): nothing")
        }
    }
}

/// Where the linear reader's time goes on `files`: regions, the span fits, the template search
/// and the template's fits, in thread CPU milliseconds summed over the files.
func costs(_ files: [String]) {
    var (regionMs, spanMs, templateMs, fitMs) = (0.0, 0.0, 0.0, 0.0)
    var (regionCount, matched) = (0, 0)
    let all = Set(Symbology.allCases)
    for file in files {
        guard let image = try? ImageLoader().load(path: file).luma else { continue }
        var t = threadCPUSeconds()
        let regions = LinearCodeRegion.find(in: image)
        regionMs += (threadCPUSeconds() - t) * 1000
        for region in regions {
            guard let profiles = region.profiles(in: image, margin: max(24, 0.4 * region.halfLength)) else { continue }
            let projection = profiles.projection
            t = threadCPUSeconds()
            _ = LinearProfileDecoder.bestFits(projection, wanted: all)
            spanMs += (threadCPUSeconds() - t) * 1000
            t = threadCPUSeconds()
            let matches = GuardTemplateSearch.matches(projection, regionLength: 2 * region.halfLength)
            templateMs += (threadCPUSeconds() - t) * 1000
            t = threadCPUSeconds()
            if !matches.isEmpty { matched += 1 }
            regionCount += 1
            let hyps = GuardTemplateSearch.hypotheses(matches, count: projection.count, kind: .ean13(upcOnly: false))
            _ = LinearProfileDecoder.bestFits(projection, hypotheses: hyps, limit: GuardTemplateSearch.fittedHypotheses)
            fitMs += (threadCPUSeconds() - t) * 1000
        }
    }
    print("\(regionCount) regions, \(matched) matching the template")
    print(
        String(format: "regions %.0f ms, span fits %.0f ms, template %.0f ms, template fits %.0f ms", regionMs, spanMs, templateMs, fitMs))
}

/// The blur estimates of a whole image (edges, and finders found after deblurring with that).
func defocus(_ files: [String]) {
    for file in files {
        guard let image = try? ImageLoader().load(path: file).luma else { continue }
        let edge = DefocusEstimate.fromEdges(image, in: image.bounds) ?? 0
        let copy = WienerDeconvolution.deblurred(image, area: image.bounds, sigma: edge, noiseRatio: MatrixDeblur.noiseRatios[0])
        let finders = copy.map { FinderPatternLocator.find(in: $0) } ?? []
        let f = DefocusEstimate.fromFinders(image, finders: finders) ?? 0
        let candidates = BlurredFinderSearch.candidates(in: image)
        print(
            "  candidates: "
                + candidates.map { String(format: "(%.0f,%.0f m%.1f s%.2f)", $0.center.x, $0.center.y, $0.moduleSize, $0.strength) }.joined(
                    separator: " "))
        print("  regions: \(MatrixDeblur.regions(in: image, within: nil).map { "\($0.rect) m\($0.moduleSize)" })")
        print(
            String(
                format: "%@: edges %.2f finders %.2f (%d found, modules %@)", (file as NSString).lastPathComponent, edge, f, finders.count,
                finders.map { String(format: "%.1f", $0.moduleSize) }.joined(separator: ",")))
    }
}

/// Read rates of deblurred copies over blur factors and noise ratios (tuning).
func deblurGrid(_ files: [String]) {
    let zbar = ZBarDecoder()
    let factors = [0.9, 1.0, 1.1, 1.2, 1.3, 1.4]
    let ratios = [0.001, 0.002, 0.004, 0.008, 0.016]
    var hits = [[Int]](repeating: [Int](repeating: 0, count: ratios.count), count: factors.count)
    for file in files {
        guard let image = try? ImageLoader().load(path: file).luma else { continue }
        let edge = DefocusEstimate.fromEdges(image, in: image.bounds) ?? 1
        let copy = WienerDeconvolution.deblurred(image, area: image.bounds, sigma: edge, noiseRatio: MatrixDeblur.noiseRatios[0])
        let finders = copy.map { FinderPatternLocator.find(in: $0) } ?? []
        let sigma = DefocusEstimate.fromFinders(image, finders: finders) ?? edge
        for (i, f) in factors.enumerated() {
            for (j, k) in ratios.enumerated() {
                guard let d = WienerDeconvolution.deblurred(image, area: image.bounds, sigma: sigma * f, noiseRatio: k) else { continue }
                if !zbar.decode(d, options: DecodeOptions(symbologies: [.qrCode])).isEmpty { hits[i][j] += 1 }
            }
        }
    }
    print("factor \\ K  " + ratios.map { String(format: "%6.3f", $0) }.joined(separator: " "))
    for (i, f) in factors.enumerated() {
        print(String(format: "%.1f        ", f) + hits[i].map { String(format: "%6d", $0) }.joined(separator: " "))
    }
}

/// The fits and readings of one profile of a zint symbol (`zint-profile TYPE DATA [--sigma S] [--noise N] [--ppm P] [--reverse]`).
func zintProfile(_ type: String, _ data: String, _ o: Options) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/zint")
    process.arguments = ["--barcode=\(type)", "--dump", "--data=\(data)"]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { fail("zint") }
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let row = (out.split(separator: "\n").first ?? "").filter { !$0.isWhitespace }.flatMap { c -> [UInt8] in
        let v = c.hexDigitValue ?? 0
        return (0..<4).map { UInt8((v >> (3 - $0)) & 1) }
    }
    guard let first = row.firstIndex(of: 1), let last = row.lastIndex(of: 1) else { fail("no bars") }
    var bars = Array(row[first...last])
    if o.flags.contains("reverse") { bars.reverse() }
    var rng = SeededRandom(state: UInt64(o.int("seed", 1)))
    let ppm = o.double("ppm", 2)
    let profile = render(
        [UInt8](repeating: 0, count: 12) + bars + [UInt8](repeating: 0, count: 12), quiet: 12, ppm: ppm, sigma: o.double("sigma", 0.6),
        noise: o.double("noise", 2), margin: 0, rng: &rng)
    let all: Set<Symbology> = [.ean13, .upcA, .ean8, .upcE, .code128]
    for fit in LinearProfileDecoder.bestFits(profile, wanted: all) {
        let g = fit.hypothesis.geometry
        let reading = LinearProfileDecoder.read(profile, from: fit)
        print(
            String(
                format: "fit %@ rev %d residual %.4f width %.3f sigma %.2f -> %@", "\(fit.hypothesis.kind)",
                fit.hypothesis.reversed ? 1 : 0, fit.residual, g.width, g.sigma,
                reading.map {
                    String(
                        format: "%@ residual %.4f margin %.1f shortfall %.1f", String(decoding: $0.decoded.bytes, as: UTF8.self),
                        $0.residual, $0.margin, $0.shortfall)
                } ?? "-"))
    }
}

/// CPU of the finder search and the places it gives, per file.
func finders(_ files: [String]) {
    for file in files {
        guard let image = try? ImageLoader().load(path: file).luma else { continue }
        let t = threadCPUSeconds()
        let candidates = BlurredFinderSearch.candidates(in: image)
        let t1 = threadCPUSeconds()
        let places = MatrixDeblur.regions(in: image, within: nil)
        let t2 = threadCPUSeconds()
        print(
            String(
                format: "%@ %dx%d: %d candidates %.1f ms, %d places %.1f ms %@", file, image.width, image.height, candidates.count,
                (t1 - t) * 1000, places.count, (t2 - t1) * 1000, "\(places.map(\.rect))"))
    }
}

/// Each hypothesis the linear reader fits on `files`: its ranking residual, the fit's residual
/// and blur, whether the mean reads it (one line per hypothesis, for choosing gates).
func hypothesisTable(_ files: [String]) {
    let wanted = BlurAwareLinearReader.symbologies
    for file in files {
        guard let image = try? ImageLoader().load(path: file).luma else { continue }
        let name = file.split(separator: "/").suffix(2).joined(separator: "/")
        for (r, region) in LinearCodeRegion.find(in: image).enumerated() {
            let margin = max(BlurAwareLinearReader.minimumMargin, BlurAwareLinearReader.marginShare * 2 * region.halfLength)
            guard var profiles = region.profiles(in: image, margin: margin) else { continue }
            let whole = profiles.projection
            let (light, dark) = ProfileSpan.levels(whole)
            let sigma = LinearProfileDecoder.blurEstimate(whole, start: 0, end: whole.count - 1, depth: light - dark)
            profiles = profiles.decimated(
                by: min(BlurAwareLinearReader.maximumDecimation, max(1, Int(sigma / BlurAwareLinearReader.decimationBlur))))
            let p = profiles.projection
            let matches = GuardTemplateSearch.matches(p, regionLength: 2 * region.halfLength / profiles.step)
            let sets: [(String, [LinearProfileDecoder.Hypothesis])] = [
                ("span", LinearProfileDecoder.hypotheses(p, wanted: wanted)),
                ("template", GuardTemplateSearch.hypotheses(matches, count: p.count, kind: .ean13(upcOnly: false))),
            ]
            for (path, hyps) in sets {
                let ranked = hyps.compactMap { h in LinearProfileDecoder.rankingResidual(p, h).map { (h, $0) } }.sorted { $0.1 < $1.1 }
                for (i, (h, rank)) in ranked.enumerated() {
                    let fit = LinearProfileDecoder.bestFits(p, hypotheses: [h], limit: 1).first
                    let reading = fit.flatMap { LinearProfileDecoder.read(p, from: $0) }
                    var bands = 0
                    if let fit { for band in profiles.bands where LinearProfileDecoder.read(band, from: fit) != nil { bands += 1 } }
                    print(
                        String(
                            format: "%@ r%d %@ #%d %@ rank %.3f start-blur %.2f fit %.3f blur %.2f mean %@ bands %d", name, r, path, i,
                            "\(h.kind)", rank,
                            h.geometry.sigma / h.geometry.width, fit?.residual ?? -1,
                            fit.map { $0.hypothesis.geometry.sigma / $0.hypothesis.geometry.width } ?? -1, reading == nil ? "-" : "R", bands
                        ))
                }
            }
        }
    }
}

/// Where the linear reader's and the QR deblurring's time goes, region by region, on `files`:
/// one line per region (its shape, the blur, what each step cost in thread CPU milliseconds and
/// whether it read), one per image for the QR places (the development probe's view of the gates).
func regionCosts(_ files: [String]) {
    let wanted = BlurAwareLinearReader.symbologies
    for file in files {
        guard let image = try? ImageLoader().load(path: file).luma else { continue }
        let name = file.split(separator: "/").suffix(2).joined(separator: "/")
        var t = threadCPUSeconds()
        let regions = LinearCodeRegion.find(in: image)
        let findMs = (threadCPUSeconds() - t) * 1000
        print(String(format: "%@ %dx%d: %d regions %.2f ms", name, image.width, image.height, regions.count, findMs))
        for region in regions {
            t = threadCPUSeconds()
            guard let (profiles, sigma) = BlurAwareLinearReader.profiles(of: region, in: image) else {
                print("  region: no profiles")
                continue
            }
            let factor = Int(profiles.step)
            let projection = profiles.projection
            let (light, dark) = ProfileSpan.levels(projection)
            let profileMs = (threadCPUSeconds() - t) * 1000
            t = threadCPUSeconds()
            let spanFits = LinearProfileDecoder.bestFits(projection, wanted: wanted)
            let spanFitMs = (threadCPUSeconds() - t) * 1000
            if ProcessInfo.processInfo.environment["BLUR_PROBE_STARTS"] != nil {
                let hyps = LinearProfileDecoder.hypotheses(projection, wanted: wanted)
                let rel = hyps.map { $0.geometry.sigma / $0.geometry.width }
                print(
                    String(
                        format: "    span hypotheses %d blur %.2f…%.2f mod; fits blur %@", hyps.count, rel.min() ?? -1, rel.max() ?? -1,
                        spanFits.map { String(format: "%.2f", $0.hypothesis.geometry.sigma / $0.hypothesis.geometry.width) }.joined(
                            separator: ",")))
            }
            t = threadCPUSeconds()
            var spanRead = "-"
            for fit in spanFits.prefix(BlurAwareLinearReader.fitsReadPerRegion) {
                if let r = LinearProfileDecoder.read(projection, from: fit) {
                    spanRead = String(decoding: r.decoded.bytes, as: UTF8.self)
                    var bands = 0
                    for band in profiles.bands where LinearProfileDecoder.read(band, from: fit)?.decoded == r.decoded { bands += 1 }
                    spanRead += "(\(bands))"
                    break
                }
            }
            let spanReadMs = (threadCPUSeconds() - t) * 1000
            t = threadCPUSeconds()
            let matches = GuardTemplateSearch.matches(projection, regionLength: 2 * region.halfLength / profiles.step)
            let templateMs = (threadCPUSeconds() - t) * 1000
            t = threadCPUSeconds()
            let hypotheses = GuardTemplateSearch.hypotheses(matches, count: projection.count, kind: .ean13(upcOnly: false))
            let templateFits = LinearProfileDecoder.bestFits(
                projection, hypotheses: hypotheses, limit: GuardTemplateSearch.fittedHypotheses)
            let templateFitMs = (threadCPUSeconds() - t) * 1000
            t = threadCPUSeconds()
            var bandReads = 0
            var starts: [String] = []
            for fit in templateFits.prefix(GuardTemplateSearch.maximumMatches) {
                let meanReads = LinearProfileDecoder.read(projection, from: fit) != nil
                starts.append(
                    String(
                        format: "[fit %.3f blur %.2f mod, match %.2f mod, mean %@ %.3f:", fit.residual,
                        fit.hypothesis.geometry.sigma / fit.hypothesis.geometry.width, (matches.first.map { $0.sigma / $0.width }) ?? -1,
                        meanReads ? "R" : "-", LinearProfileDecoder.startResidual(projection, from: fit) ?? -1))
                for band in profiles.bands {
                    let reads = LinearProfileDecoder.read(band, from: fit) != nil
                    if reads { bandReads += 1 }
                    starts.append(String(format: "%@%.3f", reads ? "R" : "", LinearProfileDecoder.startResidual(band, from: fit) ?? -1))
                }
                starts.append("]")
            }
            if ProcessInfo.processInfo.environment["BLUR_PROBE_STARTS"] != nil { print("    starts " + starts.joined(separator: " ")) }
            let templateReadMs = (threadCPUSeconds() - t) * 1000
            print(
                String(
                    format:
                        "  region %.0fx%.0f strength %.0f sigma %.1f f%d n%d bands %d: profile %.2f span fits %d %.2f reads %.2f %@ | template %d (best %.3f depth %.0f of %.0f) %.2f fits %d (best %.3f) %.2f band reads %d %.2f",
                    2 * region.halfLength, 2 * region.halfHeight, region.strength, sigma, factor, projection.count, profiles.bands.count,
                    profileMs, spanFits.count, spanFitMs, spanReadMs, spanRead, matches.count, matches.first?.residual ?? -1,
                    matches.first?.depth ?? -1, light - dark, templateMs, templateFits.count, templateFits.first?.residual ?? -1,
                    templateFitMs, bandReads, templateReadMs))
        }
        t = threadCPUSeconds()
        let candidates = BlurredFinderSearch.candidates(in: image)
        let candidateMs = (threadCPUSeconds() - t) * 1000
        t = threadCPUSeconds()
        let places = MatrixDeblur.regions(in: image, within: nil)
        let placeMs = (threadCPUSeconds() - t) * 1000
        t = threadCPUSeconds()
        var copies = 0
        var finderCounts: [Int] = []
        MatrixDeblur.forEachCopy(of: image) { copy in
            copies += 1
            finderCounts.append(copy.finderCount)
            return false
        }
        let copyMs = (threadCPUSeconds() - t) * 1000
        print(
            String(
                format: "  qr: %d candidates %.2f ms, %d places %.2f ms %@, %d copies (finders %@) %.2f ms", candidates.count, candidateMs,
                places.count, placeMs, "\(places.map { "\($0.rect.width)x\($0.rect.height)m\($0.moduleSize)" })", copies,
                "\(finderCounts)", copyMs))
    }
}

/// The linear reader's own steps on `file`, region by region: the decimation, the span fits, the
/// template's places and their fits, and what the mean and every band read from each fit.
func trace(_ file: String) {
    guard let image = try? ImageLoader().load(path: file).luma else { fail("cannot load \(file)") }
    let wanted: Set<Symbology> = [.ean13, .upcA, .ean8, .upcE, .isbn10, .isbn13, .code128]
    let regions = LinearCodeRegion.find(in: image)
    print("\(file): \(image.width)×\(image.height), \(regions.count) regions")
    for (r, region) in regions.enumerated() {
        print(
            String(
                format: "  region %d: centre %.0f,%.0f across %.3f,%.3f half %.0f×%.0f", r, region.center.x, region.center.y,
                region.across.x,
                region.across.y, region.halfLength, region.halfHeight))
        guard let (profiles, sigma) = BlurAwareLinearReader.profiles(of: region, in: image) else {
            print("    no profiles")
            continue
        }
        let projection = profiles.projection
        print(
            String(
                format: "    blur %.2f px, decimated by %.0f, %d samples, %d bands", sigma, profiles.step, projection.count,
                profiles.bands.count)
        )
        if let dump = ProcessInfo.processInfo.environment["BLURPROBE_DUMP"] {
            let rows = projection.indices.map { i in
                ([projection[i]] + profiles.bands.map { $0[i] }).map { String(format: "%.1f", $0) }.joined(separator: "\t")
            }
            try? rows.joined(separator: "\n").write(toFile: "\(dump)-\(r).tsv", atomically: true, encoding: .utf8)
        }
        let spanFits = LinearProfileDecoder.bestFits(
            projection, hypotheses: LinearProfileDecoder.hypotheses(projection, wanted: wanted),
            maximumRanking: BlurAwareLinearReader.maximumStartResidual)
        let matches = GuardTemplateSearch.matches(projection, regionLength: 2 * region.halfLength / profiles.step)
        for m in matches {
            print(String(format: "    template origin %.1f width %.3f sigma %.2f residual %.3f", m.origin, m.width, m.sigma, m.residual))
        }
        let hyps = GuardTemplateSearch.hypotheses(matches, count: projection.count, kind: .ean13(upcOnly: false))
        let templateFits = LinearProfileDecoder.bestFits(projection, hypotheses: hyps, limit: GuardTemplateSearch.fittedHypotheses)
        for (name, fits) in [("span", spanFits), ("template", templateFits)] {
            for fit in fits {
                let g = fit.hypothesis.geometry
                print(
                    String(
                        format: "    %@ fit %@ rev %d residual %.3f origin %.1f width %.3f curv %.5f sigma %.2f (%.2f mod)", name,
                        "\(fit.hypothesis.kind)", fit.hypothesis.reversed ? 1 : 0, fit.residual, g.origin, g.width, g.curvature, g.sigma,
                        g.sigma / g.width))
                if let model = LinearCodeModel(fit.hypothesis.kind) { print("      chain \(model.labels(options: fit.options))") }
                if let reading = LinearProfileDecoder.read(projection, from: fit, explain: { print("      mean: \($0)") }) {
                    print(
                        String(
                            format: "      mean reads %@ margin %.1f residual %.3f", String(decoding: reading.decoded.bytes, as: UTF8.self),
                            reading.margin, reading.residual))
                }
                explainBands(profiles, fit)
                if let joint = LinearProfileDecoder.readJointly(
                    profiles.bands, from: fit, minimumLines: 1, explain: { print("      joint: \($0)") })
                {
                    print(
                        String(
                            format: "      joint reads %@ on %d bands margin %.1f shortfall %.1f",
                            String(decoding: joint.decoded.bytes, as: UTF8.self), joint.lines.count, joint.margin, joint.shortfall))
                } else {
                    print("      joint: nothing")
                }
            }
        }
    }
}

let args = CommandLine.arguments
guard args.count >= 2 else { fail("usage: BlurProbe profiles|scan …") }
switch args[1] {
case "profiles": profiles(Options(args.dropFirst(2)))
case "explain", "trace": trace(args[2])
case "defocus": defocus(Array(args.dropFirst(2)))
case "deblur-grid": deblurGrid(Array(args.dropFirst(2)))
case "zint-profile": zintProfile(args[2], args[3], Options(args.dropFirst(4)))
case "finders": finders(Array(args.dropFirst(2)))
case "costs": costs(Array(args.dropFirst(2)))
case "region-costs": regionCosts(Array(args.dropFirst(2)))
case "hypotheses": hypothesisTable(Array(args.dropFirst(2)))
case "scan":
    let rest = Array(args.dropFirst(2))
    scan(rest.filter { !$0.hasPrefix("--") }, blurOnly: rest.contains("--blur-only"), noBlur: rest.contains("--no-blur"))
default: fail("unknown subcommand \(args[1])")
}
