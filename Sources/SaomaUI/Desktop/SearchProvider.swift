// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift
import SQLiteHistory
import SaomaCore

/// GNOME Shell's search over the history: `org.gnome.Shell.SearchProvider2`, exported by the
/// application itself at `<application path>/SearchProvider` on its own bus name (D-Bus
/// activation starts it when it is not running; the keyfile in
/// `share/gnome-shell/search-providers/` tells the Shell where it is).
///
/// Every call comes from any client of the session bus: terms and ids are read bounded
/// (`HistorySearchQuery`, `DBusValues`), queries run on the history's worker and the reply is
/// sent when they are done, so the UI thread never waits for SQLite. Nothing is answered while
/// "Keep history" is off, and a result never shows a Wi-Fi password or a login secret (the titles
/// come from `SearchResultTitling`; a row matched only by its secret is not a result).
/// Calls arrive and replies leave on the UI thread; the application is held while a call is
/// under way, so a D-Bus activated instance does not quit in the middle of one.
@MainActor
final class SearchProvider {
    nonisolated static let interfaceName = "org.gnome.Shell.SearchProvider2"
    /// Where the provider sits below the application's object path.
    nonisolated static let objectPathSuffix = "/SearchProvider"
    /// Most result ids read from one `GetResultMetas` or `GetSubsearchResultSet` call.
    nonisolated static let maximumIDs = 50
    /// Rows read from the store per search, before those that may not show are dropped.
    nonisolated static let rowsPerSearch = HistorySearchQuery.maximumResults * 4
    /// Newest rows a search of only short terms looks through (under three characters the
    /// trigram index cannot serve them; a rare one would otherwise read every row: 104 ms at
    /// 100 000 rows, against the Shell's wish for answers within tens of milliseconds).
    nonisolated static let shortTermScanRows = 10_000

    /// The data file declaring the interface, as the Shell's `org.gnome.ShellSearchProvider2.xml`
    /// does (GDBus checks every call's arguments against it).
    nonisolated static let interfaceFile = "dbus/org.gnome.ShellSearchProvider2.xml"
    /// Largest interface file read, in bytes: the Shell's is under two kilobytes.
    nonisolated static let maximumInterfaceSize = 64 << 10

    /// Opens a row's result in the window (created when there is none).
    var onActivateResult: ((HistoryRecord) -> Void)?
    /// Opens the History tab searching for what was typed.
    var onLaunchSearch: ((String) -> Void)?
    /// Presents the window without searching ("Keep history" off).
    var onPresent: (() -> Void)?

    private let recorder: HistoryRecorder
    private let titling: any SearchResultTitling
    private let application: UnsafeMutablePointer<GApplication>
    /// The connection exported on (one reference held while exported).
    private var connection: ObjectRef<OpaquePointer>?
    private var registration: guint = 0

    init(recorder: HistoryRecorder, titling: any SearchResultTitling, application: UnsafeMutablePointer<GApplication>) {
        self.recorder = recorder
        self.titling = titling
        self.application = application
    }

    /// Exports the provider on `connection` below `applicationPath`; returns why not when it cannot.
    func export(on connection: OpaquePointer, applicationPath: String) -> String? {
        guard let path = DataFiles.path(Self.interfaceFile) else {
            return "the search provider is off: its interface file \(Self.interfaceFile) was not found"
        }
        let interface: UnsafeMutablePointer<GDBusInterfaceInfo>
        do {
            interface = try Self.interface(at: path)
        } catch {
            return "the search provider is off: \(error.reason)"
        }
        defer { g_dbus_interface_info_unref(interface) }
        var error: UnsafeMutablePointer<GError>?
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = methodCallThunk
        let box = Unmanaged.passRetained(WeakProvider(self)).toOpaque()
        let id = g_dbus_connection_register_object(
            connection, applicationPath + Self.objectPathSuffix, interface, &vtable, box,
            { box in if let box { Unmanaged<WeakProvider>.fromOpaque(box).release() } }, &error)
        guard id != 0 else {
            defer { g_error_free(error) }
            return "the search provider could not be exported: \(error.map { String(cString: $0.pointee.message) } ?? "")"
        }
        self.connection = ObjectRef(sinking: connection)
        registration = id
        return nil
    }

    /// Why an interface file cannot serve: one line naming the file.
    struct UnusableInterface: Error, Equatable {
        let reason: String
    }

    /// The `org.gnome.Shell.SearchProvider2` interface the file at `path` declares (a reference
    /// the caller releases with `g_dbus_interface_info_unref`). The file may come from
    /// `SAOMA_DATA_DIR`: it is read bounded, and the reason it cannot serve (unreadable, not
    /// D-Bus introspection XML, no such interface) comes with its controls made visible.
    nonisolated static func interface(at path: String) throws(UnusableInterface) -> UnsafeMutablePointer<GDBusInterfaceInfo> {
        let shown = VisibleText.of(path)
        let xml: String
        do {
            xml = try DataFiles.text(atPath: path, maximumSize: maximumInterfaceSize)
        } catch {
            throw UnusableInterface(reason: "\(shown) cannot be used: \(error.reason)")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
            defer { g_clear_error(&error) }
            let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "GLib gave no reason"
            throw UnusableInterface(reason: "\(shown) does not parse: \(VisibleText.of(reason))")
        }
        defer { g_dbus_node_info_unref(node) }
        guard let interface = g_dbus_node_info_lookup_interface(node, interfaceName) else {
            throw UnusableInterface(reason: "\(shown) does not declare \(interfaceName)")
        }
        return g_dbus_interface_info_ref(interface)
    }

