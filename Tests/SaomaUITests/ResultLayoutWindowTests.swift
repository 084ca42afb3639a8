// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import SaomaTestSupport
import Testing

/// One node of the app's accessibility tree with its geometry, as
/// `Tests/Mocks/accessible_tree.py --geometry` prints it.
private struct PlacedNode {
    var role: String
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var states: Set<String>
    var name: String

    init?(_ line: Substring) {
        let parts = line.split(separator: "\t", maxSplits: 5, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 6 else { return nil }
        let box = parts[3].split(separator: ",").compactMap { Int($0) }
        guard box.count == 4 else { return nil }
        role = parts[1]
        (x, y, width, height) = (box[0], box[1], box[2], box[3])
        states = Set(parts[4].split(separator: ",").map(String.init))
        name = parts[5]
    }

    /// Whether the node lies wholly inside a `width`×`height` window.
    func isInside(width windowWidth: Int, height windowHeight: Int) -> Bool {
        x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= windowWidth && y + height <= windowHeight
    }
}

/// A code to show on the result page and the name of the main action it must offer.
struct ResultSample: Sendable, CustomTestStringConvertible {
    /// Short name, also the screenshot's (`result-wifi.png`).
    var name: String
    var payload: String
    /// The zint symbology for a barcode (`nil`: a QR code).
    var barcode: String?
    var mainAction: String
    /// Secrets the payload holds: none may be in the accessibility tree (a list, a tooltip).
    var secrets: [String] = []
    /// Whether the history keeps it by itself (documents with personal data it does not).
    var kept = true
    /// For a structured-append message: the payload split in parts, and the 1-based parts drawn
    /// (side by side, as QR codes); empty for one code.
    var parts: [String] = []
    var partsDrawn: [Int] = []

    var testDescription: String { name }

    /// A message in `parts` of which only `drawn` are in the picture.
    static func structuredAppend(name: String, parts: [String], drawn: [Int]) -> ResultSample {
        var sample = ResultSample(name: name, payload: parts.joined(), mainAction: "Copy Text")
        sample.parts = parts
        sample.partsDrawn = drawn
        return sample
    }
}

/// The result page in the running app, seen from outside: for every kind of code, at the default
/// size, on a 1366×768 screen and with large text, the main action is focused and lies inside
/// the window; no accessible name (lists, tooltips, the markers) holds a Wi-Fi password or a
/// login secret. Screenshots of each page are kept with SAOMA_SCREENSHOT_DIR=docs/screenshots.
@Suite("Result pages in the window", .serialized)
struct ResultLayoutWindowTests {
    static let samples: [ResultSample] = [
        ResultSample(name: "link", payload: "https://gnome.org/news/2026/welcome?utm=x", mainAction: "Open…"),
        ResultSample(
            name: "wifi",
            payload: "WIFI:T:WPA2-EAP;S:Campus Network;E:TTLS;A:anon@example.org;PH2:PAP;I:alice@example.org;P:hunter22;H:true;;",
            mainAction: "Copy Password", secrets: ["hunter22"]),
        ResultSample(
            name: "contact",
            payload:
                "MECARD:N:Roe,Jane;ORG:ACME Corporation;TITLE:Engineer;TEL:+15550100;TEL:+15550101;EMAIL:jane@example.org;URL:https://example.org;ADR:1 Main St, Springfield;NOTE:Met at the conference;;",
            mainAction: "Save Contact…"),
        ResultSample(
            name: "email", payload: "mailto:ada@example.org?cc=grace@example.org&subject=Lunch&body=See%20you%20at%20noon",
            mainAction: "Write E-mail…"),
        ResultSample(name: "phone", payload: "tel:+15550100", mainAction: "Call…"),
        ResultSample(name: "sms", payload: "sms:+15550100,+15550111?body=On%20my%20way", mainAction: "Write Message…"),
        ResultSample(name: "place", payload: "geo:48.2082,16.3738,171?q=Stephansplatz%2C%20Wien", mainAction: "Open in Maps…"),
        ResultSample(
            name: "event",
            payload:
                "BEGIN:VEVENT\nSUMMARY:Team dinner\nDTSTART;TZID=Europe/Berlin:20261224T180000\nDTEND;TZID=Europe/Berlin:20261224T210000\nLOCATION:Gasthaus zur Post\nDESCRIPTION:Bring a present\nEND:VEVENT",
            // The desktop's calendar app takes the event when there is one (any text/calendar handler).
            mainAction: calendarAppInstalled ? "Add to Calendar" : "Save Event…"),
        ResultSample(
            name: "otp", payload: "otpauth://totp/ACME:jane@example.org?secret=JBSWY3DPEHPK3PXP&issuer=ACME", mainAction: "Copy Code",
            secrets: ["JBSWY3DPEHPK3PXP", "JBSW Y3DP"]),
        ResultSample(
            name: "payment", payload: "BCD\n002\n1\nSCT\nCOBADEFF\nJane Roe\nDE89370400440532013000\nEUR12.5\n\n\nInvoice 7",
            mainAction: "Copy IBAN"),
        ResultSample(name: "product", payload: "400638133393", barcode: "EANX", mainAction: "Search the Web…"),
        ResultSample(name: "text", payload: "Remember the milk, eggs and the flour for Sunday's cake.", mainAction: "Copy Text"),
        ResultSample.structuredAppend(
            name: "parts-missing",
            parts: ["The recipe, part one: flour and eggs. ", "Part two: milk. ", "Part three: bake for 40 minutes."],
            drawn: [1, 3]),
        ResultSample(
            name: "boarding-pass", payload: "M1ROE/JANE MS         EQX7K2P HELBCNAY 1651 112Y023C0041 100",
            mainAction: "Copy Booking Reference",
            kept: false),
        ResultSample(
            name: "licence",
            payload:
                "@\n\u{1E}\rANSI 636026100101DL00310114DLDAQD1234567\nDCSROE\nDACJANE\nDADANN\nDBB07041990\nDBA07042023\nDBC2\nDAG1200 MAIN ST\nDAIPHOENIX\nDAJAZ\nDAK85004\nDCGUSA\r",
            mainAction: "Copy Document Number", kept: false),
    ]

