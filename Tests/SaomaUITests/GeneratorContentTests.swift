// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaCore
import SaomaTestSupport
import Testing

@testable import SaomaUI

/// The Generate page's pure parts: form values to a code's text, and the preview's pixel layout.
struct GeneratorContentTests {
    /// (template, form, the file name offered for saving its code).
    static let fileNames: [(ContentTemplate, GeneratorFormValues, String)] = [
        (.wifi, GeneratorFormValues(texts: ["ssid": "Home Network", "password": "secret123"]), "wifi-Home-Network.png"),
        (.url, GeneratorFormValues(texts: ["url": " gnome.org/download "]), "link-gnome.org.png"),
        (.url, GeneratorFormValues(texts: ["url": "https://user@evil.example/x"]), "link-evil.example.png"),
        (.contact, GeneratorFormValues(texts: ["name": "Jane Roe", "phone": "+1 555"]), "contact-Jane-Roe.png"),
        (.text, GeneratorFormValues(texts: ["text": "First line\nsecond line"]), "text-First-line.png"),
        (.text, GeneratorFormValues(texts: ["text": "../secret"]), "text-secret.png"),
        (.sms, GeneratorFormValues(texts: ["number": "12345", "body": "hi"]), "sms-12345.png"),
        (.geo, GeneratorFormValues(texts: ["latitude": "48.2", "longitude": "16.37"]), "place-48.2-16.37.png"),
    ]

    @Test("a saved code is named after what it holds", arguments: fileNames)
    func fileName(template: ContentTemplate, values: GeneratorFormValues, expected: String) {
        let subject = GeneratorContent.fileNameSubject(for: template, values)
        #expect(GeneratedFileName.make(template: template, subject: subject, fileExtension: "png") == expected)
    }

    static let encoded: [(ContentTemplate, GeneratorFormValues, String)] = [
        (.text, GeneratorFormValues(texts: ["text": "Grüße\nzweite Zeile"]), "Grüße\nzweite Zeile"),
        (.url, GeneratorFormValues(texts: ["url": " example.org/a?b=c "]), "https://example.org/a?b=c"),
        (
            .wifi, GeneratorFormValues(texts: ["ssid": "My \"Net\"", "password": "secret;12"], toggles: ["hidden": true]),
            #"WIFI:T:WPA;S:My \"Net\";P:secret\;12;H:true;;"#
        ),
        (
            .wifi, GeneratorFormValues(texts: ["ssid": "Café", "password": "ignored for open"], choices: ["security": 3]),
            "WIFI:T:nopass;S:Café;;"
        ),
        (
            .contact, GeneratorFormValues(texts: ["name": "Li, Lei", "phone": "+86 10 1234, +86 139", "email": "li@example.cn"]),
            #"MECARD:N:Li\, Lei;TEL:+86 10 1234;TEL:+86 139;EMAIL:li@example.cn;;"#
        ),
        (
            .contact, GeneratorFormValues(texts: ["name": "Ana"], choices: ["format": 1]),
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Ana;;;;\r\nFN:Ana\r\nEND:VCARD\r\n"
        ),
        (
            .email, GeneratorFormValues(texts: ["to": "a@example.org", "subject": "Hi there", "body": ""]),
            "mailto:a@example.org?subject=Hi%20there"
        ),
        (.phone, GeneratorFormValues(texts: ["number": "+49 (30) 123-45"]), "tel:+49(30)123-45"),
        (.sms, GeneratorFormValues(texts: ["number": "12345", "body": "a:b"]), "SMSTO:12345:a:b"),
        (.geo, GeneratorFormValues(texts: ["latitude": "-33,8688", "longitude": "151.2093", "altitude": ""]), "geo:-33.8688,151.2093"),
        (
            .geo, GeneratorFormValues(texts: ["latitude": "0", "longitude": "0", "altitude": "12.5", "query": "Null Island"]),
            "geo:0,0,12.5?q=Null%20Island"
        ),
    ]

    @Test(arguments: encoded.indices)
    func formValuesBecomeTheTemplatesText(_ index: Int) throws {
        let (template, values, expected) = Self.encoded[index]
        #expect(try GeneratorContent.text(for: template, values) == expected)
    }

    static let refused: [(ContentTemplate, GeneratorFormValues, GeneratorInputError)] = [
        (.text, GeneratorFormValues(texts: ["text": "  \n "]), .empty),
        (.wifi, GeneratorFormValues(texts: ["ssid": "", "password": ""], toggles: ["hidden": true]), .empty),
        (.wifi, GeneratorFormValues(texts: ["ssid": "", "password": "12345678"]), .content(.missingField(.ssid))),
        (.wifi, GeneratorFormValues(texts: ["ssid": "Net", "password": ""]), .content(.missingField(.password))),
        (.geo, GeneratorFormValues(texts: ["latitude": "abc", "longitude": "1"]), .notANumber(field: .latitude, text: "abc")),
        (.geo, GeneratorFormValues(texts: ["latitude": "1", "longitude": "inf"]), .notANumber(field: .longitude, text: "inf")),
        (
            .email, GeneratorFormValues(texts: ["to": "nobody"]),
            .content(.invalidField(field: .to, value: "nobody", reason: .notAnAddress))
        ),
    ]

    @Test(arguments: refused.indices)
    func incompleteFormsAreRefusedWithTheirReason(_ index: Int) {
        let (template, values, expected) = Self.refused[index]
        #expect(throws: expected) { try GeneratorContent.text(for: template, values) }
    }

    /// (modules, width, height, margin) → (module size, origin x, origin y).
    static let layouts: [((Int, Int, Int, Int), (Int, Int, Int))] = [
        ((29, 232, 232, 0), (8, 0, 0)),
        ((29, 240, 232, 0), (8, 4, 0)),
        ((29, 231, 400, 0), (7, 14, 98)),
        ((29, 264, 264, 16), (8, 16, 16)),
        ((29, 20, 20, 0), (0, 10, 10)),
        ((185, 1280, 1024, 0), (5, 177, 49)),
    ]

    @Test(arguments: layouts.indices)
    func previewUsesTheLargestWholeModuleSizeCentredOnWholePixels(_ index: Int) {
        let ((modules, width, height, margin), (size, x, y)) = Self.layouts[index]
        let layout = QRCanvasLayout(modules: modules, width: width, height: height, margin: margin)
        #expect(layout.moduleSize == size)
        #expect(layout.side == size * modules)
        #expect(layout.originX == x)
        #expect(layout.originY == y)
        #expect(layout.side + 2 * margin <= min(width, height) || size == 0)
    }

    @Test func exportFormatFollowsTheExtension() {
        #expect(GeneratorExportFormat(path: "/tmp/a.PNG") == .png)
        #expect(GeneratorExportFormat(path: "code.svg") == .svg)
        #expect(GeneratorExportFormat(path: "code.jpeg") == nil)
        #expect(GeneratorExportFormat(path: "code") == nil)
    }
}
