// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

// Signal helpers the result view needs beyond Signals.swift; same ownership rules: GLib owns the
// closure box and releases it through the destroy notify; handlers run on the UI thread.

/// Holds a string-taking closure for the lifetime of one signal connection.
private final class StringHandlerBox {
    let body: @MainActor (String) -> Void
    init(_ body: @escaping @MainActor (String) -> Void) { self.body = body }
}

private let stringThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = {
    _, argument, data in
    guard let data else { return }
    let body = Unmanaged<StringHandlerBox>.fromOpaque(data).takeUnretainedValue().body
    let text = argument.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { body(text) }
}

/// `AdwMessageDialog::response` with the response id (`"cancel"` when the dialog is closed).
@MainActor @discardableResult
public func onResponse(_ dialog: UnsafeMutableRawPointer, _ body: @escaping @MainActor (_ response: String) -> Void) -> gulong {
    let data = Unmanaged.passRetained(StringHandlerBox(body)).toOpaque()
    return saoma_signal_connect(
        dialog, "response", unsafeBitCast(stringThunk, to: GCallback.self), data,
        { data, _ in
            guard let data else { return }
            Unmanaged<StringHandlerBox>.fromOpaque(data).release()
        })
}
