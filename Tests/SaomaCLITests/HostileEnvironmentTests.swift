// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaTestSupport
import Testing

/// The `SAOMA_*` variables the product reads are outside input: numbers in them are read by the
/// options' bounded reader, paths are used as given and echoed visibly and shortened; a value
/// that cannot be used is one line on standard error, never a trap.
@Suite struct HostileEnvironmentTests {
    /// A PNG holding a QR code for "hello", written by `saoma generate` into `folder`.
    static func helloCode(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("hello.png")
        let made = try SpawnedCommand.run(["generate", "hello", "-o", path])
        try #require(made.status == 0, "generate: \(made.errors)")
        return path
    }

    /// A `SAOMA_PASSES` value and the lines it must print on standard error.
    static let passes: [(value: String, errors: [String])] = [
        (
            "down1e300",
            [
                "saoma: SAOMA_PASSES: down1e300 is not a decode step; ignored",
                "saoma: SAOMA_PASSES names no decode step; the usual ones are used",
            ]
        ),
        ("upnan", ["saoma: SAOMA_PASSES: upnan is not a decode step; ignored"]),
        ("plain@99999999999999", ["saoma: SAOMA_PASSES: plain@99999999999999 is not a decode step; ignored"]),
        (
            "rot1e400,thresh0,sharpinf",
            ["saoma: SAOMA_PASSES: rot1e400 is not a decode step; ignored", "saoma: SAOMA_PASSES: sharpinf is not a decode step; ignored"]
        ),
        ("down1e300,plain", ["saoma: SAOMA_PASSES: down1e300 is not a decode step; ignored"]),
        ("\u{1B}]52;c;aGk=\u{07}", ["saoma: SAOMA_PASSES: ␛]52;c;aGk=␇ is not a decode step; ignored"]),
        (
            String(repeating: "x", count: 100_000),
            ["saoma: SAOMA_PASSES: " + String(repeating: "x", count: 59) + "… is not a decode step; ignored"]
        ),
        (",,,", ["saoma: SAOMA_PASSES names no decode step; the usual ones are used"]),
    ]

    @Test("saoma scan with a hostile SAOMA_PASSES: one line per refused step, the code still read", arguments: passes.indices)
    func hostilePasses(_ index: Int) throws {
        let (value, errors) = Self.passes[index]
        let folder = try TemporaryFolder(prefix: "saoma-env")
        let image = try Self.helloCode(in: folder)
        let run = try SpawnedCommand.run(["scan", image], environment: ["SAOMA_PASSES": value])
        #expect(run.status == 0, "ended with \(String(describing: run.status)), signal \(String(describing: run.signal)): \(run.errors)")
        #expect(run.output == "QR: hello\n")
        for line in errors { #expect(run.stderrLines.contains(line), "\(run.stderrLines)") }
        #expect(!run.errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character reaches the terminal")
        // An image with no code runs every step of the chain: none may trap.
        let blank = folder.path("blank.pgm")
        try (Data("P5\n64 64\n255\n".utf8) + Data(repeating: 255, count: 64 * 64)).write(to: URL(fileURLWithPath: blank))
        let empty = try SpawnedCommand.run(["scan", blank], environment: ["SAOMA_PASSES": value])
        #expect(
            empty.status == 4, "ended with \(String(describing: empty.status)), signal \(String(describing: empty.signal)): \(empty.errors)"
        )
        for line in errors { #expect(empty.stderrLines.contains(line), "\(empty.stderrLines)") }
    }

    @Test("saoma scan with a hostile SAOMA_BLUR_THRESHOLDS: one line per ignored pair, the code still read")
    func hostileBlurThresholds() throws {
        let folder = try TemporaryFolder(prefix: "saoma-env")
        let image = try Self.helloCode(in: folder)
        let run = try SpawnedCommand.run(["scan", image], environment: ["SAOMA_BLUR_THRESHOLDS": "fit-blur=nan,\u{1B}[2J=1,bands-alone=3"])
        #expect(run.status == 0, "ended with \(String(describing: run.status)), signal \(String(describing: run.signal)): \(run.errors)")
        #expect(run.output == "QR: hello\n")
        #expect(run.stderrLines.count == 2, "\(run.stderrLines)")
        #expect(run.stderrLines.contains { $0.hasPrefix("saoma: SAOMA_BLUR_THRESHOLDS: fit-blur needs a number") }, "\(run.stderrLines)")
        #expect(run.stderrLines.contains("saoma: SAOMA_BLUR_THRESHOLDS: unknown threshold “?[2J” ignored"), "\(run.stderrLines)")
        #expect(!run.errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character reaches the terminal")
    }

    /// A `SAOMA_DEVICE_DIR` value and the start of what `saoma devices` says about it.
    static let deviceDirectories: [(value: String, shown: String)] = [
        ("/nonexistent/saoma", "No video devices in /nonexistent/saoma."),
        ("/dev/null", "No video devices in /dev/null."),
        ("relative/dir", "No video devices in relative/dir."),
        ("/tmp/\u{1B}[2J\u{9B}31m", "No video devices in /tmp/␛[2J�31m."),
        ("/" + String(repeating: "d", count: 100_000), "No video devices in /" + String(repeating: "d", count: 198) + "…."),
    ]

    @Test(
        "saoma devices with a hostile SAOMA_DEVICE_DIR says there is nothing there, visibly and briefly",
        arguments: deviceDirectories.indices)
    func hostileDeviceDirectory(_ index: Int) throws {
        let (value, shown) = Self.deviceDirectories[index]
        let run = try SpawnedCommand.run(["devices"], environment: ["SAOMA_DEVICE_DIR": value])
        #expect(run.status == 1, "\(String(describing: run.status)) \(run.errors)")
        #expect(run.output.hasPrefix(shown + "\n"), "\(run.output.prefix(300))")
        #expect(run.output.utf8.count < 2000)
    }

    /// XDG base directory variables holding relative paths: GLib took them as they were, and the
    /// history landed in `./data/saoma/` of whatever folder the command ran in.
    @Test("saoma scan --record with relative XDG folders: ignored with a line each; nothing is made in the working folder")
    func relativeBaseDirectories() throws {
        let folder = try TemporaryFolder(prefix: "saoma-env")
        let image = try Self.helloCode(in: folder)
        let home = try TemporaryFolder(prefix: "saoma-env-home")
        let working = folder.path("working")
        try FileManager.default.createDirectory(atPath: working, withIntermediateDirectories: true)
        var environment = try PrivateHome.environment(in: home)
        environment["HOME"] = home.path("home")
        environment["XDG_DATA_HOME"] = "data"
        environment["XDG_CACHE_HOME"] = "./cache"
        environment["XDG_CONFIG_HOME"] = "config\u{1B}[31m"
        environment["XDG_DATA_DIRS"] = "share:/usr/share"
        let process = try SpawnedProcess(
            BuiltProducts.saoma.path, ["scan", "--record", image], environment: environment, stdout: .captured, stderr: .captured,
            directory: working)
        let run = try process.outcome()
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "QR: hello\n")
        #expect(
            run.stderrLines == [
                "saoma: XDG_DATA_HOME: “data” is ignored: it is not an absolute path",
                "saoma: XDG_CONFIG_HOME: “config␛[31m” is ignored: it is not an absolute path",
                "saoma: XDG_CACHE_HOME: “./cache” is ignored: it is not an absolute path",
                "saoma: XDG_DATA_DIRS: “share” is ignored: it is not an absolute path",
            ], "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: working) == [], "written in the working folder")
        // The row went to the history of the home folder, as with XDG_DATA_HOME unset.
        #expect(FileManager.default.fileExists(atPath: home.path("home/.local/share/saoma/history.db")))
    }

