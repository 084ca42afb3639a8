// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// The window's header bar: the camera picker, the mirror and sound toggles, the main menu and
/// the side-panel toggle. It reports choices through its callbacks and remembers the toggles.
///
/// UI thread only; its widgets are owned by the header bar widget it builds.
@MainActor
final class WindowHeaderBar {
    /// The `AdwHeaderBar` (owned).
    var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    /// Called with the index of the camera picked.
    var onCameraPicked: ((Int) -> Void)?
    /// Called when the mirror toggle changed.
    var onMirrorToggled: ((Bool) -> Void)?
    /// Called when the side-panel toggle changed.
    var onSidebarToggled: ((Bool) -> Void)?
    /// Called when Back is pressed.
    var onBack: (() -> Void)?

    private let cameraModel: OpaquePointer
    private let cameraPicker: UnsafeMutablePointer<GtkWidget>
    private let sidebarToggle: UnsafeMutablePointer<GtkWidget>
    /// Back, first in the bar on pages that lead back somewhere (the result page).
    private let backButton: UnsafeMutablePointer<GtkWidget>
    /// Set while the picker is changed from code, so the change is not taken as the person's.
    private var updatingPicker = false
    private let settings = AppSettings.shared

    init() {
        widgetRef = WidgetRef(sinking: adw_header_bar_new())
        let widget = widgetRef.pointer
        backButton = created(gtk_button_new_from_icon_name("go-previous-symbolic"))
        gtk_widget_set_visible(backButton, 0)
        adw_header_bar_pack_start(gcast(widget), backButton)
        let cameraStrings = created(gtk_string_list_new(nil))
        cameraModel = cameraStrings
        cameraPicker = gtk_drop_down_new(cameraStrings, nil)
        // Until a camera is found the (insensitive) picker says so rather than GTK's "(None)".
        gtk_string_list_append(cameraStrings, tr("No Camera"))
        gtk_widget_set_sensitive(cameraPicker, 0)
        gtk_widget_set_tooltip_text(cameraPicker, tr("Camera"))
        saoma_accessible_set_label(gcast(cameraPicker), tr("Camera"))
        adw_header_bar_pack_start(gcast(widget), cameraPicker)
        sidebarToggle = gtk_toggle_button_new()
        onNotify(cameraPicker, property: "selected") { [weak self] in self?.pickerChanged() }
        onClicked(backButton) { [weak self] in self?.onBack?() }
        adw_header_bar_pack_start(gcast(widget), makeMirrorToggle())
        adw_header_bar_pack_start(gcast(widget), makeSoundToggle())
        adw_header_bar_pack_start(gcast(widget), makeScreenButton())
        adw_header_bar_pack_end(gcast(widget), makeMenuButton())
        setUpSidebarToggle()
        adw_header_bar_pack_end(gcast(widget), sidebarToggle)
    }

    /// Lists `cameras` in the picker (sensitive when there is a choice) and selects `current`.
    func setCameras(_ cameras: [CameraDevice], current: CameraDevice?) {
        updatingPicker = true
        defer { updatingPicker = false }
        let old = g_list_model_get_n_items(cameraModel)
        let copies = cameras.isEmpty ? [strdup(tr("No Camera"))] : cameras.map { strdup($0.name) }
        var names: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        names.append(nil)
        names.withUnsafeBufferPointer { gtk_string_list_splice(cameraModel, 0, old, $0.baseAddress) }
        copies.forEach { free($0) }
        gtk_widget_set_sensitive(cameraPicker, cameras.count > 1 ? 1 : 0)
        if let current, let index = cameras.firstIndex(of: current) { gtk_drop_down_set_selected(gcast(cameraPicker), guint(index)) }
    }

    /// Selects the camera at `index` without reporting it.
    func selectCamera(at index: Int) {
        updatingPicker = true
        gtk_drop_down_set_selected(gcast(cameraPicker), guint(index))
        updatingPicker = false
    }

    /// Shows Back saying where it goes (`label`, its tooltip and accessible name), or hides it.
    func showBack(_ label: String?) {
        if let label {
            gtk_widget_set_tooltip_text(backButton, label)
            saoma_accessible_set_label(gcast(backButton), label)
        }
        gtk_widget_set_visible(backButton, label == nil ? 0 : 1)
    }

    /// Shows the side panel's state on its toggle.
    func showSidebar(_ revealed: Bool) {
        if (gtk_toggle_button_get_active(gcast(sidebarToggle)) != 0) != revealed {
            gtk_toggle_button_set_active(gcast(sidebarToggle), revealed ? 1 : 0)
        }
    }

