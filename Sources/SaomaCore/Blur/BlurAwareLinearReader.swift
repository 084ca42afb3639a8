// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads EAN-13, UPC-A, EAN-8, UPC-E and Code 128 symbols too blurred for edge detection, by
/// fitting each symbology's model to luminance profiles (`LinearProfileDecoder`).
///
/// For each place that looks like a linear code (`LinearCodeRegion`, at most
/// `LinearCodeRegion.maximumCount`), profiles are sampled across the bars in bands along them;
/// their mean (the least noisy) is fitted to every symbology and length that could fit it, and
/// the best fits are then read on each band. A symbol is reported when at least
/// `minimumAgreeingBands` bands read the same verified symbol as the mean and no band reads
/// another one; or, failing that, when the bands read together
/// (`LinearProfileDecoder.readJointly`: each band refitted by itself, their evidence summed
/// before one verified search) give a verified symbol by a clear margin on at least
/// `minimumJointBands` bands, no band reading another and the mean reading nothing else: a
/// misread costs more than a miss. Meant for images where the fast readers found nothing.
public enum BlurAwareLinearReader {
    /// The symbologies this reader knows.
    public static let symbologies: Set<Symbology> = [.ean13, .upcA, .ean8, .upcE, .isbn10, .isbn13, .code128]
    /// Fewest bands that must read the same symbol.
    public static let minimumAgreeingBands = 3
    /// Fewest bands that must read the same symbol where the mean of all reads nothing.
    /// Settable for a measurement (`BlurTuning`).
    public static let minimumAgreeingBandsAlone = Int(BlurTuning.value("bands-alone", 5))
    /// Fits of a region's mean profile read on its bands, best first.
    public static let fitsReadPerRegion = 2
    /// Profile samples beyond a region's ends (its tiles may stop short of the quiet zones), as
    /// a share of its length and at least `minimumMargin` pixels.
    public static let marginShare = 0.2
    public static let minimumMargin = 24.0
    /// Blur per sample a profile keeps, in pixels: a profile blurred by more is averaged down.
    public static let decimationBlur = 1.6
    /// Most pixels averaged into one sample.
    public static let maximumDecimation = 3

    /// Every symbol found in `image` (inside `area`, whole image when `nil`) among `symbologies`,
    /// corners in image pixels, in reading order.
    public static func read(_ image: LumaImage, in area: PixelRect? = nil, symbologies wanted: Set<Symbology>) -> [Symbol] {
        let wanted = wanted.intersection(symbologies)
        guard !wanted.isEmpty else { return [] }
        var symbols: [Symbol] = []
        for region in LinearCodeRegion.find(in: image, within: area) {
            guard let symbol = read(region, in: image, wanted: wanted) else { continue }
            if let area, !area.rect.contains(symbol.center) { continue }
            if !symbols.contains(where: { $0.bytes == symbol.bytes && $0.format == symbol.format }) { symbols.append(symbol) }
        }
        return symbols.sortedInReadingOrder()
    }

    /// The profiles the reader reads across `region` (reaching past its ends for the quiet zones),
    /// averaged down where the blur spans several pixels (fewer samples say as much), and that
    /// blur in pixels, as the mean profile's steepest slope gives it.
    public static func profiles(of region: LinearCodeRegion, in image: LumaImage) -> (profiles: LinearCodeRegion.Profiles, blur: Double)? {
        let margin = max(minimumMargin, marginShare * 2 * region.halfLength)
        guard let profiles = region.profiles(in: image, margin: margin) else { return nil }
        let whole = profiles.projection
        let (light, dark) = ProfileSpan.levels(whole)
        let sigma = LinearProfileDecoder.blurEstimate(whole, start: 0, end: whole.count - 1, depth: light - dark)
        return (profiles.decimated(by: min(maximumDecimation, max(1, Int(sigma / decimationBlur)))), sigma)
    }

    /// The symbol one region shows, if its bands agree on one.
    static func read(_ region: LinearCodeRegion, in image: LumaImage, wanted: Set<Symbology>) -> Symbol? {
        guard let profiles = profiles(of: region, in: image)?.profiles else { return nil }
        let projection = profiles.projection
        let spans = LinearProfileDecoder.bestFits(
            projection, hypotheses: LinearProfileDecoder.hypotheses(projection, wanted: wanted), maximumRanking: maximumStartResidual)
        if let symbol = read(spans, profiles: profiles, region: region, wanted: wanted) { return symbol }
        // No stretch of dark runs between quiet zones read: the retail symbols' fixed parts
        // matched as a template instead (a blur over a module, a dark surround).
        let retail = wanted.intersection([.ean13, .upcA, .isbn10, .isbn13])
        guard !retail.isEmpty else { return nil }
        let kind = LinearCodeModel.Kind.ean13(upcOnly: retail == [.upcA])
        let matches = GuardTemplateSearch.matches(projection, regionLength: 2 * region.halfLength / profiles.step)
        let hypotheses = GuardTemplateSearch.hypotheses(matches, count: projection.count, kind: kind)
        let fits = LinearProfileDecoder.bestFits(projection, hypotheses: hypotheses, limit: GuardTemplateSearch.fittedHypotheses)
        // Every place read, however closely it fits the mean: the places are all of one
        // symbology, and a wrong width blurred more fits a smooth profile more closely than the
        // true one; the reading rules judge each.
        return read(
            fits, profiles: profiles, region: region, wanted: wanted, limit: GuardTemplateSearch.fittedHypotheses, bandsAlone: true,
            competitiveOnly: false)
    }