    /// Whether this machine lets a process make a mount namespace of its own (`unshare -rm`:
    /// unprivileged user namespaces, or root), where the data folder can be full or read-only.
    static let privateMounts = (try? runToolStatus("/usr/bin/unshare", ["-rm", "/bin/true"]).status) == 0

    /// XDG_DATA_HOME on a full, then a read-only file system. A WAL database is read through its
    /// `-shm` file, which neither can hold once the last writer removed it: `saoma history` said
    /// "History cannot be saved: disk I/O error" (or "unable to open database file") and listed
    /// nothing, although every row was there.
    @Test(
        "the history on a full, then a read-only file system: rows listed with one notice, a record refused in one line",
        .enabled(if: privateMounts, "no private mount namespace here (unshare -rm)"))
    func fullAndReadOnlyDataFolder() throws {
        let folder = try TemporaryFolder(prefix: "saoma-env")
        let image = try Self.helloCode(in: folder)
        let data = folder.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let saoma = BuiltProducts.saoma.path
        // Each step prints a marker, then the command's output and exit status.
        let script = """
            mount -t tmpfs -o size=2m tmpfs "$1" || exit 9
            echo '== record'; "$2" scan --record "$3"; echo "status $?"
            dd if=/dev/zero of="$1/filler" bs=4k 2>/dev/null
            echo '== full'; "$2" history 2>&1; echo "status $?"
            echo '== record on a full disk'; "$2" scan --record "$3" 2>&1; echo "status $?"
            rm "$1/filler"; mount -o remount,ro "$1" || exit 9
            echo '== read-only'; "$2" history 2>&1; echo "status $?"
            echo '== record on a read-only disk'; "$2" scan --record "$3" 2>&1; echo "status $?"
            """
        let home = try TemporaryFolder(prefix: "saoma-env-home")
        var environment = try PrivateHome.environment(in: home)
        environment["XDG_DATA_HOME"] = data
        let process = try SpawnedProcess(
            "/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script, "sh", data, saoma, image], environment: environment, stdout: .captured,
            stderr: .captured)
        let run = try process.outcome()
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let steps = run.output.components(separatedBy: "== ").dropFirst().map { $0.split(separator: "\n").map(String.init) }
        let byName = Dictionary(steps.map { ($0[0], Array($0.dropFirst())) }, uniquingKeysWith: { first, _ in first })
        let row = { (lines: [String]) in lines.contains { $0.hasSuffix("  cli  QR  hello") } }
        let notice = "saoma history: History cannot be saved: the file cannot be written"
        #expect(byName["record"] == ["QR: hello", "status 0"], "\(run.output)")
        for disk in ["full", "read-only"] {
            let lines = byName[disk] ?? []
            #expect(row(lines) && lines.last == "status 0", "\(disk): \(lines)")
            // The notice is said when SQLite could not open the file for writing (it can tell
            // on a full disk; on a read-only one it opens the file read-only by itself).
            #expect(lines.filter { $0.hasPrefix("saoma") }.allSatisfy { $0 == notice } && lines.count <= 3, "\(disk): \(lines)")
            let record = byName["record on a \(disk) disk"] ?? []
            #expect(record.count == 3 && record.contains("QR: hello") && record.last == "status 2", "\(disk): \(record)")
            #expect(record.contains { $0.hasPrefix("saoma scan: History cannot be saved: ") }, "\(disk): \(record)")
        }
    }
}
