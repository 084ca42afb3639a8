// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The environment every `saoma` a test starts runs in: the test's own (it carries
/// `scripts/test`'s `SAOMA_TEST_RUN` marker) with private settings, cache, data, runtime and
/// device folders inside `home`, so no test reads or writes a developer's real ones.
public enum PrivateHome {
    /// The test's environment with `home`'s private folders: `config/` (`XDG_CONFIG_HOME`,
    /// GSettings in memory), `cache/`, `data/` (the history), `runtime/` (no PipeWire but a test's
    /// own), `dev/` (`SAOMA_DEVICE_DIR`: no camera unless a test adds one); no session bus and no
    /// `LD_PRELOAD` unless a test sets them.
    public static func environment(in home: TemporaryFolder) throws -> [String: String] {
        for folder in ["config", "cache", "data", "dev"] {
            try FileManager.default.createDirectory(atPath: home.path(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(
            atPath: home.path("runtime"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = home.path("config")
        env["XDG_CACHE_HOME"] = home.path("cache")
        env["XDG_DATA_HOME"] = home.path("data")
        env["XDG_RUNTIME_DIR"] = home.path("runtime")
        env["GSETTINGS_BACKEND"] = "memory"
        env["SAOMA_DEVICE_DIR"] = home.path("dev")
        for key in ["PIPEWIRE_RUNTIME_DIR", "PIPEWIRE_REMOTE", "DBUS_SESSION_BUS_ADDRESS", "LD_PRELOAD"] { env.removeValue(forKey: key) }
        return env
    }

    /// `environment(in:)` for a window on `display`: cairo rendering (the same pixels on every
    /// machine), no accessibility bus, and the debug lines the end-to-end tests read
    /// (`SAOMA_DEBUG_GEOMETRY=1`).
    public static func windowEnvironment(in home: TemporaryFolder, display: VirtualDisplay) throws -> [String: String] {
        var env = try environment(in: home)
        env["DISPLAY"] = display.name
        env["GSK_RENDERER"] = "cairo"
        env["GTK_A11Y"] = "none"
        env["NO_AT_BRIDGE"] = "1"
        env["SAOMA_DEBUG_GEOMETRY"] = "1"
        return env
    }

    /// The file GSettings' keyfile backend keeps the settings in, inside `home`'s `config/`.
    public static func settingsKeyfile(in home: TemporaryFolder) -> String { home.path("config/glib-2.0/settings/keyfile") }

    /// Has `env` keep GSettings in `settingsKeyfile(in: home)`, first written with `lines` under
    /// `[io/github/saoma/Saoma]` when they are given (`mirror=false`), else left as it is.
    public static func useKeyfileSettings(_ lines: [String]?, in home: TemporaryFolder, environment env: inout [String: String]) throws {
        let keyfile = settingsKeyfile(in: home)
        try FileManager.default.createDirectory(
            atPath: (keyfile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if let lines {
            try ("[io/github/saoma/Saoma]\n" + lines.map { $0 + "\n" }.joined()).write(toFile: keyfile, atomically: true, encoding: .utf8)
        }
        env["GSETTINGS_BACKEND"] = "keyfile"
    }
}

/// `saoma` on the command line: the built binary run with exact argument bytes, chosen standard
/// descriptors and a private home (`PrivateHome`), for the command-line tests.
public struct SpawnedCommand {
    public typealias Stream = SpawnedProcess.Stream
    public typealias Outcome = ProcessOutcome

    /// The running `saoma`.
    public let process: SpawnedProcess
    /// Its private folders (kept while the command is).
    public let home: TemporaryFolder
    public var pid: pid_t { process.pid }

    /// Starts `saoma` with `arguments` (each as exact bytes); SIGPIPE at its default action unless
    /// `ignoreSIGPIPE`; `environment` adds or overrides variables last.
    public init(
        _ arguments: [[UInt8]], stdin: Stream = .null, stdout: Stream = .captured, stderr: Stream = .captured, ignoreSIGPIPE: Bool = false,
        environment extra: [String: String] = [:], home: TemporaryFolder? = nil
    ) throws {
        try BuiltProducts.require(BuiltProducts.saoma)
        self.home = try home ?? TemporaryFolder(prefix: "saoma-cli")
        var env = try PrivateHome.environment(in: self.home)
        for (key, value) in extra { env[key] = value }
        process = try SpawnedProcess(
            BuiltProducts.saoma.path, bytes: arguments, environment: env, stdin: stdin, stdout: stdout, stderr: stderr,
            ignoreSIGPIPE: ignoreSIGPIPE)
    }

    /// Waits (`Patience.seconds` at most, a guard against hangs: then it is killed) for `saoma` to end.
    public func wait() throws -> Outcome {
        try process.outcome()
    }

    /// Runs `saoma` with `arguments` (UTF-8) to the end.
    public static func run(
        _ arguments: [String], stdin: Stream = .null, stdout: Stream = .captured, stderr: Stream = .captured, ignoreSIGPIPE: Bool = false,
        environment: [String: String] = [:], home: TemporaryFolder? = nil
    ) throws -> Outcome {
        try SpawnedCommand(
            arguments.map { Array($0.utf8) }, stdin: stdin, stdout: stdout, stderr: stderr, ignoreSIGPIPE: ignoreSIGPIPE,
            environment: environment, home: home
        ).wait()
    }

    /// Runs `saoma` with `arguments` and `input` on its standard input to the end.
    public static func run(_ arguments: [String], input: Data, environment: [String: String] = [:]) throws -> Outcome {
        try run(arguments, stdin: .bytes(input), environment: environment)
    }
}

extension SpawnedProcess.Stream {
    /// A pipe whose reader the test closed before the start (the command-line tests' name).
    public static var pipeWithoutReader: Self { .pipeWithoutPeer }
}

/// The path of the built `saoma` (the command-line tests' name).
public var builtSaoma: String { BuiltProducts.saoma.path }
