// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaTestSupport

/// The Generate page's tests on the shared in-process GTK (`InProcessGtk`: a private Xvfb, GTK
/// and libadwaita on the main thread), with helpers that drive and read the display from outside:
/// xdotool, xclip, ImageMagick's import, zbarimg, rsvg-convert.
///
/// Main thread only (XCTest runs test methods there).
@MainActor
enum GeneratorHarness {
    /// The X display (`:N`) GTK uses, once started.
    private(set) static var display: String?
    /// Starts Xvfb and GTK through the shared `InProcessGtk` harness unless already done.
    static func start() throws {
        if display != nil { return }
        // Options the page remembers stay in this process (when GTK starts here first).
        setenv("GSETTINGS_BACKEND", "memory", 0)
        try InProcessGtk.start()
        display = InProcessGtk.display
    }

    /// The toplevel windows that are visible.
    static func toplevels() -> [UnsafeMutablePointer<GtkWidget>] {
        guard let list = gtk_window_get_toplevels() else { return [] }
        var out: [UnsafeMutablePointer<GtkWidget>] = []
        for index in 0..<g_list_model_get_n_items(list) {
            guard let item = g_list_model_get_item(list, index) else { continue }
            let widget = item.assumingMemoryBound(to: GtkWidget.self)
            if gtk_widget_get_visible(widget) != 0 { out.append(widget) }
            g_object_unref(item)
        }
        return out
    }

    /// The first monitor's size in pixels (the Xvfb screen).
    static var screenSize: (width: Int, height: Int) {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
            let monitor = g_list_model_get_item(monitors, 0)
        else { return (0, 0) }
        defer { g_object_unref(monitor) }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(OpaquePointer(monitor), &geometry)
        return (Int(geometry.width), Int(geometry.height))
    }

    /// The path of tool `name` in the usual places, or `nil`.
    static func executable(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the GLib main loop until `condition` holds or `Patience.seconds` run out; returns the condition.
    @discardableResult
    static func iterate(until condition: () -> Bool) -> Bool {
        InProcessGtk.iterate(until: condition)
    }

    /// Runs the main loop for `seconds` (lets GTK lay out and paint before a screenshot).
    static func settle(seconds: TimeInterval) {
        let end = Date().addingTimeInterval(seconds)
        iterate { Date() > end }
    }

    /// Runs `tool` with `arguments` on the test display while the main loop keeps running (so
    /// GTK can answer selection requests); returns its exit status and standard output.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        guard let path = executable(tool) else { throw HarnessError("\(tool) is not installed (scripts/bootstrap installs it)") }
        let run = try runToolStatus(path, arguments, display: display ?? "") { ended in iterate(until: ended) }
        return (run.status ?? -1, run.data)
    }

    /// The exact payloads zbarimg reads in `path` (raw bytes, one per line, UTF-8).
    static func zbarimg(_ path: String) throws -> [String] {
        let result = try run("zbarimg", ["--quiet", "--raw", "-Sbinary", path])
        guard result.status == 0 else { return [] }
        var text = String(decoding: result.output, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return [text]
    }

    /// A screenshot of the whole screen (or the `width`×`height` area at `x`,`y`) as a PNG.
    static func screenshot(to path: String, crop: (x: Int, y: Int, width: Int, height: Int)? = nil) throws {
        var arguments = ["-window", "root"]
        if let crop { arguments += ["-crop", "\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)", "+repage"] }
        let result = try run("import", arguments + [path])
        guard result.status == 0 else { throw HarnessError("import could not take a screenshot") }
    }

    /// Raw 8-bit RGB pixels of a screen area, row by row.
    static func screenPixels(x: Int, y: Int, width: Int, height: Int) throws -> [UInt8] {
        let result = try run("import", ["-window", "root", "-crop", "\(width)x\(height)+\(x)+\(y)", "+repage", "-depth", "8", "rgb:-"])
        guard result.status == 0, result.output.count == width * height * 3 else {
            throw HarnessError("import returned \(result.output.count) bytes for a \(width)×\(height) area")
        }
        return [UInt8](result.output)
    }

    /// `docs/screenshots` of this package.
    static var screenshotDirectory: URL {
        BuiltProducts.source("docs/screenshots")
    }

    /// A set-up failure with its reason.
    struct HarnessError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
