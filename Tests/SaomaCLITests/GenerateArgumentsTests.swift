// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCLI
@testable import SaomaCore

@Suite("saoma generate arguments")
struct GenerateArgumentsTests {
    @Test("options take values with a space or an equals sign, short forms included")
    func optionForms() throws {
        let a = try GenerateArguments(parsing: [
            "-l", "q", "--quiet-zone=2", "--module-size", "6", "--fg=#123", "-o", "x.png", "-t", "-f", "hello",
        ])
        #expect(a.level == .quartile)
        #expect(a.style.quietZone == 2)
        #expect(a.style.sizing == .moduleSize(6))
        #expect(a.style.foreground == RGBColor(red: 0x11, green: 0x22, blue: 0x33))
        #expect(a.outputPath == "x.png" && a.terminal && a.force)
        #expect(a.positional == ["hello"])
        #expect(try a.payload(readFile: { _ in [] }) == .text("hello"))
    }

    @Test("-- ends options so text may start with a dash")
    func endOfOptions() throws {
        let a = try GenerateArguments(parsing: ["-o", "x.png", "--", "-not-an-option"])
        #expect(try a.payload(readFile: { _ in [] }) == .text("-not-an-option"))
    }

    @Test("repeatable contact fields keep every value")
    func repeatedFields() throws {
        let a = try GenerateArguments(parsing: ["contact", "Ann", "--phone", "1", "--phone", "2", "--email", "a@b.c", "--vcard"])
        #expect(try a.scannedContent() == .contact(Contact(name: "Ann", phones: ["1", "2"], emails: ["a@b.c"])))
        let text = try a.payload(readFile: { _ in [] })
        #expect(
            text
                == .text(
                    "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Ann;;;;\r\nFN:Ann\r\nTEL:1\r\nTEL:2\r\nEMAIL;TYPE=INTERNET:a@b.c\r\nEND:VCARD\r\n"))
    }

    static let contents: [([String], ScannedContent)] = [
        (["url", "example.org"], .url("example.org")),
        (["wifi", "--ssid", "N", "--password", "p", "--security", "WEP"], .wifi(WiFiNetwork(ssid: "N", password: "p", security: .wep))),
        (
            ["wifi", "N", "--security", "wpa3", "--password", "12345678"],
            .wifi(WiFiNetwork(ssid: "N", password: "12345678", security: .sae))
        ),
        (["wifi", "N", "--security", "open", "--hidden"], .wifi(WiFiNetwork(ssid: "N", security: .open, hidden: true))),
        (["email", "--to", "a@b.c", "--subject", "s"], .email(EmailMessage(to: "a@b.c", subject: "s"))),
        (["phone", "--number", "123"], .phone("123")),
        (["sms", "123", "hi there"], .sms(SMSMessage(number: "123", body: "hi there"))),
        (["sms", "--number", "123", "hello"], .sms(SMSMessage(number: "123", body: "hello"))),
        (["geo", "1.5,-2.25,30"], .geo(GeoLocation(latitude: 1.5, longitude: -2.25, altitude: 30))),
        (["geo", "--lat", "1", "--lon", "2", "--query", "q"], .geo(GeoLocation(latitude: 1, longitude: 2, query: "q"))),
        (["text", "geo"], .text("geo")),
    ]

    @Test("templates read their fields", arguments: contents)
    func templateContent(arguments: [String], expected: ScannedContent) throws {
        #expect(try GenerateArguments(parsing: arguments).scannedContent() == expected)
    }

    static let usageErrors: [([String], GenerateUsageError)] = [
        (["--nope"], .unknownOption("--nope")),
        (["-x"], .unknownOption("-x")),
        (["-o"], .missingValue(option: "-o")),
        (["--level", "X"], .invalidValue(option: "--level", value: "X")),
        (["--quiet-zone", "-1"], .invalidValue(option: "--quiet-zone", value: "-1")),
        (["--module-size", "0"], .invalidValue(option: "--module-size", value: "0")),
        (["--size", "99999"], .invalidValue(option: "--size", value: "99999")),
        (["--terminal=yes"], .invalidValue(option: "--terminal", value: "yes")),
        (["--ssid", "x"], .fieldNotForTemplate(option: "--ssid", template: nil)),
        (["url", "--password", "x"], .fieldNotForTemplate(option: "--password", template: .url)),
        (["email", "--hidden"], .fieldNotForTemplate(option: "--hidden", template: .email)),
    ]

    @Test("bad arguments name the option", arguments: usageErrors)
    func usageError(arguments: [String], expected: GenerateUsageError) {
        #expect(throws: expected) { try GenerateArguments(parsing: arguments) }
    }

    @Test("content errors: too many words, text with --input, empty input, bad security")
    func contentErrors() throws {
        #expect(throws: GenerateFailure.usage(.tooManyArguments(["b"]))) {
            try GenerateArguments(parsing: ["a", "b"]).payload(readFile: { _ in [] })
        }
        #expect(throws: GenerateFailure.usage(.textAndInput)) {
            try GenerateArguments(parsing: ["a", "--input", "f"]).payload(readFile: { _ in [1] })
        }
        #expect(throws: GenerateFailure.emptyInput("f")) {
            try GenerateArguments(parsing: ["--input", "f"]).payload(readFile: { _ in [] })
        }
        #expect(try GenerateArguments(parsing: ["--input", "f"]).payload(readFile: { _ in [0, 1] }) == .bytes([0, 1]))
        #expect(throws: GenerateFailure.usage(.invalidValue(option: "--security", value: "WPA9"))) {
            try GenerateArguments(parsing: ["wifi", "n", "--security", "WPA9"]).scannedContent()
        }
        #expect(throws: GenerateFailure.emptyText) { try GenerateArguments(parsing: []).payload(readFile: { _ in [] }) }
        #expect(throws: GenerateFailure.content(.missingField(.ssid))) {
            try GenerateArguments(parsing: ["wifi"]).payload(readFile: { _ in [] })
        }
    }

    @Test("output format comes from the extension, case-insensitively")
    func outputFormat() {
        #expect(GenerateOutputFormat(path: "a/b.PNG") == .png)
        #expect(GenerateOutputFormat(path: "b.svg") == .svg)
        #expect(GenerateOutputFormat(path: "b.jpg") == nil)
        #expect(GenerateOutputFormat(path: "png") == nil)
    }
}
