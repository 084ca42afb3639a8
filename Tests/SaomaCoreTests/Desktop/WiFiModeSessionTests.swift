// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// One thing the person or NetworkManager does to the session.
private enum Step: Sendable, CustomStringConvertible {
    case choose(String?)
    case confirm
    case outcome(WiFiJoinOutcome)
    case scanAgain

    var description: String {
        switch self {
        case .choose(let text): return "choose(\(text ?? "binary"))"
        case .confirm: return "confirm"
        case .outcome(let outcome): return "outcome(\(outcome))"
        case .scanAgain: return "scanAgain"
        }
    }

    func apply(to session: inout WiFiModeSession) {
        switch self {
        case .choose(let text): session.chose(text: text)
        case .confirm: _ = session.confirm()
        case .outcome(let outcome): session.finished(outcome)
        case .scanAgain: session.scanAgain()
        }
    }
}

private let home = WiFiNetwork(ssid: "Home", password: "hunter22", security: .wpa)
private let homeCode = "WIFI:T:WPA;S:Home;P:hunter22;;"
private let cafe = WiFiNetwork(ssid: "Café", security: .open)
private let cafeCode = "WIFI:T:nopass;S:Café;;"

@Suite("Wi-Fi mode session")
struct WiFiModeSessionTests {
    @Test(
        arguments: [
            // A Wi-Fi code waits for the person; confirming joins it; joined ends the session with 0.
            ([.choose(homeCode)], .confirming(home), .cancelled),
            ([.choose(homeCode), .confirm], .joining(home), .cancelled),
            ([.choose(homeCode), .confirm, .outcome(.connected)], .joined(home), .joined(home)),
            // Any other code is shown for what it is; nothing is joined.
            ([.choose("https://gnome.org")], .notWiFi(.link), .cancelled),
            ([.choose("hello")], .notWiFi(.text), .cancelled),
            ([.choose(nil)], .notWiFi(nil), .cancelled),
            ([.choose("https://gnome.org"), .confirm], .notWiFi(.link), .cancelled),
            // A code chosen while one is shown is ignored; scanning again takes the next one.
            ([.choose("https://gnome.org"), .choose(homeCode)], .notWiFi(.link), .cancelled),
            ([.choose("https://gnome.org"), .scanAgain, .choose(homeCode)], .confirming(home), .cancelled),
            ([.choose(homeCode), .scanAgain], .scanning, .cancelled),
            // A failure shows and is what closing reports, even after scanning on; trying again or
            // another network that joins clears it.
            ([.choose(homeCode), .confirm, .outcome(.wrongPassword)], .failed(home, .wrongPassword), .failed(home, .wrongPassword)),
            ([.choose(homeCode), .confirm, .outcome(.notInRange), .scanAgain], .scanning, .failed(home, .notInRange)),
            ([.choose(homeCode), .confirm, .outcome(.notInRange), .confirm], .joining(home), .failed(home, .notInRange)),
            ([.choose(homeCode), .confirm, .outcome(.notInRange), .confirm, .outcome(.connected)], .joined(home), .joined(home)),
            (
                [.choose(homeCode), .confirm, .outcome(.noWiFiDevice), .scanAgain, .choose(cafeCode), .confirm, .outcome(.connected)],
                .joined(cafe), .joined(cafe)
            ),
            // While joining, nothing else is taken: not a second confirm, not a code, not scanning again.
            ([.choose(homeCode), .confirm, .confirm, .choose(cafeCode), .scanAgain], .joining(home), .cancelled),
            // An outcome with no join under way changes nothing.
            ([.outcome(.connected)], .scanning, .cancelled),
            ([.choose(homeCode), .outcome(.connected)], .confirming(home), .cancelled),
        ] as [([Step], WiFiModeSession.Phase, WiFiModeSession.Ending)])
    fileprivate func steps(_ steps: [Step], phase: WiFiModeSession.Phase, ending: WiFiModeSession.Ending) {
        var session = WiFiModeSession()
        for step in steps { step.apply(to: &session) }
        #expect(session.phase == phase, "after \(steps)")
        #expect(session.ending == ending, "after \(steps)")
        #expect(session.isFinished == (phase == .joined(home) || phase == .joined(cafe)))
    }

    @Test func confirmReturnsTheNetworkOnce() {
        var session = WiFiModeSession()
        let early = session.confirm()
        #expect(early == nil)
        session.chose(text: homeCode)
        let first = session.confirm()
        #expect(first == home)
        let second = session.confirm()
        #expect(second == nil, "a second click while joining joins nothing more")
        session.finished(.wrongPassword)
        let again = session.confirm()
        #expect(again == home, "Try Again joins the same network")
    }

    @Test func scanAgainSaysWhetherItChangedThePhase() {
        var session = WiFiModeSession()
        let fromScanning = session.scanAgain()
        #expect(!fromScanning)
        session.chose(text: homeCode)
        _ = session.confirm()
        let whileJoining = session.scanAgain()
        #expect(!whileJoining, "the outcome of a join under way is still to come")
        session.finished(.connected)
        let afterJoin = session.scanAgain()
        #expect(afterJoin, "app.wifi in a running window scans on after a join")
        #expect(session.ending == .cancelled)
    }

    @Test(arguments: [
        (WiFiModeSession.Ending.joined(home), Int32(0)), (.cancelled, 1), (.failed(home, .wrongPassword), 2),
        (.failed(home, .networkManagerNotRunning), 2),
    ])
    func exitStatus(_ ending: WiFiModeSession.Ending, _ status: Int32) {
        #expect(ending.exitStatus == status)
    }
}
