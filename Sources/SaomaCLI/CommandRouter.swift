// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// What `saoma`'s arguments ask for: a headless subcommand or the window.
public enum Route: Equatable, Sendable {
    case scan([String])
    case generate([String])
    case devices([String])
    case history([String])
    case help
    case version
    /// Start the GTK application with these arguments (options and files to open).
    case application([String])

    /// Decides from the arguments after the program name.
    public init(arguments: [String]) {
        switch arguments.first {
        case "scan": self = .scan(Array(arguments.dropFirst()))
        case "generate": self = .generate(Array(arguments.dropFirst()))
        case "devices": self = .devices(Array(arguments.dropFirst()))
        case "history": self = .history(Array(arguments.dropFirst()))
        case "--list-devices": self = .devices(Array(arguments.dropFirst()))
        case "help", "--help", "-h": self = .help
        case "--version": self = .version
        default: self = .application(arguments)
        }
    }
}

/// The version printed by `--version` and shown in the About window.
public let saomaVersion = saomaReleaseVersion
