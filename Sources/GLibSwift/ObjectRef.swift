// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A C pointer to a GObject instance: a widget (`UnsafeMutablePointer<GtkWidget>`) or an
/// opaque object (`OpaquePointer`).
public protocol GObjectPointer {
    /// The instance as an untyped pointer (for `g_object_*`).
    var objectPointer: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GObjectPointer {
    public var objectPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectPointer {
    public var objectPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// One owned reference to a GObject, released when this value goes away: the one way Saoma
/// holds widgets and objects.
///
/// Transfer rule, stated once: `ObjectRef(adopting:)` takes over a full reference the caller
/// got (a `*_new` of a non-widget object, a getter marked transfer full);
/// `ObjectRef(sinking:)` sinks a floating reference (new widgets) or adds one (transfer none).
/// Made and released on the thread that uses the object (the UI thread for widgets).
public final class ObjectRef<Pointer: GObjectPointer> {
    /// The object; valid as long as this reference lives.
    public let pointer: Pointer

    /// Takes over the full reference `pointer` came with.
    public init(adopting pointer: Pointer?, file: StaticString = #fileID, line: UInt = #line) {
        self.pointer = created(pointer, file: file, line: line)
    }

    /// Sinks `pointer`'s floating reference, or adds a reference when it has none.
    public init(sinking pointer: Pointer?, file: StaticString = #fileID, line: UInt = #line) {
        let object = created(pointer, file: file, line: line)
        g_object_ref_sink(object.objectPointer)
        self.pointer = object
    }

    deinit {
        g_object_unref(pointer.objectPointer)
    }
}

/// An owned reference to a widget.
public typealias WidgetRef = ObjectRef<UnsafeMutablePointer<GtkWidget>>
