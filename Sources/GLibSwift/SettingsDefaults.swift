// SPDX-License-Identifier: GPL-3.0-or-later

/// The defaults of `data/io.github.saoma.Saoma.gschema.xml`, for a binary that finds no schema
/// (run outside its tree, not installed): it then starts from these instead of zeros and empty
/// strings. `SettingsDefaultsTests` checks that every key and value here is the schema's.
public enum SettingsDefaults {
    /// Key → default (`Int` for `i`, `Bool` for `b`, `String` for `s`, `[String]` for `as`,
    /// `(Double, Double)` for `(dd)`).
    public nonisolated(unsafe) static let values: [String: Any] = [
        "window-width": 960,
        "window-height": 640,
        "window-maximized": false,
        "camera": "",
        "mirror": true,
        "scan-frame-size": (0.0, 0.0),
        "frame-hint-shown": false,
        "sound": true,
        "symbologies": [String](),
        "keep-history": true,
        "continuous": false,
        "last-folder": "",
        "sidebar-visible": false,
        "generator-error-correction": "M",
        "generator-quiet-zone": 4,
    ]
}
