// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaTestSupport
import XCTest

@testable import SaomaUI

/// What a drag out of the Generate tab offers, read as a drop target reads it (the window test
/// `DragOutTests` drags with the pointer): the image as PNG, a PNG file, the text, each holding
/// the code exactly.
///
/// XCTest, because GTK must run on the process's main thread and XCTest runs test methods there.
final class GeneratorDragContentTests: XCTestCase {
    static let payload = "Grüße aus Saoma, 扫码"

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try GeneratorHarness.start() }
    }

    /// The bytes a drop elsewhere receives as `mimeType`: what `provider` writes itself, else its
    /// value of `type` through GTK's serializers (as a drag does for types it converts).
    @MainActor
    static func bytes(of provider: UnsafeMutablePointer<GdkContentProvider>, as mimeType: String, from type: GType? = nil) -> Data? {
        let stream = ObjectRef(adopting: g_memory_output_stream_new_resizable())
        // GDK keeps the mime type's pointer until the serializer runs (from the main loop) and
        // expects it interned, as GdkContentFormats' are; a Swift string's C copy lives only for
        // the call, so a dangling type made GTK's texture serializer abort now and then.
        let mimeType = g_intern_string(mimeType)
        var done = false
        var written = false
        var value = GValue()
        defer { if type != nil { g_value_unset(&value) } }
        if let type {
            g_value_init(&value, type)
            guard gdk_content_provider_get_value(provider, &value, nil) != 0 else { return nil }
            asyncCall(
                start: { gdk_content_serialize_async(gcast(stream.pointer), mimeType, &value, G_PRIORITY_DEFAULT, nil, $0, $1) },
                finish: { result in
                    written = gdk_content_serialize_finish(result, nil) != 0
                    done = true
                })
        } else {
            asyncCall(
                start: {
                    gdk_content_provider_write_mime_type_async(provider, mimeType, gcast(stream.pointer), G_PRIORITY_DEFAULT, nil, $0, $1)
                },
                finish: { result in
                    written = gdk_content_provider_write_mime_type_finish(provider, result, nil) != 0
                    done = true
                })
        }
        GeneratorHarness.iterate { done }
        guard written else { return nil }
        g_output_stream_close(gcast(stream.pointer), nil, nil)
        let memory = stream.pointer
        guard let data = g_memory_output_stream_get_data(gcast(memory)) else { return Data() }
        return Data(bytes: data, count: Int(g_memory_output_stream_get_data_size(gcast(memory))))
    }

    func testADragOffersTheImageAFileAndTheText() throws {
        try MainActor.assumeIsolated {
            let fixture = GeneratorPageTests.Fixture()
            defer { fixture.close() }
            XCTAssertNil(fixture.page.dragContent(), "nothing to drag before a code shows")
            let form = try fixture.form(.text)
            XCTAssertTrue(form.setText("text", Self.payload))
            XCTAssertTrue(fixture.waitForPreview())
            let provider = try XCTUnwrap(fixture.page.dragContent())
            defer { g_object_unref(provider) }

            let formats = gdk_content_formats_union_serialize_mime_types(gdk_content_provider_ref_formats(provider))
            defer { gdk_content_formats_unref(formats) }
            let offered = ImageTabController.mimeTypes(formats)
            for mimeType in ["image/png", "text/uri-list", "text/plain;charset=utf-8"] {
                XCTAssertTrue(offered.contains(mimeType), "\(mimeType) not in \(offered)")
            }

            let folder = try TemporaryFolder(prefix: "saoma-drag")
            defer { folder.remove() }
            let png = try XCTUnwrap(Self.bytes(of: provider, as: "image/png", from: gdk_texture_get_type()))
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            try png.write(to: folder.url.appendingPathComponent("dropped.png"))
            XCTAssertEqual(try GeneratorHarness.zbarimg(folder.path("dropped.png")), [Self.payload])

            let text = try XCTUnwrap(Self.bytes(of: provider, as: "text/plain;charset=utf-8"))
            XCTAssertEqual(String(decoding: text, as: UTF8.self), Self.payload)

            let uris = try XCTUnwrap(Self.bytes(of: provider, as: "text/uri-list", from: g_file_get_type()))
            let uri = String(decoding: uris, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let file = try XCTUnwrap(URL(string: uri)?.path)
            XCTAssertEqual(file, GeneratorPage.dragFilePath)
            XCTAssertEqual(try GeneratorHarness.zbarimg(file), [Self.payload])
        }
    }
}
