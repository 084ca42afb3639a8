// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// The window's header bar, with the controls of the page shown: Back on a result or a photo
/// (saying where it goes), the camera switcher on the scanner when there is more than one
/// camera, the scanner's own buttons, Scan Screen where there is no result to go back from;
/// always the main menu (with the mirror and sound switches) and the side-panel toggle. The
/// title (`AdwWindowTitle`, which ellipsizes) has the window to itself at the 576-point minimum.
///
/// It reports choices through its callbacks and remembers the switches. UI thread only; its
/// widgets are owned by the header bar widget it builds.
@MainActor
final class WindowHeaderBar {
    /// The `AdwHeaderBar` (owned).
    var widget: UnsafeMutablePointer<GtkWidget> { widgetRef.pointer }
    private let widgetRef: WidgetRef
    /// Called with the index of the camera picked.
    var onCameraPicked: ((Int) -> Void)?
    /// Called when the mirror switch changed.
    var onMirrorToggled: ((Bool) -> Void)?
    /// Called when the side-panel toggle changed.
    var onSidebarToggled: ((Bool) -> Void)?
    /// Called when the Back button was clicked.
    var onBack: (() -> Void)?

    /// The header's own actions (`header.camera`, `header.mirror`, `header.sound`).
    private let actions: ObjectRef<OpaquePointer>
    private let cameraActionRef: ObjectRef<OpaquePointer>
    private var cameraAction: OpaquePointer { cameraActionRef.pointer }
    private let cameraMenu: ObjectRef<OpaquePointer>
    private let cameraButton: UnsafeMutablePointer<GtkWidget>
    private let backButton: UnsafeMutablePointer<GtkWidget>
    /// Buttons that apply to the live scanner only (continuous scanning adds its toggle).
    private let scannerButtons: UnsafeMutablePointer<GtkWidget>
    private let screenButton: UnsafeMutablePointer<GtkWidget>
    private let sidebarToggle: UnsafeMutablePointer<GtkWidget>
    private let menuButton: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    /// Set while the camera state is changed from code, so the change is not taken as the person's.
    private var updatingCamera = false
    private var cameraCount = 0
    private var page = MainPage.scanner
    private let settings = AppSettings.shared

