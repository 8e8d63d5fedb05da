import Foundation

/// Why an input file (a rule file, board text, a move list, a saved game) could not be read.
package struct InputFileProblem: Error, Equatable, Sendable {
    /// What went wrong, in the words a message uses.
    package enum Kind: Equatable, Sendable {
        case noSuchFile
        /// A symbolic link whose target does not exist.
        case danglingLink
        case permissionDenied
        case folder
        /// A chain of symbolic links that never reaches a file.
        case linkLoop
        /// A FIFO, socket or device where only a regular file is accepted.
        case notRegularFile
        /// The file holds more bytes than the limit.
        case tooLarge
        /// Standard input is closed (descriptor 0 is not open).
        case closedInput
        /// Opening or reading failed with this `errno`; a failed read is an I/O error (`EX_IOERR`).
        case system(errno: Int32, whileReading: Bool)
    }

    package var kind: Kind

    package init(kind: Kind) {
        self.kind = kind
    }

    /// Whether the problem is a failure of the operating system to read (exit status 74),
    /// rather than a file that cannot be used (exit status 1).
    package var isIOError: Bool {
        switch kind {
        case .closedInput: return true
        case .system(_, let whileReading): return whileReading
        default: return false
        }
    }

    /// The reason, for a message such as `cannot read the board file: <reason>`.
    package var reason: String {
        switch kind {
        case .noSuchFile: return "no such file"
        case .danglingLink: return "it is a symbolic link to a file that does not exist"
        case .permissionDenied: return "permission denied"
        case .folder: return "this is a folder, not a file"
        case .linkLoop: return "the symbolic links loop (too many levels of links)"
        case .notRegularFile: return "this is not a regular file (a FIFO, socket or device)"
        case .tooLarge: return "the file is too large"
        case .closedInput: return "standard input is closed"
        case .system(let code, _): return String(cString: strerror(code)).lowercased()
        }
    }
}

/// Reads input files with the POSIX calls, so that every failure becomes an `InputFileProblem`
/// instead of a trap, and no read can block on a FIFO that was not asked for or grow past a limit.
package enum InputFile {
    /// Reads the whole file at `path`, at most `limit` bytes. A FIFO, socket or device is read
    /// only when `allowsStreams` is true (board text and move lists may come from a pipe; rule
    /// files found in a folder or named by `extends` may not, so `lint` never waits on a FIFO).
    package static func read(path: String, limit: Int, allowsStreams: Bool = false) -> Result<Data, InputFileProblem> {
        // O_NONBLOCK: opening a FIFO with no writer would otherwise wait before fstat can tell what it is.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(problem(opening: path, errno: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(InputFileProblem(kind: .system(errno: errno, whileReading: true))) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            return .failure(InputFileProblem(kind: .folder))
        case S_IFREG:
            break
        default:
            guard allowsStreams else { return .failure(InputFileProblem(kind: .notRegularFile)) }
            // A pipe named on the command line is read as standard input is: opened again without
            // O_NONBLOCK, which waits for its writer, since a FIFO opened early reads as empty.
            let blocking = open(path, O_RDONLY | O_CLOEXEC)
            guard blocking >= 0 else { return .failure(problem(opening: path, errno: errno)) }
            defer { close(blocking) }
            return readAll(blocking, limit: limit)
        }
        return readAll(descriptor, limit: limit)
    }

    /// Reads standard input to its end, at most `limit` bytes.
    package static func readStandardInput(limit: Int) -> Result<Data, InputFileProblem> {
        guard fcntl(STDIN_FILENO, F_GETFD) != -1 else { return .failure(InputFileProblem(kind: .closedInput)) }
        return readAll(STDIN_FILENO, limit: limit)
    }

    /// Reads `descriptor` to its end; one byte past `limit` is enough to tell that it is too large.
    private static func readAll(_ descriptor: Int32, limit: Int) -> Result<Data, InputFileProblem> {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= limit {
            let wanted = min(buffer.count, limit + 1 - data.count)
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, wanted) }
            if count == 0 { return .success(data) }
            if count < 0 {
                if errno == EINTR { continue }
                // A closed descriptor 0 reopened write-only reads as EBADF: standard input is closed.
                if errno == EBADF && descriptor == STDIN_FILENO { return .failure(InputFileProblem(kind: .closedInput)) }
                if errno == EISDIR { return .failure(InputFileProblem(kind: .folder)) }
                return .failure(InputFileProblem(kind: .system(errno: errno, whileReading: true)))
            }
            data.append(contentsOf: buffer[0..<count])
        }
        return .failure(InputFileProblem(kind: .tooLarge))
    }

    private static func problem(opening path: String, errno code: Int32) -> InputFileProblem {
        switch code {
        case ENOENT:
            // A link that names a missing file exists itself: say so rather than "no such file".
            var status = stat()
            return InputFileProblem(kind: !path.isEmpty && lstat(path, &status) == 0 ? .danglingLink : .noSuchFile)
        case EACCES, EPERM: return InputFileProblem(kind: .permissionDenied)
        case ELOOP: return InputFileProblem(kind: .linkLoop)
        case EISDIR: return InputFileProblem(kind: .folder)
        default: return InputFileProblem(kind: .system(errno: code, whileReading: false))
        }
    }
}
