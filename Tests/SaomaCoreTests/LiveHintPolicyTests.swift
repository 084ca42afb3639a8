// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// A region measured with `sigma` pixels of blur and `module`-pixel modules.
private func region(sigma: Double, module: Double) -> RegionFocus {
    RegionFocus(side: 200, blurSigma: sigma, moduleWidth: module)
}

@Suite("Live hint policy")
struct LiveHintPolicyTests {
    static let blurred = region(sigma: 3, module: 6)
    static let small = region(sigma: 0.8, module: 1.5)
    static let sharp = region(sigma: 0.8, module: 4)

    @Test(
        "what a region suggests on its own",
        arguments: [
            (region(sigma: 0.8, module: 4), nil),  // sharp and big enough: not what keeps it unread
            (region(sigma: 1.2, module: 3), nil),  // blur under the sharp limit
            (region(sigma: 1.4, module: 4), LiveHint.moveFurther),  // 0.3 of a module and 1.3 px
            (region(sigma: 1.6, module: 6), nil),  // big modules carry that blur
            (region(sigma: 2.5, module: 10), nil),
            (region(sigma: 3.2, module: 20), .moveFurther),  // blur merged the runs: the blur alone says it
            (region(sigma: 4, module: 8), .moveFurther),
            (region(sigma: 0.8, module: 1.5), .moveCloser),  // too few pixels per module
            (region(sigma: 3, module: 1.7), .moveCloser),  // small first: moving away makes it smaller
            (region(sigma: 0.8, module: 1.9), nil),  // 2 px per module read sharp
        ] as [(RegionFocus, LiveHint?)])
    func suggestion(focus: RegionFocus, expected: LiveHint?) {
        #expect(LiveHintPolicy.suggestion(for: focus) == expected)
    }

    /// Each step: seconds, whether a code was read, the regions (nil: a flat one), the hint after.
    typealias Step = (time: Double, read: Bool, regions: [RegionFocus?], hint: LiveHint?)

    @Test(
        "hysteresis: shown after a second unread, held, withdrawn when read or gone",
        arguments: [
            // Shown once the same suggestion held a second, not before.
            [
                (0.0, false, [blurred], nil), (0.5, false, [blurred], nil), (1.0, false, [blurred], .moveFurther),
                (1.5, false, [blurred], .moveFurther),
            ],
            // A code read withdraws it at once.
            [(0.0, false, [blurred], nil), (1.0, false, [blurred], .moveFurther), (1.1, true, [], nil)],
            // One look without a region keeps it; the second withdraws it (the code left).
            [
                (0.0, false, [blurred], nil), (1.0, false, [blurred], .moveFurther), (1.2, false, [], .moveFurther),
                (1.4, false, [], nil),
            ],
            // A miss between two regions is not a leave: the count starts again.
            [
                (0.0, false, [blurred], nil), (1.0, false, [blurred], .moveFurther), (1.2, false, [], .moveFurther),
                (1.4, false, [blurred], .moveFurther), (1.6, false, [], .moveFurther),
            ],
            // Another suggestion replaces the one shown only after holding 1.5 s: no flicker.
            [
                (0.0, false, [blurred], nil), (1.0, false, [blurred], .moveFurther), (1.2, false, [small], .moveFurther),
                (1.4, false, [blurred], .moveFurther), (1.6, false, [small], .moveFurther), (2.6, false, [small], .moveFurther),
                (3.1, false, [small], .moveCloser),
            ],
            // Suggestions flipping every look never show.
            [
                (0.0, false, [blurred], nil), (0.6, false, [small], nil), (1.2, false, [blurred], nil), (1.8, false, [small], nil),
                (2.4, false, [blurred], nil),
            ],
            // A region that suggests nothing (sharp, flat) shows nothing, and withdraws a hint only after 1.5 s.
            [(0.0, false, [sharp], nil), (1.5, false, [sharp], nil), (2.0, false, [nil], nil)],
            [
                (0.0, false, [blurred], nil), (1.0, false, [blurred], .moveFurther), (1.5, false, [sharp], .moveFurther),
                (2.9, false, [sharp], .moveFurther), (3.0, false, [sharp], nil),
            ],
            // The strongest region decides.
            [(0.0, false, [small, blurred], nil), (1.0, false, [small, blurred], .moveCloser)],
            // Looks more than 3 s apart (scanning paused) start afresh.
            [(0.0, false, [blurred], nil), (1.0, false, [blurred], .moveFurther), (5.0, false, [blurred], nil)],
            // Reading starts afresh too: the next unread region waits its second.
            [(0.0, false, [blurred], nil), (0.5, true, [], nil), (1.0, false, [blurred], nil), (2.0, false, [blurred], .moveFurther)],
        ] as [[Step]])
    func hysteresis(steps: [Step]) {
        var policy = LiveHintPolicy()
        for (index, step) in steps.enumerated() {
            let hint = policy.observe(read: step.read, regions: step.regions, at: step.time)
            #expect(hint == step.hint, "step \(index) at \(step.time) s")
            #expect(policy.hint == hint)
        }
    }

    @Test("reset withdraws the hint")
    func resetWithdraws() {
        var policy = LiveHintPolicy()
        policy.observe(read: false, regions: [Self.small], at: 0)
        #expect(policy.observe(read: false, regions: [Self.small], at: 1) == .moveCloser)
        policy.reset()
        #expect(policy.hint == nil)
        #expect(policy.observe(read: false, regions: [Self.small], at: 1.2) == nil)
    }
}
