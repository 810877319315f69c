import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 client for the desk's server tests: one request a connection.
enum HTTPClient {
  struct Reply {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(body)) }
  }

  /// Opens a connection to 127.0.0.1:`port` (or `nil`).
  static func connect(_ port: Int) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(fd)
      return nil
    }
    return fd
  }

  static func request(
    _ port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []
  ) throws -> Reply {
    guard let fd = connect(port) else { throw POSIXError(.ECONNREFUSED) }
    defer { close(fd) }
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
    let bytes = Array((head + "\r\n").utf8) + body
    var sent = 0
    while sent < bytes.count {
      let wrote = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if wrote <= 0 { break }
      sent += wrote
    }
    var reply: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65536, 0) }
      if got <= 0 { break }
      reply += buffer.prefix(got)
    }
    return parse(reply)
  }

  static func parse(_ reply: [UInt8]) -> Reply {
    let separator: [UInt8] = [13, 10, 13, 10]
    let end = (0..<max(0, reply.count - 3)).first { Array(reply[$0..<$0 + 4]) == separator } ?? reply.count
    let lines = String(decoding: reply[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2 { headers[parts[0].lowercased()] = parts[1] }
    }
    return Reply(status: status, headers: headers, body: Array(reply[min(reply.count, end + 4)...]))
  }
}
