import PatienceDiagnostics

extension Document {
    /// The findings of a lint as LSP diagnostics: code, range, severity, the help and unplaced
    /// notes in the message, and the notes that point somewhere as related information. At most
    /// ``DiagnosticLimit/perFile`` are published, then one that says how many more there are.
    func lspDiagnostics(_ diagnostics: [Diagnostic]) -> JSON {
        .array(DiagnosticLimit.capped(diagnostics).map { diagnostic in
            var message = diagnostic.message
            if let help = diagnostic.help { message += "\nhelp: \(help)" }
            var related: [JSON] = []
            for note in diagnostic.notes {
                if let range = note.range {
                    related.append(["location": ["uri": .string(uri), "range": lines.json(of: range)], "message": .string(note.message)])
                } else {
                    message += "\nnote: \(note.message)"
                }
            }
            let severity: Int
            switch diagnostic.severity {
            case .error: severity = 1
            case .warning: severity = 2
            case .note: severity = 3
            }
            var object: [String: JSON] = [
                "range": diagnostic.file == nil || diagnostic.file == path ? lines.json(of: diagnostic.range) : lines.json(of: .fileStart),
                "severity": .int(severity),
                "code": .string(diagnostic.code.rawValue),
                "source": "patience",
                "message": .string(message),
            ]
            if !related.isEmpty { object["relatedInformation"] = .array(related) }
            return .object(object)
        })
    }
}
