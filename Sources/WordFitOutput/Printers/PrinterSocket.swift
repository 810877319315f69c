import Foundation
import WordFitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A TCP connection to a network label printer (Zebra's and Brother's raw port, 9100), every
/// step bounded in time: a printer that does not answer is named, never waited for.
public final class PrinterSocket {
  /// The connected socket's descriptor.
  private let descriptor: Int32
  /// The address as given (`HOST:PORT`), for messages.
  public let address: String
  /// How long one connect, write or read may wait, in seconds.
  public let timeout: Double

  /// Connects to `host`'s `port`, waiting at most `timeout` seconds.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the address when it does not resolve, refuses or
  ///   does not answer in time.
  public init(host: String, port: Int, timeout: Double = 5) throws {
    address = "\(host):\(port)"
    self.timeout = timeout
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
      throw WordFitError(.io, "the printer \(host):\(port) does not resolve; check the host name")
    }
    defer { freeaddrinfo(list) }
    var failure = "refused the connection"
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
      if fd >= 0 {
        if let problem = Self.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen, timeout: timeout) {
          failure = problem
          close(fd)
        } else {
          descriptor = fd
          return
        }
      }
      entry = info.pointee.ai_next
    }
    throw WordFitError(.io, "the printer \(host):\(port) \(failure); check that it is on and on the network")
  }

  deinit { close(descriptor) }

  /// Connects `fd` without blocking past `timeout`; `nil` on success, else what went wrong.
  private static func connect(
    _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t, timeout: Double
  )
    -> String?
  {
    let flags = fcntl(fd, F_GETFL)
    _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    if Glibc.connect(fd, address, length) != 0 {
      guard errno == EINPROGRESS else { return String(cString: strerror(errno)).lowercased() }
      guard wait(fd, for: Int16(POLLOUT), timeout: timeout) else {
        return "did not answer in \(TextFormatting.pixels(timeout)) s"
      }
      var error: Int32 = 0
      var size = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
      if error != 0 { return String(cString: strerror(error)).lowercased() }
    }
    return nil
  }

  /// Whether `fd` is ready for `events` within `timeout` seconds (interrupted waits resumed).
  private static func wait(_ fd: Int32, for events: Int16, timeout: Double) -> Bool {
    var entry = pollfd(fd: fd, events: events, revents: 0)
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000).rounded(.up))
      let ready = poll(&entry, 1, left)
      if ready > 0 { return true }
      if ready == 0 || errno != EINTR { return false }
    }
  }

  /// Sends every byte of `bytes`.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the printer when it stops taking bytes for longer
  ///   than the timeout or closes the connection.
  /// - Complexity: O(*n*) in the bytes' count.
  public func send(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      guard Self.wait(descriptor, for: Int16(POLLOUT), timeout: timeout) else {
        throw WordFitError(
          .io,
          "the printer \(address) stopped taking the job after \(sent) of \(bytes.count) bytes; check its paper and cover"
        )
      }
      let written = bytes.withUnsafeBytes { buffer in
        buffer.baseAddress.map { Glibc.send(descriptor, $0 + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) } ?? 0
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw WordFitError(.io, "the printer \(address) closed the connection: \(String(cString: strerror(errno)))")
      }
      sent += written
    }
  }

  /// Reads up to `count` bytes, waiting at most the timeout for the first; fewer when the
  /// printer answers less, empty when it does not answer.
  ///
  /// - Throws: ``WordFitError`` `.io` when the connection fails.
  public func read(upTo count: Int) throws -> [UInt8] {
    guard Self.wait(descriptor, for: Int16(POLLIN), timeout: timeout) else { return [] }
    var buffer = [UInt8](repeating: 0, count: count)
    let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
    guard got >= 0 else {
      throw WordFitError(.io, "the printer \(address) failed to answer: \(String(cString: strerror(errno)))")
    }
    return Array(buffer.prefix(got))
  }

  /// Asks the printer for its status in `language` and reads the whole answer, within the
  /// timeout; `nil` for a language with no status request.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the printer when it does not answer in time,
  ///   `.invalidData` when the answer is not a status.
  public func status(in language: LabelPrinter) throws -> PrinterStatus? {
    guard let request = PrinterStatus.request(for: language) else { return nil }
    try send(request)
    var reply: [UInt8] = []
    while !PrinterStatus.isComplete(reply, for: language) {
      let more = try read(upTo: 512)
      guard !more.isEmpty, reply.count < 4096 else {
        throw WordFitError(
          .io,
          "the printer \(address) did not answer its status request in \(TextFormatting.pixels(timeout)) s; check that it is a \(language.languageName) printer, or skip the check (\(Parameter.noStatus))"
        )
      }
      reply += more
    }
    switch language {
    case .brotherQL: return try PrinterStatus.brotherQL(reply)
    case .zpl: return try PrinterStatus.zpl(reply)
    case .cups: return nil
    }
  }

  /// Ends the job: no more bytes are sent (the printer sees the end of the stream; the
  /// descriptor is closed when the socket goes).
  public func finish() {
    shutdown(descriptor, Int32(SHUT_WR))
  }
}
