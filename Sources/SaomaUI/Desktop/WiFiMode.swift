// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import SaomaCore

/// A window scanning for a Wi-Fi code to join (`saoma --wifi`, the `app.wifi` action): chosen
/// codes go to the Wi-Fi page instead of the result page, a Wi-Fi code asks before NetworkManager
/// joins its network, any other code is shown for what it is and nothing more.
///
/// Drives one `WiFiModeSession` and shows each phase on a `WiFiModePage`. Going back to the
/// camera any way (Scan Again, Escape, the History tab…) is scanning again. UI thread only; the
/// join runs on a detached thread and reports back through the main loop.
@MainActor
final class WiFiMode {
    /// The window scanning (held weakly: the mode lives as long as its window).
    private(set) weak var window: SaomaWindow?
    /// `saoma --wifi`: the process ends with the session (`onEnded`); otherwise the window
    /// goes back to ordinary scanning when the person is done.
    let endsProcess: Bool
    /// Called once joined, when the process should end (`endsProcess`), or when the person
    /// closed the window's last page after a failure ("Close").
    var onEnded: ((WiFiModeSession.Ending) -> Void)?
    /// The session so far.
    private(set) var session = WiFiModeSession()
    private let page = WiFiModePage()
    private let makePlan: @Sendable (WiFiNetwork) -> WiFiJoinPlan
    private let join: @Sendable (WiFiNetwork, WiFiJoinPlan) -> WiFiJoinOutcome
    /// What joining the network asked about will do here, `nil` until NetworkManager answered.
    private var plan: WiFiJoinPlan?
    private var title: String?

    /// The modes of the open windows (one per window).
    private static var modes: [WiFiMode] = []

    /// The window's mode, started on first use; `plan` and `join` reach NetworkManager (off the
    /// UI thread), as the result page's Connect does.
    static func start(
        in window: SaomaWindow, endsProcess: Bool,
        plan: @escaping @Sendable (WiFiNetwork) -> WiFiJoinPlan = ResultPage.defaultNetworkPlan,
        join: @escaping @Sendable (WiFiNetwork, WiFiJoinPlan) -> WiFiJoinOutcome = ResultPage.defaultJoinNetwork
    ) -> WiFiMode {
        modes.removeAll { $0.window == nil }
        if let mode = modes.first(where: { $0.window === window }) {
            mode.begin()
            return mode
        }
        let mode = WiFiMode(window: window, endsProcess: endsProcess, plan: plan, join: join)
        modes.append(mode)
        mode.begin()
        return mode
    }

    private init(
        window: SaomaWindow, endsProcess: Bool, plan: @escaping @Sendable (WiFiNetwork) -> WiFiJoinPlan,
        join: @escaping @Sendable (WiFiNetwork, WiFiJoinPlan) -> WiFiJoinOutcome
    ) {
        self.window = window
        self.endsProcess = endsProcess
        self.makePlan = plan
        self.join = join
        window.addMainPage(.wifi, widget: page.widget)
        page.onJoin = { [weak self] in self?.confirm() }
        page.onScanAgain = { [weak self] in self?.window?.resumeScanning() }
        page.onDone = { [weak self] in self?.done() }
        onNotify(window.mainStack, property: "visible-child-name") { [weak self] in self?.pageChanged() }
    }

    /// Takes the window's chosen codes and says so in its title; scans.
    private func begin() {
        guard let window else { return }
        if title == nil, let current = gtk_window_get_title(gcast(window.window)) { title = String(cString: current) }
        gtk_window_set_title(gcast(window.window), tr("Join a Wi-Fi Network"))
        window.chosenCodePage = { [weak self] symbol in
            self?.chose(symbol)
            return .wifi
        }
        window.resumeScanning()
    }

    /// A code was chosen (live, in a photo, from the history).
    private func chose(_ symbol: Symbol) {
        let wasScanning = session.phase == .scanning
        if wasScanning { plan = nil }
        session.chose(text: symbol.text)
        show()
        guard wasScanning, case .confirming(let network) = session.phase else { return }
        let makePlan = self.makePlan
        Thread.detachNewThread { [weak self] in
            let plan = makePlan(network)
            runOnMainLoop { [weak self] in self?.planned(plan, for: network) }
        }
    }

    /// NetworkManager said what joining `network` will do: the page says it, or, when joining
    /// cannot work here, the attempt ends with why.
    private func planned(_ plan: WiFiJoinPlan, for network: WiFiNetwork) {
        guard session.phase == .confirming(network) else { return }
        self.plan = plan
        if case .impossible(let outcome) = plan {
            _ = session.confirm()
            finished(outcome)
            return
        }
        show()
    }

    /// "Join Network" / "Try Again": joins off the UI thread as the plan says.
    private func confirm() {
        guard let plan, let network = session.confirm() else { return }
        show()
        let join = self.join
        Thread.detachNewThread { [weak self] in
            let outcome = join(network, plan)
            runOnMainLoop { [weak self] in self?.finished(outcome) }
        }
    }

    private func finished(_ outcome: WiFiJoinOutcome) {
        session.finished(outcome)
        if endsProcess && session.isFinished {
            onEnded?(session.ending)
            return
        }
        // The outcome shows even when the person went back to the camera meanwhile.
        window?.showMainPage(.wifi)
        show()
    }

    /// "Close" (`--wifi`, after a failure) ends with it; "Done" (a running window) leaves the mode.
    private func done() {
        if endsProcess {
            onEnded?(session.ending)
            return
        }
        guard let window else { return }
        window.chosenCodePage = nil
        if let title { gtk_window_set_title(gcast(window.window), title) }
        session = WiFiModeSession()
        window.resumeScanning()
    }

    /// Back on the camera (or any page but this one): the session scans again.
    private func pageChanged() {
        guard let page = window?.currentPage, page != .wifi else { return }
        session.scanAgain()
    }

    private func show() {
        page.show(session.phase, endsProcess: endsProcess, plan: plan)
    }
}
