// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

// Signal connections. GLib owns each closure: a retained box is the user data and the
// `GClosureNotify` releases it when the handler is disconnected or the instance finalised.
// One thunk per C signature; user data is always the LAST argument (a wrong arity compiles,
// runs, and never fires). Handlers run on the UI thread; closures should capture `[weak self]`.

/// Holds a Swift closure for the lifetime of a GLib signal connection (or one async call).
final class HandlerBox<Body> {
    let body: Body
    init(_ body: Body) { self.body = body }
}

@discardableResult
func connect<Body>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ thunk: GCallback, _ body: Body) -> gulong {
    let data = Unmanaged.passRetained(HandlerBox(body)).toOpaque()
    return saoma_signal_connect(
        instance, signal, thunk, data,
        { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        })
}

func box<Body>(_ data: UnsafeMutableRawPointer?, _: Body.Type) -> Body? {
    guard let data else { return nil }
    return Unmanaged<HandlerBox<Body>>.fromOpaque(data).takeUnretainedValue().body
}

// MARK: Thunks, one per C signature.

private typealias VoidBody = @MainActor () -> Void
private let voidThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    guard let body = box(data, VoidBody.self) else { return }
    MainActor.assumeIsolated { body() }
}

private typealias BoolBody = @MainActor () -> Bool
private let boolThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
    guard let body = box(data, BoolBody.self) else { return 0 }
    return MainActor.assumeIsolated { body() } ? 1 : 0
}

private typealias PointerBody = @MainActor (UnsafeMutableRawPointer?) -> Void
private let pointerThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    _, argument, data in
    guard let body = box(data, PointerBody.self) else { return }
    let bits = UInt(bitPattern: argument)  // raw pointers are not Sendable; we stay on this thread
    MainActor.assumeIsolated { body(UnsafeMutableRawPointer(bitPattern: bits)) }
}

private typealias PressBody = @MainActor (Int, Double, Double) -> Void
private let pressThunk: @convention(c) (UnsafeMutableRawPointer?, gint, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void = {
    _, count, x, y, data in
    guard let body = box(data, PressBody.self) else { return }
    MainActor.assumeIsolated { body(Int(count), x, y) }
}

private typealias XYBody = @MainActor (Double, Double) -> Void
private let xyThunk: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
    guard let body = box(data, XYBody.self) else { return }
    MainActor.assumeIsolated { body(x, y) }
}

private typealias KeyBody = @MainActor (UInt32, UInt32) -> Bool
private let keyThunk: @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = {
    _, keyval, _, state, data in
    guard let body = box(data, KeyBody.self) else { return 0 }
    return MainActor.assumeIsolated { body(keyval, state.rawValue) } ? 1 : 0
}

func cast<T>(_ thunk: T) -> GCallback {
    unsafeBitCast(thunk, to: GCallback.self)
}

// MARK: Typed helpers.

/// Connects to a signal whose handler takes no arguments and returns nothing (`clicked`,
/// `toggled`, `changed`, `activate` of a widget, `map`, `destroy`…).
@MainActor @discardableResult
public func onSimpleSignal(_ instance: UnsafeMutableRawPointer, _ signal: StaticString, _ body: @escaping @MainActor () -> Void) -> gulong {
    connect(instance, signal.description, cast(voidThunk), body as VoidBody)
}

/// `GtkButton::clicked`.
@MainActor @discardableResult
public func onClicked(_ button: UnsafeMutableRawPointer, _ body: @escaping @MainActor () -> Void) -> gulong {
    onSimpleSignal(button, "clicked", body)
}

/// `GtkToggleButton::toggled`.
@MainActor @discardableResult
public func onToggled(_ button: UnsafeMutableRawPointer, _ body: @escaping @MainActor () -> Void) -> gulong {
    onSimpleSignal(button, "toggled", body)
}

/// `GtkEditable::changed` / `GtkTextBuffer::changed`.
@MainActor @discardableResult
public func onChanged(_ editable: UnsafeMutableRawPointer, _ body: @escaping @MainActor () -> Void) -> gulong {
    onSimpleSignal(editable, "changed", body)
}

/// `GtkWindow::close-request`; return `true` to keep the window open.
@MainActor @discardableResult
public func onCloseRequest(_ window: UnsafeMutableRawPointer, _ body: @escaping @MainActor () -> Bool) -> gulong {
    connect(window, "close-request", cast(boolThunk), body as BoolBody)
}

/// `GObject::notify::<property>`.
@MainActor @discardableResult
public func onNotify(_ object: UnsafeMutableRawPointer, property: String, _ body: @escaping @MainActor () -> Void) -> gulong {
    connect(object, "notify::\(property)", cast(pointerThunk), { (_: UnsafeMutableRawPointer?) in body() } as PointerBody)
}

