import CFreeType
import WordFitCore

/// One FreeType library instance. FreeType libraries are not thread-safe: each ``Font`` owns
/// the library its face was opened with, so one font is used on one thread at a time.
final class FreeTypeLibrary {
  let handle: wf_library

  init() throws {
    var handle: wf_library?
    let error = wf_ft_init(&handle)
    guard error == 0, let handle else {
      throw WordFitError(.io, "FreeType could not start: \(String(cString: wf_ft_error_string(error)))")
    }
    self.handle = handle
  }

  deinit {
    wf_ft_done_library(handle)
  }

  /// FreeType's version, for example `2.12.1`.
  var version: String {
    var major: Int32 = 0
    var minor: Int32 = 0
    var patch: Int32 = 0
    wf_ft_version(handle, &major, &minor, &patch)
    return "\(major).\(minor).\(patch)"
  }
}

/// FreeType's message for an error code.
func freeTypeMessage(_ error: Int32) -> String {
  String(cString: wf_ft_error_string(error))
}
