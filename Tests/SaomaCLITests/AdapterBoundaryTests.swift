// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// Each C library has one adapter module, its only caller, and GObject references are taken and
/// released in one place (GLibSwift's `ObjectRef`): a call that strays shows up here with its
/// file and line.
@Suite("Adapter boundaries")
struct AdapterBoundaryTests {
    /// Calls (`name(`) of functions starting with a prefix, and the one module allowed to make them.
    static let rules: [(library: String, prefixes: [String], module: String)] = [
        ("zbar", ["zbar_"], "ZBarDecoding"),
        ("libqrencode", ["QRcode_", "QRinput_"], "QREncoding"),
        ("libv4l2", ["v4l2_"], "V4L2Capture"),
        ("SQLite", ["sqlite3_"], "SQLiteHistory"),
        ("libpipewire", ["pw_", "spa_"], "PipeWireCapture"),
        ("libdmtx", ["dmtx"], "DMTXDecoding"),
        ("libportal", ["xdp_"], "DesktopPortal"),
        ("gdk-pixbuf", ["gdk_pixbuf_"], "PixbufIO"),
        ("iconv", ["iconv"], "CharsetConversion"),
        ("zxing-cpp", ["saoma_zx_"], "ZXingDecoding"),
        ("libzint", ["ZBarcode_"], "ZintEncoding"),
        ("GObject references", ["g_object_ref", "g_object_unref", "g_object_ref_sink"], "GLibSwift"),
    ]

    /// Every Swift file under Sources/ with its module and its lines, comments left out.
    private func sources() throws -> [(module: String, path: String, lines: [String])] {
        let root = BuiltProducts.repository.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: root.path))
        var files: [(String, String, [String])] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift"), let module = relative.split(separator: "/").first else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            let lines = text.components(separatedBy: "\n").map { line in
                line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : line
            }
            files.append((String(module), "Sources/" + relative, lines))
        }
        return files
    }

    /// Whether `line` calls a function whose name starts with `prefix` (`prefix…(`).
    static func calls(_ line: String, prefix: String) -> Bool {
        var rest = Substring(line)
        while let range = rest.range(of: prefix) {
            let before = rest[..<range.lowerBound].last
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let after = rest[range.upperBound...].dropFirst(name.count).first
            if !(before.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false) && after == "(" { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test(
        "the matcher finds calls and only calls",
        arguments: [
            ("zbar_image_create()", "zbar_", true),
            ("let s = zbar_symbol_get_data(symbol)", "zbar_", true),
            ("g_object_unref(pointer)", "g_object_unref", true),
            ("g_object_ref_sink(object)", "g_object_ref", true),
            ("self.zbar_thing()", "zbar_", false),
            ("/// `zbar_scan_y` gives widths", "zbar_", false),
            ("let name = \"zbar_\"", "zbar_", false),
            ("myzbar_call()", "zbar_", false),
        ])
    func matcher(line: String, prefix: String, expected: Bool) {
        #expect(Self.calls(line, prefix: prefix) == expected)
    }

    @Test("SaomaCore, the pure core, imports Foundation and nothing else")
    func coreImportsOnlyFoundation() throws {
        let core = try sources().filter { $0.module == "SaomaCore" }
        #expect(core.count > 50, "Sources/SaomaCore was not found")
        for file in core {
            for (index, line) in file.lines.enumerated() where line.hasPrefix("import ") && line != "import Foundation" {
                Issue.record("\(file.path):\(index + 1) \(line): SaomaCore calls no C library")
            }
        }
    }

    @Test("each C library is called from its adapter module only")
    func onlyTheAdapterCalls() throws {
        let files = try sources()
        #expect(files.count > 100, "Sources/ was not found at \(BuiltProducts.repository.path)")
        for rule in Self.rules {
            for file in files where file.module != rule.module {
                for (index, line) in file.lines.enumerated() where rule.prefixes.contains(where: { Self.calls(line, prefix: $0) }) {
                    Issue.record("\(file.path):\(index + 1) calls \(rule.library) outside \(rule.module): \(line)")
                }
            }
        }
    }

    @Test("live scanning draws nothing, and the window reaches the cameras only through it")
    func liveScanningIsFreeOfWidgets() throws {
        let files = try sources()
        let live = files.filter { $0.module == "LiveScanning" }
        #expect(live.count > 5, "Sources/LiveScanning was not found")
        for file in live {
            for (index, line) in file.lines.enumerated()
            where ["gtk_", "gdk_", "adw_", "cairo_", "pango_"].contains(where: { Self.calls(line, prefix: $0) }) {
                Issue.record("\(file.path):\(index + 1) draws or builds widgets in live scanning: \(line)")
            }
        }
        for file in files where file.module == "SaomaUI" {
            for (index, line) in file.lines.enumerated()
            where ["import V4L2Capture", "import PipeWireCapture"].contains(line.trimmingCharacters(in: .whitespaces)) {
                Issue.record("\(file.path):\(index + 1) \(line): the window reaches cameras through LiveScanning")
            }
        }
    }
}