/// `GSimpleAction::activate`; the parameter is the action's `GVariant` (or `nil`).
@MainActor @discardableResult
public func onActivate(_ action: UnsafeMutableRawPointer, _ body: @escaping @MainActor (OpaquePointer?) -> Void) -> gulong {
    connect(action, "activate", cast(pointerThunk), { (p: UnsafeMutableRawPointer?) in body(p.map(OpaquePointer.init)) } as PointerBody)
}

/// `GtkGestureClick::pressed` / `released` with the press count and widget coordinates.
@MainActor @discardableResult
public func onPressed(
    _ gesture: UnsafeMutableRawPointer, released: Bool = false,
    _ body: @escaping @MainActor (_ count: Int, _ x: Double, _ y: Double) -> Void
) -> gulong {
    connect(gesture, released ? "released" : "pressed", cast(pressThunk), body as PressBody)
}

/// `GtkGestureDrag::drag-begin` (start point), `drag-update` and `drag-end` (offsets from the start).
@MainActor
public func onDrag(
    _ gesture: UnsafeMutableRawPointer, begin: @escaping @MainActor (_ x: Double, _ y: Double) -> Void,
    update: @escaping @MainActor (_ dx: Double, _ dy: Double) -> Void, end: @escaping @MainActor (_ dx: Double, _ dy: Double) -> Void
) {
    connect(gesture, "drag-begin", cast(xyThunk), begin as XYBody)
    connect(gesture, "drag-update", cast(xyThunk), update as XYBody)
    connect(gesture, "drag-end", cast(xyThunk), end as XYBody)
}

/// `GtkEventControllerMotion::motion` (and `enter`) with widget coordinates.
@MainActor @discardableResult
public func onMotion(_ controller: UnsafeMutableRawPointer, _ body: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) -> gulong {
    connect(controller, "enter", cast(xyThunk), body as XYBody)
    return connect(controller, "motion", cast(xyThunk), body as XYBody)
}

/// `GtkEventControllerKey::key-pressed` with keyval and modifier state; return `true` when handled.
@MainActor @discardableResult
public func onKeyPressed(
    _ controller: UnsafeMutableRawPointer, _ body: @escaping @MainActor (_ keyval: UInt32, _ modifiers: UInt32) -> Bool
) -> gulong {
    connect(controller, "key-pressed", cast(keyThunk), body as KeyBody)
}

/// Reinterprets a GObject instance pointer as another type in its hierarchy (`GTK_BUTTON(w)`).
@inlinable
public func gcast<T>(_ pointer: UnsafeMutableRawPointer?, to: T.Type = T.self) -> UnsafeMutablePointer<T>? {
    pointer?.assumingMemoryBound(to: T.self)
}

private typealias OpenBody = @MainActor ([[UInt8]]) -> Void
private let openThunk:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<gchar>?, UnsafeMutableRawPointer?)
        ->
        Void = { _, files, count, _, data in
            guard let body = box(data, OpenBody.self) else { return }
            var paths: [[UInt8]] = []
            for i in 0..<Int(max(0, count)) {
                guard let file = files?[i] else { continue }
                guard let name = g_file_get_path(file) ?? g_file_get_uri(file) else { continue }
                // Bytes as GIO gives them: a file name need not be UTF-8 (`String(cString:)` would
                // put U+FFFD in its place and name a file that does not exist).
                paths.append(Array(UnsafeRawBufferPointer(start: name, count: strlen(name))))
                g_free(name)
            }
            MainActor.assumeIsolated { body(paths) }
        }

/// `GApplication::open` with the files as local paths (URIs for non-local files), each the
/// exact bytes of its name.
@MainActor @discardableResult
public func onOpen(_ application: UnsafeMutableRawPointer, _ body: @escaping @MainActor (_ paths: [[UInt8]]) -> Void) -> gulong {
    connect(application, "open", cast(openThunk), body as OpenBody)
}

/// Reinterprets a GObject instance pointer as an opaque C type (`GTK_OVERLAY(w)` where GTK
/// declares the struct opaquely).
@inlinable
public func gcast(_ pointer: UnsafeMutableRawPointer?) -> OpaquePointer? {
    pointer.map(OpaquePointer.init)
}

/// The object a GObject constructor returned: they never return NULL (GLib aborts when memory
/// runs out), so a NULL here is a broken invariant reported with its place, not a recoverable error.
@inlinable
public func created<T>(_ pointer: T?, file: StaticString = #fileID, line: UInt = #line) -> T {
    guard let pointer else { fatalError("a GObject constructor returned NULL at \(file):\(line)") }
    return pointer
}
