// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSwift
import QREncoding
import SaomaCore
import ZBarDecoding
import ZintEncoding

/// The Generate page's preview: the code made again on the generator's worker a moment after the
/// last change, and shown with the read-back's verdict.
extension GeneratorPage {
    /// Regenerates after the user has paused typing for `debounceMilliseconds`.
    func scheduleRegeneration() {
        debounce.schedule(milliseconds: GeneratorPage.debounceMilliseconds) { [weak self] in self?.regenerate() }
    }

    /// Whether a regeneration is waiting for the debounce or the worker.
    var isBusy: Bool { debounce.isPending || isGenerating }

    /// Reads the form and options, updates the counter and inline messages, and sends the
    /// request to the worker (or clears the preview when the content cannot be encoded).
    func regenerate() {
        debounce.cancel()
        refreshOptionsText()
        requestNumber += 1
        let text: String
        do {
            text = try GeneratorContent.text(for: template, form?.values ?? GeneratorFormValues())
        } catch {
            showProblem(GeneratorMessages.message(for: error), capacity: nil)
            return
        }
        if format != .qr {
            regenerateBarcode(text, number: requestNumber)
            return
        }
        let payload = QRPayload.text(text)
        let level = self.level
        let capacity = QRCapacity.maximumBytes(for: payload, level: level)
        let used = payload.bytes.count
        let counter = GeneratorMessages.capacity(used: used, of: capacity)
        // Numeric and alphanumeric text packs more than a byte per character, so the encoder
        // decides near the limit; far beyond anything a code can hold, it is not even asked.
        if used > capacity * 3 {
            showProblem(GeneratorMessages.tooMuchData(count: used, capacity: capacity, level: level), capacity: counter)
            return
        }
        gtk_label_set_text(OpaquePointer(capacityLabel), counter)
        let request = QRGenerationRequest(payload: payload, level: level, style: style)
        startGenerating(text: text, number: requestNumber) { GeneratorPage.generate(request) }
    }

    /// Runs `generate` on the worker and shows its outcome as the answer to request `number` for `text`.
    func startGenerating(text: String, number: Int, _ generate: @escaping @Sendable () -> GeneratorOutcome) {
        isGenerating = true
        worker.run {
            let outcome = generate()
            runOnMainLoop { [weak self] in self?.apply(outcome, text: text, number: number) }
        }
    }

    /// Encodes and self-checks `request` on the calling (worker) thread.
    nonisolated static func generate(_ request: QRGenerationRequest) -> GeneratorOutcome {
        do {
            return .verified(.qr(try QRGenerator.generate(request, verifyingWith: ZBarDecoder())))
        } catch {
            if case .selfCheck(let check) = error, let code = try? QRGenerator.generate(request, verifyingWith: nil) {
                return .unverified(.qr(code), check)
            }
            return .failed(error)
        }
    }

    /// Shows the worker's outcome if it answers the newest request.
    func apply(_ outcome: GeneratorOutcome, text: String, number: Int) {
        guard number == requestNumber else { return }
        isGenerating = false
        switch outcome {
        case .verified(let code):
            setMessage(nil)
            setVerdict(GeneratorMessages.verified, ok: true)
            setCurrent(GeneratorResult(code: code, text: text, selfCheckFailure: nil))
        case .unverified(let code, let failure):
            setMessage(nil)
            setVerdict(GeneratorMessages.verdict(selfCheck: failure), ok: false)
            setCurrent(GeneratorResult(code: code, text: text, selfCheckFailure: failure))
        case .failed(let error):
            showProblem(GeneratorMessages.message(for: error), capacity: nil)
        case .barcodeFailed(let error):
            showProblem(GeneratorMessages.message(for: error), capacity: nil)
        }
        refreshOptionsText()
    }

    /// Clears the preview and shows `message` (nothing for an empty form).
    func showProblem(_ message: String?, capacity: String?) {
        isGenerating = false
        if let capacity {
            gtk_label_set_text(OpaquePointer(capacityLabel), capacity)
        } else if message == nil {
            gtk_label_set_text(OpaquePointer(capacityLabel), "")
        }
        setMessage(message)
        setVerdict(nil, ok: true)
        setCurrent(nil)
    }

    /// The inline error under the preview (hidden when `nil`).
    private func setMessage(_ text: String?) {
        isShowingProblem = text != nil
        gtk_label_set_text(OpaquePointer(messageLabel), text ?? "")
        gtk_widget_set_visible(messageLabel, text == nil ? 0 : 1)
    }

    private func setVerdict(_ text: String?, ok: Bool) {
        gtk_label_set_text(OpaquePointer(verdictLabel), text ?? "")
        gtk_widget_set_visible(verdictLabel, text == nil ? 0 : 1)
        gtk_widget_remove_css_class(verdictLabel, ok ? "warning" : "success")
        gtk_widget_add_css_class(verdictLabel, ok ? "success" : "warning")
    }

    /// The contrast warning and the export size, which follow the options directly.
    func refreshOptionsText() {
        let warning = GeneratorMessages.colorWarning(style.colorCheck)
        gtk_label_set_text(OpaquePointer(contrastLabel), warning ?? "")
        gtk_widget_set_visible(contrastLabel, warning == nil ? 0 : 1)
        if let code = current?.code {
            gtk_label_set_text(OpaquePointer(exportSizeLabel), code.exportSizeText)
        } else {
            gtk_label_set_text(OpaquePointer(exportSizeLabel), "")
        }
    }

    /// Sets `widget`'s accessible label and description (what screen readers announce for the image).
    static func setAccessibleText(_ widget: UnsafeMutablePointer<GtkWidget>, label: String, description: String) {
        var values = [GValue(), GValue()]
        for (index, text) in [label, description].enumerated() {
            g_value_init(&values[index], g_type_from_name("gchararray"))
            g_value_set_string(&values[index], text)
        }
        defer {
            for index in values.indices { g_value_unset(&values[index]) }
        }
        var properties = [GTK_ACCESSIBLE_PROPERTY_LABEL, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION]
        gtk_accessible_update_property_value(OpaquePointer(widget), 2, &properties, &values)
    }
}
