// SPDX-License-Identifier: GPL-3.0-or-later

/// Saoma's release version, printed by `--version` and shown in the About window.
///
/// Keep in step with `meson-wrapper/meson.build` and the newest `<release>` in the metainfo
/// (`Tests/SaomaCLITests/TranslationFilesTests.swift` checks both).
public let saomaReleaseVersion = "0.1.0"

#if SAOMA_DEVEL
    /// The application id: the development profile (`meson -Dprofile=development`, which builds
    /// with `-DSAOMA_DEVEL`) installs beside a release build under its own id.
    public let saomaApplicationID = "io.github.saoma.Saoma.Devel"
#else
    /// The application id (D-Bus name, desktop file, icon and metainfo name).
    public let saomaApplicationID = "io.github.saoma.Saoma"
#endif
