// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Generated file names")
struct GeneratedFileNameTests {
    /// (template, subject, the name offered).
    static let cases: [(ContentTemplate, String, String)] = [
        (.wifi, "Home Network", "wifi-Home-Network.png"),
        (.url, "gnome.org", "link-gnome.org.png"),
        (.contact, "Jane Roe", "contact-Jane-Roe.png"),
        (.phone, "+1 555 0100", "phone-+1-555-0100.png"),
        (.email, "jane@example.org", "email-jane@example.org.png"),
        (.geo, "48.2,16.37", "place-48.2-16.37.png"),
        (.text, "家里的网络", "text-家里的网络.png"),
        (.text, "Grüße", "text-Grüße.png"),
        // Hostile subjects: nothing that leaves the folder, hides the file or hides characters.
        (.text, "../../etc/passwd", "text-etc-passwd.png"),
        (.text, ".hidden", "text-hidden.png"),
        (.text, "a/b\\c:d", "text-a-b-c-d.png"),
        (.text, "a - .b", "text-a.b.png"),
        (.text, "\u{1B}[31mred\u{07}", "text-31mred.png"),
        (.text, "evil\u{202E}gnp.exe", "text-evil-gnp.exe.png"),
        (.text, "a\u{200D}b", "text-ab.png"),
        (.text, "line one\nline two\r\n", "text-line-one-line-two.png"),
        (.text, "\"quoted\" <tag> | *?", "text-quoted-tag.png"),
        (.text, "   ", "text.png"),
        (.text, "...", "text.png"),
        (.text, "-", "text.png"),
        (.text, "", "text.png"),
    ]

    @Test("named after the kind and the subject, made safe for a file name", arguments: cases)
    func name(template: ContentTemplate, subject: String, expected: String) {
        #expect(GeneratedFileName.make(template: template, subject: subject, fileExtension: "png") == expected)
    }

    @Test("long subjects are cut at a character boundary to 64 bytes before the extension")
    func longSubject() {
        let name = GeneratedFileName.make(template: .text, subject: String(repeating: "é", count: 100), fileExtension: "svg")
        #expect(name == "text-" + String(repeating: "é", count: 29) + ".svg")
        let cut = GeneratedFileName.make(template: .wifi, subject: String(repeating: "ab ", count: 40), fileExtension: "png")
        #expect(cut.utf8.count - ".png".utf8.count <= GeneratedFileName.maximumStemBytes)
        #expect(!cut.hasSuffix("-.png"), "no dash left dangling by the cut: \(cut)")
    }

    @Test("every template has its own word", arguments: ContentTemplate.allCases)
    func prefixes(template: ContentTemplate) {
        let others = ContentTemplate.allCases.filter { $0 != template }.map(GeneratedFileName.prefix(for:))
        #expect(!others.contains(GeneratedFileName.prefix(for: template)))
    }
}
