// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// Files handed to other applications live in the app's private runtime folder, hold only what
/// the page showed, and are gone once read (or at exit); a run that crashed leaves nothing for
/// long. Waits for states, never for time.
final class HandOffFilesTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try InProcessGtk.start() }
    }

    /// The permission bits of `path` (no symbolic link followed).
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    /// Shows `payload`, presses `button` and returns the path handed over (nothing is launched).
    @MainActor
    static func handOver(_ payload: String, pressing button: String) throws -> String {
        let page = ResultPage()
        let window = InProcessGtk.window(holding: page.widget)
        defer { gtk_window_destroy(gcast(window)) }
        var handed: [String] = []
        page.handlerName = { _ in "Organizer" }
        page.fileLauncher = { path, _, _ in handed.append(path) }
        page.show(Symbol(format: .qrCode, bytes: Array(payload.utf8), text: payload, corners: []))
        InProcessGtk.flush()
        let widget = try XCTUnwrap(InProcessGtk.button(named: button, in: page.widget), "no \(button)")
        XCTAssertTrue(InProcessGtk.press(widget) { handed.count == 1 })
        return try XCTUnwrap(handed.first)
    }

    func testAContactIsHandedOverPrivatelyAndRemovedOnceRead() throws {
        try MainActor.assumeIsolated {
            let payload = """
                BEGIN:VCARD\nVERSION:3.0\nFN:Jane Roe\nTEL:+15550100\nEND:VCARD
                BEGIN:VCARD\nVERSION:3.0\nFN:Your Bank – Fraud Desk\nTEL:+15550199\nEND:VCARD
                """
            let path = try Self.handOver(payload, pressing: "Open in Contacts")
            let folder = (path as NSString).deletingLastPathComponent
            let processFolder = (folder as NSString).deletingLastPathComponent
            XCTAssertEqual((processFolder as NSString).deletingLastPathComponent, HandOffFiles.root, "in the app's runtime folder")
            XCTAssertFalse(path.hasPrefix("/tmp/"), path)
            XCTAssertEqual((path as NSString).lastPathComponent, "Jane Roe.vcf")
            for level in [HandOffFiles.root, processFolder, folder] { XCTAssertEqual(Self.mode(level), 0o700, level) }
            XCTAssertEqual(Self.mode(path), 0o600)
            // The application reads it (opens, reads, closes): then it is gone, with its folder.
            let contents = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(contents.contains("FN:Jane Roe\r\n"))
            XCTAssertFalse(contents.contains("Fraud Desk"), "the hidden second card never rides along")
            XCTAssertTrue(InProcessGtk.iterate { !FileManager.default.fileExists(atPath: folder) }, "removed once read")
            XCTAssertTrue(FileManager.default.fileExists(atPath: processFolder), "the process's folder stays until exit")
        }
    }

    func testAnEventThatCannotBeOpenedIsRemovedAtOnce() throws {
        try MainActor.assumeIsolated {
            let payload = "BEGIN:VEVENT\nSUMMARY:Dentist\nDTSTART:20260710T090000Z\nRRULE:FREQ=DAILY\nEND:VEVENT"
            let path = try Self.handOver(payload, pressing: "Add to Calendar")
            XCTAssertEqual((path as NSString).lastPathComponent, "Dentist.ics")
            let page = ResultPage()
            let window = InProcessGtk.window(holding: page.widget)
            defer { gtk_window_destroy(gcast(window)) }
            page.launchHandler(forFile: path, mimeType: "application/x-saoma-test-nobody-opens-this")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "no application: the file is removed")
            XCTAssertTrue(
                InProcessGtk.iterate { InProcessGtk.labelTexts(in: page.widget).contains("No application opens this kind of file.") })
        }
    }

    func testLeftoversOfEndedRunsGoAndEverythingGoesAtExit() throws {
        try MainActor.assumeIsolated {
            // A folder left by a process that no longer runs (a crash), and one of a process that does.
            let root = HandOffFiles.root
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let ended = root + "/" + HandOffFiles.folderPrefix + "2147483646-left"
            let running = root + "/" + HandOffFiles.folderPrefix + "\(getppid())-alive"
            for folder in [ended, running] {
                try FileManager.default.createDirectory(atPath: folder + "/x", withIntermediateDirectories: true)
                XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/x/card.vcf", contents: Data("BEGIN:VCARD".utf8)))
            }
            defer { try? FileManager.default.removeItem(atPath: running) }
            // Leftovers are looked for when the process's folder is made: start from a fresh one.
            let fresh = HandOffFiles()
            let path = try XCTUnwrap(fresh.write("BEGIN:VCARD\r\nEND:VCARD\r\n", named: "a.vcf"))
            XCTAssertFalse(FileManager.default.fileExists(atPath: ended), "an ended run's files are removed")
            XCTAssertTrue(FileManager.default.fileExists(atPath: running), "a running process's files are its own")
            fresh.removeAll()
            XCTAssertFalse(FileManager.default.fileExists(atPath: path))
            XCTAssertFalse(FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
        }
    }

    func testASymbolicLinkedRuntimeFolderIsRefused() throws {
        let outside = try TemporaryFolder(prefix: "saoma-handoff-outside")
        let link = outside.path("link")
        XCTAssertEqual(symlink(outside.path(""), link), 0)
        XCTAssertFalse(HandOffFiles.isPrivateFolder(link), "a symbolic link is not the private folder")
        try FileManager.default.createDirectory(
            atPath: outside.path("wide"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        XCTAssertTrue(HandOffFiles.isPrivateFolder(outside.path("wide")))
        XCTAssertEqual(Self.mode(outside.path("wide")), 0o700, "a folder open to others is closed first")
    }
}
