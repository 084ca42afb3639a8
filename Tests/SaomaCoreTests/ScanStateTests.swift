// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

private func code(_ text: String) -> Symbol {
    Symbol(
        format: .qrCode, bytes: Array(text.utf8), text: text,
        corners: [Point(x: 0, y: 0), Point(x: 0, y: 10), Point(x: 10, y: 10), Point(x: 10, y: 0)])
}

/// One step applied to the state, at a time in seconds where it matters.
private enum Step: Sendable, CustomStringConvertible {
    case found([String], at: Double)
    case advance(to: Double)
    case choose(String)
    case pause(ScanState.PauseReason)
    case endPause(ScanState.PauseReason)
    case resume(at: Double)

    var description: String {
        switch self {
        case .found(let texts, let time): return "found(\(texts), at: \(time))"
        case .advance(let time): return "advance(to: \(time))"
        case .choose(let text): return "choose(\(text))"
        case .pause(let reason): return "pause(\(reason))"
        case .endPause(let reason): return "endPause(\(reason))"
        case .resume(let time): return "resume(at: \(time))"
        }
    }

    func apply(to state: inout ScanState) {
        switch self {
        case .found(let texts, let time): state.found(texts.map(code), at: time)
        case .advance(let time): _ = state.advance(to: time)
        case .choose(let text): state.choose(code(text))
        case .pause(let reason): state.pause(reason)
        case .endPause(let reason): state.endPause(reason)
        case .resume(let time): state.resume(at: time)
        }
    }
}

/// What the state derives, written out for the table.
private struct Derived: Sendable, Equatable, CustomStringConvertible {
    var phase: ScanState.Phase
    var delivers: Bool
    var decodes: Bool
    var frozen: Bool

    init(_ state: ScanState) {
        phase = state.phase
        delivers = state.deliversFrames
        decodes = state.decodesFrames
        frozen = state.freezesPreview
    }

    init(_ phase: ScanState.Phase, delivers: Bool, decodes: Bool, frozen: Bool) {
        self.phase = phase
        self.delivers = delivers
        self.decodes = decodes
        self.frozen = frozen
    }

    var description: String { "\(phase) delivers=\(delivers) decodes=\(decodes) frozen=\(frozen)" }
}

private let scanning = Derived(.scanning, delivers: true, decodes: true, frozen: false)
private func choosing(_ texts: [String], auto: Double?) -> Derived {
    Derived(.choosing(codes: texts.map(code), autoChoiceAt: auto), delivers: false, decodes: false, frozen: true)
}
private func chosen(_ text: String) -> Derived { Derived(.chosen(code(text)), delivers: false, decodes: false, frozen: true) }
private func paused(_ reason: ScanState.PauseReason) -> Derived {
    Derived(.paused(reason), delivers: false, decodes: false, frozen: false)
}

