// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SaomaCore

/// The Preferences window (`AdwPreferencesWindow`): which kinds of codes Saoma reads.
///
/// Each symbology has a switch; changes go straight to the `symbologies` setting, which the
/// scanner and the image tab follow. The last kind switched on cannot be switched off. UI thread
/// only; the window is a toplevel owned by GTK, and this object lives as long as it (kept by the
/// window's `destroy` handler).
@MainActor
final class PreferencesWindow {
    /// The window (owned by GTK once presented).
    let window: UnsafeMutablePointer<GtkWidget>
    private let settings: AppSettings
    private var selection: SymbologySelection
    /// Each symbology's switch.
    private(set) var switches: [Symbology: UnsafeMutablePointer<GtkWidget>] = [:]
    private var updating = false

    init(settings: AppSettings = .shared) {
        self.settings = settings
        selection = SymbologySelection(stored: settings.strings("symbologies"))
        window = created(adw_preferences_window_new())
        gtk_window_set_title(gcast(window), tr("Preferences"))
        adw_preferences_window_set_search_enabled(gcast(window), 0)
        let page = created(adw_preferences_page_new())
        adw_preferences_page_set_title(gcast(page), tr("Scanning"))
        adw_preferences_page_set_icon_name(gcast(page), "camera-photo-symbolic")
        for family in SymbologySelection.Family.allCases {
            adw_preferences_page_add(gcast(page), gcast(makeGroup(family)))
        }
        adw_preferences_page_add(gcast(page), gcast(Self.makeHistoryGroup(settings)))
        adw_preferences_window_add(gcast(window), gcast(page))
        refresh()
        // The window keeps this object until it is destroyed.
        let keeper = Unmanaged.passRetained(self)
        onSimpleSignal(UnsafeMutableRawPointer(window), "destroy") { keeper.release() }
    }

    /// Shows a new Preferences window over `parent`.
    @discardableResult
    static func present(parent: UnsafeMutablePointer<GtkWindow>?) -> PreferencesWindow {
        let preferences = PreferencesWindow()
        gtk_window_set_transient_for(gcast(preferences.window), parent)
        gtk_window_set_modal(gcast(preferences.window), 1)
        gtk_window_present(gcast(preferences.window))
        return preferences
    }

    private func makeGroup(_ family: SymbologySelection.Family) -> UnsafeMutablePointer<GtkWidget> {
        let group = created(adw_preferences_group_new())
        let (title, description) = Self.texts(for: family)
        adw_preferences_group_set_title(gcast(group), title)
        if let description { adw_preferences_group_set_description(gcast(group), description) }
        for symbology in family.members {
            let row = created(adw_action_row_new())
            let (name, use) = Self.texts(for: symbology)
            adw_preferences_row_set_title(gcast(row), name)
            adw_action_row_set_subtitle(gcast(row), use)
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

    /// A symbology's name and what it is used for.
    private static func texts(for symbology: Symbology) -> (name: String, use: String) {
        switch symbology {
        case .qrCode: (tr("QR Code"), tr("Links, Wi-Fi networks, contacts, text"))
        case .ean13: ("EAN-13", tr("Products worldwide"))
        case .ean8: ("EAN-8", tr("Products in small packages"))
        case .upcA: ("UPC-A", tr("Products in North America"))
        case .upcE: ("UPC-E", tr("Small products in North America"))
        case .isbn13: ("ISBN-13", tr("Books (their EAN-13 bar code)"))
        case .isbn10: ("ISBN-10", tr("Books, shown with the older 10-digit number"))
        case .ean2: (tr("EAN-2 Add-on"), tr("Issue numbers of magazines"))
        case .ean5: (tr("EAN-5 Add-on"), tr("Prices on books"))
        case .code128: ("Code 128", tr("Shipping labels and logistics"))
        case .code39: ("Code 39", tr("Industry, ID badges"))
        case .code93: ("Code 93", tr("Logistics"))
        case .interleaved2of5: (tr("Interleaved 2 of 5"), tr("Cartons and warehouses"))
        case .codabar: ("Codabar", tr("Libraries, blood banks, parcels"))
        case .dataBar: ("GS1 DataBar", tr("Fresh food and coupons"))
        case .dataBarExpanded: (tr("GS1 DataBar Expanded"), tr("Fresh food with weight, price or dates"))
        case .dataMatrix: ("Data Matrix", tr("Medicine packs, electronic parts and parcels"))
        case .pdf417: ("PDF417", tr("Boarding passes, driving licences and ID cards"))
        case .aztec: ("Aztec", tr("Rail and airline tickets on phones"))
        case .microQR: (tr("Micro QR Code"), tr("Small parts and labels"))
        case .maxiCode: ("MaxiCode", tr("Parcel labels"))
        }
    }
}