    /// Whether the desktop has an application for `text/calendar`.
    static let calendarAppInstalled: Bool = {
        guard let app = g_app_info_get_default_for_type("text/calendar", 0) else { return false }
        g_object_unref(UnsafeMutableRawPointer(app))
        return true
    }()

    /// The window sizes and text resolutions to try (`Xft.dpi`, what the large-text setting
    /// raises: 144 is text half as large again as at 96).
    static let views: [(width: Int, height: Int, textDPI: Int?)] = [(960, 640, nil), (1366, 768, nil), (960, 640, 144)]

    @Test("every kind's main action is focused, drawn and inside the window; no secret in the accessibility tree")
    func mainActionInView() throws {
        let photos = try PhotoFactory()
        var files: [String: String] = [:]
        for sample in Self.samples { files[sample.name] = try Self.image(of: sample, in: photos) }
        for view in Self.views {
            let bus = try SessionBus()
            let display = try VirtualDisplay()
            let runtime = try Self.privateAccessibilityBus(for: bus, display: display)
            if let dpi = view.textDPI {
                // GTK on X11 takes its text resolution from the Xft.dpi resource (no settings daemon here).
                try runTool(
                    "/usr/bin/xprop", ["-root", "-format", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", "Xft.dpi:\t\(dpi)"],
                    display: display.name)
            }
            let app = try AppUnderTest(
                arguments: [], windowSize: (view.width, view.height), display: display, sessionBus: bus.address,
                environment: ["GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0"])
            try app.waitForLine { $0.hasPrefix("camera ") }
            let viewName = "\(view.width)×\(view.height)\(view.textDPI.map { ", text at \($0) dpi" } ?? "")"
            for sample in Self.samples {
                let skip = app.debugLines.count
                let opener = try AppUnderTest(arguments: [files[sample.name] ?? ""], display: app.display, sessionBus: bus.address)
                #expect(try opener.waitForExit() == 0)
                let label = "\(sample.name) at \(viewName)"
                // The page's own report (an earlier page's action may still report while it goes).
                let isThisAction = { (line: String) in line.hasPrefix("result-action ") && fields(line)["text"] == sample.mainAction }
                try app.waitForLine(after: skip, isThisAction)
                // The newest placement the app reports and a screenshot taken after it agree once
                // the page is laid out and drawn: the button in the accent colour, where it says.
                var placement: (text: String?, rect: [Double], window: [Double]) = (nil, [], [])
                _ = try app.screenshot { shot in
                    guard let line = app.debugLines[skip...].last(where: isThisAction) else { return false }
                    let placed = fields(line)
                    placement = (placed["text"], numbers(placed["rect"]), numbers(placed["window"]))
                    return Self.accentShare(in: shot, rect: placement.rect) > 0.4
                }
                let shot = try app.screenshot()
                let (text, rect, window) = placement
                #expect(text == sample.mainAction, "\(label): the focused action is \(text ?? "none")")
                try #require(rect.count == 4 && window.count == 4, "\(label): \(placement)")
                #expect(
                    rect[0] >= window[0] && rect[1] >= window[1] && rect[0] + rect[2] <= window[0] + window[2]
                        && rect[1] + rect[3] <= window[1] + window[3],
                    "\(label): the main action \(rect) is not inside the window \(window)")
                #expect(Self.accentShare(in: shot, rect: rect) > 0.4, "\(label): no suggested button drawn at \(rect)")
                if view.width == 960 && view.textDPI == nil {
                    _ = try app.screenshot(keepAs: "result-\(sample.name).png")
                    if sample.name == "link" { _ = try app.screenshot(keepAs: "result.png") }
                } else if view.textDPI != nil && ["contact", "parts-missing"].contains(sample.name) {
                    _ = try app.screenshot(keepAs: "result-\(sample.name)-large-text.png")
                } else if view.width == 1366 && sample.name == "parts-missing" {
                    _ = try app.screenshot(keepAs: "result-\(sample.name)-1366x768.png")
                }
            }
            try expectNoSecretInTheAccessibilityTree(
                app: app, bus: bus, view: viewName, keepScreenshot: view.width == 960 && view.textDPI == nil)
            withExtendedLifetime(runtime) {}
        }
    }

