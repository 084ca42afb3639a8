// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

// Dialog, drop and async-call helpers, with the ownership rules of Signals.swift: GLib owns the
// closure box (released by the destroy notify, or after the one async callback); handlers run on
// the UI thread.

private typealias StringBody = @MainActor (String) -> Void
private let stringThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = {
    _, argument, data in
    guard let body = box(data, StringBody.self) else { return }
    let text = argument.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { body(text) }
}

/// `AdwMessageDialog::response` with the response id (`"cancel"` when the dialog is closed).
@MainActor @discardableResult
public func onResponse(_ dialog: UnsafeMutableRawPointer, _ body: @escaping @MainActor (_ response: String) -> Void) -> gulong {
    connect(dialog, "response", cast(stringThunk), body as StringBody)
}

private typealias DropBody = @MainActor (UnsafePointer<GValue>) -> Bool
private let dropThunk:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<GValue>?, gdouble, gdouble, UnsafeMutableRawPointer?) -> gboolean = {
        _, value, _, _, data in
        guard let value, let body = box(data, DropBody.self) else { return 0 }
        let bits = UInt(bitPattern: value)  // raw pointers are not Sendable; GTK calls this on the UI thread
        return MainActor.assumeIsolated {
            guard let value = UnsafePointer<GValue>(bitPattern: bits) else { return false }
            return body(value)
        } ? 1 : 0
    }

/// `GtkDropTarget::drop` with the dropped value; return `true` when the drop was accepted.
@MainActor @discardableResult
public func onDrop(_ target: UnsafeMutableRawPointer, _ body: @escaping @MainActor (_ value: UnsafePointer<GValue>) -> Bool) -> gulong {
    connect(target, "drop", cast(dropThunk), body as DropBody)
}

private typealias ResponseBody = @MainActor (Int32) -> Void
private let responseThunk: @convention(c) (UnsafeMutableRawPointer?, gint, UnsafeMutableRawPointer?) -> Void = { _, response, data in
    guard let body = box(data, ResponseBody.self) else { return }
    MainActor.assumeIsolated { body(response) }
}

/// `GtkNativeDialog::response` with the response id (`GTK_RESPONSE_ACCEPT`…).
@MainActor @discardableResult
public func onNativeResponse(_ dialog: UnsafeMutableRawPointer, _ body: @escaping @MainActor (_ response: Int32) -> Void) -> gulong {
    connect(dialog, "response", cast(responseThunk), body as ResponseBody)
}

private typealias ReadyBody = @MainActor (OpaquePointer?) -> Void

/// A `GAsyncReadyCallback` that calls the boxed closure with the `GAsyncResult` and releases the box.
private let readyThunk: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { _, result, data in
    guard let data else { return }
    let box = Unmanaged<HandlerBox<ReadyBody>>.fromOpaque(data)
    let body = box.takeUnretainedValue().body
    let bits = UInt(bitPattern: result.map { UnsafeMutableRawPointer($0) })
    MainActor.assumeIsolated { body(OpaquePointer(bitPattern: bits)) }
    box.release()
}

/// Starts an async GIO call: `start` gets the callback and its user data to pass on; `finish`
/// gets the `GAsyncResult` on the UI thread once the call completes.
@MainActor
public func asyncCall(
    start: (_ callback: GAsyncReadyCallback, _ data: gpointer) -> Void, finish: @escaping @MainActor (OpaquePointer?) -> Void
) {
    let data = Unmanaged.passRetained(HandlerBox(finish as ReadyBody)).toOpaque()
    start(readyThunk, data)
}
