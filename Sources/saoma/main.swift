// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSwift
import SaomaCLI
import SaomaUI

setUpLocalization(localeDirectory: LocaleDirectory.resolve())
let route = Route(arguments: Array(CommandLine.arguments.dropFirst()))
switch route {
case .application(let arguments):
    let status = MainActor.assumeIsolated { SaomaApplication.run(arguments: arguments) }
    exit(status)
case .generate(let arguments):
    exit(GenerateCommand.run(arguments))
case .version:
    print("saoma \(saomaVersion)")
case .scan(let arguments):
    exit(ScanCommand.run(arguments: arguments))
case .devices(let arguments):
    exit(DevicesCommand.run(arguments))
case .history(let arguments):
    exit(HistoryCommand.run(arguments))
case .help:
    ConsoleOutput.out(mainHelpText)
}
