import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats
import Patience
import PatienceCommandLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `send(2)` that reports a closed peer as an error instead of raising SIGPIPE.
private func sendWithoutSignal(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    var on: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    return Darwin.send(socket, bytes, count, 0)
    #endif
}

/// A headless Chromium driven through its DevTools protocol over a pipe (`--remote-debugging-pipe`:
/// the browser reads commands on file descriptor 3 and writes replies and events on 4, each a
/// JSON object ended by a NUL byte). One socket pair serves as both, so that a browser that has
/// gone away makes writes fail instead of raising SIGPIPE. Every wait is bounded, so a browser
/// that stops answering fails the test instead of hanging it.
package final class DevToolsBrowser {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) { self.description = description }
    }

    /// The Chromium to use: `PATIENCE_CHROMIUM`, else the first of `chromium`, `chromium-browser`,
    /// `google-chrome` on the `PATH`; nil when there is none.
    package static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["PATIENCE_CHROMIUM"], !path.isEmpty { return path }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        return nil
    }()

    private let pid: pid_t
    private let socket: Int32
    private let profile: URL
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var events: [[String: Any]] = []
    private var closed = false
    /// How long one reply may take.
    private let patience: Int32 = 30_000

    package init(executable: String) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("patience-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { throw Failure(description: "socketpair failed") }
        // Both ends close on exec; the child gets its end as 3 and 4 by dup2, which clears that.
        _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pair[1], F_SETFD, FD_CLOEXEC)
        socket = pair[0]

        var arguments = [
            executable, "--headless", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
            "--no-default-browser-check", "--window-size=1280,900", "--user-data-dir=\(profile.path)",
        ]
        // Chromium will not run as root inside its sandbox.
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        arguments.append("about:blank")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 3)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &argv, &envp)
        close(pair[1])
        guard status == 0 else {
            close(pair[0])
            throw Failure(description: "cannot start \(executable): error \(status)")
        }
        pid = child
    }

    deinit {
        shutDown()
    }

    /// Closes the browser (politely, then by its process id) and removes its profile.
    package func shutDown() {
        guard !closed else { return }
        closed = true
        _ = try? send("Browser.close", waitingForReply: false)
        var status: Int32 = 0
        var exited = false
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { exited = true; break }
            usleep(50_000)
        }
        if !exited {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
        }
        close(socket)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command and returns its `result`, throwing the protocol's error if it has one.
    @discardableResult
    package func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil,
              waitingForReply: Bool = true) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { sendWithoutSignal(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the browser stopped reading (\(method))") }
            written += count
        }
        guard waitingForReply else { return [:] }
        let reply: [String: Any]
        do {
            reply = try receive { $0["id"] as? Int == id }
        } catch let failure as Failure {
            throw Failure(description: "\(method): \(failure.description)")
        }
        if let error = reply["error"] as? [String: Any] {
            throw Failure(description: "\(method): \(error["message"] ?? error)")
        }
        return reply["result"] as? [String: Any] ?? [:]
    }

    /// Waits for an event, such as `Page.loadEventFired`, of the given session.
    package func waitForEvent(_ method: String, session: String) throws {
        if let index = events.firstIndex(where: { $0["method"] as? String == method && $0["sessionId"] as? String == session }) {
            events.remove(at: index)
            return
        }
        _ = try receive { $0["method"] as? String == method && $0["sessionId"] as? String == session }
    }

    /// Evaluates a JavaScript expression in the page and returns its value as JSON gives it.
    package func evaluate(_ expression: String, session: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], session: session)
        if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Opens `url` in a new tab and waits until it has loaded; returns the tab's session.
    package func open(_ url: URL) throws -> String {
        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no target") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Failure(description: "no session") }
        try send("Page.enable", session: session)
        try send("Page.navigate", ["url": url.absoluteString], session: session)
        try waitForEvent("Page.loadEventFired", session: session)
        return session
    }

    /// Clicks, with the mouse, the middle of the element `selector` picks.
    package func click(_ selector: String, session: String) throws {
        let centre = try evaluate(
            "(() => { const r = document.querySelector(\(Self.javaScriptString(selector))).getBoundingClientRect();"
                + " return [r.left + r.width / 2, r.top + r.height / 2]; })()", session: session) as? [Double]
        guard let centre, centre.count == 2 else { throw Failure(description: "no element \(selector) to click") }
        for type in ["mouseMoved", "mousePressed", "mouseReleased"] {
            var event: [String: Any] = ["type": type, "x": centre[0], "y": centre[1]]
            if type != "mouseMoved" {
                event["button"] = "left"
                event["clickCount"] = 1
                event["buttons"] = type == "mousePressed" ? 1 : 0
            }
            try send("Input.dispatchMouseEvent", event, session: session)
        }
    }

    /// Sends one mouse event at a point of the page's viewport: `mouseMoved`, `mousePressed` or
    /// `mouseReleased`, with the left button held (`buttons` 1) or not, as the mouse would.
    package func mouse(_ type: String, at point: (x: Double, y: Double), buttonHeld: Bool, clickCount: Int = 1, session: String) throws {
        var event: [String: Any] = ["type": type, "x": point.x, "y": point.y, "buttons": buttonHeld ? 1 : 0]
        if type != "mouseMoved" || buttonHeld { event["button"] = "left" }
        if type != "mouseMoved" { event["clickCount"] = clickCount }
        try send("Input.dispatchMouseEvent", event, session: session)
    }

    /// Drags with the mouse from one point to another: moves there, presses the left button,
    /// moves in `steps` steps with it held, runs `hovering` (to look at the page while the
    /// cards hover), and releases it.
    package func drag(from start: (x: Double, y: Double), to end: (x: Double, y: Double), steps: Int = 5, session: String,
                      hovering: () throws -> Void = {}) throws {
        try mouse("mouseMoved", at: start, buttonHeld: false, session: session)
        try mouse("mousePressed", at: start, buttonHeld: true, session: session)
        for step in 1...max(1, steps) {
            let fraction = Double(step) / Double(max(1, steps))
            try mouse("mouseMoved", at: (start.x + (end.x - start.x) * fraction, start.y + (end.y - start.y) * fraction),
                      buttonHeld: true, session: session)
        }
        try hovering()
        try mouse("mouseReleased", at: end, buttonHeld: false, session: session)
    }

    /// Presses and releases a key, such as `ArrowLeft`, as the keyboard would.
    package func press(key: String, code: Int, session: String) throws {
        for type in ["rawKeyDown", "keyUp"] {
            try send("Input.dispatchKeyEvent", ["type": type, "key": key, "code": key, "windowsVirtualKeyCode": code], session: session)
        }
    }

    /// `text` as a JavaScript string literal.
    package static func javaScriptString(_ text: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: [text]), let array = String(data: data, encoding: .utf8) else { return "\"\"" }
        return String(array.dropFirst().dropLast())
    }

    /// Reads messages until one matches, keeping the events that do not.
    private func receive(until matches: ([String: Any]) -> Bool) throws -> [String: Any] {
        while true {
            while let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let message = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
                if matches(message) { return message }
                if message["method"] != nil { events.append(message) }
            }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, patience) > 0 else { throw Failure(description: "the browser did not answer within \(patience / 1000) s") }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure(description: "the browser closed the pipe") }
            buffer += chunk[..<count]
        }
    }
}
