// SPDX-License-Identifier: GPL-3.0-or-later
import CLinux
import Glibc
import SaomaCore

/// The memory Saoma and its decoder process share (a memfd): a header page, then one image's
/// pixels, packed rows of 8-bit grey.
///
/// The header holds the name of the engine the decoder process is running, written before each
/// engine runs, so that when the process dies the header names the engine that stopped it.
/// Owned by one decoder client (one thread) or by the decoder process's one serving thread.
///
/// The memfd can only grow (`saoma_memfd_create` seals it against shrinking): the decoder process
/// is trusted no more than its answers, and a file cut under Saoma's mapping would end Saoma with
/// SIGBUS at its next touch of the header or the pixels.
final class SharedImageMemory {
    /// The memfd (close-on-exec in Saoma; the decoder process gets it as a fixed descriptor).
    let descriptor: Int32
    private var base: UnsafeMutableRawPointer?
    /// Bytes mapped.
    private(set) var mappedSize = 0

    /// Bytes before the pixels.
    static let headerSize = 4096
    /// Offset of the running engine's name: a length byte, then at most `maximumEngineName` bytes.
    static let engineOffset = 8
    static let maximumEngineName = 64

    /// A new, empty memfd.
    init?() {
        let fd = saoma_memfd_create("saoma-decoder-image")
        guard fd >= 0 else { return nil }
        descriptor = fd
    }

    /// Maps a memfd received from Saoma (the decoder process's side).
    init(adopting fd: Int32) {
        descriptor = fd
    }

    deinit {
        unmap()
        close(descriptor)
    }

    /// Makes the memory at least `bytes` long (growing the memfd; Saoma's side) and maps it.
    func reserve(pixels: Int) -> Bool {
        let needed = Self.headerSize + pixels
        if needed <= mappedSize { return true }
        // Grow by half again, so a camera's frames of one size never remap.
        let size = max(needed, mappedSize + mappedSize / 2)
        guard ftruncate(descriptor, off_t(size)) == 0 else { return false }
        return map(size: size)
    }

    /// Maps at least `bytes` of a memfd someone else sized (the decoder process's side): `false`
    /// when the memfd is smaller.
    func mapShared(atLeast bytes: Int) -> Bool {
        if bytes <= mappedSize { return true }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) >= bytes else { return false }
        return map(size: Int(info.st_size))
    }

    private func map(size: Int) -> Bool {
        unmap()
        let p = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let p, p != MAP_FAILED else { return false }
        base = p
        mappedSize = size
        return true
    }

    private func unmap() {
        if let base { munmap(base, mappedSize) }
        base = nil
        mappedSize = 0
    }

    /// Writes the pixels of `rect` of `image` (clamped to it) as packed rows; `false` when they do
    /// not fit the memory.
    func write(_ image: LumaImage, rect: PixelRect) -> Bool {
        let r = rect.clamped(width: image.width, height: image.height)
        guard reserve(pixels: r.width * r.height), let base else { return false }
        let to = (base + Self.headerSize).assumingMemoryBound(to: UInt8.self)
        image.pixels.withUnsafeBufferPointer { from in
            guard let from = from.baseAddress else { return }
            for row in 0..<r.height {
                (to + row * r.width).update(from: from + (r.y + row) * image.width + r.x, count: r.width)
            }
        }
        return true
    }

    /// The image of `width` × `height` pixels at the start of the pixel area, copied out, or `nil`
    /// when the memory is smaller.
    func readImage(width: Int, height: Int) -> LumaImage? {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, mapShared(atLeast: Self.headerSize + count), let base else { return nil }
        let from = UnsafeBufferPointer(start: (base + Self.headerSize).assumingMemoryBound(to: UInt8.self), count: count)
        return LumaImage(width: width, height: height, pixels: Array(from))
    }

    /// The engine running, as the header names it (`nil`: none).
    var runningEngine: String? {
        get {
            guard let base, mappedSize >= Self.headerSize else { return nil }
            let p = (base + Self.engineOffset).assumingMemoryBound(to: UInt8.self)
            let count = min(Int(p.pointee), Self.maximumEngineName)
            guard count > 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(start: p + 1, count: count), as: UTF8.self)
        }
        set {
            guard let base, mappedSize >= Self.headerSize else { return }
            let p = (base + Self.engineOffset).assumingMemoryBound(to: UInt8.self)
            let bytes = Array((newValue ?? "").utf8.prefix(Self.maximumEngineName))
            (p + 1).update(from: bytes, count: bytes.count)
            p.pointee = UInt8(bytes.count)
        }
    }
}
