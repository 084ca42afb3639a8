// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// The scanner window's command-line options (the GTK application's part of `saoma`'s arguments).
struct LaunchOptions: Equatable {
    /// Print the chosen code's text and exit 0; exit 1 when the window closes without a choice.
    var oneshot = false
    /// Start by scanning the screen (a screenshot through the desktop portal) instead of the camera.
    var screen = false
    /// Open the Generate tab (`--generate`, the desktop file's "Generate a Code").
    var generate = false
    /// Start in continuous mode (`--continuous`, remembered like the header toggle).
    var continuous = false
    /// With `--oneshot`: print the chosen code's bytes exactly instead of a terminal-safe line.
    var raw = false
    /// Scan for a Wi-Fi code and join its network after asking; print the outcome and exit
    /// (0 joined, 1 cancelled, 2 failed). The hidden desktop entry other apps launch runs this.
    var wifi = false
    /// Camera device node to use (`--device /dev/videoN`).
    var device: String?
    /// Window size in points for this run (`--window-size 800x600`), overriding the remembered size.
    var windowSize: (width: Int, height: Int)?
    /// Image files to open in the image tab.
    var files: [String] = []
    /// GApplication's own options, passed through: its help (`--help-all`, `--help-gapplication`…)
    /// and `--gapplication-service` (started by D-Bus activation: no window until asked).
    var gapplicationArguments: [String] = []

    static func == (a: LaunchOptions, b: LaunchOptions) -> Bool {
        a.oneshot == b.oneshot && a.wifi == b.wifi && a.generate == b.generate && a.gapplicationArguments == b.gapplicationArguments
            && a.continuous == b.continuous && a.screen == b.screen && a.raw == b.raw && a.device == b.device
            && a.files == b.files
            && a.windowSize?.width == b.windowSize?.width
            && a.windowSize?.height == b.windowSize?.height
    }

    /// The options that take no value and what each turns on, in the order `--wifi` names a
    /// conflicting one.
    static let switches: [(name: String, flag: WritableKeyPath<LaunchOptions, Bool> & Sendable)] = [
        ("--oneshot", \.oneshot), ("--screen", \.screen), ("--continuous", \.continuous), ("--raw", \.raw), ("--wifi", \.wifi),
        ("--generate", \.generate),
    ]

    /// Largest `--window-size` side, in points (GTK sizes are 32-bit).
    static let maximumWindowSide = 32767

    /// Parses the arguments after the program name; returns a one-line message for bad input.
    static func parse(_ arguments: [String]) -> Result<LaunchOptions, LaunchOptionError> {
        var options = LaunchOptions()
        var reader = ArgumentReader(arguments)
        func value(_ name: String, inline: String?) -> Result<String, LaunchOptionError> {
            guard let value = inline ?? reader.value() else { return .failure(LaunchOptionError(message: "option \(name) needs a value")) }
            return .success(value)
        }
        while let word = reader.next() {
            let argument: String
            switch word {
            case .positional(let file):
                options.files.append(file)
                continue
            case .option(let option):
                argument = option
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count > 1 ? parts[1] : nil
            if let flag = switches.first(where: { $0.name == name })?.flag {
                options[keyPath: flag] = true
                continue
            }
            switch name {
            case "--device", "-d":
                switch value(name, inline: inline) {
                case .success(let v): options.device = v
                case .failure(let e): return .failure(e)
                }
            case "--window-size":
                switch value(name, inline: inline) {
                case .success(let v):
                    let wh = v.lowercased().split(separator: "x").compactMap { Int($0) }
                    guard wh.count == 2, wh.allSatisfy({ (1...maximumWindowSide).contains($0) }) else {
                        return .failure(LaunchOptionError(message: "--window-size: \(VisibleText.shortened(v)) is not WIDTHxHEIGHT"))
                    }
                    options.windowSize = (wh[0], wh[1])
                case .failure(let e): return .failure(e)
                }
            case _ where name.hasPrefix("--help") || argument == "--gapplication-service":
                options.gapplicationArguments.append(argument)
            default:
                return .failure(LaunchOptionError(message: "unknown option \(VisibleText.shortened(argument))"))
            }
        }
        if options.wifi, let other = options.wifiConflict {
            return .failure(LaunchOptionError(message: "--wifi cannot be combined with \(other)"))
        }
        return .success(options)
    }

    /// An option `--wifi` cannot run with (it prints its own outcome and runs on its own).
    private var wifiConflict: String? {
        if let other = Self.switches.first(where: { $0.name != "--wifi" && self[keyPath: $0.flag] }) { return other.name }
        if gapplicationArguments.contains("--gapplication-service") { return "--gapplication-service" }
        return nil
    }

    /// The application action a running instance should run for this launch (`--generate`,
    /// `--screen` without `--oneshot`), `nil` when opening its window is all.
    var remoteAction: String? {
        if runsAlone || !gapplicationArguments.isEmpty { return nil }
        if generate { return "generate" }
        if screen { return "scan-screen" }
        return nil
    }

    /// Whether this run is one of its own, apart from any running instance: `--oneshot` and
    /// `--wifi` end with their own exit status, so scripts and callers get their answer.
    var runsAlone: Bool { oneshot || wifi }
}

/// A bad command-line option.
struct LaunchOptionError: Error, Equatable {
    var message: String
}
