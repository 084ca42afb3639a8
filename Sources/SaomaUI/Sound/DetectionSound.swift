// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift

/// The short chirp played when codes are found (`data/sounds/detected.wav`).
///
/// Played through a `GtkMediaFile` (GTK's GStreamer media backend) on the GLib main loop, so
/// `play()` returns at once. Skipped silently when the `sound` setting is off, when the sound file
/// or the media backend is missing (or GTK is not initialised), or when the machine has no audio output (no ALSA playback
/// device, no PulseAudio or PipeWire socket): nothing blocks, nothing is printed. UI thread only.
@MainActor
public final class DetectionSound {
    /// What a call to `play()` did.
    public enum Outcome: Equatable, Sendable {
        /// The chirp was started (or restarted from its beginning).
        case played
        /// The `sound` setting is off.
        case disabled
        /// No audio output on this machine.
        case noAudioOutput
        /// The sound file is missing or the media backend failed; later calls skip at once.
        case unavailable
    }

    /// The app's detection sound (made on first use).
    public static let shared = DetectionSound()

    /// The data file played, relative to the data folder.
    public static let soundFile = "sounds/detected.wav"

    /// The media stream, created on first use.
    private var stream: ObjectRef<UnsafeMutablePointer<GtkMediaStream>>?
    /// Set once the stream cannot play; every later call is skipped.
    private var broken = false
    private let path: String?
    private let isEnabled: @MainActor () -> Bool
    private let hasAudioOutput: () -> Bool

    /// A detection sound reading the `sound` setting from `AppSettings.shared`.
    public convenience init() {
        self.init(
            path: DataFiles.path(DetectionSound.soundFile), isEnabled: { AppSettings.shared.bool("sound") },
            hasAudioOutput: { DetectionSound.audioOutputAvailable() })
    }

    /// A detection sound for `path`, asking `isEnabled` before each play (a seam for tests).
    public init(path: String?, isEnabled: @escaping @MainActor () -> Bool, hasAudioOutput: @escaping () -> Bool) {
        self.path = path
        self.isEnabled = isEnabled
        self.hasAudioOutput = hasAudioOutput
    }

    /// Plays the chirp from its start without waiting for it (a new play restarts it).
    @discardableResult
    public func play() -> Outcome {
        guard isEnabled() else { return .disabled }
        guard !broken else { return .unavailable }
        guard hasAudioOutput() else { return .noAudioOutput }
        // GTK registers its media backends in gtk_init; creating a media file before that aborts.
        guard gtk_is_initialized() != 0, let stream = preparedStream() else {
            broken = true
            return .unavailable
        }
        if gtk_media_stream_get_error(stream) != nil {
            broken = true
            return .unavailable
        }
        if gtk_media_stream_get_playing(stream) != 0 || gtk_media_stream_get_ended(stream) != 0 {
            gtk_media_stream_seek(stream, 0)
        }
        gtk_media_stream_play(stream)
        return .played
    }

    /// Whether the stream has been created (it is created on the first enabled play with output).
    public var isLoaded: Bool { stream != nil }

    private func preparedStream() -> UnsafeMutablePointer<GtkMediaStream>? {
        if let stream { return stream.pointer }
        guard let path, FileManager.default.isReadableFile(atPath: path),
            let media = gtk_media_file_new_for_filename(path).map({ ObjectRef(adopting: $0) })
        else { return nil }
        stream = media
        return media.pointer
    }

    /// Whether this machine has somewhere to send sound: an ALSA playback device, or a
    /// PulseAudio / PipeWire server socket (`$PULSE_SERVER`, `$XDG_RUNTIME_DIR/{pulse/native,pipewire-0}`).
    public nonisolated static func audioOutputAvailable(
        environment: [String: String] = ProcessInfo.processInfo.environment, deviceDirectory: String = "/dev/snd"
    ) -> Bool {
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return true }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            for socket in ["pulse/native", "pipewire-0"] where FileManager.default.fileExists(atPath: runtime + "/" + socket) {
                return true
            }
        }
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: deviceDirectory)) ?? []
        return devices.contains { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }
    }
}
