// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The Preferences window (`AdwPreferencesWindow`): Keep History first (the privacy switch),
/// then a "Kinds of Codes" row opening a subpage with a switch per symbology.
///
/// The static layout is `data/ui/preferences.ui`; this type connects it and builds the subpage's
/// switches from `Symbology.allCases` (grouped by `SymbologySelection.Family`), so every
/// symbology Saoma reads has its switch; changes go straight to the `symbologies` setting, which
/// the scanner and the image tab follow. The last kind switched on cannot be switched off. UI
/// thread only; the window is a toplevel owned by GTK, and this object lives as long as it (kept
/// by the window's `destroy` handler).
@MainActor
final class PreferencesWindow {
    /// The window (owned by GTK once presented).
    let window: UnsafeMutablePointer<GtkWidget>
    private let settings: AppSettings
    private var selection: SymbologySelection
    /// Each symbology's switch.
    private(set) var switches: [Symbology: UnsafeMutablePointer<GtkWidget>] = [:]
    /// The row opening the symbologies' subpage (its subtitle counts the kinds switched on).
    let kindsRow: UnsafeMutablePointer<GtkWidget>
    /// The symbologies' subpage (held while the window lives; shown on demand).
    let kindsPage: WidgetRef
    private var updating = false

    /// A new window over `preferences.ui`; throws when the file is missing or does not match this code.
    init(settings: AppSettings = .shared) throws(UIDefinitionError) {
        self.settings = settings
        selection = SymbologySelection(stored: settings.strings("symbologies"))
        let layout = try UIDefinition(named: "preferences.ui")
        let back: UnsafeMutablePointer<GtkWidget>
        let groups: UnsafeMutablePointer<GtkWidget>
        let keepHistory: UnsafeMutablePointer<GtkWidget>
        do {
            window = try layout.widget("window", isA: adw_preferences_window_get_type())
            kindsRow = try layout.widget("kinds-row", isA: adw_action_row_get_type())
            kindsPage = WidgetRef(sinking: try layout.widget("kinds-page"))
            back = try layout.widget("kinds-back", isA: gtk_button_get_type())
            groups = try layout.widget("kinds-groups", isA: adw_preferences_page_get_type())
            keepHistory = try layout.widget("keep-history", isA: gtk_switch_get_type())
        } catch {
            layout.destroyWindows()
            throw error
        }
        Self.bindKeepHistory(keepHistory, to: settings)
        for family in SymbologySelection.Family.allCases where !family.members.isEmpty {
            adw_preferences_page_add(gcast(groups), gcast(makeGroup(family)))
        }
        onSimpleSignal(UnsafeMutableRawPointer(kindsRow), "activated") { [weak self] in self?.showKinds() }
        onClicked(back) { [weak self] in
            guard let self else { return }
            adw_preferences_window_close_subpage(gcast(self.window))
        }
        refresh()
        // The window keeps this object until it is destroyed.
        let keeper = Unmanaged.passRetained(self)
        onSimpleSignal(UnsafeMutableRawPointer(window), "destroy") { keeper.release() }
    }

    /// Shows a new Preferences window over `parent`; `nil`, said on standard error in one line,
    /// when its layout cannot be used.
    @discardableResult
    static func present(parent: UnsafeMutablePointer<GtkWindow>?) -> PreferencesWindow? {
        let preferences: PreferencesWindow
        do {
            preferences = try PreferencesWindow()
        } catch {
            StandardStream.error.write("saoma: Preferences cannot open: \(error)\n")
            return nil
        }
        gtk_window_set_transient_for(gcast(preferences.window), parent)
        gtk_window_set_modal(gcast(preferences.window), 1)
        gtk_window_present(gcast(preferences.window))
        return preferences
    }

    /// Shows the symbologies' subpage (its header's Back returns).
    func showKinds() {
        adw_preferences_window_present_subpage(gcast(window), kindsPage.pointer)
    }

