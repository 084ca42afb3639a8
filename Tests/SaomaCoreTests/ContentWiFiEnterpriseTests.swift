// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

@Suite("Content parser: Wi-Fi enterprise fields and SSID bytes")
struct ContentWiFiEnterpriseTests {
    static let cases: [ParseCase] = [
        ParseCase(
            "WIFI:T:WPA2-EAP;S:Campus;E:PEAP;PH2:MSCHAPV2;A:anon@uni.example;I:alice;P:secret;;",
            .wifi(
                WiFiNetwork(
                    ssid: "Campus", password: "secret", security: .eap,
                    enterprise: EnterpriseLogin(
                        method: "PEAP", identity: "alice", anonymousIdentity: "anon@uni.example", phase2: "MSCHAPV2")
                ))),
        ParseCase(
            "WIFI:T:WPA;S:eduroam;E:ttls;I:bob\\;x;P:pw;PH2:pap;H:true;;",
            .wifi(
                WiFiNetwork(
                    ssid: "eduroam", password: "pw", security: .eap, hidden: true,
                    enterprise: EnterpriseLogin(method: "TTLS", identity: "bob;x", phase2: "PAP")))),
        ParseCase(
            "WIFI:T:WPA3-EAP;S:Corp;I:carol;;",
            .wifi(WiFiNetwork(ssid: "Corp", security: .eap, enterprise: EnterpriseLogin(method: "", identity: "carol")))),
        // Hex SSIDs (the ZXing convention): unquoted even-length hex digits are the bytes.
        ParseCase(
            "WIFI:T:WPA;S:e4bda0e5a5bd;P:password;;",
            .wifi(WiFiNetwork(ssid: "你好", ssidBytes: [0xE4, 0xBD, 0xA0, 0xE5, 0xA5, 0xBD], password: "password", security: .wpa))),
        ParseCase(
            "WIFI:T:nopass;S:C0FFEE00;;", .wifi(WiFiNetwork(ssid: "C0FFEE00", ssidBytes: [0xC0, 0xFF, 0xEE, 0x00], security: .open))),
        // Quoted, it is the text itself.
        ParseCase(#"WIFI:T:nopass;S:"cafe";;"#, .wifi(WiFiNetwork(ssid: "cafe", security: .open))),
        // Odd length or non-hex: text.
        ParseCase("WIFI:T:nopass;S:abc;;", .wifi(WiFiNetwork(ssid: "abc", security: .open))),
        ParseCase("WIFI:T:nopass;S:Café;;", .wifi(WiFiNetwork(ssid: "Café", ssidBytes: [0x43, 0x61, 0x66, 0xC3, 0xA9], security: .open))),
    ]

    @Test("enterprise and SSID cases", arguments: cases)
    func parses(_ c: ParseCase) {
        #expect(ContentParser.parse(c.text) == c.expected)
    }

    @Test("the generator writes what the parser reads back")
    func roundTrip() throws {
        let networks = [
            WiFiNetwork(
                ssid: "Campus", password: "secret", security: .eap,
                enterprise: EnterpriseLogin(method: "PEAP", identity: "alice", anonymousIdentity: "anon", phase2: "MSCHAPV2")),
            WiFiNetwork(ssid: "cafe", security: .open),
            WiFiNetwork(ssid: "C0FFEE00", ssidBytes: [0xC0, 0xFF, 0xEE, 0x00], security: .open),
            WiFiNetwork(ssid: "12345678", password: "password", security: .wpa),
        ]
        for network in networks {
            let text = try ScannedContent.wifi(network).encodedText()
            #expect(ContentParser.parse(text) == .wifi(network), "\(text)")
        }
    }

    @Test("an enterprise network without an identity cannot be written")
    func enterpriseNeedsIdentity() {
        #expect(throws: ContentTemplateError.missingField(.identity)) {
            try ScannedContent.wifi(WiFiNetwork(ssid: "x", security: .eap)).encodedText()
        }
    }
}
