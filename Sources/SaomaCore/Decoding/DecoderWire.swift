// SPDX-License-Identifier: GPL-3.0-or-later

/// The messages between Saoma and its decoder process: a request names an image already in the
/// shared memory and what to look for; a response carries the codes found or why none could be.
///
/// Each message is a 4-byte little-endian length and that many bytes. Both sides treat what they
/// receive as hostile: every count and length is checked against the limits below before anything
/// is allocated, and a message that breaks a rule is refused whole.
public enum DecoderWire {
    /// Most bytes a message may have (a response with every code at its longest fits many times).
    public static let maximumMessage = 16 << 20
    /// Most codes in one response.
    public static let maximumSymbols = 1024
    /// Most bytes in one payload (larger than any symbology holds).
    public static let maximumPayload = 1 << 20
    /// Most corner points of one code.
    public static let maximumCorners = 16
    /// Most missing parts a message's report lists.
    public static let maximumMissingParts = 1024
    /// Most bytes of a stage table.
    public static let maximumStageTable = 4096
    /// Most pixels of one image (Saoma refuses larger images before decoding them).
    public static let maximumPixels = 200_000_000

    /// What to decode: the image at the start of the shared memory, packed rows of 8-bit grey.
    public struct Request: Equatable, Sendable {
        public var id: UInt32
        public var width: Int
        public var height: Int
        public var options: DecodeOptions
        /// Engines the decoder process must not run (one of them stopped it on this input).
        public var excludedEngines: Set<String>
        /// Stages to run instead of the composition's own (benchmarks compare compositions).
        public var stages: [EngineStage]?

        public init(
            id: UInt32, width: Int, height: Int, options: DecodeOptions, excludedEngines: Set<String> = [], stages: [EngineStage]? = nil
        ) {
            self.id = id
            self.width = width
            self.height = height
            self.options = options
            self.excludedEngines = excludedEngines
            self.stages = stages
        }
    }

    /// What came of a request.
    public struct Response: Equatable, Sendable {
        public var id: UInt32
        public var symbols: [Symbol]
        /// Why nothing could be decoded (the image did not fit the shared memory, say); `nil` when
        /// the decode ran.
        public var error: String?

        public init(id: UInt32, symbols: [Symbol], error: String? = nil) {
            self.id = id
            self.symbols = symbols
            self.error = error
        }
    }

    /// Why a message was refused.
    public enum Failure: Error, Equatable, Sendable {
        case truncated
        case wrongMagic
        case outOfRange(String)
    }

    static let requestMagic: [UInt8] = Array("SDq1".utf8)
    static let responseMagic: [UInt8] = Array("SDr1".utf8)

    // MARK: Requests

    public static func encode(_ r: Request) -> [UInt8] {
        var w = Writer()
        w.bytes(requestMagic)
        w.u32(r.id)
        w.u32(UInt32(clamping: r.width))
        w.u32(UInt32(clamping: r.height))
        w.u8(r.options.effort == .fast ? 0 : 1)
        if let roi = r.options.regionOfInterest {
            w.u8(1)
            for v in [roi.x, roi.y, roi.width, roi.height] { w.i32(Int32(clamping: v)) }
        } else {
            w.u8(0)
        }
        w.u64(symbologyBits(r.options.symbologies))
        let engines = r.excludedEngines.sorted()
        w.u8(UInt8(clamping: engines.count))
        for name in engines.prefix(255) { w.string(name, limit: 255) }
        if let stages = r.stages {
            w.u8(1)
            w.string(EngineStage.text(of: stages), limit: maximumStageTable)
        } else {
            w.u8(0)
        }
        return w.framed()
    }

    public static func decodeRequest(_ body: [UInt8]) throws(Failure) -> Request {
        var r = Reader(body)
        guard try r.bytes(4) == requestMagic else { throw .wrongMagic }
        let id = try r.u32()
        let width = Int(try r.u32())
        let height = Int(try r.u32())
        guard width > 0, height > 0, width <= maximumPixels, height <= maximumPixels, width * height <= maximumPixels else {
            throw .outOfRange("image size \(width)×\(height)")
        }
        let effort: DecodeEffort
        switch try r.u8() {
        case 0: effort = .fast
        case 1: effort = .thorough
        case let e: throw .outOfRange("effort \(e)")
        }
        var roi: PixelRect?
        switch try r.u8() {
        case 0: roi = nil
        case 1:
            let v = [try r.i32(), try r.i32(), try r.i32(), try r.i32()].map(Int.init)
            guard v[2] >= 0, v[3] >= 0 else { throw .outOfRange("region size") }
            roi = PixelRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case let f: throw .outOfRange("region flag \(f)")
        }
        let symbologies = try symbologies(fromBits: try r.u64())
        var engines: Set<String> = []
        for _ in 0..<Int(try r.u8()) { engines.insert(try r.string(limit: 255)) }
        var stages: [EngineStage]?
        switch try r.u8() {
        case 0: stages = nil
        case 1:
            guard let table = EngineStage.table(try r.string(limit: maximumStageTable), effort: effort) else {
                throw .outOfRange("stage table")
            }
            stages = table
        case let f: throw .outOfRange("stages flag \(f)")
        }
        try r.expectEnd()
        return Request(
            id: id, width: width, height: height, options: DecodeOptions(symbologies: symbologies, regionOfInterest: roi, effort: effort),
            excludedEngines: engines, stages: stages)
    }

