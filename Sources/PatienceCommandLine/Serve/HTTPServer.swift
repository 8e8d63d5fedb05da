import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server over the system's sockets, for `patience serve`: one thread, one
/// `poll` over the listening socket and every connection, non-blocking reads and writes.
///
/// It is bounded by ``HTTPLimits``: a request's head and body sizes, the number of connections,
/// how long a request may take to arrive and how long a connection may wait between requests.
/// A malformed request is answered with a 4xx status and its connection closed; the server goes
/// on. A client that stops sending or goes away costs its buffer until its deadline or its
/// hang-up, and nothing else: no thread waits on it. Writes use `MSG_NOSIGNAL`, so a peer that
/// has gone raises no SIGPIPE. Requests are answered one at a time, in the order they arrive.
package final class HTTPServer {
    /// A listening socket, and the port it is bound to (the one the system chose for port 0).
    package struct Listener: Sendable {
        package var socket: Int32
        package var port: UInt16
    }

    package struct StartError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Binds a TCP socket to `host` (an IPv4 address such as 127.0.0.1) and `port`, and listens.
    package static func listen(host: String, port: UInt16) throws(StartError) -> Listener {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw StartError(description: "\(host) is not an IPv4 address, such as 127.0.0.1")
        }
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw StartError(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StartError(description: "cannot listen on \(host):\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        setNonBlocking(fd)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return Listener(socket: fd, port: UInt16(bigEndian: actual.sin_port))
    }

    private struct Connection {
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        /// Close once the output is written.
        var closing = false
        /// When the connection is closed if no whole request has arrived.
        var deadline: Double
    }

    private let listener: Listener
    private let limits: HTTPLimits
    private let parser: HTTPRequestParser
    private let handle: (HTTPRequest) -> HTTPResponse
    private var connections: [Int32: Connection] = [:]

    /// A server on `listener` that answers each request with `handle`.
    package init(listener: Listener, limits: HTTPLimits = HTTPLimits(), handle: @escaping (HTTPRequest) -> HTTPResponse) {
        self.listener = listener
        self.limits = limits
        parser = HTTPRequestParser(limits: limits)
        self.handle = handle
    }

    /// Serves until `stop` (a file descriptor, such as a pipe's reading end) becomes readable,
    /// or for ever when it is nil. Closes every connection and the listener before it returns.
    package func run(stop: Int32? = nil) {
        defer {
            for fd in connections.keys { close(fd) }
            connections.removeAll()
            close(listener.socket)
        }
        while true {
            var fds = [pollfd(fd: listener.socket, events: Int16(POLLIN), revents: 0)]
            if let stop { fds.append(pollfd(fd: stop, events: Int16(POLLIN), revents: 0)) }
            let first = fds.count
            let order = Array(connections.keys)
            for fd in order {
                let connection = connections[fd]!
                fds.append(pollfd(fd: fd, events: Int16(connection.output.isEmpty ? POLLIN : POLLOUT), revents: 0))
            }
            let now = Self.now()
            let soonest = connections.values.map(\.deadline).min().map { max(0, $0 - now) } ?? 1
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(1, soonest) * 1000) + 1)
            if ready < 0 && errno != EINTR { return }
            if stop != nil, fds[1].revents != 0 { return }
            for (offset, fd) in order.enumerated() {
                let events = fds[first + offset].revents
                if events & Int16(POLLOUT) != 0 {
                    write(fd)
                } else if events & Int16(POLLIN) != 0 {
                    read(fd)
                } else if events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                    drop(fd)
                }
            }
            expire(now: Self.now())
            if fds[0].revents & Int16(POLLIN) != 0 { accept() }
        }
    }

    private func accept() {
        while true {
            let fd = Glibc.accept(listener.socket, nil, nil)
            guard fd >= 0 else { return }
            Self.setNonBlocking(fd)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            // Connections whose clients have already gone (closed before the server accepted
            // them, or while it was busy) do not count against the limit.
            if connections.count >= limits.maxConnections { dropClosed() }
            guard connections.count < limits.maxConnections else {
                // Best effort: the socket's buffer takes this short answer at once.
                let bytes = HTTPResponse.text(503, "too many connections").bytes(closing: true)
                _ = bytes.withUnsafeBytes { Self.send(fd, $0.baseAddress, $0.count) }
                close(fd)
                continue
            }
            connections[fd] = Connection(deadline: Self.now() + limits.idleSeconds)
        }
    }

    private func read(_ fd: Int32) {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
        guard count > 0, var connection = connections[fd] else {
            drop(fd)
            return
        }
        if connection.input.isEmpty { connection.deadline = Self.now() + limits.requestSeconds }
        connection.input += chunk[..<count]
        connections[fd] = connection
        answer(fd)
    }

    /// Answers the first whole request in the connection's input, if there is one.
    private func answer(_ fd: Int32) {
        guard var connection = connections[fd], connection.output.isEmpty, !connection.closing else { return }
        switch parser.parse(connection.input) {
        case .incomplete:
            return
        case .failure(let status, let reason):
            connection.input = []
            connection.output = HTTPResponse.text(status, reason).bytes(closing: true)
            connection.closing = true
        case .request(let request, let consumed):
            connection.input.removeFirst(consumed)
            connection.output = handle(request).bytes(closing: request.closes, headOnly: request.method == "HEAD")
            connection.closing = request.closes
        }
        connection.written = 0
        connections[fd] = connection
        write(fd)
    }

    private func write(_ fd: Int32) {
        guard var connection = connections[fd] else { return }
        while connection.written < connection.output.count {
            let count = connection.output[connection.written...].withUnsafeBytes { Self.send(fd, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                connections[fd] = connection
                return
            }
            guard count > 0 else {
                drop(fd)
                return
            }
            connection.written += count
        }
        guard !connection.closing else {
            drop(fd)
            return
        }
        connection.output = []
        connection.written = 0
        connection.deadline = Self.now() + (connection.input.isEmpty ? limits.idleSeconds : limits.requestSeconds)
        connections[fd] = connection
        // A pipelined request may already be waiting.
        if !connection.input.isEmpty { answer(fd) }
    }

    /// Closes the connections whose deadline has passed: one in the middle of a request is told so first.
    private func expire(now: Double) {
        for (fd, connection) in connections where connection.deadline < now {
            if !connection.input.isEmpty && connection.output.isEmpty {
                let bytes = HTTPResponse.text(408, "the request took too long to arrive").bytes(closing: true)
                _ = bytes.withUnsafeBytes { Self.send(fd, $0.baseAddress, $0.count) }
            }
            drop(fd)
        }
    }

    /// Drops every connection whose client has closed its end, seen without reading its data.
    private func dropClosed() {
        for fd in Array(connections.keys) {
            var byte: UInt8 = 0
            if recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 { drop(fd) }
        }
    }

    private func drop(_ fd: Int32) {
        guard connections.removeValue(forKey: fd) != nil else { return }
        close(fd)
    }

    /// The number of connections open now, for tests.
    package var openConnections: Int { connections.count }

    private static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    private static func send(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        return Darwin.send(fd, bytes, count, 0)
        #endif
    }

    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
