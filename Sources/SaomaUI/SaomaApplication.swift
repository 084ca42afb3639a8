// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// The GTK application: owns the main loop and the windows.
public enum SaomaApplication {
    /// Runs the application until its last window closes; returns the process exit status.
    @MainActor
    public static func run(arguments: [String]) -> Int32 {
        let app = adw_application_new("io.github.saoma.Saoma", G_APPLICATION_HANDLES_OPEN)
        defer { g_object_unref(app) }
        var argv = ([CommandLine.arguments.first ?? "saoma"] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        return g_application_run(UnsafeMutableRawPointer(app)?.assumingMemoryBound(to: GApplication.self), Int32(argv.count), &argv)
    }
}