    /// The symbol the first of `fits` (best first, the first `limit` of those plausible looked
    /// at, with `competitiveOnly` only those nearly as close as the best) shows: read on the
    /// mean profile and on at least `minimumAgreeingBands` bands, with no band reading another;
    /// with `bandsAlone`, a fit the mean does not read may still read on
    /// `minimumAgreeingBandsAlone` bands with none reading another (part of the region's height
    /// may miss the bars, and the mean then mixes them with what is beside them); else read on
    /// the bands together (`minimumJointBands`).
    static func read(
        _ fits: [LinearProfileDecoder.Fit], profiles: LinearCodeRegion.Profiles, region: LinearCodeRegion, wanted: Set<Symbology>,
        limit: Int = fitsReadPerRegion, bandsAlone: Bool = false, competitiveOnly: Bool = true
    ) -> Symbol? {
        // The best plausible fit is the yardstick: one blurred past `maximumFitBlurModules`
        // fits any smooth stretch closely and says nothing about the symbol.
        let plausible = fits.filter(isPlausible)
        guard let best = plausible.first else { return nil }
        let projection = profiles.projection
        for fit in plausible.prefix(limit) where !competitiveOnly || LinearProfileDecoder.isCompetitive(fit, best: best) {
            // The mean of the bands reads first: it has the least noise, and a fit that does not
            // read there seldom reads on three bands (the bands are not read in vain).
            let mean = LinearProfileDecoder.read(projection, from: fit)
            // Each band's own fit, computed once for its reading alone and together.
            var evidence = [LinearProfileDecoder.LineEvidence??](repeating: nil, count: profiles.bands.count)
            func bandEvidence(_ b: Int) -> LinearProfileDecoder.LineEvidence? {
                if let known = evidence[b] { return known }
                let e = LinearProfileDecoder.evidence(profiles.bands[b], from: fit)
                evidence[b] = .some(e)
                return e
            }
            if mean != nil || (bandsAlone && fitsMean(fit, projection)) {
                let needed = mean == nil ? minimumAgreeingBandsAlone : minimumAgreeingBands
                var agreed: LinearCodeModel.Decoded? = mean?.decoded
                var agreeing: [(band: Int, reading: LinearProfileDecoder.Reading)] = []
                var conflicting = false
                for b in profiles.bands.indices {
                    // Too few bands left to agree.
                    if agreeing.count + (profiles.bands.count - b) < needed { break }
                    guard let line = bandEvidence(b), let reading = LinearProfileDecoder.read(line) else { continue }
                    if let agreed, reading.decoded != agreed {
                        conflicting = true
                        break
                    }
                    agreed = reading.decoded
                    agreeing.append((b, reading))
                }
                // A band reading another code: no reading of this fit, together or alone.
                if conflicting { continue }
                if agreeing.count >= needed, let first = agreeing.first {
                    return symbol(first.reading, bands: agreeing.map(\.band), region: region, profiles: profiles, wanted: wanted)
                }
            }
            // The bands' evidence together: lines too noisy to read alone may read as one. A
            // fit the mean does not read is tried this way on the template's places only, as
            // the bands are read alone there: where part of the region misses the bars, the mean
            // mixes them in and fits worse than any band.
            guard mean != nil || (bandsAlone && fit.residual <= LinearProfileDecoder.maxResidual) else { continue }
            let lines = profiles.bands.indices.map(bandEvidence)
            guard let joint = LinearProfileDecoder.readJointly(lines, minimumLines: minimumJointBands),
                mean.map({ $0.decoded == joint.decoded }) ?? true, let first = joint.lines.first
            else { continue }
            let reading = LinearProfileDecoder.Reading(
                decoded: joint.decoded, fit: first.fit, residual: first.fit.residual, margin: joint.margin, shortfall: joint.shortfall)
            return symbol(reading, bands: joint.lines.map(\.index), region: region, profiles: profiles, wanted: wanted)
        }
        return nil
    }

    /// Fewest bands whose evidence is read together (`LinearProfileDecoder.readJointly`): the
    /// fit must hold on that many independent lines. Settable for a measurement (`BlurTuning`).
    public static let minimumJointBands = Int(BlurTuning.value("joint-bands", 3))

