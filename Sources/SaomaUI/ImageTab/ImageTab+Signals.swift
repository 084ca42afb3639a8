// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

// Signal and async-callback helpers the image tab needs beyond GLibSwift's: a drop target's
// `drop`, a native dialog's `response`, and GIO's `GAsyncReadyCallback`. As in GLibSwift, a
// retained box is the user data (released by the destroy notify, or after the one async
// callback), and each thunk matches its C signature exactly. UI thread only.

/// Holds a Swift closure while GLib holds the connection or the pending call.
private final class ImageTabBox<Body> {
    let body: Body
    init(_ body: Body) { self.body = body }
}

private func unboxed<Body>(_ data: UnsafeMutableRawPointer?, _: Body.Type) -> Body? {
    guard let data else { return nil }
    return Unmanaged<ImageTabBox<Body>>.fromOpaque(data).takeUnretainedValue().body
}

@discardableResult
private func connectBoxed<Body>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ thunk: GCallback, _ body: Body) -> gulong {
    let data = Unmanaged.passRetained(ImageTabBox(body)).toOpaque()
    return saoma_signal_connect(
        instance, signal, thunk, data,
        { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        })
}

private typealias DropBody = @MainActor (UnsafePointer<GValue>) -> Bool
private let dropThunk:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<GValue>?, gdouble, gdouble, UnsafeMutableRawPointer?) -> gboolean = {
        _, value, _, _, data in
        guard let value, let body = unboxed(data, DropBody.self) else { return 0 }
        let bits = UInt(bitPattern: value)  // raw pointers are not Sendable; GTK calls this on the UI thread
        return MainActor.assumeIsolated {
            guard let value = UnsafePointer<GValue>(bitPattern: bits) else { return false }
            return body(value)
        } ? 1 : 0
    }

/// `GtkDropTarget::drop` with the dropped value; return `true` when the drop was accepted.
@MainActor @discardableResult
func onDrop(_ target: UnsafeMutableRawPointer, _ body: @escaping @MainActor (_ value: UnsafePointer<GValue>) -> Bool) -> gulong {
    connectBoxed(target, "drop", unsafeBitCast(dropThunk, to: GCallback.self), body as DropBody)
}

private typealias ResponseBody = @MainActor (Int32) -> Void
private let responseThunk: @convention(c) (UnsafeMutableRawPointer?, gint, UnsafeMutableRawPointer?) -> Void = { _, response, data in
    guard let body = unboxed(data, ResponseBody.self) else { return }
    MainActor.assumeIsolated { body(response) }
}

/// `GtkNativeDialog::response` with the response id (`GTK_RESPONSE_ACCEPT`…).
@MainActor @discardableResult
func onNativeResponse(_ dialog: UnsafeMutableRawPointer, _ body: @escaping @MainActor (_ response: Int32) -> Void) -> gulong {
    connectBoxed(dialog, "response", unsafeBitCast(responseThunk, to: GCallback.self), body as ResponseBody)
}

private typealias ReadyBody = @MainActor (OpaquePointer?) -> Void

/// A `GAsyncReadyCallback` that calls the boxed closure with the `GAsyncResult` and releases the box.
private let readyThunk: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { _, result, data in
    guard let data else { return }
    let box = Unmanaged<ImageTabBox<ReadyBody>>.fromOpaque(data)
    let body = box.takeUnretainedValue().body
    let bits = UInt(bitPattern: result.map { UnsafeMutableRawPointer($0) })
    MainActor.assumeIsolated { body(OpaquePointer(bitPattern: bits)) }
    box.release()
}

/// Starts an async GIO call: `start` gets the callback and its user data to pass on; `finish`
/// gets the `GAsyncResult` on the UI thread once the call completes.
@MainActor
func asyncCall(
    start: (_ callback: GAsyncReadyCallback, _ data: gpointer) -> Void, finish: @escaping @MainActor (OpaquePointer?) -> Void
) {
    let data = Unmanaged.passRetained(ImageTabBox(finish as ReadyBody)).toOpaque()
    start(readyThunk, data)
}
