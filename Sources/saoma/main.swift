// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaCLI
import SaomaCore
import SaomaUI

StandardStream.occupyClosedDescriptors()
// Before the locale look-up or GLib reads one of them.
let ignoredBaseDirectories = BaseDirectoryCheck.apply()
setUpLocalization(localeDirectory: LocaleDirectory.resolve())
BaseDirectoryCheck.report(ignoredBaseDirectories)
// The arguments' exact bytes (`CommandLine.arguments` would turn bytes that are not UTF-8 into U+FFFD).
let arguments = (1..<Int(CommandLine.argc)).map { RawArgument.decode(cString: CommandLine.unsafeArgv[$0]) }
let route = Route(arguments: arguments)
switch route {
case .application(let arguments):
    let status = MainActor.assumeIsolated { SaomaApplication.run(arguments: arguments) }
    exit(status)
case .generate(let arguments):
    exit(GenerateCommand.run(arguments))
case .version:
    ConsoleOutput.out("saoma \(saomaVersion)\n")
case .scan(let arguments):
    exit(ScanCommand.run(arguments: arguments))
case .devices(let arguments):
    exit(DevicesCommand.run(arguments))
case .history(let arguments):
    exit(HistoryCommand.run(arguments))
case .help:
    ConsoleOutput.out(mainHelpText)
}
