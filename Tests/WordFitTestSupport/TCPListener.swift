import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A fake network printer for tests: listens on 127.0.0.1 at a free port and collects what
/// one connection sends until it ends.
public final class TCPListener: @unchecked Sendable {
  let descriptor: Int32
  /// The port it listens on.
  public let port: Int

  /// Listens on 127.0.0.1 at a free port.
  public init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
    }
    guard bound == 0, listen(fd, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
    }
    (descriptor, port) = (fd, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Stops listening.
  public func close() { _ = Glibc.close(descriptor) }

  /// Accepts one connection on a thread, answering `reply` once `request` bytes have come (a
  /// printer's status; `nil`: never answering), `delay` seconds later (calling `heard` first);
  /// the returned function waits for its bytes.
  public func acceptOne(
    reply: [UInt8]? = nil, after request: Int = 0, delay: Double = 0, heard: (@Sendable () -> Void)? = nil
  ) -> () -> [UInt8] {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var bytes: [UInt8] = []
    Thread {
      let client = accept(self.descriptor, nil, nil)
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let got = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, 65536, 0) }
        if got <= 0 { break }
        let before = bytes.count
        bytes += buffer.prefix(got)
        if let reply, before < request, bytes.count >= request {
          heard?()
          if delay > 0 { Thread.sleep(forTimeInterval: delay) }
          _ = reply.withUnsafeBytes { send(client, $0.baseAddress, reply.count, Int32(MSG_NOSIGNAL)) }
        }
      }
      _ = Glibc.close(client)
      done.signal()
    }.start()
    return {
      done.wait()
      return bytes
    }
  }
}
