// SPDX-License-Identifier: GPL-3.0-or-later

/// What the live scanner suggests when a code-like region stays unread under the scan frame.
public enum LiveHint: String, Sendable, Equatable, CaseIterable {
    /// The region is blurred: a fixed-focus webcam is out of focus close up.
    case moveFurther = "further"
    /// The region's modules are too few pixels wide to read.
    case moveCloser = "closer"
}
