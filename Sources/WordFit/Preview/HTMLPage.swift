/// Pieces shared by the HTML pages WordFit writes (`check --html`, `preview --html`).
public enum HTMLPage {
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
