/// Encodes findings as JSON for programs that read `patience lint --format json`.
///
/// The output is one array of objects, one object per diagnostic, one object per line:
///
/// ```
/// [
///   {"file":"a.patience","line":3,"column":5,"endLine":3,"endColumn":9,"end":{"line":3,"column":9},"severity":"error","code":"P0301","message":"…","help":"…"}
/// ]
/// ```
///
/// Keys always appear in that order. `help` is present only when the diagnostic has one, and
/// `notes` (an array of `{"message"}` objects, with `line` and `column` when the note has a
/// location) only when it has notes. An empty list of findings encodes as `[]`.
public enum DiagnosticJSON {
    /// Encodes the diagnostics of every file, in order, as a single JSON array: at most
    /// ``DiagnosticLimit/perFile`` of each file, then one (`P0012`) that says how many more it has.
    public static func encode(files: [(path: String, diagnostics: [Diagnostic])]) -> String {
        let objects = files.flatMap { file in
            DiagnosticLimit.capped(file.diagnostics).map { encode($0, inFile: file.path) }
        }
        if objects.isEmpty { return "[]" }
        return "[\n" + objects.map { "  " + $0 }.joined(separator: ",\n") + "\n]"
    }

    /// Encodes one diagnostic as a JSON object on a single line.
    public static func encode(_ diagnostic: Diagnostic, inFile path: String) -> String {
        let start = diagnostic.range.start
        let end = diagnostic.range.end
        var members = [
            member("file", string(path)),
            member("line", String(start.line)),
            member("column", String(start.column)),
            member("endLine", String(end.line)),
            member("endColumn", String(end.column)),
            member("end", object([member("line", String(end.line)), member("column", String(end.column))])),
            member("severity", string(diagnostic.severity.rawValue)),
            member("code", string(diagnostic.code.rawValue)),
            member("message", string(diagnostic.message)),
        ]
        if let help = diagnostic.help {
            members.append(member("help", string(help)))
        }
        if !diagnostic.notes.isEmpty {
            let notes = diagnostic.notes.map { note in
                var noteMembers = [member("message", string(note.message))]
                if let range = note.range {
                    noteMembers.append(member("line", String(range.start.line)))
                    noteMembers.append(member("column", String(range.start.column)))
                }
                return object(noteMembers)
            }
            members.append(member("notes", "[" + notes.joined(separator: ",") + "]"))
        }
        return object(members)
    }

    private static func member(_ key: String, _ encodedValue: String) -> String {
        string(key) + ":" + encodedValue
    }

    private static func object(_ members: [String]) -> String {
        "{" + members.joined(separator: ",") + "}"
    }

    /// A JSON string literal, escaped as RFC 8259 requires.
    package static func string(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\u{08}": escaped += "\\b"
            case "\u{0C}": escaped += "\\f"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16, uppercase: true)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
