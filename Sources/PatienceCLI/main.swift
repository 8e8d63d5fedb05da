import Foundation
import PatienceCommandLine

let status = PatienceCommand.runProcess(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
