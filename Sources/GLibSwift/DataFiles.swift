// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds Saoma's data files (CSS, sounds, schema, translations) wherever this binary runs from.
///
/// Search order: `$SAOMA_DATA_DIR`; the installed location `<prefix>/share/saoma` next to
/// `<prefix>/bin/saoma`; the source tree's `data/` above the build folder (`swift run`).
public enum DataFiles {
    /// The folder holding the running executable (symlinks resolved).
    public static var executableDirectory: URL {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }

    /// The installation prefix when the binary is installed as `<prefix>/bin/saoma`, else `nil`.
    public static var installPrefix: URL? {
        let bin = executableDirectory
        guard bin.lastPathComponent == "bin" else { return nil }
        let prefix = bin.deletingLastPathComponent()
        let share = prefix.appendingPathComponent("share/saoma")
        return FileManager.default.fileExists(atPath: share.path) ? prefix : nil
    }

    /// The source tree's root when running from a SwiftPM build folder inside it, else `nil`.
    public static var sourceTreeRoot: URL? {
        var dir = executableDirectory
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("data/io.github.saoma.Saoma.gschema.xml").path),
                FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path)
            {
                return dir
            }
            dir.deleteLastPathComponent()
        }
        return nil
    }

    /// Folders searched for data files, most specific first.
    public static var searchDirectories: [URL] {
        var dirs: [URL] = []
        if let env = ProcessInfo.processInfo.environment["SAOMA_DATA_DIR"], !env.isEmpty {
            dirs.append(URL(fileURLWithPath: env))
        }
        if let prefix = installPrefix { dirs.append(prefix.appendingPathComponent("share/saoma")) }
        if let root = sourceTreeRoot { dirs.append(root.appendingPathComponent("data")) }
        return dirs
    }

    /// The path of data file `relativePath` (e.g. `"style.css"`, `"sounds/detected.oga"`), or `nil`.
    public static func path(_ relativePath: String) -> String? {
        for dir in searchDirectories {
            let candidate = dir.appendingPathComponent(relativePath).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Why a data file's text could not be read: one clause ("it is not a regular file"), for a
    /// message that names the file.
    public struct Unreadable: Error, Equatable, Sendable {
        public let reason: String
    }

    /// The text of the data file at `path`: a regular file of at most `maximumSize` bytes of
    /// UTF-8 without NUL. `SAOMA_DATA_DIR` may put anything where a data file belongs, so the
    /// file is opened without blocking and checked on its descriptor: a FIFO or a device is
    /// refused instead of stalling the caller, and no more than `maximumSize + 1` bytes are read.
    public static func text(atPath path: String, maximumSize: Int) throws(Unreadable) -> String {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Unreadable(reason: String(cString: strerror(errno))) }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw Unreadable(reason: "it is not a regular file")
        }
        guard status.st_size <= maximumSize else {
            throw Unreadable(reason: "it holds \(status.st_size) bytes, more than \(maximumSize)")
        }
        let data = (try? file.read(upToCount: maximumSize + 1)) ?? Data()
        guard data.count <= maximumSize, let text = String(data: data, encoding: .utf8), !text.utf8.contains(0) else {
            throw Unreadable(reason: "it is not UTF-8 text of at most \(maximumSize) bytes")
        }
        return text
    }
}
