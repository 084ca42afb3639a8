// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import NetworkJoining
import SaomaCore

/// "Connect" on Wi-Fi results: NetworkManager joins the network (off the UI thread), with
/// progress and then the outcome. Before the button can be pressed the page says what it will
/// do: update the profile saved for the network ("Updates your saved network “…”": its security
/// and secret only), and, for an enterprise login no CA certificate protects, that the server is
/// not checked; when joining cannot work here (no NetworkManager, no Wi-Fi device) one line says
/// why instead of the button.
extension ResultPage {
    /// What Connect will do here (runs off the UI thread).
    static let defaultNetworkPlan: @Sendable (WiFiNetwork) -> WiFiJoinPlan = { network in
        guard let client = NetworkManagerClient() else { return .impossible(.networkManagerNotRunning) }
        return client.plan(for: network)
    }

    /// Joins a network through NetworkManager on the system bus as the page's plan says (runs
    /// off the UI thread).
    static let defaultJoinNetwork: @Sendable (WiFiNetwork, WiFiJoinPlan) -> WiFiJoinOutcome = { network, plan in
        guard let client = NetworkManagerClient() else { return .networkManagerNotRunning }
        return client.join(network, plan: plan)
    }

    /// "Connect" for `network` as the page's main action; what it will do, its progress and
    /// outcome as status lines under the actions.
    func buildJoinRow(_ network: WiFiNetwork, into page: Sections) {
        let row = WiFiJoinRow(network: network, plan: networkPlan, join: joinNetwork)
        joinRow = row
        page.addAction(row.button)
        page.addStatus(row.line)
        row.onButtonHidden = { [weak self, weak page] hadFocus in
            // The next action (Copy Password) takes Connect's place: suggested, and focused if it was.
            page?.promoteFirstVisibleAction()
            if let self, hadFocus || self.focusPending, gtk_widget_get_mapped(self.root) != 0 { self.focusPrimaryAction() }
        }
        row.onReady = { [weak self] in
            // Connect can be pressed once the page says what it will do: it takes the focus it
            // could not take when the page opened.
            guard let self, self.focusPending, gtk_widget_get_mapped(self.root) != 0 else { return }
            self.focusPrimaryAction()
        }
        row.probe()
    }

    /// What Connect will do under `plan`, said before it is pressed: the saved profile it
    /// updates, and a warning when the server of an enterprise login is not checked (each `nil`
    /// when it does not apply).
    static func explain(_ plan: WiFiJoinPlan, for network: WiFiNetwork) -> (update: String?, warning: String?) {
        var update: String?
        if case .updateProfile(let saved) = plan {
            let name = saved.name.isEmpty ? network.ssid : saved.name
            // Translators: {network} is the name of a Wi-Fi profile NetworkManager has saved.
            update = tr(
                "Updates your saved network “{network}”: its security and password only.", ["network": visible(name, multiline: false)])
        }
        guard plan.leavesServerUnchecked(network) else { return (update, nil) }
        let warning = tr(
            "The network’s server is not checked (the code names no certificate): any network called “{network}” can receive this login.",
            ["network": visible(network.ssid, multiline: false)])
        return (update, warning)
    }

    /// One sentence for how joining ended (the window's voice).
    static func describe(_ outcome: WiFiJoinOutcome, network name: String) -> String {
        let shown = visible(name, multiline: false)
        switch outcome {
        case .connected: return tr("Connected to {network}.", ["network": shown])
        case .wrongPassword: return tr("{network} refused the password.", ["network": shown])
        case .notInRange: return tr("{network} is not in range.", ["network": shown])
        case .noWiFiDevice: return tr("This computer has no Wi-Fi device to join the network with.")
        case .networkManagerNotRunning: return tr("Joining networks needs NetworkManager, which is not running.")
        case .failed(let reason): return tr("Could not connect: {reason}", ["reason": visible(reason, multiline: false)])
        }
    }
}

/// The "Connect" button with its spinner, the line saying what it will do and the status line,
/// for one Wi-Fi result.
///
/// UI thread only; the D-Bus work runs on a detached thread and reports back through the main
/// loop. Widgets belong to the page's tree (this holds no references of its own). The button
/// stays insensitive until the plan is known, so that nothing is joined before the page said how.
@MainActor
final class WiFiJoinRow {
    /// What Connect will do, the spinner and the status line (under the page's actions).
    let line: UnsafeMutablePointer<GtkWidget>
    let button: UnsafeMutablePointer<GtkWidget>
    let spinner: UnsafeMutablePointer<GtkWidget>
    let status: UnsafeMutablePointer<GtkWidget>
    /// The saved profile Connect updates, said before it is pressed.
    let updateLine: UnsafeMutablePointer<GtkWidget>
    /// The warning that an enterprise login's server is not checked.
    let serverWarning: UnsafeMutablePointer<GtkWidget>
    let network: WiFiNetwork
    let makePlan: @Sendable (WiFiNetwork) -> WiFiJoinPlan
    let join: @Sendable (WiFiNetwork, WiFiJoinPlan) -> WiFiJoinOutcome
    /// The plan the page shows, `nil` until the probe answered.
    private(set) var plan: WiFiJoinPlan?
    /// Called when the button hides (joined, or joining cannot work here), with whether the
    /// keyboard focus was on it.
    var onButtonHidden: ((_ hadFocus: Bool) -> Void)?
    /// Called when the plan is known and the button can be pressed.
    var onReady: (() -> Void)?

