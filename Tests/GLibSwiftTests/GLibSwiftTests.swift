// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import SaomaTestSupport
import Testing

@testable import GLibSwift

/// Something a closure can hold; its weak references tell whether the closure was released.
private final class Sentinel {}

/// Counts calls from closures that run on the main loop.
@MainActor
private final class Counter {
    var count = 0
}

/// A new `GSimpleAction` named `name` (transfer full).
private func newAction(_ name: String = "probe") -> OpaquePointer? {
    g_simple_action_new(name, nil)
}

/// Whether `weak` still reaches a live object (GObject's own weak reference).
private func isAlive(_ weak: inout GWeakRef) -> Bool {
    guard let object = g_weak_ref_get(&weak) else { return false }
    g_object_unref(object)
    return true
}

/// Runs the default main context until `condition` holds (`Patience.seconds` against hangs).
@MainActor
private func iterate(until condition: () -> Bool) -> Bool { MainContext.iterate(until: condition) }

@Suite("GLibSwift: references, signals and main-loop hops")
@MainActor
struct GLibSwiftTests {
    @Test("an adopted reference is the only one: the object is finalised with the ObjectRef")
    func adoptedReferenceIsReleased() {
        var weak = GWeakRef()
        defer { g_weak_ref_clear(&weak) }
        var ref: ObjectRef<OpaquePointer>? = ObjectRef(adopting: newAction())
        g_weak_ref_init(&weak, ref.map { $0.pointer.objectPointer })
        #expect(isAlive(&weak))
        ref = nil
        #expect(!isAlive(&weak))
    }

    @Test("a floating object is sunk, not leaked: finalised with the ObjectRef")
    func floatingReferenceIsSunk() throws {
        var weak = GWeakRef()
        defer { g_weak_ref_clear(&weak) }
        let object = try #require(g_object_new_with_properties(g_initially_unowned_get_type(), 0, nil, nil))
        #expect(g_object_is_floating(object) != 0)
        var ref: ObjectRef<UnsafeMutablePointer<GObject>>? = ObjectRef(sinking: object)
        #expect(g_object_is_floating(object) == 0)
        g_weak_ref_init(&weak, object)
        ref = nil
        #expect(!isAlive(&weak))
        _ = ref
    }

    @Test("sinking an object with a full reference adds one: the caller's stays valid")
    func sinkingANonFloatingObjectAddsAReference() throws {
        var weak = GWeakRef()
        defer { g_weak_ref_clear(&weak) }
        let action = try #require(newAction())
        g_weak_ref_init(&weak, UnsafeMutableRawPointer(action))
        var ref: ObjectRef<OpaquePointer>? = ObjectRef(sinking: action)
        ref = nil
        #expect(isAlive(&weak))
        g_object_unref(UnsafeMutableRawPointer(action))
        #expect(!isAlive(&weak))
        _ = ref
    }

    @Test("a signal's closure runs on each emission and is released with its object")
    func signalClosureFiresAndIsReleased() {
        var ref: ObjectRef<OpaquePointer>? = ObjectRef(adopting: newAction())
        let counter = Counter()
        var sentinel: Sentinel? = Sentinel()
        weak let held = sentinel
        if let ref, let sentinel {
            onActivate(ref.pointer.objectPointer) { _ in
                withExtendedLifetime(sentinel) { counter.count += 1 }
            }
        }
        sentinel = nil
        if let ref {
            g_action_activate(ref.pointer, nil)
            g_action_activate(ref.pointer, nil)
        }
        #expect(counter.count == 2)
        #expect(held != nil, "the connection holds its closure")
        ref = nil
        #expect(held == nil, "finalising the object released the closure")
    }

    @Test("a property notification runs its closure")
    func notifyFires() {
        let ref = ObjectRef(adopting: newAction())
        let counter = Counter()
        onNotify(ref.pointer.objectPointer, property: "enabled") { counter.count += 1 }
        g_simple_action_set_enabled(ref.pointer, 0)
        g_simple_action_set_enabled(ref.pointer, 0)  // unchanged: no notification
        g_simple_action_set_enabled(ref.pointer, 1)
        #expect(counter.count == 2)
    }

    @Test("runOnMainLoop hops from another thread to the thread running the main loop, and releases its closure")
    func mainLoopHop() {
        final class Result: @unchecked Sendable {
            var ranOn: pthread_t?
        }
        let result = Result()
        let loopThread = pthread_self()
        weak var held: Sentinel?
        do {
            let sentinel = Sentinel()
            held = sentinel
            nonisolated(unsafe) let payload = sentinel
            Thread {
                runOnMainLoop { withExtendedLifetime(payload) { result.ranOn = pthread_self() } }
            }.start()
        }
        #expect(iterate { result.ranOn != nil })
        #expect(result.ranOn.map { pthread_equal($0, loopThread) != 0 } == true, "ran on the thread iterating the main context")
        #expect(iterate { held == nil }, "the hop's closure was released after it ran")
    }

    @Test("a timeout repeats while its closure returns true, then its closure is released")
    func timeoutRepeatsThenReleases() {
        let counter = Counter()
        var sentinel: Sentinel? = Sentinel()
        weak let held = sentinel
        if let sentinel {
            addTimeout(milliseconds: 1) {
                withExtendedLifetime(sentinel) { counter.count += 1 }
                return counter.count < 3
            }
        }
        sentinel = nil
        #expect(iterate { counter.count == 3 })
        #expect(iterate { held == nil })
        #expect(counter.count == 3)
    }
}