    /// Makes the accessibility bus that `bus` starts for the app its own: the bus launcher puts
    /// its socket in the runtime folder it is started with, by default `~/.cache/at-spi/bus`,
    /// which every other test (and test run) on the machine shares and removes when it ends.
    private static func privateAccessibilityBus(for bus: SessionBus, display: VirtualDisplay) throws -> TemporaryFolder {
        let runtime = try TemporaryFolder(prefix: "saoma-a11y")
        let run = try runToolStatus(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
                "org.freedesktop.DBus.UpdateActivationEnvironment",
                "{'XDG_RUNTIME_DIR': '\(runtime.url.path)', 'DISPLAY': '\(display.name)'}",
            ],
            environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        guard run.status == 0 else { throw EndToEndError(description: "the session bus refused the environment: \(run.errors)") }
        return runtime
    }

    /// With the History panel open (a row per sample), no accessible name anywhere in the window
    /// holds one of the samples' secrets, and the last page's main action is inside the window
    /// (kept as docs/screenshots/history.png when `keepScreenshot`).
    private func expectNoSecretInTheAccessibilityTree(app: AppUnderTest, bus: SessionBus, view: String, keepScreenshot: Bool) throws {
        let skip = app.debugLines.count
        try app.key("ctrl+h", pointer: AppUnderTest.insideWindow)
        let kept = Self.samples.filter(\.kept).count
        try app.waitForLine { $0.hasPrefix("history-rows count=\(kept) ") }
        try app.waitForLine(after: skip) { $0 == "focus history" }
        if keepScreenshot { _ = try app.screenshot(keepAs: "history.png") }
        let nodes = try Self.accessibilityTree(bus: bus, for: view)
        let rows = nodes.filter { $0.name.contains(" · ") }
        #expect(rows.count >= kept, "\(view): history rows in the tree: \(rows.map(\.name))")
        for secret in Self.samples.flatMap(\.secrets) {
            let holders = nodes.filter { $0.name.contains(secret) }
            #expect(holders.isEmpty, "\(view): \(holders.map { "\($0.role) “\($0.name)”" })")
        }
        let frame = try #require(nodes.first { $0.role == "frame" }, "no window in the tree")
        let last = Self.samples[Self.samples.count - 1].mainAction
        for button in nodes where button.role == "push button" && button.states.contains("showing") && button.name == last {
            #expect(button.isInside(width: frame.width, height: frame.height), "\(view): \(last) at \(button.x),\(button.y)")
        }
    }