    init() {
        widgetRef = WidgetRef(sinking: adw_header_bar_new())
        let widget = widgetRef.pointer
        actions = ObjectRef(adopting: OpaquePointer(g_simple_action_group_new()))
        let indexType = g_variant_type_new("i")
        defer { g_variant_type_free(indexType) }
        cameraActionRef = ObjectRef(adopting: g_simple_action_new_stateful("camera", indexType, g_variant_new_int32(0)))
        cameraMenu = ObjectRef(adopting: g_menu_new())
        title = created(adw_window_title_new(tr("Saoma"), nil))
        adw_header_bar_set_title_widget(gcast(widget), title)

        backButton = created(gtk_button_new_from_icon_name("go-previous-symbolic"))
        adw_header_bar_pack_start(gcast(widget), backButton)

        cameraButton = created(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(gcast(cameraButton), "camera-switch-symbolic")
        gtk_menu_button_set_menu_model(gcast(cameraButton), UnsafeMutablePointer(cameraMenu.pointer))
        gtk_widget_set_tooltip_text(cameraButton, tr("Camera"))
        saoma_accessible_set_label(gcast(cameraButton), tr("Camera"))
        adw_header_bar_pack_start(gcast(widget), cameraButton)

        scannerButtons = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
        adw_header_bar_pack_start(gcast(widget), scannerButtons)
        screenButton = Self.makeScreenButton()
        adw_header_bar_pack_start(gcast(widget), screenButton)

        sidebarToggle = created(gtk_toggle_button_new())
        adw_header_bar_pack_end(gcast(widget), sidebarToggle)
        menuButton = Self.makeMenuButton()
        adw_header_bar_pack_end(gcast(widget), menuButton)
        onClicked(backButton) { [weak self] in self?.onBack?() }
        setUpSidebarToggle()
        addActions()
        gtk_widget_insert_action_group(widget, "header", actions.pointer)
        show(page: .scanner, subtitle: nil)
    }

    /// Shows the controls of `page` with `subtitle` under the title (a photo's name), and Back
    /// labelled `back` (where it goes) when the page has one.
    func show(page: MainPage, subtitle: String?, back: String? = nil) {
        self.page = page
        adw_window_title_set_subtitle(gcast(title), subtitle ?? "")
        gtk_widget_set_visible(backButton, back == nil ? 0 : 1)
        if let back {
            gtk_widget_set_tooltip_text(backButton, back)
            saoma_accessible_set_label(gcast(backButton), back)
        }
        let scanner = page == .scanner
        gtk_widget_set_visible(cameraButton, scanner && cameraCount > 1 ? 1 : 0)
        gtk_widget_set_visible(scannerButtons, scanner ? 1 : 0)
        gtk_widget_set_visible(screenButton, back == nil ? 1 : 0)
        if DebugEvents.enabled { DebugEvents.log(.header(controls: controlNames, subtitle: subtitle ?? "")) }
    }

    /// The tooltips of the controls shown, start to end (for the debug log).
    private var controlNames: [String] {
        var widgets = [backButton, cameraButton]
        var child = gtk_widget_get_first_child(scannerButtons)
        while let button = child {
            if gtk_widget_get_visible(scannerButtons) != 0 { widgets.append(button) }
            child = gtk_widget_get_next_sibling(button)
        }
        widgets += [screenButton, menuButton, sidebarToggle]
        return widgets.filter { gtk_widget_get_visible($0) != 0 }.compactMap { gtk_widget_get_tooltip_text($0).map { String(cString: $0) } }
    }

    /// Adds `button` among the scanner's own buttons (shown on the scanner page only).
    func addScannerButton(_ button: UnsafeMutablePointer<GtkWidget>) {
        gtk_box_append(gcast(scannerButtons), button)
    }

    /// Lists `cameras` in the camera menu (shown on the scanner when there is a choice) and
    /// marks `current`.
    func setCameras(_ cameras: [CameraDevice], current: CameraDevice?) {
        cameraCount = cameras.count
        g_menu_remove_all(cameraMenu.pointer)
        for (index, camera) in cameras.enumerated() {
            let item = ObjectRef(adopting: g_menu_item_new(VisibleText.shortened(camera.name), nil))
            g_menu_item_set_action_and_target_value(item.pointer, "header.camera", g_variant_new_int32(gint32(index)))
            g_menu_append_item(cameraMenu.pointer, item.pointer)
        }
        if let current, let index = cameras.firstIndex(of: current) { selectCamera(at: index) }
        show(page: page, subtitle: String(cString: adw_window_title_get_subtitle(gcast(title))), back: currentBack)
    }

    /// Marks the camera at `index` as the one in use without reporting it.
    func selectCamera(at index: Int) {
        updatingCamera = true
        g_simple_action_set_state(cameraAction, g_variant_new_int32(gint32(index)))
        updatingCamera = false
    }

    /// Shows the side panel's state on its toggle.
    func showSidebar(_ revealed: Bool) {
        if (gtk_toggle_button_get_active(gcast(sidebarToggle)) != 0) != revealed {
            gtk_toggle_button_set_active(gcast(sidebarToggle), revealed ? 1 : 0)
        }
    }

    /// The Back button's label while it shows.
    private var currentBack: String? {
        guard gtk_widget_get_visible(backButton) != 0, let text = gtk_widget_get_tooltip_text(backButton) else { return nil }
        return String(cString: text)
    }

    // MARK: Building

    /// The camera choice and the mirror and sound switches, as the header's stateful actions.
    private func addActions() {
        g_action_map_add_action(actions.pointer, cameraAction)
        onActivate(cameraAction.objectPointer) { [weak self] parameter in
            guard let self, let parameter else { return }
            let index = Int(g_variant_get_int32(parameter))
            g_simple_action_set_state(self.cameraAction, g_variant_new_int32(gint32(index)))
            if !self.updatingCamera { self.onCameraPicked?(index) }
        }
        addSwitch("mirror") { [weak self] on in
            self?.settings.setBool("mirror", on)
            self?.onMirrorToggled?(on)
        }
        addSwitch("sound") { [weak self] on in self?.settings.setBool("sound", on) }
    }

    /// Adds the boolean action `header.<setting>` holding the setting's value; `changed` gets
    /// each later value.
    private func addSwitch(_ setting: String, changed: @escaping @MainActor (Bool) -> Void) {
        let action = ObjectRef(adopting: g_simple_action_new_stateful(setting, nil, g_variant_new_boolean(settings.bool(setting) ? 1 : 0)))
        let pointer = action.pointer
        onActivate(pointer.objectPointer) { _ in
            guard let state = g_action_get_state(pointer) else { return }
            let on = g_variant_get_boolean(state) == 0
            g_variant_unref(state)
            g_simple_action_set_state(pointer, g_variant_new_boolean(on ? 1 : 0))
            changed(on)
        }
        g_action_map_add_action(actions.pointer, pointer)
    }

    /// "Scan Screen": takes a screenshot and marks the codes on it (`win.scan-screen`).
    private static func makeScreenButton() -> UnsafeMutablePointer<GtkWidget> {
        let button = created(gtk_button_new_from_icon_name("video-display-symbolic"))
        gtk_actionable_set_action_name(gcast(button), "win.scan-screen")
        gtk_widget_set_tooltip_text(button, tr("Scan Screen"))
        saoma_accessible_set_label(gcast(button), tr("Scan Screen"))
        return button
    }

    private static func makeMenuButton() -> UnsafeMutablePointer<GtkWidget> {
        let menu = ObjectRef(adopting: g_menu_new())
        // (label, action) per item, one list per section.
        let sections: [[(String, String)]] = [
            [
                (tr("_Open Image…"), "win.open-image"), (tr("_Generate…"), "win.generate"), (tr("Scan _Screen"), "win.scan-screen"),
                (tr("Select _Area…"), "win.select-area"),
            ],
            [(tr("_Mirror Preview"), "header.mirror"), (tr("Detection _Sound"), "header.sound")],
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
        gtk_button_set_icon_name(gcast(sidebarToggle), "sidebar-show-right-symbolic")
        gtk_widget_set_tooltip_text(sidebarToggle, tr("Show the Image and Generate panel"))
        saoma_accessible_set_label(gcast(sidebarToggle), tr("Side panel"))
        gtk_toggle_button_set_active(gcast(sidebarToggle), settings.bool("sidebar-visible") ? 1 : 0)
        onToggled(sidebarToggle) { [weak self] in
            guard let self else { return }
            self.onSidebarToggled?(gtk_toggle_button_get_active(gcast(self.sidebarToggle)) != 0)
        }
    }
}
