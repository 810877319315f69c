/// A NUL-terminated C character buffer (an error message a C shim filled in) as a String.
package func cString(_ buffer: [CChar]) -> String {
  String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
