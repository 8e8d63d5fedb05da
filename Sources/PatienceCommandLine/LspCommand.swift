import Foundation
import PatienceLanguageServer

/// `patience lsp`: the Language Server Protocol server, over standard input and output.
struct LspCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "patience lsp",
        summary: "Serve the Language Server Protocol on standard input and output.",
        discussion: """
            An editor starts 'patience lsp' and talks JSON-RPC to it (messages framed by
            Content-Length headers). The server reports lint's findings as the file is
            edited (codes, ranges, help and notes), answers hovers (a name's declaration
            and, for zones, actions and rules, the rules in English as describe writes
            them), goes to definitions (into the file a variant extends), completes names,
            properties, functions, keywords and cards, lists the declarations, formats as
            fmt does and renames options, zones, relations and definitions. Checks run
            beside the requests, so no answer waits for one. A malformed message, an
            unknown method or a position outside the document gets an error answer.
            """,
            exitStatuses: [
                ExitStatus(.success, "The client sent 'shutdown' and then 'exit'."),
                ExitStatus(.findings, "The input ended or cannot be read, the output cannot be written (the client has gone; said on standard error), or 'exit' came without 'shutdown'."),
            ],
        options: [],
        reportsIOErrors: false)

    init(arguments: ParsedArguments) throws(UsageError) {}

    func run(on terminal: Terminal) -> ExitCode {
        var reader = MessageReader(handle: FileHandle.standardInput)
        let server = LanguageServer(writer: MessageWriter(handle: FileHandle.standardOutput))
        return server.run(&reader) == 0 ? .success : .findings
    }
}