    /// Largest residual of a stretch of dark runs' hypothesis at its first guess (its best chain
    /// fitted to the symbol's ends, in bar depths) for it to be fitted: the guess from the span's
    /// threshold crossings is within a sample of the symbol's ends, and the sweep's symbols that
    /// read start at 0.11 at most, while the photos' cut-off, covered and unsupported symbols'
    /// spans start at 0.11–0.35 (median 0.23) and never read; 1.5 × `LinearProfileDecoder.maxResidual`.
    /// Hypotheses above it are not fitted (`LinearProfileDecoder.bestFits`' `maximumRanking`).
    public static let maximumStartResidual = 0.2

    /// Whether `fit` explains the mean profile `projection` as closely as a reading must
    /// (`LinearProfileDecoder.allowedResidual` for its noise and blur): a fit the mean did not
    /// read for its margin may read on bands that all cross the bars, but one that fits the mean
    /// worse than that fits no band better (the bands are noisier), and its band reads are the
    /// costliest work on an image without a symbol.
    static func fitsMean(_ fit: LinearProfileDecoder.Fit, _ projection: [Double]) -> Bool {
        let g = fit.hypothesis.geometry
        let depth = fit.hypothesis.levels.depth
        guard depth > 0, g.width > 0 else { return false }
        let noise = LinearProfileDecoder.noiseEstimate(projection) / depth
        return fit.residual <= LinearProfileDecoder.allowedResidual(noise: noise, blurModules: g.sigma / g.width)
    }

    /// Largest blur of a fit read on the bands, in module widths: the photos' defocused symbols
    /// that read fit 1.2–1.8 modules, and a fit that only matches under a blur of two modules and
    /// more has smoothed the digits away (a Gaussian of two modules keeps e⁻²⁰ of a two-module
    /// pattern's swing): what fits there is the guards' outline on text, texture or a cut-off
    /// code, whose band reads cost the most and never read. Settable for a measurement
    /// (`BlurTuning`).
    public static let maximumFitBlurModules = BlurTuning.value("fit-blur", 2.0)

    /// Whether `fit` is worth reading: its blur at most `maximumFitBlurModules`.
    static func isPlausible(_ fit: LinearProfileDecoder.Fit) -> Bool {
        let g = fit.hypothesis.geometry
        return g.width > 0 && g.sigma <= maximumFitBlurModules * g.width
    }

    /// The symbol to report for a verified reading: its format as asked for (UPC-A for an
    /// EAN-13 with a leading 0, ISBN for a book's EAN-13), corners around the agreeing bands.
    static func symbol(
        _ reading: LinearProfileDecoder.Reading, bands: [Int], region: LinearCodeRegion, profiles: LinearCodeRegion.Profiles,
        wanted: Set<Symbology>
    ) -> Symbol? {
        guard let (format, bytes) = reportedFormat(reading.decoded, wanted: wanted) else { return nil }
        let text: String?
        if format == .code128 {
            text = Code128.text(bytes)
        } else {
            text = String(decoding: bytes, as: UTF8.self)
        }
        // The symbol's ends along the profile, in the profile's own direction.
        let g = reading.fit.hypothesis.geometry
        var a = g.position(0)
        var b = g.position(Double(g.moduleCount))
        if reading.fit.hypothesis.reversed {
            let last = Double(profiles.bands[0].count - 1)
            (a, b) = (last - b, last - a)
        }
        let u0 = profiles.firstSample + a * profiles.step
        let u1 = profiles.firstSample + b * profiles.step
        let v0 = bands.map { profiles.bandSpans[$0].lowerBound }.min() ?? 0
        let v1 = bands.map { profiles.bandSpans[$0].upperBound }.max() ?? 0
        let points = [
            region.point(across: u0, along: v0), region.point(across: u0, along: v1), region.point(across: u1, along: v1),
            region.point(across: u1, along: v0),
        ]
        return Symbol(format: format, bytes: bytes, text: text, corners: Rect(bounding: points).outline, isGS1: reading.decoded.isGS1)
    }

    /// The format and payload reported for `decoded` given what was asked for, or `nil`.
    static func reportedFormat(_ decoded: LinearCodeModel.Decoded, wanted: Set<Symbology>) -> (Symbology, [UInt8])? {
        let bytes = decoded.bytes
        guard decoded.format == .ean13 else { return wanted.contains(decoded.format) ? (decoded.format, bytes) : nil }
        if bytes.first == UInt8(ascii: "0") && wanted.contains(.upcA) { return (.upcA, Array(bytes.dropFirst())) }
        let isBook = bytes.starts(with: Array("978".utf8)) || bytes.starts(with: Array("979".utf8))
        if isBook && wanted.contains(.isbn13) { return (.isbn13, bytes) }
        if wanted.contains(.ean13) { return (.ean13, bytes) }
        if isBook && wanted.contains(.isbn10), bytes.starts(with: Array("978".utf8)) {
            let body = bytes[3..<12].map { Int($0) - 48 }
            var sum = 0
            for (i, d) in body.enumerated() { sum += (10 - i) * d }
            let check = (11 - sum % 11) % 11
            return (.isbn10, Array(bytes[3..<12]) + [check == 10 ? UInt8(ascii: "X") : UInt8(48 + check)])
        }
        return nil
    }
}
