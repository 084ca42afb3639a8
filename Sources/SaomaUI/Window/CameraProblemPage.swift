// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The page shown instead of the preview when the camera cannot stream: what happened and a
/// way forward (Retry, Open an Image…, or another camera from the picker).
///
/// UI thread only; owns its widget.
@MainActor
final class CameraProblemPage {
    /// The `AdwStatusPage`.
    var widget: UnsafeMutablePointer<GtkWidget> { page.widget }
    private let page: StatusPage
    /// Called when the person presses Retry.
    var onRetry: (() -> Void)?
    private let retryButton: UnsafeMutablePointer<GtkWidget>

    init() {
        retryButton = mnemonicButton(tr("_Retry"))
        gtk_widget_add_css_class(retryButton, "suggested-action")
        let open = mnemonicButton(tr("_Open an Image…"))
        gtk_actionable_set_action_name(gcast(open), "win.open-image")
        page = StatusPage(child: StatusPage.buttonRow([retryButton, open]))
        gtk_widget_add_css_class(page.widget, "camera-problem")
        onClicked(retryButton) { [weak self] in self?.onRetry?() }
    }

    /// Shows `problem`.
    func show(_ problem: CameraProblem) {
        let text = CameraProblemPage.text(for: problem)
        page.show(text)
        DebugEvents.log(.problemPage(title: text.title, description: text.description))
        DebugEvents.logWhenLaidOut(retryButton) { .retryButton(centre: $0) }
        // Unplugged cameras come back by themselves; Retry still helps after a replug elsewhere.
        gtk_widget_set_visible(retryButton, 1)
    }

    /// Icon, title and explanation for each problem (translatable; `{device}` and `{message}` are placeholders).
    static func text(for problem: CameraProblem) -> (icon: String, title: String, description: String) {
        switch problem {
        case .noCamera:
            return (
                "camera-disabled-symbolic", tr("No Camera Found"),
                tr("Connect a webcam — it is picked up as soon as it appears — or open an image instead.")
            )
        case .permissionDenied(let device):
            return (
                "dialog-password-symbolic", tr("Camera Access Denied"),
                tr(
                    "Saoma may not use {device}. Add yourself to the “video” group (sudo usermod -aG video $USER), log in again, then retry.",
                    ["device": device])
            )
        case .busy(let device):
            return (
                "camera-web-symbolic", tr("Camera in Use"),
                tr("{device} is being used by another application. Close it, then retry.", ["device": device])
            )
        case .unplugged(let device):
            return (
                "camera-disabled-symbolic", tr("Camera Unplugged"),
                tr("{device} was disconnected. Plug it back in and scanning resumes by itself.", ["device": device])
            )
        case .noUsableFormat(let device):
            return (
                "camera-web-symbolic", tr("Camera Not Supported"),
                tr("{device} offers no picture format Saoma can read. Choose another camera or open an image.", ["device": device])
            )
        case .failed(let device, let message):
            return ("dialog-warning-symbolic", tr("Camera Problem"), tr("{device}: {message}", ["device": device, "message": message]))
        case .awaitingPortal:
            return (
                "camera-web-symbolic", tr("Waiting for Camera Access"),
                tr("Saoma asked the desktop for the camera. Allow it in the dialog that opened.")
            )
        case .portalDenied:
            return (
                "dialog-password-symbolic", tr("Camera Access Denied"),
                tr(
                    "The desktop did not allow Saoma to use the camera. Allow it in Settings → Privacy → Camera (or Settings → Apps → Saoma), then press Retry to ask again."
                )
            )
        case .portalUnavailable:
            return (
                "camera-disabled-symbolic", tr("Camera Portal Missing"),
                tr(
                    "Saoma reaches cameras through the desktop’s camera portal here, and no camera portal answers. Install xdg-desktop-portal with a desktop backend (GNOME or KDE), log in again, then retry."
                )
            )
        }
    }
}
