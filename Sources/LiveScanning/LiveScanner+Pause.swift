// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore

extension LiveScanner {
    /// The pause logic, in one place: what the scan state derives is applied to the frame
    /// pipeline (which tells the camera and the decode worker). Nothing else stores whether
    /// scanning is paused.
    func applyState() {
        pipeline.setDelivering(state.deliversFrames)
    }
}
