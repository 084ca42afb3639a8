// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The live scanner's hint over the preview, saying what would help read a code-like region
/// that stays unread ("Move the code further away", "Move the code closer"): a small OSD pill,
/// non-modal and never a click target. Its accessible role is an alert, so a screen reader
/// announces it when it appears, once, not with every frame (the label changes only when the
/// hint does). UI thread only.
@MainActor
final class LiveHintLabel {
    /// The label (owned).
    var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    /// The hint the label says (shown or not).
    private(set) var hint: LiveHint?

    init() {
        let raw = saoma_object_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_ALERT)
        widgetRef = WidgetRef(sinking: raw?.assumingMemoryBound(to: GtkWidget.self))
        let widget = widgetRef.pointer
        FrameHintPill.style(widget)
        gtk_widget_add_css_class(widget, "live-hint")
    }

    /// What the label says for `hint`.
    static func text(for hint: LiveHint) -> String {
        switch hint {
        case .moveFurther: return tr("Move the code further away")
        case .moveCloser: return tr("Move the code closer")
        }
    }

    /// Says `hint`, or nothing (`nil`); whether it is visible is `setVisible`'s.
    func say(_ hint: LiveHint?) {
        guard hint != self.hint else { return }
        self.hint = hint
        if let hint { gtk_label_set_text(gcast(widget), Self.text(for: hint)) }
    }

    /// Shows or hides the label.
    func setVisible(_ visible: Bool) {
        guard visible != (gtk_widget_get_visible(widget) != 0) else { return }
        gtk_widget_set_visible(widget, visible ? 1 : 0)
    }
}