@Suite("Scan state")
struct ScanStateTests {
    /// (what happened, the state after it).
    fileprivate static let cases: [(String, [Step], Derived)] = [
        ("starts scanning", [], scanning),
        ("one code: choosing, chosen by itself 0.25 s later", [.found(["a"], at: 10)], choosing(["a"], auto: 10.25)),
        ("not before its moment", [.found(["a"], at: 10), .advance(to: 10.2)], choosing(["a"], auto: 10.25)),
        ("at its moment", [.found(["a"], at: 10), .advance(to: 10.25)], chosen("a")),
        ("several codes wait for the person", [.found(["a", "b"], at: 0), .advance(to: 100)], choosing(["a", "b"], auto: nil)),
        ("the person chooses one", [.found(["a", "b"], at: 0), .choose("b")], chosen("b")),
        ("a code not shown cannot be chosen", [.found(["a", "b"], at: 0), .choose("c")], choosing(["a", "b"], auto: nil)),
        ("nothing found changes nothing", [.found([], at: 0)], scanning),
        ("codes found while choosing are ignored", [.found(["a", "b"], at: 0), .found(["c"], at: 1)], choosing(["a", "b"], auto: nil)),
        ("cancel goes back to scanning", [.found(["a", "b"], at: 0), .resume(at: 1)], scanning),
        ("scan again after a result", [.found(["a"], at: 0), .advance(to: 1), .resume(at: 1)], scanning),
        ("another page pauses", [.pause(.otherPage)], paused(.otherPage)),
        ("a pause drops a choice in progress", [.found(["a", "b"], at: 0), .pause(.otherPage)], paused(.otherPage)),
        ("a pause covers a result", [.found(["a"], at: 0), .advance(to: 1), .pause(.otherPage)], paused(.otherPage)),
        ("nothing is found while paused", [.pause(.cameraProblem), .found(["a"], at: 0)], paused(.cameraProblem)),
        ("no automatic choice while paused", [.found(["a"], at: 0), .pause(.otherPage), .advance(to: 5)], paused(.otherPage)),
        ("the camera back ends a camera pause", [.pause(.cameraProblem), .endPause(.cameraProblem)], scanning),
        ("…but not another page's", [.pause(.otherPage), .endPause(.cameraProblem)], paused(.otherPage)),
        ("back from another page", [.pause(.otherPage), .resume(at: 1)], scanning),
        (
            "back from another page, the camera still away", [.pause(.cameraProblem), .pause(.otherPage), .resume(at: 1)],
            paused(.cameraProblem)
        ),
        ("both pauses: the page shows first", [.pause(.cameraProblem), .pause(.otherPage)], paused(.otherPage)),
        (
            "the camera back while another page shows", [.pause(.otherPage), .pause(.cameraProblem), .endPause(.cameraProblem)],
            paused(.otherPage)
        ),
        (
            "the camera back while a result shows: the result stays, nothing scans behind it",
            [.found(["a"], at: 0), .advance(to: 1), .pause(.cameraProblem), .endPause(.cameraProblem)], chosen("a")
        ),
        ("a hidden window pauses", [.pause(.hidden)], paused(.hidden)),
        ("shown again, it scans again", [.pause(.hidden), .endPause(.hidden)], scanning),
        ("hidden while choosing: the choice is dropped", [.found(["a", "b"], at: 0), .pause(.hidden), .endPause(.hidden)], scanning),
        (
            "hidden while a result shows: shown again, the result stays",
            [.found(["a"], at: 0), .advance(to: 1), .pause(.hidden), .endPause(.hidden)], chosen("a")
        ),
        ("hidden with the camera away: the window first", [.pause(.cameraProblem), .pause(.hidden)], paused(.hidden)),
        ("another page over a hidden window: the page first", [.pause(.hidden), .pause(.otherPage)], paused(.otherPage)),
        ("shown again, another page still shows", [.pause(.otherPage), .pause(.hidden), .endPause(.hidden)], paused(.otherPage)),
        (
            "scanning again finds codes again", [.found(["a", "b"], at: 0), .resume(at: 1), .found(["c"], at: 2)],
            choosing(["c"], auto: 2.25)
        ),
        (
            "a cancelled choice is offered again at once", [.found(["a", "b"], at: 0), .resume(at: 1), .found(["a", "b"], at: 1.1)],
            choosing(["a", "b"], auto: nil)
        ),
        // After a result, the code just handled is not taken again until it has left the view.
        (
            "back with the code still in view: not reopened",
            [.found(["a"], at: 0), .advance(to: 1), .resume(at: 5), .found(["a"], at: 5.1)],
            scanning
        ),
        (
            "…however long it stays in view",
            [.found(["a"], at: 0), .advance(to: 1), .resume(at: 5)] + (1...20).map { .found(["a"], at: 5 + 2.5 * Double($0)) },
            scanning
        ),
        (
            "…while a new code beside it is taken alone",
            [.found(["a"], at: 0), .advance(to: 1), .resume(at: 5), .found(["a", "b"], at: 6)],
            choosing(["b"], auto: 6.25)
        ),
        (
            "…and again once it was out of view for 3 s",
            [.found(["a"], at: 0), .advance(to: 1), .resume(at: 5), .found(["a"], at: 6), .found(["a"], at: 9.5)],
            choosing(["a"], auto: 9.75)
        ),
        (
            "…or out of view for 3 s from going back", [.found(["a"], at: 0), .advance(to: 1), .resume(at: 5), .found(["a"], at: 8.5)],
            choosing(["a"], auto: 8.75)
        ),
        ("…not 3 s yet", [.found(["a"], at: 0), .advance(to: 1), .resume(at: 5), .found(["a"], at: 8)], scanning),
        (
            "a code chosen among several is the one left out",
            [.found(["a", "b"], at: 0), .choose("b"), .resume(at: 2), .found(["a", "b"], at: 2.1)],
            choosing(["a"], auto: 2.35)
        ),
        (
            "a result, another page, back much later: still left out",
            [.found(["a"], at: 0), .advance(to: 1), .pause(.otherPage), .resume(at: 60), .found(["a"], at: 61)],
            scanning
        ),
        ("the panel covering the preview pauses", [.pause(.covered)], paused(.covered)),
        ("uncovered, scanning again", [.pause(.covered), .endPause(.covered)], scanning),
        ("back from a page while the panel covers the preview", [.pause(.covered), .pause(.otherPage), .resume(at: 1)], paused(.covered)),
    ]

    @Test("each step leads to its phase; frames delivered, decoded or frozen follow the phase", arguments: cases)
    fileprivate func table(name: String, steps: [Step], expected: Derived) {
        var state = ScanState()
        for step in steps { step.apply(to: &state) }
        #expect(Derived(state) == expected, "\(name): \(steps)")
    }

    @Test("advance and choose return the code chosen, once")
    func returnsTheChosenCode() {
        var state = ScanState()
        state.found([code("a")], at: 0)
        let early = state.advance(to: 0.1)
        let due = state.advance(to: 0.3)
        let again = state.advance(to: 0.4)
        #expect(early == nil && due == code("a") && again == nil)
        state.resume(at: 1)
        state.found([code("b"), code("c")], at: 1)
        #expect(state.codes == [code("b"), code("c")])
        let chosen = state.choose(code("c"))
        let twice = state.choose(code("b"))
        #expect(chosen && !twice)
        #expect(state.codes.isEmpty)
    }
}
