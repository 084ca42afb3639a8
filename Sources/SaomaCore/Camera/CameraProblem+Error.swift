// SPDX-License-Identifier: GPL-3.0-or-later

/// A camera problem can be thrown where opening a camera fails.
extension CameraProblem: Error {}