    private func pickerChanged() {
        guard !updatingPicker else { return }
        onCameraPicked?(Int(gtk_drop_down_get_selected(gcast(cameraPicker))))
    }

    private func makeMirrorToggle() -> UnsafeMutablePointer<GtkWidget> {
        let mirror = created(gtk_toggle_button_new())
        setUpToggle(
            mirror, icon: "object-flip-horizontal-symbolic", tooltip: tr("Mirror the preview"), label: tr("Mirror the preview"),
            setting: "mirror"
        ) { [weak self] on in
            self?.settings.setBool("mirror", on)
            self?.onMirrorToggled?(on)
        }
        return mirror
    }

    private func makeSoundToggle() -> UnsafeMutablePointer<GtkWidget> {
        let sound = created(gtk_toggle_button_new())
        setUpToggle(
            sound, icon: Self.soundIcon(settings.bool("sound")), tooltip: tr("Play a sound when codes are found"),
            label: tr("Detection sound"), setting: "sound"
        ) { [weak self] on in
            self?.settings.setBool("sound", on)
            gtk_button_set_icon_name(gcast(sound), Self.soundIcon(on))
        }
        return sound
    }

    private static func soundIcon(_ on: Bool) -> String { on ? "audio-volume-high-symbolic" : "audio-volume-muted-symbolic" }

    /// "Scan Screen": takes a screenshot and marks the codes on it (`win.scan-screen`).
    private func makeScreenButton() -> UnsafeMutablePointer<GtkWidget> {
        let button = created(gtk_button_new_from_icon_name("video-display-symbolic"))
        gtk_actionable_set_action_name(gcast(button), "win.scan-screen")
        gtk_widget_set_tooltip_text(button, tr("Scan Screen"))
        saoma_accessible_set_label(gcast(button), tr("Scan Screen"))
        return button
    }

    private func makeMenuButton() -> UnsafeMutablePointer<GtkWidget> {
        let menu = ObjectRef(adopting: g_menu_new())
        // (label, action) per item, one list per section.
        let sections: [[(String, String)]] = [
            [
                (tr("_Open Image…"), "win.open-image"), (tr("_Generate…"), "win.generate"), (tr("Scan _Screen"), "win.scan-screen"),
                (tr("Select _Area…"), "win.select-area"),
            ],
            [
                (tr("_Preferences"), "win.preferences"), (tr("_Keyboard Shortcuts"), "win.show-help-overlay"),
                (tr("_About Saoma"), "app.about"), (tr("_Quit"), "app.quit"),
            ],
        ]
        for items in sections {
            let section = ObjectRef(adopting: g_menu_new())
            for (label, action) in items { g_menu_append(section.pointer, label, action) }
            g_menu_append_section(menu.pointer, nil, UnsafeMutablePointer(section.pointer))
        }
        let menuButton = created(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(gcast(menuButton), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(gcast(menuButton), UnsafeMutablePointer(menu.pointer))
        gtk_menu_button_set_primary(gcast(menuButton), 1)
        gtk_widget_set_tooltip_text(menuButton, tr("Main Menu"))
        saoma_accessible_set_label(gcast(menuButton), tr("Main Menu"))
        return menuButton
    }

    private func setUpSidebarToggle() {
        setUpToggle(
            sidebarToggle, icon: "sidebar-show-right-symbolic", tooltip: tr("Show the Image and Generate panel"), label: tr("Side panel"),
            setting: "sidebar-visible"
        ) { [weak self] on in self?.onSidebarToggled?(on) }
    }

    /// Gives `toggle` its icon, tooltip and screen-reader label and the state of the boolean
    /// `setting`; `changed` gets each later state (saving it is the caller's choice).
    private func setUpToggle(
        _ toggle: UnsafeMutablePointer<GtkWidget>, icon: String, tooltip: String, label: String, setting: String,
        changed: @escaping @MainActor (Bool) -> Void
    ) {
        gtk_button_set_icon_name(gcast(toggle), icon)
        gtk_widget_set_tooltip_text(toggle, tooltip)
        saoma_accessible_set_label(gcast(toggle), label)
        gtk_toggle_button_set_active(gcast(toggle), settings.bool(setting) ? 1 : 0)
        onToggled(toggle) { changed(gtk_toggle_button_get_active(gcast(toggle)) != 0) }
    }
}
