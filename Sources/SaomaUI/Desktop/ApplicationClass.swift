// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSwift

/// Saoma's GApplication type: an `AdwApplication` that exports its own D-Bus objects (the Shell
/// search provider) from `dbus_register`, as GNOME applications do.
///
/// GApplication calls `dbus_register` on the primary instance after exporting its own objects
/// and before it asks for its bus name, so a call that D-Bus activation queued for the name finds
/// every object in place (an object exported in `startup`, after the name is owned, would miss
/// the first calls). The parent's implementations run first and last.
enum ApplicationClass {
    /// What a registration exports on `connection` (GDBusConnection) under the application's
    /// `objectPath`; returns a one-line reason when it cannot. Set before the application runs;
    /// called on the main thread.
    nonisolated(unsafe) static var onRegister: ((_ connection: OpaquePointer, _ objectPath: String) -> String?)?
    /// Removes what `onRegister` exported (the application leaves the bus).
    nonisolated(unsafe) static var onUnregister: ((_ connection: OpaquePointer) -> Void)?

    /// The parent class's hooks, chained up to (read from the class once it is initialised).
    nonisolated(unsafe) private static var parentRegister:
        (
            @convention(c) (
                UnsafeMutablePointer<GApplication>?, OpaquePointer?, UnsafePointer<gchar>?,
                UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
            ) -> gboolean
        )?
    nonisolated(unsafe) private static var parentUnregister:
        (@convention(c) (UnsafeMutablePointer<GApplication>?, OpaquePointer?, UnsafePointer<gchar>?) -> Void)?

    /// The registered type (`SaomaApplication`, derived from `AdwApplication`).
    static let type: GType = register()

    /// A new application with `id` and `flags` (transfer full).
    static func make(id: String, flags: GApplicationFlags) -> UnsafeMutablePointer<AdwApplication> {
        let object = created(g_object_new_with_properties(type, 0, nil, nil))
        let app = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GApplication.self)
        g_application_set_application_id(app, id)
        g_application_set_flags(app, flags)
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: AdwApplication.self)
    }

    private static func register() -> GType {
        registerSubclass(of: adw_application_get_type(), named: "SaomaApplication") { klass, _ in
            guard let klass else { return }
            // GObject copied the parent class into this one: its hooks are the parent's.
            let appClass = klass.assumingMemoryBound(to: GApplicationClass.self)
            ApplicationClass.parentRegister = appClass.pointee.dbus_register
            ApplicationClass.parentUnregister = appClass.pointee.dbus_unregister
            appClass.pointee.dbus_register = { app, connection, path, error in
                if let parent = ApplicationClass.parentRegister, parent(app, connection, path, error) == 0 { return 0 }
                guard let connection, let path, let hook = ApplicationClass.onRegister else { return 1 }
                guard let reason = hook(connection, String(cString: path)) else { return 1 }
                // The application still runs without the search provider: say why, once.
                StandardStream.error.write("saoma: \(reason)\n")
                return 1
            }
            appClass.pointee.dbus_unregister = { app, connection, path in
                if let connection { ApplicationClass.onUnregister?(connection) }
                ApplicationClass.parentUnregister?(app, connection, path)
            }
        }
    }
}
