// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SaomaCore
import SaomaMessages
import SaomaTestSupport
import Testing

@testable import SaomaCLI

/// One row: a symbol's text and the exact `"content"` JSON it must give (`expected`).
typealias ContentJSONCase = TextCase<String>

@Suite("saoma scan --json content")
struct ScanJSONContentTests {
    static let cases: [ContentJSONCase] = [
        ContentJSONCase("hello", #"{"kind":"text","text":"hello"}"#),
        ContentJSONCase(
            "http://user@example.org/x",
            #"{"kind":"link","url":"http://user@example.org/x","host":"example.org","warnings":["user_info","unencrypted"]}"#),
        ContentJSONCase("javascript:alert(1)", #"{"kind":"link","url":"javascript:alert(1)","host":null,"warnings":["dangerous_scheme"]}"#),
        ContentJSONCase(
            "WIFI:T:WPA;S:Home;P:se\\;cret;H:true;;",
            #"{"kind":"wifi","ssid":"Home","security":"wpa","password":"se;cret","hidden":true,"eap_method":null,"identity":null,"anonymous_identity":null,"phase2":null}"#
        ),
        ContentJSONCase(
            "WIFI:T:nopass;S:Guest;;",
            #"{"kind":"wifi","ssid":"Guest","security":"none","password":null,"hidden":false,"eap_method":null,"identity":null,"anonymous_identity":null,"phase2":null}"#
        ),
        ContentJSONCase(
            "WIFI:T:WPA2-EAP;S:Campus;E:PEAP;I:alice;P:pw;;",
            #"{"kind":"wifi","ssid":"Campus","security":"wpa-eap","password":"pw","hidden":false,"eap_method":"PEAP","identity":"alice","anonymous_identity":null,"phase2":null}"#
        ),
        ContentJSONCase(
            "WIFI:T:SAE;S:New;P:x;;",
            #"{"kind":"wifi","ssid":"New","security":"sae","password":"x","hidden":false,"eap_method":null,"identity":null,"anonymous_identity":null,"phase2":null}"#
        ),
        ContentJSONCase(
            "MECARD:N:Roe,Jane;TEL:1;TEL:2;EMAIL:j@example.org;;",
            #"{"kind":"contact","name":"Jane Roe","phones":["1","2"],"emails":["j@example.org"],"organization":null,"address":null,"urls":[],"note":null}"#
        ),
        ContentJSONCase(
            "mailto:a@example.org?subject=Hi", #"{"kind":"email","to":"a@example.org","cc":null,"bcc":null,"subject":"Hi","body":null}"#),
        ContentJSONCase(
            "mailto:?cc=c@example.org&bcc=d@example.org,e@example.org",
            #"{"kind":"email","to":null,"cc":"c@example.org","bcc":"d@example.org, e@example.org","subject":null,"body":null}"#),
        ContentJSONCase(
            "WIFI:T:WPA2-EAP;S:Campus;E:TTLS;A:anonymous@example.org;PH2:PAP;I:alice;P:pw;;",
            #"{"kind":"wifi","ssid":"Campus","security":"wpa-eap","password":"pw","hidden":false,"eap_method":"TTLS","identity":"alice","anonymous_identity":"anonymous@example.org","phase2":"PAP"}"#
        ),
        ContentJSONCase("tel:+15550100", #"{"kind":"phone","number":"+15550100"}"#),
        ContentJSONCase("SMSTO:+15550100:hi", #"{"kind":"sms","number":"+15550100","numbers":["+15550100"],"body":"hi"}"#),
        ContentJSONCase(
            "sms:+15550100;via=+15550199,+15550111?body=hi",
            #"{"kind":"sms","number":"+15550100","numbers":["+15550100","+15550111"],"body":"hi"}"#),
        ContentJSONCase("geo:48.201,-16.5?q=Wien", #"{"kind":"geo","latitude":48.201,"longitude":-16.5,"altitude":null,"query":"Wien"}"#),
        ContentJSONCase("geo:0,0", #"{"kind":"geo","latitude":0.0,"longitude":0.0,"altitude":null,"query":null}"#),
        ContentJSONCase("geo:48.201,16.3695,183.5", #"{"kind":"geo","latitude":48.201,"longitude":16.3695,"altitude":183.5,"query":null}"#),
        ContentJSONCase(
            "BEGIN:VEVENT\nSUMMARY:Dinner\nDTSTART;TZID=Europe/Berlin:20260710T190000\nDTEND:20260710T213000Z\nEND:VEVENT",
            #"{"kind":"event","summary":"Dinner","start":"2026-07-10T19:00:00+02:00","end":"2026-07-10T21:30:00Z","all_day":false,"location":null,"description":null}"#
        ),
        ContentJSONCase(
            "BEGIN:VEVENT\nSUMMARY:Off\nDTSTART;VALUE=DATE:20261224\nEND:VEVENT",
            #"{"kind":"event","summary":"Off","start":"2026-12-24","end":"2026-12-25","all_day":true,"location":null,"description":null}"#),
        ContentJSONCase(
            "otpauth://totp/Example:alice?secret=JBSWY3DPEHPK3PXP&issuer=Example",
            #"{"kind":"otp","type":"totp","issuer":"Example","account":"alice","algorithm":"SHA1","digits":6,"period":30,"counter":null,"secret":"JBSWY3DPEHPK3PXP"}"#
        ),
        ContentJSONCase(
            "otpauth://hotp/bob?secret=MZXW6YTBOI&counter=7&digits=8&algorithm=SHA512",
            #"{"kind":"otp","type":"hotp","issuer":null,"account":"bob","algorithm":"SHA512","digits":8,"period":null,"counter":7,"secret":"MZXW6YTBOI"}"#
        ),
        ContentJSONCase(
            "BCD\n002\n1\nSCT\nCOBADEFF\nJane Roe\nDE89370400440532013000\nEUR12.5\n\n\nInvoice 7",
            #"{"kind":"payment","scheme":"epc","name":"Jane Roe","iban":"DE89370400440532013000","iban_valid":true,"bic":"COBADEFF","amount":"12.50","currency":"EUR","reference":null,"reference_valid":null,"message":"Invoice 7","warnings":[]}"#
        ),
        ContentJSONCase(
            "BCD\n002\n1\nSCT\n\nJane Roe\nDE89370400440532013001\n\n\nRF19539007547034",
            #"{"kind":"payment","scheme":"epc","name":"Jane Roe","iban":"DE89370400440532013001","iban_valid":false,"bic":null,"amount":null,"currency":null,"reference":"RF19539007547034","reference_valid":false,"message":null,"warnings":["invalid_iban","invalid_reference"]}"#
        ),
        // Hostile text stays inside its JSON string.
        ContentJSONCase("\u{1B}[31m\"}\u{0}", #"{"kind":"text","text":"\u001b[31m\"}\u0000"}"#),
    ]

    @Test("each kind's fields", arguments: cases)
    func contentObjects(_ c: ContentJSONCase) throws {
        let json = ScanJSON.content(of: c.text).text
        #expect(json == c.expected)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    /// Retail codes carry product numbers; the same digits in a QR code are text.
    static let products: [(text: String, format: Symbology, expected: String)] = [
        (
            "4006381333931", .ean13,
            #"{"kind":"product","number":"4006381333931","gtin":"4006381333931","add_on":null,"isbn":null,"isbn10":null}"#
        ),
        (
            "9780201379624 90000", .isbn13,
            #"{"kind":"product","number":"9780201379624","gtin":"9780201379624","add_on":"90000","isbn":"9780201379624","isbn10":"0201379627"}"#
        ),
        ("4006381333931", .qrCode, #"{"kind":"text","text":"4006381333931"}"#),
        ("4006381333932", .ean13, #"{"kind":"text","text":"4006381333932"}"#),
    ]

    @Test("EAN/UPC/ISBN codes are products, their check digit verified", arguments: products)
    func productObjects(_ c: (text: String, format: Symbology, expected: String)) throws {
        let symbol = Symbol(format: c.format, bytes: Array(c.text.utf8), text: c.text, corners: [])
        #expect(ScanJSON.content(of: symbol).text == c.expected)
    }

    @Test("binary payloads have null content; every line is one valid JSON object")
    func binaryAndLines() throws {
        #expect(ScanJSON.content(of: nil).text == "null")
        let symbol = Symbol(format: .qrCode, bytes: Array("WIFI:S:x;;".utf8), text: "WIFI:S:x;;", corners: [])
        let line = ScanJSON.line(for: ScanCommand.FileResult(file: "f.png", symbols: [symbol], error: nil))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let content = try #require((object["symbols"] as? [[String: Any]])?.first?["content"] as? [String: Any])
        #expect(content["kind"] as? String == "wifi")
        #expect(content["ssid"] as? String == "x")
    }

    @Test("every content kind has a JSON name the issue lists")
    func kindNames() {
        #expect(
            Set(ContentKind.allCases.map(\.rawValue))
                == [
                    "text", "link", "wifi", "contact", "email", "phone", "sms", "geo", "event", "otp", "payment", "product",
                    "boarding_pass", "id_document", "rail_ticket",
                ])
    }

    @Test("both voices name every content field")
    func bothVoices() {
        for field in ContentField.allCases {
            #expect(!field.name(in: .terse).isEmpty, "\(field)")
            #expect(!field.name(in: .sentence).isEmpty, "\(field)")
        }
    }
}