    /// The share of the pixels inside `rect` (screen x, y, width, height) that are accent-coloured.
    static func accentShare(in shot: Screenshot, rect: [Double]) -> Double {
        guard rect.count == 4, rect[2] >= 4, rect[3] >= 4 else { return 0 }
        var accent = 0
        var total = 0
        for y in Int(rect[1] + 2)..<Int(rect[1] + rect[3] - 2) {
            for x in Int(rect[0] + 2)..<Int(rect[0] + rect[2] - 2) {
                total += 1
                if shot.isAccent(x: x, y: y) { accent += 1 }
            }
        }
        return total == 0 ? 0 : Double(accent) / Double(total)
    }

    /// A QR code of `sample`'s payload, or its barcode (zint), as a PNG in `photos`.
    static func image(of sample: ResultSample, in photos: PhotoFactory) throws -> String {
        if !sample.parts.isEmpty {
            var drawn: [String] = []
            for part in sample.partsDrawn {
                let path = photos.path("\(sample.name)-\(part).png")
                try runTool(
                    "/usr/bin/zint",
                    [
                        "--barcode=QRCODE", "--structapp=\(part),\(sample.parts.count),7", "--scale=4", "--data=\(sample.parts[part - 1])",
                        "--output=\(path)",
                    ])
                drawn.append(path)
            }
            let path = photos.path("\(sample.name).png")
            try runTool("/usr/bin/convert", drawn + ["-bordercolor", "white", "-border", "40", "+append", path])
            return path
        }
        guard let barcode = sample.barcode else {
            return try photos.scene(
                "\(sample.name).png", width: 640, height: 480, codes: [.init(text: sample.payload, centerX: 320, centerY: 240)])
        }
        let path = photos.path("\(sample.name).png")
        try runTool("/usr/bin/zint", ["--barcode=\(barcode)", "--scale=4", "--data=\(sample.payload)", "--output=\(path)"])
        return path
    }

    /// The app's accessibility tree with geometry (`Tests/Mocks/accessible_tree.py --geometry`).
    private static func accessibilityTree(bus: SessionBus, for label: String) throws -> [PlacedNode] {
        let walker = BuiltProducts.source("Tests/Mocks/accessible_tree.py").path
        // The walker is pointed at this bus's accessibility bus (`AT_SPI_BUS_ADDRESS`): left to
        // itself, libatspi first reads the address from the X display in its environment, which
        // may be another test's, long gone.
        var failures: [String] = []
        for _ in 0..<3 {
            let address = try runToolStatus(
                "/usr/bin/gdbus",
                [
                    "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method", "org.a11y.Bus.GetAddress",
                    "--timeout", String(Int(Patience.seconds)),
                ],
                environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            let parts = address.output.split(separator: "'")
            guard address.status == 0, parts.count >= 2 else {
                failures.append("no accessibility bus: \(address.errors)")
                continue
            }
            let run = try runToolStatus(
                "/usr/bin/python3", [walker, String(Patience.seconds / 4), "--geometry"],
                environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "AT_SPI_BUS_ADDRESS": String(parts[1])])
            if run.status == 0 { return run.output.split(separator: "\n").compactMap(PlacedNode.init) }
            failures.append("status \(run.status.map(String.init) ?? "none"): \(run.errors)")
        }
        throw EndToEndError(description: "\(label): the accessibility tree could not be read: \(failures.joined(separator: "; "))")
    }
}