    /// Withdraws the provider from the bus.
    func unexport() {
        guard let connection, registration != 0 else { return }
        g_dbus_connection_unregister_object(connection.pointer, registration)
        self.connection = nil
        registration = 0
    }

    /// Answers one call (`invocation` is ours until it is answered).
    fileprivate func handle(_ method: String, parameters: OpaquePointer, invocation: OpaquePointer) {
        switch method {
        case "GetInitialResultSet":
            search(DBusValues.strings(in: parameters, at: 0, limit: HistorySearchQuery.maximumTerms * 2), invocation: invocation)
        case "GetSubsearchResultSet":
            // The terms narrow the previous ones: searching them again is as fast and never stale.
            search(DBusValues.strings(in: parameters, at: 1, limit: HistorySearchQuery.maximumTerms * 2), invocation: invocation)
        case "GetResultMetas":
            metas(DBusValues.strings(in: parameters, at: 0, limit: Self.maximumIDs), invocation: invocation)
        case "ActivateResult":
            g_dbus_method_invocation_return_value(invocation, nil)
            activate(DBusValues.string(in: parameters, at: 0) ?? "")
        case "LaunchSearch":
            g_dbus_method_invocation_return_value(invocation, nil)
            let terms = HistorySearchQuery(terms: DBusValues.strings(in: parameters, at: 0, limit: HistorySearchQuery.maximumTerms * 2))
            if recorder.isKeeping, let terms {
                onLaunchSearch?(terms.terms.joined(separator: " "))
            } else {
                onPresent?()
            }
        default:
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", "No such method")
        }
    }

    /// Replies with the ids of the newest rows holding every term (none while history is off).
    private func search(_ terms: [String], invocation: OpaquePointer) {
        guard recorder.isKeeping, let query = HistorySearchQuery(terms: terms) else {
            Self.reply(invocation, DBusValues.stringArray([]))
            return
        }
        hold()
        let pending = UIThreadPointer(invocation)
        recorder.read { store throws(HistoryStoreError) in
            let rows = try store.search(terms: query.terms, limit: Self.rowsPerSearch, scanningAtMost: Self.shortTermScanRows)
            return rows.filter(query.shows).compactMap(\.id).prefix(HistorySearchQuery.maximumResults).map(HistorySearchQuery.resultID)
        } done: { [weak self] ids in
            Self.reply(pending.pointer, DBusValues.stringArray(ids ?? []))
            self?.release()
        }
    }

    /// Replies with each known row's id, title, kind and icon (nothing while history is off).
    private func metas(_ resultIDs: [String], invocation: OpaquePointer) {
        let ids = resultIDs.compactMap(HistorySearchQuery.rowID)
        guard recorder.isKeeping, !ids.isEmpty else {
            Self.reply(invocation, DBusValues.array(of: "a{sv}", []))
            return
        }
        hold()
        let pending = UIThreadPointer(invocation)
        let titling = self.titling
        recorder.read { store throws(HistoryStoreError) in
            try store.records(ids: ids).compactMap { record -> [(key: String, value: String)]? in
                guard let id = record.id else { return nil }
                let meta = titling.meta(for: record)
                return [
                    ("id", HistorySearchQuery.resultID(rowID: id)), ("name", meta.title), ("description", meta.kind),
                    ("gicon", meta.iconName),
                ]
            }
        } done: { [weak self] entries in
            Self.reply(pending.pointer, DBusValues.array(of: "a{sv}", (entries ?? []).map(DBusValues.stringDictionary)))
            self?.release()
        }
    }

    /// Opens the row a result names on the result page (ids that are not ours open nothing).
    private func activate(_ resultID: String) {
        guard let id = HistorySearchQuery.rowID(resultID: resultID), recorder.isKeeping else {
            onPresent?()
            return
        }
        hold()
        recorder.read { store throws(HistoryStoreError) in
            try store.record(id: id)
        } done: { [weak self] record in
            if let record = record ?? nil {
                self?.onActivateResult?(record)
            } else {
                self?.onPresent?()
            }
            self?.release()
        }
    }

    private static func reply(_ invocation: OpaquePointer, _ value: OpaquePointer) {
        g_dbus_method_invocation_return_value(invocation, DBusValues.tuple([value]))
    }

    private func hold() { g_application_hold(application) }
    private func release() { g_application_release(application) }
}

/// A GDBus pointer carried across a Sendable boundary but used only on the UI thread: a call's
/// `GDBusMethodInvocation`, answered once after the worker's query (it only passes through the
/// worker), or its arguments.
private struct UIThreadPointer: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

/// The user data of the exported object: GDBus may deliver a call after the provider is gone.
private final class WeakProvider {
    weak var provider: SearchProvider?
    init(_ provider: SearchProvider) { self.provider = provider }
}

/// GDBus's `method_call` (user data last); calls are delivered in the main context, on the UI thread.
private let methodCallThunk:
    @convention(c) (
        OpaquePointer?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, OpaquePointer?,
        OpaquePointer?, gpointer?
    ) -> Void = { _, _, _, _, method, parameters, invocation, data in
        guard let invocation else { return }
        guard let data, let method, let parameters,
            let provider = Unmanaged<WeakProvider>.fromOpaque(data).takeUnretainedValue().provider
        else {
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.Failed", "Saoma is shutting down")
            return
        }
        let name = String(cString: method)
        // Pointers are not Sendable; the call stays on this (the UI) thread.
        let call = UIThreadPointer(invocation)
        let arguments = UIThreadPointer(parameters)
        MainActor.assumeIsolated { provider.handle(name, parameters: arguments.pointer, invocation: call.pointer) }
    }
