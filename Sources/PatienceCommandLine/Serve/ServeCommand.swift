import Foundation
import Patience
import PatienceDiagnostics

/// `patience serve`: the catalog and every game of a folder of rule files, played in a browser
/// by drag and drop through the `Game` facade.
struct ServeCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "patience serve",
        summary: "Play the games of rule files in a web browser, by drag and drop.",
        discussion: """
            Starts a web server on this machine and writes its address on standard output
            ('patience serve: http://127.0.0.1:8000/'); open it in a browser. The page lists
            every game of <path> (a folder of rule files, searched as 'patience lint'
            searches it, or one rule file; default: the games bundled with patience, as
            'patience list' lists them) with its opening table, base game
            and options, and plays any of them with any deal (seed:N, ms:N) and option values.

            Cards are dragged with the mouse: while a stack hovers over a pile, the pile shows
            whether it would take it; a refused drop goes back and says why, with the rule's
            line. A click taps a pile (the stock), a double-click sends a card where it fits
            best, and the buttons undo, redo, hint (from the solver), deal again, restart,
            ask whether the table is winnable and turn autoplay to the foundations on and off.
            Each new game reads its rule file again, so an edit shows on the next deal, and a
            file with errors shows them on the page. See Docs/Browser.md.

            The server listens on 127.0.0.1 only, unless --host names another address. It
            serves only the rule files under <path>, keeps at most 64 games, and bounds every
            request (16 KiB of headers, 256 KiB of body, 10 seconds to arrive) and the number
            of connections (64). --port 0 lets the system choose a free port. The server runs
            until it is stopped (Ctrl-C, or SIGTERM).
            """,
        exitStatuses: [
            ExitStatus(.findings, "<path> cannot be read or holds no rule file, or the address or port cannot be had."),
            ExitStatus(.interrupted, "Stopped with Ctrl-C."),
        ],
        arguments: [
            ArgumentSpec(name: "path", help: "A folder of rule files, or one rule file (default: the bundled games).", isRepeated: false, isRequired: false)
        ],
        options: [
            .option("port", value: "n", defaultValue: "8000", help: "The port to listen on, 0 for any free one."),
            .option("host", value: "address", defaultValue: "127.0.0.1",
                    help: "The IPv4 address to listen on. Anything but 127.0.0.1 lets other machines play, and read the served rule files."),
        ],
        reportsIOErrors: false)

    var path: String
    var port: UInt16
    var host: String

    init(arguments: ParsedArguments) throws(UsageError) {
        path = arguments.arguments(named: "path").first ?? GameLibrary.bundledFolder ?? "Rules"
        let text = arguments.value(of: "port") ?? "8000"
        guard let port = UInt16(text) else { throw UsageError("invalid value \(Spelling.quoted(text)) for '--port'; expected a whole number from 0 to 65535") }
        self.port = port
        host = arguments.value(of: "host") ?? "127.0.0.1"
    }

    func run(on terminal: Terminal) -> ExitCode {
        for case .problem(let problem, let diagnostic) in RuleFileSearch().entries(for: [path]) {
            terminal.writeLine("error: \(Spelling.quoted(problem)): \(diagnostic.message)", to: .standardError)
            return .findings
        }
        let app = ServeApp(path: path)
        guard !app.folder.ruleFiles().names.isEmpty else {
            terminal.writeLine("error: \(Spelling.quoted(path)) holds no rule file ('.patience') to serve", to: .standardError)
            return .findings
        }
        let listener: HTTPServer.Listener
        do {
            listener = try HTTPServer.listen(host: host, port: port)
        } catch {
            terminal.writeLine("error: \(error.description)", to: .standardError)
            return .findings
        }
        // A parent (a test runner) may have started the server with SIGTERM or SIGINT ignored or
        // blocked; either must stop it.
        var stops = sigset_t()
        sigemptyset(&stops)
        for stop in [SIGTERM, SIGINT] {
            signal(stop, SIG_DFL)
            sigaddset(&stops, stop)
        }
        pthread_sigmask(SIG_UNBLOCK, &stops, nil)
        terminal.writeLine("patience serve: http://\(host):\(listener.port)/", to: .standardOutput)
        HTTPServer(listener: listener) { app.respond(to: $0) }.run()
        return .success
    }
}