    private func makeGroup(_ family: SymbologySelection.Family) -> UnsafeMutablePointer<GtkWidget> {
        let group = created(adw_preferences_group_new())
        let (title, description) = Self.texts(for: family)
        adw_preferences_group_set_title(gcast(group), title)
        if let description { adw_preferences_group_set_description(gcast(group), description) }
        for symbology in family.members {
            let row = created(adw_action_row_new())
            let name = Self.name(of: symbology)
            adw_preferences_row_set_title(gcast(row), name)
            adw_preferences_row_set_use_markup(gcast(row), 0)
            if let use = Self.uses()[symbology] { adw_action_row_set_subtitle(gcast(row), use) }
            let toggle = created(gtk_switch_new())
            gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
            saoma_accessible_set_label(gcast(toggle), name)
            adw_action_row_add_suffix(gcast(row), toggle)
            adw_action_row_set_activatable_widget(gcast(row), toggle)
            onNotify(UnsafeMutableRawPointer(toggle), property: "active") { [weak self] in self?.toggled(symbology) }
            switches[symbology] = toggle
            adw_preferences_group_add(gcast(group), row)
        }
        return group
    }

    private func toggled(_ symbology: Symbology) {
        guard !updating, let toggle = switches[symbology] else { return }
        selection.set(symbology, on: gtk_switch_get_active(gcast(toggle)) != 0)
        settings.setStrings("symbologies", selection.stored)
        refresh()
    }

    /// Sets every switch from `selection`; the only one left on is made insensitive.
    private func refresh() {
        updating = true
        defer { updating = false }
        let on = Symbology.allCases.filter(selection.isEnabled).count
        adw_action_row_set_subtitle(
            gcast(kindsRow),
            on == Symbology.allCases.count
                ? tr("All kinds are read")
                : tr("{on} of {total} kinds are read", ["on": String(on), "total": String(Symbology.allCases.count)]))
        for (symbology, toggle) in switches {
            gtk_switch_set_active(gcast(toggle), selection.isEnabled(symbology) ? 1 : 0)
            gtk_widget_set_sensitive(toggle, selection.isLocked(symbology) ? 0 : 1)
            if selection.isLocked(symbology) {
                gtk_widget_set_tooltip_text(toggle, tr("At least one kind of code stays on"))
            } else {
                gtk_widget_set_tooltip_text(toggle, nil)
            }
        }
    }

    /// A family's group title and description.
    private static func texts(for family: SymbologySelection.Family) -> (title: String, description: String?) {
        switch family {
        case .matrix: (tr("2D Codes"), tr("Saoma reads only the kinds of codes switched on here, from the camera and from images."))
        case .retail: (tr("Retail Barcodes"), nil)
        case .industrial: (tr("Industrial Barcodes"), nil)
        }
    }

    /// A symbology's name as shown: translated where the name has words, else its own name
    /// (a symbology added later shows under its name).
    private static func name(of symbology: Symbology) -> String {
        let translated: [Symbology: String] = [
            .qrCode: tr("QR Code"), .ean2: tr("EAN-2 Add-on"), .ean5: tr("EAN-5 Add-on"), .interleaved2of5: tr("Interleaved 2 of 5"),
            .dataBar: "GS1 DataBar", .dataBarExpanded: tr("GS1 DataBar Expanded"), .code128: "Code 128", .code39: "Code 39",
            .code93: "Code 93", .codabar: "Codabar", .dataMatrix: "Data Matrix", .microQR: tr("Micro QR Code"),
        ]
        return translated[symbology] ?? symbology.name
    }

    /// What each symbology is used for (none shown for a symbology not listed).
    private static func uses() -> [Symbology: String] {
        [
            .qrCode: tr("Links, Wi-Fi networks, contacts, text"), .ean13: tr("Products worldwide"), .ean8: tr("Products in small packages"),
            .upcA: tr("Products in North America"), .upcE: tr("Small products in North America"),
            .isbn13: tr("Books (their EAN-13 bar code)"), .isbn10: tr("Books, shown with the older 10-digit number"),
            .ean2: tr("Issue numbers of magazines"), .ean5: tr("Prices on books"), .code128: tr("Shipping labels and logistics"),
            .code39: tr("Industry, ID badges"), .code93: tr("Logistics"), .interleaved2of5: tr("Cartons and warehouses"),
            .codabar: tr("Libraries, blood banks, parcels"), .dataBar: tr("Fresh food and coupons"),
            .dataBarExpanded: tr("Fresh food with weight, price or dates"), .dataMatrix: tr("Medicine packs, electronic parts and parcels"),
            .pdf417: tr("Boarding passes, driving licences and ID cards"), .aztec: tr("Rail and airline tickets on phones"),
            .microQR: tr("Small parts and labels"), .maxiCode: tr("Parcel labels"),
        ]
    }
}