    init(
        network: WiFiNetwork, plan: @escaping @Sendable (WiFiNetwork) -> WiFiJoinPlan,
        join: @escaping @Sendable (WiFiNetwork, WiFiJoinPlan) -> WiFiJoinOutcome
    ) {
        self.network = network
        self.makePlan = plan
        self.join = join
        button = ResultPage.button(tr("Connect"), icon: "network-wireless-symbolic")
        gtk_widget_set_sensitive(button, 0)
        line = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        updateLine = ResultPage.label("", classes: ["dim-label"])
        serverWarning = ResultPage.label("", classes: ["warning"])
        for explanation in [updateLine, serverWarning] {
            gtk_label_set_justify(OpaquePointer(explanation), GTK_JUSTIFY_CENTER)
            gtk_widget_set_visible(explanation, 0)
            gtk_box_append(gcast(line), explanation)
        }
        let progress = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_halign(progress, GTK_ALIGN_CENTER)
        spinner = gtk_spinner_new()!
        gtk_widget_set_visible(spinner, 0)
        gtk_box_append(gcast(progress), spinner)
        status = ResultPage.label("")
        gtk_widget_set_visible(status, 0)
        gtk_box_append(gcast(progress), status)
        gtk_box_append(gcast(line), progress)
        onClicked(button) { [weak self] in self?.connect() }
    }

    /// Asks, off the UI thread, what joining will do here; then the page says it and the button
    /// can be pressed, or a line replaces the button when joining cannot work.
    func probe() {
        let makePlan = self.makePlan
        let network = self.network
        Thread.detachNewThread { [weak self] in
            let plan = makePlan(network)
            runOnMainLoop { [weak self] in self?.show(plan) }
        }
    }

    /// Shows what Connect will do under `plan`.
    func show(_ plan: WiFiJoinPlan) {
        self.plan = plan
        if case .impossible(let outcome) = plan {
            show(outcome, busy: false)
            return
        }
        let (update, warning) = ResultPage.explain(plan, for: network)
        for (line, text) in [(updateLine, update), (serverWarning, warning)] {
            gtk_label_set_text(OpaquePointer(line), text ?? "")
            gtk_widget_set_visible(line, text == nil ? 0 : 1)
        }
        gtk_widget_set_sensitive(button, 1)
        onReady?()
    }

    /// Joins the network as the page said, off the UI thread, showing progress until the outcome arrives.
    func connect() {
        guard let plan else { return }
        gtk_widget_set_sensitive(button, 0)
        gtk_widget_set_visible(spinner, 1)
        gtk_spinner_start(OpaquePointer(spinner))
        setStatus(tr("Connecting to {network}…", ["network": ResultPage.visible(network.ssid, multiline: false)]))
        let join = self.join
        let network = self.network
        Thread.detachNewThread { [weak self] in
            let outcome = join(network, plan)
            runOnMainLoop { [weak self] in self?.show(outcome, busy: false) }
        }
    }

    /// Shows `outcome`: the button stays for a retry unless connected or impossible here.
    func show(_ outcome: WiFiJoinOutcome, busy: Bool) {
        gtk_spinner_stop(OpaquePointer(spinner))
        gtk_widget_set_visible(spinner, busy ? 1 : 0)
        setStatus(ResultPage.describe(outcome, network: network.ssid))
        let hides = outcome.isPermanent || outcome == .connected
        // The window's focus widget, whether or not the window is active (no window manager).
        let root = gtk_widget_get_root(button)
        let hadFocus = root.map { gtk_root_get_focus($0) == button } ?? false
        gtk_widget_set_visible(button, hides ? 0 : 1)
        gtk_widget_set_sensitive(button, 1)
        if outcome.isPermanent { for line in [updateLine, serverWarning] { gtk_widget_set_visible(line, 0) } }
        // The keyboard stays where it was: on the button, or on the next action when it hides
        // (a focus lost while the button was insensitive comes back).
        let focusLost = root.map { gtk_root_get_focus($0) == nil } ?? false
        if hides {
            onButtonHidden?(hadFocus || focusLost)
        } else if hadFocus || focusLost {
            gtk_widget_grab_focus(button)
        }
        gtk_widget_remove_css_class(status, "error")
        gtk_widget_remove_css_class(status, "success")
        if outcome == .connected {
            gtk_widget_add_css_class(status, "success")
        } else if !outcome.isPermanent {
            gtk_widget_add_css_class(status, "error")
        }
    }

    func setStatus(_ text: String) {
        gtk_label_set_text(OpaquePointer(status), text)
        gtk_widget_set_visible(status, 1)
    }
}
