// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

/// SaomaCore's rectangle, named apart from C types of the same name in scope.
typealias SaomaRect = SaomaCore.Rect
/// SaomaCore's point.
typealias SaomaPoint = SaomaCore.Point
/// SaomaCore's size.
typealias SaomaSize = SaomaCore.Size
