import Foundation
import WordFitCore

/// Pieces shared by the HTML pages WordFit writes (`check --html`, `preview --html`).
public enum HTMLPage {
  /// Creates the page's folder `directory` (and its `cells/`) now, before any work, so a folder
  /// that cannot be made fails first and nothing else is written.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the folder and the system's reason.
  public static func checkFolder(_ directory: String, subfolder: String? = "cells") throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw WordFitError(
        .io, "cannot write the page into \(directory): it is a file; give a folder for the page", input: directory)
    }
    let path = subfolder.map { directory + "/" + $0 } ?? directory
    if let reason = AtomicFile.createDirectory(path) {
      throw WordFitError(
        .io, "cannot create \(path): \(reason); choose a writable folder for the page", input: directory)
    }
  }

  /// `text` with `& < > "` escaped for HTML.
  public static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  /// A script that, once the page has loaded, records on `<html>` how many images the page has
  /// (`data-images-total`) and how many decoded (`data-images-loaded`): what
  /// `scripts/browser-test.sh` reads back from a headless browser.
  public static let imageCheckScript = """
    <script>addEventListener('load',function(){var i=document.images,n=0;for(var k=0;k<i.length;k++)\
    if(i[k].complete&&i[k].naturalWidth>0)n++;document.documentElement.dataset.imagesTotal=i.length;\
    document.documentElement.dataset.imagesLoaded=n;});</script>
    """
}
