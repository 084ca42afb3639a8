// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import SaomaTestSupport
import Testing

@testable import SaomaUI

/// The search provider's interface file: the one in `data/` declares what the provider answers,
/// and a file put in its place through `SAOMA_DATA_DIR` that cannot serve is refused with one
/// line naming it (the application then runs without the provider).
@Suite("Search provider interface file")
struct SearchProviderInterfaceTests {
    /// The shipped file, read as the application reads it.
    static let shipped = BuiltProducts.repository.appendingPathComponent("data/" + SearchProvider.interfaceFile).path

    @Test("the shipped file declares the Shell's five methods with their signatures")
    func shippedFileDeclaresTheMethods() throws {
        let interface = try SearchProvider.interface(at: Self.shipped)
        defer { g_dbus_interface_info_unref(interface) }
        var methods: [String: String] = [:]
        var index = 0
        while let method = interface.pointee.methods?[index] {
            let name = String(cString: method.pointee.name)
            var arguments: [String] = []
            for (list, direction) in [(method.pointee.in_args, "in"), (method.pointee.out_args, "out")] {
                var at = 0
                while let argument = list?[at] {
                    arguments.append(direction + ":" + String(cString: argument.pointee.signature))
                    at += 1
                }
            }
            methods[name] = arguments.joined(separator: " ")
            index += 1
        }
        #expect(
            methods == [
                "GetInitialResultSet": "in:as out:as", "GetSubsearchResultSet": "in:as in:as out:as", "GetResultMetas": "in:as out:aa{sv}",
                "ActivateResult": "in:s in:as in:u", "LaunchSearch": "in:as in:u",
            ])
    }

    /// (what the file holds, a part of the reason given).
    static let unusable: [(String, String)] = [
        ("<node><interface name=\"org.example.Other\"/></node>", "does not declare org.gnome.Shell.SearchProvider2"),
        ("<node><interface name=\"org.gnome.Shell.SearchProvider2\">", "does not parse"),
        ("not XML at all \u{1B}[2J", "does not parse"),
        ("<node>\u{0}</node>", "is not UTF-8 text"),
        (String(repeating: " ", count: SearchProvider.maximumInterfaceSize + 1), "more than \(SearchProvider.maximumInterfaceSize)"),
    ]

    @Test("a file that cannot serve is refused with one line naming it", arguments: unusable)
    func unusableFileIsRefused(contents: String, reason: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Data(contents.utf8), as: "evil\u{1B}]0;x\u{7}.xml")
        do {
            let interface = try SearchProvider.interface(at: path)
            g_dbus_interface_info_unref(interface)
            Issue.record("\(contents.prefix(40).debugDescription) was taken as the interface")
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
            #expect(error.reason.contains("evil␛]0;x␇.xml"), "\(error.reason)")
            #expect(!error.reason.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(error.reason)")
        }
    }

    @Test("a named pipe or a folder in the file's place is refused without waiting")
    func specialFilesAreRefused() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("fifo.xml")
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, folder.path] {
            do {
                let interface = try SearchProvider.interface(at: path)
                g_dbus_interface_info_unref(interface)
                Issue.record("\(path) was taken as an interface file")
            } catch {
                #expect(error.reason.contains("is not a regular file"), "\(error.reason)")
            }
        }
    }
}
