import CHTTP
import Foundation
import WordFitCore

/// The desk's web page and JSON API over HTTP (libmicrohttpd through the `CHTTP` shim): one
/// thread answers every request in turn, so prints from the page, the API and a scanner line
/// are serialized, in order, on the one desk.
public final class DeskServer {
  /// The most bytes a request's body may hold.
  public static let maximumBody = 65536
  /// How long an idle connection is kept, in seconds.
  public static let idleSeconds: UInt32 = 15
  /// The most connections open at once.
  public static let connectionLimit: UInt32 = 256

  private let server: OpaquePointer
  private let routes: DeskRoutes
  /// The port it listens on.
  public let port: Int
  /// The address it listens on, as given.
  public let address: String

  /// Serves `desk` at `address` (an IP literal) and `port` (0: a free one), every request
  /// needing `token` when one is given.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming ``Parameter/listen`` when the address cannot be
  ///   listened on.
  public init(_ desk: SharedDesk, address: String, port: Int, token: String?) throws {
    routes = DeskRoutes(desk: desk, token: token)
    var message = [CChar](repeating: 0, count: 256)
    let context = Unmanaged.passUnretained(routes).toOpaque()
    guard
      let started = wf_http_start(
        address, Int32(port), Self.maximumBody, Self.idleSeconds, Self.connectionLimit,
        { context, request, response in
          guard let context, let request, let response else { return }
          Unmanaged<DeskRoutes>.fromOpaque(context).takeUnretainedValue().answer(request.pointee, into: response)
        }, context, &message, 256)
    else {
      throw WordFitError(
        .usage, "\(Parameter.listen) \(address):\(port): \(cString(message))",
        reason: .malformed(.listen, value: "\(address):\(port)", expected: "an address of this machine and a free port")
      )
    }
    (server, self.address) = (started, address)
    self.port = Int(wf_http_port(started))
  }

  deinit { wf_http_stop(server) }

  /// libmicrohttpd's version.
  public static var libraryVersion: String { String(cString: wf_http_version()) }
}
