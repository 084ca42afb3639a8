// SPDX-License-Identifier: GPL-3.0-or-later

/// The pages of the window's main area; the raw value is the `GtkStack` child's name (also in
/// the debug log, `page NAME`).
public enum MainPage: String, Sendable, CaseIterable {
    /// The live camera preview with the scan frame.
    case scanner
    /// Why the camera is not streaming, with a way forward.
    case cameraProblem = "camera-problem"
    /// What a chosen code means.
    case result
    /// An opened photo with markers over its codes (the Image tab).
    case photo
    /// Joining the network of a Wi-Fi code (`saoma --wifi`, `app.wifi`).
    case wifi
}
