import Foundation
import PatienceFormats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `patience serve` process on a free port of 127.0.0.1, for the tests: started with
/// `--port 0`, its address read from the line it writes, stopped (by its process id) when the
/// test ends. `exchange` sends raw bytes over a fresh connection, so that a test can send what
/// no browser would.
package final class ServeProcess {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    private let process = Process()
    /// The port the server bound.
    package let port: UInt16
    /// `http://127.0.0.1:PORT/`.
    package let url: URL

    /// Starts `patience serve` with `arguments` (the path, and any other option) and `--port 0`.
    package init(_ arguments: [String]) throws {
        let output = Pipe()
        process.executableURL = try PatienceExecutable.url()
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line names the address; wait for it at most ten seconds.
        var line: [UInt8] = []
        let fd = output.fileHandleForReading.fileDescriptor
        while !line.contains(10) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            var byte: UInt8 = 0
            guard poll(&poller, 1, 10_000) > 0, read(fd, &byte, 1) == 1 else {
                process.terminate()
                throw Failure(description: "patience serve wrote no address")
            }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("patience serve: http://127.0.0.1:"), let address = text.split(separator: " ").last,
              let url = URL(string: String(address)), let port = url.port.flatMap({ UInt16(exactly: $0) })
        else {
            process.terminate()
            throw Failure(description: "unexpected first line \(text)")
        }
        self.url = url
        self.port = port
    }

    deinit { stop() }

    /// Stops the server (SIGTERM to its own process id, SIGKILL after two seconds) and waits for it.
    package func stop() {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<40 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Whether the server is still running.
    package var isRunning: Bool { process.isRunning }

    /// Sends `bytes` on a new connection and reads until the server closes it or `seconds` pass;
    /// returns what came back. `closeAfterSending` half-closes the connection once sent.
    package func exchange(_ bytes: [UInt8], seconds: Double = 5, closeAfterSending: Bool = false) throws -> [UInt8] {
        let fd = try connect()
        defer { close(fd) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        if closeAfterSending { shutdown(fd, Int32(SHUT_WR)) }
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else {
                if let response = Self.wholeResponse(received) { return response }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += chunk[..<count]
            if let response = Self.wholeResponse(received) { return response }
        }
        return received
    }

    /// A connection to the server.
    package func connect() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw Failure(description: "cannot connect to port \(port)")
        }
        return fd
    }

    /// The first response of `bytes` when it has arrived whole (by its Content-Length).
    private static func wholeResponse(_ bytes: [UInt8]) -> [UInt8]? {
        guard let end = bytes.indices.dropLast(3).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }),
              let head = String(validating: bytes[..<end], as: UTF8.self) else { return nil }
        let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        return bytes.count >= end + 4 + length ? Array(bytes[..<(end + 4 + length)]) : nil
    }

    /// An answer: its status and body.
    package struct Answer {
        package var status: Int
        package var body: String
    }

    /// Sends one request and reads its answer.
    package func request(_ method: String, _ path: String, body: String? = nil) throws -> Answer {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let body { text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + (body ?? "")
        return Self.answer(try exchange(Array(text.utf8), seconds: 60))
    }

    /// The status and body of a response's bytes; status 0 when there is none.
    package static func answer(_ bytes: [UInt8]) -> Answer {
        let text = String(decoding: bytes, as: UTF8.self)
        let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return Answer(status: status, body: body)
    }

    /// Sends a request to the JSON API and reads the answer's JSON.
    package func api(_ action: String, _ body: String) throws -> (status: Int, json: JSONNode) {
        let answer = try request("POST", "/api/" + action, body: body)
        return (answer.status, try JSONReader.parse(answer.body))
    }
}

extension JSONNode {
    /// The member `key` of an object, or nil.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string this node holds, or nil.
    package var string: String? {
        guard case .string(let text) = value else { return nil }
        return text
    }
}