    // MARK: Responses

    public static func encode(_ r: Response) -> [UInt8] {
        var w = Writer()
        w.bytes(responseMagic)
        w.u32(r.id)
        if let error = r.error {
            w.u8(1)
            w.string(error, limit: 1000)
        } else {
            w.u8(0)
        }
        let symbols = r.symbols.prefix(maximumSymbols)
        w.u32(UInt32(symbols.count))
        for s in symbols {
            w.u8(UInt8(Symbology.allCases.firstIndex(of: s.format) ?? 0))
            w.u8((s.isGS1 ? 1 : 0) | (s.text != nil ? 2 : 0) | (s.sequence != nil ? 4 : 0) | (s.assembly != nil ? 8 : 0))
            w.blob(Array(s.bytes.prefix(maximumPayload)))
            if let text = s.text { w.blob(Array(text.utf8.prefix(4 * maximumPayload))) }
            let corners = s.corners.prefix(maximumCorners)
            w.u8(UInt8(corners.count))
            for p in corners {
                w.u64(p.x.bitPattern)
                w.u64(p.y.bitPattern)
            }
            if let q = s.sequence {
                w.i32(Int32(clamping: q.index))
                w.i32(Int32(clamping: q.count))
                w.blob(Array(q.id.prefix(255)))
            }
            if let a = s.assembly {
                w.i32(Int32(clamping: a.total))
                let missing = a.missing.prefix(maximumMissingParts)
                w.u32(UInt32(missing.count))
                for index in missing { w.i32(Int32(clamping: index)) }
            }
        }
        return w.framed()
    }

    public static func decodeResponse(_ body: [UInt8]) throws(Failure) -> Response {
        var r = Reader(body)
        guard try r.bytes(4) == responseMagic else { throw .wrongMagic }
        let id = try r.u32()
        var error: String?
        switch try r.u8() {
        case 0: error = nil
        case 1: error = try r.string(limit: 1000)
        case let f: throw .outOfRange("error flag \(f)")
        }
        let count = Int(try r.u32())
        guard count <= maximumSymbols else { throw .outOfRange("\(count) codes") }
        var symbols: [Symbol] = []
        for _ in 0..<count {
            let formatIndex = Int(try r.u8())
            guard formatIndex < Symbology.allCases.count else { throw .outOfRange("format \(formatIndex)") }
            let flags = try r.u8()
            guard flags & ~15 == 0 else { throw .outOfRange("flags \(flags)") }
            let bytes = try r.blob(limit: maximumPayload)
            var text: String?
            if flags & 2 != 0 {
                guard let t = String(validating: try r.blob(limit: 4 * maximumPayload), as: UTF8.self) else {
                    throw .outOfRange("text that is not UTF-8")
                }
                text = t
            }
            let cornerCount = Int(try r.u8())
            guard cornerCount <= maximumCorners else { throw .outOfRange("\(cornerCount) corners") }
            var corners: [Point] = []
            for _ in 0..<cornerCount {
                let x = Double(bitPattern: try r.u64())
                let y = Double(bitPattern: try r.u64())
                guard x.isFinite, y.isFinite, abs(x) <= 1e9, abs(y) <= 1e9 else { throw .outOfRange("corner") }
                corners.append(Point(x: x, y: y))
            }
            var sequence: Symbol.Sequence?
            if flags & 4 != 0 {
                let index = Int(try r.i32())
                let total = Int(try r.i32())
                guard index >= 0, total >= 0, total <= StructuredAppend.maximumParts, index < max(total, StructuredAppend.maximumParts)
                else { throw .outOfRange("structured-append part \(index) of \(total)") }
                sequence = Symbol.Sequence(index: index, count: total, id: try r.blob(limit: 255))
            }
            var assembly: Symbol.Assembly?
            if flags & 8 != 0 {
                let total = Int(try r.i32())
                let count = Int(try r.u32())
                guard total >= 0, total <= StructuredAppend.maximumParts, count <= min(total, maximumMissingParts) else {
                    throw .outOfRange("a message of \(total) parts missing \(count)")
                }
                var missing: [Int] = []
                for _ in 0..<count {
                    let index = Int(try r.i32())
                    guard index >= 0, index < total else { throw .outOfRange("missing part \(index) of \(total)") }
                    missing.append(index)
                }
                assembly = Symbol.Assembly(total: total, missing: missing)
            }
            var symbol = Symbol(
                format: Symbology.allCases[formatIndex], bytes: bytes, text: text, corners: corners, isGS1: flags & 1 != 0,
                sequence: sequence)
            symbol.assembly = assembly
            symbols.append(symbol)
        }
        try r.expectEnd()
        return Response(id: id, symbols: symbols, error: error)
    }

