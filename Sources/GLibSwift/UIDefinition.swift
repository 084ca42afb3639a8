// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// The objects of one GtkBuilder `.ui` file among Saoma's data files (`data/ui/…` in the source
/// tree, `share/saoma/ui/…` installed), translated in Saoma's gettext domain and looked up by id
/// and class.
///
/// The files hold static layout only; Swift connects signals, settings and state. So they have no
/// `<signal>` elements, and GtkBuilder never looks a handler up by its symbol name. A file that is
/// missing or that GtkBuilder refuses, an id it lacks and an object of another class are each a
/// `UIDefinitionError` naming the file: callers say it in one line and do without the window,
/// tests fail on it. UI thread only; the builder, and with it one reference to every object it
/// made, lives as long as this value (keep your own reference to what must outlive it).
@MainActor
public final class UIDefinition {
    /// The file's path, as named in messages.
    public let path: String
    private let builder: ObjectRef<OpaquePointer>
    /// The toplevel windows the file made.
    private var windows: [UnsafeMutableRawPointer] = []

    /// Loads data file `ui/<name>` (`"preferences.ui"`) from the first of `DataFiles.searchDirectories` that has it.
    public convenience init(named name: String) throws(UIDefinitionError) {
        guard let path = DataFiles.path("ui/" + name) else {
            let searched = DataFiles.searchDirectories.map(\.path).joined(separator: ", ")
            throw UIDefinitionError("ui/\(name) was not found (searched: \(searched.isEmpty ? "no data folder" : searched))")
        }
        try self.init(path: path)
    }

    /// Loads the `.ui` file at `path`.
    public init(path: String) throws(UIDefinitionError) {
        self.path = path
        builder = ObjectRef(adopting: gtk_builder_new())
        gtk_builder_set_translation_domain(builder.pointer, gettextDomain)
        let text = try Self.wellFormedText(path)
        var error: UnsafeMutablePointer<GError>?
        let windowsBefore = Set(Self.toplevels())
        let built = gtk_builder_add_from_string(builder.pointer, text, -1, &error) != 0
        windows = Self.toplevels().filter { !windowsBefore.contains($0) }
        guard built else {
            let message = Self.message(taking: &error)
            destroyWindows()
            throw UIDefinitionError("\(path) cannot be used: \(message)")
        }
    }

    /// Destroys the windows the file made, for a caller that gives up on it (an id missing, a
    /// file refused): GTK's list of toplevels would otherwise keep them, unseen, for the rest of
    /// the run.
    public func destroyWindows() {
        for window in windows { gtk_window_destroy(window.assumingMemoryBound(to: GtkWindow.self)) }
        windows = []
    }

    /// Largest `.ui` file read, in bytes: Saoma's are a few kilobytes.
    public static let maximumFileSize = 1 << 20

    /// The file's text once it is known to be whole, well-formed markup: GtkBuilder itself builds
    /// what it can from a file cut short and reports nothing.
    private static func wellFormedText(_ path: String) throws(UIDefinitionError) -> String {
        let text: String
        do {
            text = try DataFiles.text(atPath: path, maximumSize: maximumFileSize)
        } catch {
            throw UIDefinitionError("\(path) cannot be used: \(error.reason)")
        }
        var parser = GMarkupParser()
        var error: UnsafeMutablePointer<GError>?
        let wellFormed = withUnsafePointer(to: &parser) { parser in
            guard let context = g_markup_parse_context_new(parser, GMarkupParseFlags(rawValue: 0), nil, nil) else { return false }
            defer { g_markup_parse_context_free(context) }
            return g_markup_parse_context_parse(context, text, -1, &error) != 0 && g_markup_parse_context_end_parse(context, &error) != 0
        }
        guard wellFormed else { throw UIDefinitionError("\(path) cannot be used: \(message(taking: &error))") }
        return text
    }

    /// `error`'s message, the error freed.
    private static func message(taking error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { g_clear_error(&error) }
        return error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "GLib gave no reason"
    }

    /// The object with id `id`, which must be an instance of `type` (or of a subclass).
    public func object(_ id: String, isA type: GType) throws(UIDefinitionError) -> UnsafeMutableRawPointer {
        guard let object = gtk_builder_get_object(builder.pointer, id) else {
            throw UIDefinitionError("\(path) has no object with id “\(id)”")
        }
        let raw = UnsafeMutableRawPointer(object)
        let instance = raw.assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, type) != 0 else {
            let found = g_type_name_from_instance(instance).map { String(cString: $0) } ?? "?"
            let wanted = g_type_name(type).map { String(cString: $0) } ?? "?"
            throw UIDefinitionError("\(path): the object “\(id)” is a \(found), not a \(wanted)")
        }
        return raw
    }

    /// The widget with id `id`, which must be an instance of `type` (any widget by default).
    public func widget(_ id: String, isA type: GType = gtk_widget_get_type()) throws(UIDefinitionError) -> UnsafeMutablePointer<GtkWidget> {
        try object(id, isA: type).assumingMemoryBound(to: GtkWidget.self)
    }

    /// The ids written in the file, sorted (not those GtkBuilder makes up for objects without one).
    public var ids: [String] {
        var out: [String] = []
        forEachObject { object in
            guard let id = gtk_buildable_get_buildable_id(OpaquePointer(object)).map({ String(cString: $0) }),
                !(id.hasPrefix("___object_") && id.hasSuffix("___"))
            else { return }
            out.append(id)
        }
        return out.sorted()
    }

    /// Every toplevel window GTK holds now.
    private static func toplevels() -> [UnsafeMutableRawPointer] {
        guard let list = gtk_window_list_toplevels() else { return [] }
        defer { g_list_free(list) }
        var out: [UnsafeMutableRawPointer] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data { out.append(data) }
            node = current.pointee.next
        }
        return out
    }

    private func forEachObject(_ body: (UnsafeMutableRawPointer) -> Void) {
        guard let list = gtk_builder_get_objects(builder.pointer) else { return }
        defer { g_slist_free(list) }
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            if let data = current.pointee.data { body(data) }
            node = current.pointee.next
        }
    }
}

/// Why a `.ui` file could not be used: one line naming the file and what was wrong.
public struct UIDefinitionError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String

    /// Longest message, in characters: a path from the environment may be any length.
    static let maximumLength = 600

    init(_ description: String) {
        let line = Self.oneLine(description)
        self.description = line.count > Self.maximumLength ? line.prefix(Self.maximumLength) + "…" : line
    }

    /// `text` on one line: a path from the environment, and GtkBuilder's messages quoting the
    /// file's own text, may hold line breaks and control characters.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : $0 }))
    }
}
