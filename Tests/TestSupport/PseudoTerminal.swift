import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `patience` run on a pseudo-terminal, as a person runs it: its standard input, output and
/// error are the terminal, which is its controlling terminal, so `isatty` holds, typed lines are
/// echoed, and Ctrl-C (byte 3) sends it SIGINT through the terminal driver.
///
/// The process is started through util-linux's `setsid -c -w`, which gives it a session of its
/// own with the terminal as controlling terminal, and waits for it. What it writes is collected
/// as the screen (carriage returns removed); `waitFor` reads until a text appears, with a
/// generous deadline that only guards against a hang.
package final class PseudoTerminal {
    /// The program that makes the terminal the controlling one.
    package static let setsid = "/usr/bin/setsid"
    /// Whether this machine can run the tests that need a pseudo-terminal.
    package static var isAvailable: Bool {
        #if os(Linux)
        FileManager.default.isExecutableFile(atPath: setsid) && FileManager.default.fileExists(atPath: "/dev/ptmx")
        #else
        false
        #endif
    }
    /// `TIOCSPTLCK` and `TIOCGPTN` of Linux's `<asm-generic/ioctls.h>`.
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    private let master: Int32
    private let process: Process
    /// Everything written to the terminal so far, without carriage returns.
    package private(set) var screen = ""
    /// The start of a character whose other bytes have not been read yet.
    private var pending: [UInt8] = []

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts `patience` with `arguments` on a new terminal of `columns` by `rows`.
    package init(_ arguments: [String], environment extra: [String: String] = [:], in folder: URL? = nil,
                 columns: UInt16 = 100, rows: UInt16 = 40) throws {
        // posix_openpt(3) and its companions are not in Swift's Glibc module; on Linux they are
        // /dev/ptmx and two ioctls (unlock the pair, read the number of its /dev/pts node).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            throw Failure(description: "no pseudo-terminal could be opened")
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        // Close-on-exec, so that programs other tests start meanwhile do not hold the terminal
        // open (the child gets it as its standard streams, which exec keeps).
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw Failure(description: "cannot open \(slavePath)") }
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)

        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.setsid)
        process.arguments = ["-c", "-w", try PatienceExecutable.url().path] + arguments
        if let folder { process.currentDirectoryURL = folder }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        environment["TERM"] = "xterm-256color"
        // `play`'s statistics go to a folder of this terminal's, removed with it, unless the test names one.
        environment["PATIENCE_DATA_HOME"] = dataFolder.path
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        // The child has its own copy; closing ours lets the master see the end when it exits.
        try? handle.close()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
        try? FileManager.default.removeItem(at: dataFolder)
    }

    /// Where `play` keeps its statistics in this terminal's run (`PATIENCE_DATA_HOME`).
    package let dataFolder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-pty-data-\(UUID().uuidString)")

    /// Types `text` as keys: each line ends with Return (a carriage return, as a keyboard sends it).
    package func type(_ line: String) {
        send(line + "\r")
    }

    /// Sends bytes as typed, such as `"\u{03}"` for Ctrl-C.
    package func send(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until the screen, after `offset`, contains `text`; returns the screen from `offset`
    /// to the end of what was read. Throws when the program ends or the deadline passes first.
    @discardableResult
    package func waitFor(_ text: String, after offset: Int = 0, seconds: Double = 60) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while !since(offset).contains(text) {
            guard Date() < deadline else {
                throw Failure(description: "waited \(Int(seconds)) s for \(String(reflecting: text)); the screen ends:\n\(screen.suffix(2000))")
            }
            guard readSome(timeoutMilliseconds: 200) else {
                if !since(offset).contains(text) {
                    throw Failure(description: "the program ended before \(String(reflecting: text)) appeared; the screen ends:\n\(screen.suffix(2000))")
                }
                break
            }
        }
        return since(offset)
    }

    /// The end of the screen as it is now (in UTF-8 bytes), to read what comes after it.
    package var mark: Int { screen.utf8.count }

    /// The screen from a mark on.
    package func since(_ offset: Int) -> String {
        String(decoding: screen.utf8.dropFirst(offset), as: UTF8.self)
    }

    /// Waits for the program to end, reading what it still writes; its exit status.
    package func waitForExit(seconds: Double = 60) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while readSome(timeoutMilliseconds: 100) {
            guard Date() < deadline else { throw Failure(description: "the program did not end; the screen ends:\n\(screen.suffix(2000))") }
        }
        while process.isRunning {
            guard Date() < deadline else { throw Failure(description: "the program did not end; the screen ends:\n\(screen.suffix(2000))") }
            usleep(10_000)
        }
        return process.terminationStatus
    }

    /// Reads what is there within the timeout; false once the terminal is closed (the program ended).
    private func readSome(timeoutMilliseconds: Int32) -> Bool {
        var pollDescriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pollDescriptor, 1, timeoutMilliseconds)
        if ready == 0 { return process.isRunning || hasPendingOutput() }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        var bytes = pending + buffer[..<count].filter { $0 != 13 }
        // Hold back a character cut in two by the read, so that it is decoded whole.
        pending = []
        if let lead = bytes.indices.suffix(3).last(where: { bytes[$0] >= 0xC0 }) {
            let length = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2
            if bytes.count - lead < length {
                pending = Array(bytes[lead...])
                bytes.removeSubrange(lead...)
            }
        }
        screen += String(decoding: bytes, as: UTF8.self)
        return true
    }

    private func hasPendingOutput() -> Bool {
        var pollDescriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        return poll(&pollDescriptor, 1, 0) > 0
    }
}