    /// The length a message's 4-byte prefix announces, or `nil` when it breaks the size limit.
    public static func bodyLength(prefix: [UInt8]) -> Int? {
        guard prefix.count == 4 else { return nil }
        let n = Int(prefix[0]) | Int(prefix[1]) << 8 | Int(prefix[2]) << 16 | Int(prefix[3]) << 24
        return n <= maximumMessage ? n : nil
    }

    static func symbologyBits(_ set: Set<Symbology>) -> UInt64 {
        Symbology.allCases.enumerated().reduce(UInt64(0)) { bits, item in
            set.contains(item.element) ? bits | (1 << UInt64(item.offset)) : bits
        }
    }

    static func symbologies(fromBits bits: UInt64) throws(Failure) -> Set<Symbology> {
        guard bits >> UInt64(Symbology.allCases.count) == 0 else { throw .outOfRange("symbology bits \(bits)") }
        return Set(Symbology.allCases.enumerated().filter { bits & (1 << UInt64($0.offset)) != 0 }.map(\.element))
    }

    // MARK: Byte order

    struct Writer {
        var out: [UInt8] = []
        mutating func u8(_ v: UInt8) { out.append(v) }
        mutating func u32(_ v: UInt32) { for i in 0..<4 { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(i)))) } }
        mutating func i32(_ v: Int32) { u32(UInt32(bitPattern: v)) }
        mutating func u64(_ v: UInt64) { for i in 0..<8 { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) } }
        mutating func bytes(_ b: [UInt8]) { out += b }
        mutating func blob(_ b: [UInt8]) {
            u32(UInt32(b.count))
            out += b
        }
        mutating func string(_ s: String, limit: Int) {
            // Cut at a scalar boundary so the text stays valid UTF-8.
            var kept = ""
            var used = 0
            for scalar in s.unicodeScalars {
                let n = String(scalar).utf8.count
                guard used + n <= limit else { break }
                kept.unicodeScalars.append(scalar)
                used += n
            }
            blob(Array(kept.utf8))
        }
        /// The message with its length prefix.
        func framed() -> [UInt8] {
            var w = Writer()
            w.u32(UInt32(out.count))
            return w.out + out
        }
    }

    struct Reader {
        let data: [UInt8]
        var at = 0
        init(_ data: [UInt8]) { self.data = data }

        mutating func bytes(_ n: Int) throws(Failure) -> [UInt8] {
            guard n >= 0, n <= data.count - at else { throw .truncated }
            defer { at += n }
            return Array(data[at..<at + n])
        }
        mutating func u8() throws(Failure) -> UInt8 { try bytes(1)[0] }
        mutating func u32() throws(Failure) -> UInt32 {
            try bytes(4).enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        }
        mutating func i32() throws(Failure) -> Int32 { Int32(bitPattern: try u32()) }
        mutating func u64() throws(Failure) -> UInt64 {
            try bytes(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        mutating func blob(limit: Int) throws(Failure) -> [UInt8] {
            let n = Int(try u32())
            guard n <= limit else { throw .outOfRange("a field of \(n) bytes") }
            return try bytes(n)
        }
        mutating func string(limit: Int) throws(Failure) -> String {
            guard let s = String(validating: try blob(limit: limit), as: UTF8.self) else { throw .outOfRange("text that is not UTF-8") }
            return s
        }
        func expectEnd() throws(Failure) {
            guard at == data.count else { throw .outOfRange("\(data.count - at) bytes after the end") }
        }
    }
}
