import Foundation
import PatienceCommandLine

let status = PatienceCommand.run(Array(CommandLine.arguments.dropFirst()), on: Terminal.current)
exit(status.rawValue)
