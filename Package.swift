// swift-tools-version: 6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

/// Saoma's package. The dependency direction is enforced here:
/// `SaomaCore` ← adapters (`ZBarDecoding`, `DMTXDecoding`, `QREncoding`, `V4L2Capture`, `PixbufIO`, `GLibSwift`,
/// `SQLiteHistory`)
/// ← `SaomaUI` / `SaomaCLI` ← `saoma`.
let package = Package(
    name: "Saoma",
    products: [
        .executable(name: "saoma", targets: ["saoma"]),
        .executable(name: "saoma-decoder", targets: ["saoma-decoder"]),
    ],
    targets: [
        // System libraries: module map + shim header (static inline helpers for macros and variadics).
        .systemLibrary(name: "CGtk", pkgConfig: "libadwaita-1", providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]),
        .systemLibrary(name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CV4L2", pkgConfig: "libv4l2", providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CPipeWire", pkgConfig: "libpipewire-0.3", providers: [.apt(["libpipewire-0.3-dev", "libspa-0.2-dev"])]),
        .systemLibrary(name: "CDmtx", pkgConfig: "libdmtx", providers: [.apt(["libdmtx-dev"])]),
        .systemLibrary(name: "CPortal", pkgConfig: "libportal-gtk4", providers: [.apt(["libportal-gtk4-dev"])]),
        // Linux calls the Glibc module lacks (memfd_create, prctl): a header only, no library.
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libzint 2.11 has no pkg-config file: its module map links it.
        .systemLibrary(name: "CZint", providers: [.apt(["libzint-dev"])]),

        // Pure Swift: geometry, images, symbols, content parsing, frame model, policies.
        .target(name: "SaomaCore"),

        // Adapters: each is the only place that calls its C library.
        .target(name: "ZBarDecoding", dependencies: ["SaomaCore", "CZBar", "CharsetConversion"]),
        .target(name: "DMTXDecoding", dependencies: ["SaomaCore", "CDmtx", "CharsetConversion"]),
        // zxing-cpp (C++, no C API in Debian's 1.4): a C++ shim whose extern "C" entry points catch every
        // exception, and the Swift module over it, its only caller.
        .target(name: "ZXingShim", cxxSettings: [.define("ZX_USE_UTF8")], linkerSettings: [.linkedLibrary("ZXing")]),
        .target(name: "ZXingDecoding", dependencies: ["SaomaCore", "ZXingShim", "CharsetConversion"]),
        // The one composition point of the engines (which engine reads what, live and in still images),
        // the decoder process that runs them (saoma-decoder) and Saoma's client of it.
        // Free of the toolkit and the image loaders: the decoder process maps only the engines' libraries.
        .target(
            name: "Decoding", dependencies: ["SaomaCore", "CLinux", "ZBarDecoding", "DMTXDecoding", "ZXingDecoding", "CharsetConversion"]),
        .executableTarget(name: "saoma-decoder", dependencies: ["Decoding"]),
        // Photos, screenshots and `saoma scan`'s files read through the decoder process: big images
        // reduced first, structured-append parts joined.
        .target(name: "StillImageReading", dependencies: ["SaomaCore", "Decoding", "PixbufIO", "CharsetConversion"]),
        // The only caller of glibc's iconv (text in the character sets codes declare).
        .target(name: "CharsetConversion", dependencies: ["SaomaCore"]),
        .target(name: "QREncoding", dependencies: ["SaomaCore", "CQREncode"]),
        // The only caller of libzint: Data Matrix, Aztec, PDF417, Micro QR, EAN-13, UPC-A and Code 128.
        .target(name: "ZintEncoding", dependencies: ["SaomaCore", "CZint"]),
        .target(name: "V4L2Capture", dependencies: ["SaomaCore", "CV4L2"]),
        .target(name: "PipeWireCapture", dependencies: ["SaomaCore", "CPipeWire"]),
        .target(name: "PixbufIO", dependencies: ["SaomaCore", "CGdkPixbuf", "GLibSwift"]),
        .target(name: "GLibSwift", dependencies: ["CGtk", "CLinux"]),
        .target(name: "DesktopPortal", dependencies: ["SaomaCore", "CPortal", "GLibSwift"]),
        .target(name: "SQLiteHistory", dependencies: ["SaomaCore", "CSQLite", "GLibSwift"]),
        // The only client of NetworkManager's D-Bus API (GDBus from GIO).
        .target(name: "NetworkJoining", dependencies: ["SaomaCore", "CGtk", "GLibSwift"]),
        // The translated names both front ends give content fields, one row per field and voice.
        .target(name: "SaomaMessages", dependencies: ["SaomaCore", "GLibSwift"]),

        // Live scanning, free of widgets (the compiler keeps it so): camera services over the capture
        // adapters, the frame pipeline, the decode worker and the scan state's driving. Only SaomaUI
        // imports it; SaomaUI reaches the cameras through it alone.
        .target(
            name: "LiveScanning",
            dependencies: [
                "SaomaCore", "Decoding", "CharsetConversion", "V4L2Capture", "PipeWireCapture", "PixbufIO", "GLibSwift", "DesktopPortal",
            ]
        ),
        // Front ends.
        .target(
            name: "SaomaUI",
            dependencies: [
                "SaomaCore", "LiveScanning", "Decoding", "StillImageReading", "CharsetConversion", "ZBarDecoding", "DMTXDecoding",
                "QREncoding", "ZintEncoding",
                "PixbufIO", "GLibSwift", "SQLiteHistory", "DesktopPortal", "NetworkJoining", "SaomaMessages", "CGtk",
            ]
        ),
        .target(
            name: "SaomaCLI",
            dependencies: [
                "SaomaCore", "Decoding", "StillImageReading", "ZBarDecoding", "DMTXDecoding", "QREncoding", "ZintEncoding", "V4L2Capture",
                "PipeWireCapture",
                "PixbufIO", "GLibSwift", "SQLiteHistory", "SaomaMessages",
            ]
        ),
        // saoma-decoder is a dependency so that building saoma (`swift run saoma`) builds its decoder process too.
        .executableTarget(name: "saoma", dependencies: ["SaomaCLI", "SaomaUI", "saoma-decoder"]),

        // Test support (under Tests/, never a product, never installed): the one process runner,
        // Xvfb, app and bus launchers and patience of every test target; CaptureProbe drives
        // V4L2Capture in a subprocess for tests and scripts/bench-capture; PipeWireTestCamera serves
        // a camera node. The fake V4L2 device (Tests/FakeV4L2Device, an LD_PRELOAD shim in C) is
        // built by scripts/build-fake-v4l2.
        .target(name: "SaomaTestSupport", dependencies: ["SaomaCore", "QREncoding", "CGtk"], path: "Tests/SaomaTestSupport"),
        .executableTarget(name: "CaptureProbe", dependencies: ["V4L2Capture", "SaomaCore"], path: "Tests/CaptureProbe"),
        .executableTarget(name: "AbortingDecoder", dependencies: ["Decoding", "ZBarDecoding", "SaomaCore"], path: "Tests/AbortingDecoder"),
        .executableTarget(name: "PipeWireTestCamera", dependencies: ["CPipeWire"], path: "Tests/PipeWireTestCamera"),
        // BlurProbe runs the blur-aware readers on synthetic profiles and image files (development and scripts/bench-blur).
        .executableTarget(
            name: "BlurProbe", dependencies: ["SaomaCore", "SaomaTestSupport", "ZBarDecoding", "PixbufIO"], path: "Tests/BlurProbe"),

        .testTarget(name: "SaomaCoreTests", dependencies: ["SaomaTestSupport", "SaomaCore"]),
        .testTarget(
            name: "DecodingTests",
            dependencies: ["SaomaTestSupport", "Decoding", "StillImageReading", "PixbufIO", "QREncoding", "ZBarDecoding", "SaomaCore"]),
        .testTarget(name: "CharsetConversionTests", dependencies: ["SaomaTestSupport", "CharsetConversion", "SaomaCore"]),
        .testTarget(
            name: "ZXingDecodingTests", dependencies: ["SaomaTestSupport", "ZXingDecoding", "QREncoding", "PixbufIO", "SaomaCore"]),
        .testTarget(
            name: "ZBarDecodingTests",
            dependencies: ["SaomaTestSupport", "ZBarDecoding", "QREncoding", "PixbufIO", "SaomaCore", "CQREncode"]),
        .testTarget(
            name: "DMTXDecodingTests", dependencies: ["SaomaTestSupport", "DMTXDecoding", "CharsetConversion", "PixbufIO", "SaomaCore"]),
        .testTarget(
            name: "ZintEncodingTests",
            dependencies: ["SaomaTestSupport", "ZintEncoding", "Decoding", "ZBarDecoding", "PixbufIO", "SaomaCore"]),
        .testTarget(name: "QREncodingTests", dependencies: ["SaomaTestSupport", "QREncoding", "ZBarDecoding", "PixbufIO", "SaomaCore"]),
        .testTarget(
            name: "PipeWireCaptureTests",
            dependencies: [
                "SaomaTestSupport",
                "PipeWireCapture", "SaomaCLI", "ZBarDecoding", "QREncoding", "PixbufIO", "DesktopPortal", "CPortal", "SaomaCore",
            ]),
        .testTarget(name: "V4L2CaptureTests", dependencies: ["SaomaTestSupport", "V4L2Capture", "ZBarDecoding", "PixbufIO", "SaomaCore"]),
        .testTarget(name: "PixbufIOTests", dependencies: ["SaomaTestSupport", "PixbufIO", "SaomaCore", "ZBarDecoding", "QREncoding"]),
        .testTarget(name: "SaomaCLITests", dependencies: ["SaomaTestSupport", "SaomaCLI", "SaomaCore", "SQLiteHistory", "SaomaMessages"]),
        .testTarget(name: "SQLiteHistoryTests", dependencies: ["SaomaTestSupport", "SQLiteHistory", "SaomaCore"]),
        .testTarget(
            name: "NetworkJoiningTests", dependencies: ["SaomaTestSupport", "NetworkJoining", "SaomaCore"], exclude: ["nm_join_template.py"]
        ),
        .testTarget(name: "GLibSwiftTests", dependencies: ["SaomaTestSupport", "GLibSwift", "CGtk"]),
        .testTarget(
            name: "LiveScanningTests", dependencies: ["SaomaTestSupport", "LiveScanning", "SaomaCore", "QREncoding", "PixbufIO", "CGtk"]),
        .testTarget(
            name: "SaomaUITests", dependencies: ["SaomaTestSupport", "SaomaUI", "SaomaCore", "QREncoding", "SQLiteHistory", "PixbufIO"]),
    ],
    // zxing-cpp 1.4's headers need C++17 or later.
    cxxLanguageStandard: .cxx20
)
