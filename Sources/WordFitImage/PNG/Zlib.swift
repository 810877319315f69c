import CPNG

/// zlib streams (RFC 1950: a DEFLATE stream with a header and an Adler-32), for printer
/// languages that carry compressed bitmaps (ZPL's `:Z64:`).
public enum Zlib {
  /// `bytes` compressed at `level` (1 … 12, libdeflate's levels; 9 is zlib's best).
  ///
  /// - Complexity: O(*n*) in the bytes.
  public static func compress(_ bytes: [UInt8], level: Int32 = 9) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: wf_zlib_bound(bytes.count))
    let written = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        wf_zlib_compress(input.baseAddress, input.count, level, output.baseAddress, output.count)
      }
    }
    out.removeSubrange(written...)
    return out
  }
}
