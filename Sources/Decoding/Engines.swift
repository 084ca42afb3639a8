// SPDX-License-Identifier: GPL-3.0-or-later
import DMTXDecoding
import SaomaCore
import ZBarDecoding
import ZXingDecoding

/// The one place that composes Saoma's decoding engines: which engine reads which symbology, in
/// live frames and in still images, in what order, and when. `StagedDecoder` runs the table and
/// `SymbolMerge` makes one report per code of what the stages find (a code two engines read is
/// reported once, as the earlier stage read it; a later read contradicting an earlier one at the
/// same place is dropped).
///
/// Every engine runs inside the decoder process (`DecoderClient`): zxing-cpp aborts the whole
/// process on some inputs, and a crash there costs one image. Adding an engine: its adapter module,
/// a line in `make`, and its stages below.
public enum Engines {
    /// Engine names, as stages and crash reports give them.
    public static let zbar = "zbar"
    public static let zxing = "zxing-cpp"
    public static let dmtx = "libdmtx"
    /// Saoma's own blur-aware readers: EAN/UPC and Code 128 fitted under a Gaussian blur, and
    /// QR codes read by zbar on deblurred copies.
    public static let blurLinear = "blur-linear"
    public static let blurQR = "blur-qr"

    /// What zbar reads.
    static let zbarSymbologies: Set<Symbology> = Set(Symbology.allCases).subtracting(zxingOnly).subtracting([.dataMatrix])
    /// What only zxing-cpp reads.
    static let zxingOnly: Set<Symbology> = [.pdf417, .aztec, .microQR, .maxiCode]

    /// The stages of a still image (photos, screenshots, `saoma scan`): zbar first (its passes are
    /// tuned on the photo set), zxing-cpp for what zbar cannot read, and zxing-cpp again for every
    /// other symbology and Data Matrix only where nothing was found (docs/BENCHMARKS.md, "Engine
    /// composition": zxing-cpp on every image before zbar reads one more photo for a third more
    /// CPU); then libdmtx for Data Matrix where that found nothing either (it reads the rotated,
    /// blurred and textured-ground Data Matrix codes zxing-cpp 1.4 misses, but searches an image
    /// without one until its time limit: after the cheap engine, it runs only where that failed);
    /// last, where still nothing was found, the blur-aware readers (docs/BENCHMARKS.md, "Blur sweep": they
    /// read what every other engine gives up on, and cost nothing where no region looks like a code).
    public static let still: [EngineStage] = [
        EngineStage(engine: zbar, symbologies: zbarSymbologies, effort: .thorough),
        EngineStage(engine: zxing, symbologies: zxingOnly, effort: .thorough),
        EngineStage(engine: zxing, symbologies: zbarSymbologies.union([.dataMatrix]), effort: .thorough, trigger: .whenNothingFound),
        EngineStage(engine: dmtx, symbologies: [.dataMatrix], effort: .thorough, trigger: .whenNothingFound),
        EngineStage(engine: blurLinear, symbologies: BlurAwareLinearReader.symbologies, effort: .thorough, trigger: .whenNothingFound),
        EngineStage(engine: blurQR, symbologies: DeblurringMatrixDecoder.symbologies, effort: .thorough, trigger: .whenNothingFound),
    ]

    /// The cheap look at a live camera frame, made at the whole scan frame of every frame looked
    /// at: zbar's one fast pass (`LiveDecodeScheduler` says which frames are looked at).
    public static let live: [EngineStage] = [
        EngineStage(engine: zbar, symbologies: zbarSymbologies, effort: .fast)
    ]

    /// The costly looks at a live frame, in the order they run, each made only when the cheap look
    /// left code-like regions of the scan frame unread (`SuspectedCodeRegions`), once per scene
    /// and within the decode budget: zxing-cpp (`liveZXing`) over the whole scan frame (its fast
    /// look costs a seventh of zbar's on a noisy frame, and the detector may flag only part of a
    /// dense Data Matrix), then the small regions again from the camera's full-resolution pixels
    /// where it streams more than the working frame (`FullResolutionRule`; a no-op otherwise), then
    /// the regions negated (light codes on dark grounds: a phone in dark mode) for every engine,
    /// last the blur-aware readers at the regions still unread (a code held too close to a
    /// fixed-focus webcam; docs/BENCHMARKS.md, "Live blur-aware passes": their cost per region
    /// fits the decode budget, and they run only where a region stayed unread after every other
    /// pass, and only at regions that look blurred: text and keys on a desk have sharp edges).
    public static let liveRegions: [LiveRegionPass] = [
        LiveRegionPass(name: "zxing-cpp", stages: [liveZXing], wholeFrame: true),
        LiveRegionPass(name: "full-resolution", stages: live + [liveZXing], fullResolution: true),
        LiveRegionPass(name: "negated", stages: live + [liveZXing], negated: true),
        LiveRegionPass(name: "blur", stages: liveBlur, blurredOnly: true),
    ]

    /// The blur-aware readers' live stages: EAN/UPC and Code 128 fitted under a blur, QR codes
    /// on deblurred copies.
    static let liveBlur = [
        EngineStage(engine: blurLinear, symbologies: BlurAwareLinearReader.symbologies, effort: .fast),
        EngineStage(engine: blurQR, symbologies: DeblurringMatrixDecoder.symbologies, effort: .fast),
    ]

    /// zxing-cpp's live stage: what only it reads, Data Matrix (faster than libdmtx), and QR codes
    /// (zbar drops a structured-append part whose message is not all in view: the parts a camera
    /// shows one at a time are joined over the live view).
    static let liveZXing = EngineStage(engine: zxing, symbologies: zxingOnly.union([.dataMatrix, .qrCode]), effort: .fast)

    /// CPU milliseconds one stage of an engine that cannot bound its own work may spend on a still
    /// image before the decoder process is ended (and the image read again without it). zxing-cpp
    /// 1.4's QR detector pairs every finder-like square with every other two: a 26 KB PNG tiled
    /// with 9 000 of them kept it busy past the process's 30-s limit, twice (docs/HOSTILE-INPUT.md,
    /// "The decoder process"). The slowest photo of the photo set takes 0.28 s in all engines.
    /// The other engines bound themselves: zbar's passes and the blur readers by their sizes,
    /// libdmtx by its time budget.
    public static let stillStageMilliseconds: [String: Int] = [zxing: 1000]

    /// Engines that must never run in Saoma's own process (they abort on some inputs).
    public static let needIsolation: Set<String> = [zxing]

    /// Every stage, live and still: the decoder process runs whichever the request's effort picks.
    public static let stages: [EngineStage] = still + live

    /// A new decoder running every stage with fresh engines (one per thread), and `extra` engines
    /// after them (a test build's decoder process adds one that aborts).
    public static func make(excluding excluded: Set<String> = [], extra: [(EngineStage, BarcodeDecoder)] = []) -> StagedDecoder {
        var engines: [String: BarcodeDecoder] = [
            zbar: ZBarDecoder(), dmtx: DataMatrixDecoder(), zxing: ZXingDecoder(), blurLinear: BlurAwareLinearDecoder(),
            blurQR: DeblurringMatrixDecoder(ZBarDecoder()),
        ]
        for (stage, engine) in extra { engines[stage.engine] = engine }
        let decoder = StagedDecoder(stages: stages + extra.map(\.0), engines: engines)
        decoder.excluded = excluded
        return decoder
    }
}
