// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaTestSupport
import Testing

@testable import PixbufIO

private func mode(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
}

/// Each test gets a new instance, so a scratch folder of its own, removed when the test ends.
@Suite("AtomicFile")
final class AtomicFileTests {
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder(prefix: "saoma-atomic") }

    deinit { scratch.remove() }

    @Test("a new file is written whole and no temporary file stays")
    func writesNewFile() throws {
        try AtomicFile(path: scratch.file("out.png"), replacing: false).commit(Data("new".utf8))
        #expect(scratch.read("out.png") == "new")
        #expect(scratch.contents() == ["out.png"])
    }

    @Test("without replacing, an existing file is refused before anything is written")
    func refusesExisting() throws {
        try Data("old".utf8).write(to: URL(fileURLWithPath: scratch.file("out.png")))
        #expect(throws: AtomicFileError.exists(path: scratch.file("out.png"))) {
            try AtomicFile(path: scratch.file("out.png"), replacing: false)
        }
        #expect(scratch.read("out.png") == "old")
        #expect(scratch.contents() == ["out.png"])
    }

    /// What appears at the target between reserving and committing.
    static let intruders = ["file", "dangling symlink", "fifo"]

    @Test("without replacing, whatever appeared meanwhile is never replaced", arguments: intruders)
    func neverReplacesLateArrival(intruder: String) throws {
        let target = scratch.file("out.png")
        let file = try AtomicFile(path: target, replacing: false)
        switch intruder {
        case "file": try Data("theirs".utf8).write(to: URL(fileURLWithPath: target))
        case "dangling symlink": #expect(symlink(scratch.file("elsewhere.png"), target) == 0)
        default: #expect(mkfifo(target, 0o600) == 0)
        }
        #expect(throws: AtomicFileError.exists(path: target)) { try file.commit(Data("mine".utf8)) }
        if intruder == "file" { #expect(scratch.read("out.png") == "theirs") }
        #expect(scratch.contents() == ["out.png"], "the symlink's target is not created, no temporary file stays")
    }

    @Test("replacing keeps the old file's permission bits")
    func keepsPermissions() throws {
        let target = scratch.file("out.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o640) == 0)
        try AtomicFile(path: target, replacing: true).commit(Data("new".utf8))
        #expect(scratch.read("out.png") == "new")
        #expect(mode(target) == 0o640)
        #expect(scratch.contents() == ["out.png"])
    }

    /// Targets that are not regular files: never replaced, even when replacing is allowed.
    static let specialTargets = ["fifo", "device symlink", "dangling symlink", "folder"]

    @Test("replacing refuses targets that are not regular files", arguments: specialTargets)
    func refusesSpecialTargets(kind: String) throws {
        let target = scratch.file("out.png")
        switch kind {
        case "fifo": #expect(mkfifo(target, 0o600) == 0)
        case "device symlink": #expect(symlink("/dev/null", target) == 0)
        case "dangling symlink": #expect(symlink(scratch.file("elsewhere.png"), target) == 0)
        default: try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        }
        #expect(throws: AtomicFileError.self) { try AtomicFile(path: target, replacing: true).commit(Data("new".utf8)) }
        #expect(scratch.contents() == ["out.png"])
    }

    @Test("replacing refuses a FIFO that appeared after the check")
    func refusesLateFIFO() throws {
        let target = scratch.file("out.png")
        let file = try AtomicFile(path: target, replacing: true)
        #expect(mkfifo(target, 0o600) == 0)
        #expect(throws: AtomicFileError.notRegularFile(path: target)) { try file.commit(Data("new".utf8)) }
        #expect(scratch.contents() == ["out.png"])
    }

    @Test("an uncommitted file leaves nothing behind")
    func discardsTemporary() throws {
        let file = try AtomicFile(path: scratch.file("out.png"), replacing: false)
        withExtendedLifetime(file) { #expect(scratch.contents().count == 1, "the temporary file is reserved") }
        file.discard()
        #expect(scratch.contents() == [])
    }

    @Test("the no-replace rename moves a file only where nothing is, and never touches what is there", arguments: intruders)
    func noReplaceRename(intruder: String) throws {
        let source = scratch.file("source")
        let target = scratch.file("target")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: source))
        #expect(NoReplaceRename.rename(NoReplaceRename.cString(source), to: NoReplaceRename.cString(scratch.file("moved"))) == 0)
        #expect(scratch.read("moved") == "mine")
        switch intruder {
        case "file": try Data("theirs".utf8).write(to: URL(fileURLWithPath: target))
        case "dangling symlink": #expect(symlink(scratch.file("elsewhere"), target) == 0)
        default: #expect(mkfifo(target, 0o600) == 0)
        }
        #expect(NoReplaceRename.rename(NoReplaceRename.cString(scratch.file("moved")), to: NoReplaceRename.cString(target)) == EEXIST)
        #expect(scratch.read("moved") == "mine")
        if intruder == "file" { #expect(scratch.read("target") == "theirs") }
        #expect(scratch.contents() == ["moved", "target"])
    }

    @Test("a save dialog's path counts as present for anything at it, dangling links included")
    func presence() throws {
        #expect(!AtomicFile.isPresent(scratch.file("none")))
        try Data().write(to: URL(fileURLWithPath: scratch.file("empty")))
        #expect(AtomicFile.isPresent(scratch.file("empty")))
        #expect(symlink(scratch.file("nowhere"), scratch.file("dangling")) == 0)
        #expect(AtomicFile.isPresent(scratch.file("dangling")))
    }

    @Test("the convenience writer follows the same rules", arguments: [false, true])
    func convenienceWriter(replacing: Bool) throws {
        let target = scratch.file("out.svg")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let outcome = Result { () throws(PNGWriterError) in try AtomicFile.write(Data("new".utf8), to: target, replacing: replacing) }
        #expect(scratch.read("out.svg") == (replacing ? "new" : "old"))
        if case .failure(.writeFailed(_, let reason)) = outcome {
            #expect(!replacing && reason == String(cString: strerror(EEXIST)))
        } else {
            #expect(replacing)
        }
        #expect(scratch.contents() == ["out.svg"])
    }
}
