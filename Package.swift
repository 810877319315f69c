// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
  name: "WordFit",
  products: [
    .library(name: "WordFit", targets: ["WordFit"]),
    .library(name: "WordFitTesting", targets: ["WordFitTesting"]),
    .executable(name: "wordfit", targets: ["wordfit"]),
  ],
  targets: [
    // FreeType, through a header-only shim: macros become functions, error codes become strings.
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]
    ),
    // HarfBuzz (with hb-ft, so FreeType stays the font backend): shaping.
    .systemLibrary(
      name: "CHarfBuzz",
      pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"])]
    ),
    // FriBidi: the Unicode bidirectional algorithm.
    .systemLibrary(
      name: "CFriBidi",
      pkgConfig: "fribidi",
      providers: [.apt(["libfribidi-dev"])]
    ),
    // ICU (libicu-dev): line breaking (UAX #14) with its dictionaries for Thai, Lao, Khmer,
    // Myanmar and CJK. A C target, not a system-library module: no ICU type may reach Swift,
    // where it would clash with Foundation's own ICU module.
    .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
    // libhyphen (libhyphen-dev; the Hunspell/LibreOffice hyphenator, Liang patterns) with
    // Debian's hyph_*.dic dictionaries: hyphenation points for wrapped text. A C target (the
    // library ships no pkg-config file); CHyphen is the door, converting words to each
    // dictionary's character set with iconv.
    .target(name: "CHyphen", linkerSettings: [.linkedLibrary("hyphen")]),
    // libqrencode: QR code symbols for badge templates.
    .systemLibrary(
      name: "CQRencode",
      pkgConfig: "libqrencode",
      providers: [.apt(["libqrencode-dev"])]
    ),
    // cairo (libcairo2-dev): the PDF writer, with cairo-ft over WordFitText's FreeType faces.
    // CCairoLib only carries cairo's include paths and library; the C target CCairo is the door.
    .systemLibrary(
      name: "CCairoLib",
      pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]
    ),
    .target(name: "CCairo", dependencies: ["CCairoLib"]),
    // qpdf (libqpdf-dev): `merge-pdf` copies shards' pages into one PDF without re-rendering.
    // CQPDFLib only carries the headers (in the system's include path); the C target CQPDF is
    // the door, and opens libqpdf.so.29 when a PDF is first merged or read, so a process that
    // never does pays nothing for it at start.
    .systemLibrary(name: "CQPDFLib", providers: [.apt(["libqpdf-dev"])]),
    .target(name: "CQPDF", dependencies: ["CQPDFLib"]),
    // libcups (libcups2-dev): `--printer cups:QUEUE…` hands a badge to a CUPS queue. CCUPSLib
    // only carries the headers (Debian 12's libcups2-dev has no pkg-config file); the C target
    // CCUPS is the door, and opens libcups.so.2 when a job is first printed.
    .systemLibrary(name: "CCUPSLib", providers: [.apt(["libcups2-dev"])]),
    .target(name: "CCUPS", dependencies: ["CCUPSLib"]),
    // libarchive (libarchive-dev): batch output as one ZIP or tar stream instead of a file per
    // badge. CArchiveLib only carries its include paths and library; the C target CArchive is
    // the door.
    .systemLibrary(
      name: "CArchiveLib",
      pkgConfig: "libarchive",
      providers: [.apt(["libarchive-dev"])]
    ),
    .target(name: "CArchive", dependencies: ["CArchiveLib"]),
    // libwebp (libwebp-dev): lossless WebP output (`-o x.webp`, `batch --format webp`), with
    // libwebpmux for the XMP packet that records what the image shows. CWebPLib only carries the
    // headers and libraries; the C target CWebP is the door.
    .systemLibrary(
      name: "CWebPLib",
      pkgConfig: "libwebpmux",
      providers: [.apt(["libwebp-dev"])]
    ),
    .target(name: "CWebP", dependencies: ["CWebPLib"]),
    // libmicrohttpd (libmicrohttpd-dev): the desk's page and JSON API, one serving thread.
    // CHTTPLib only carries the header (no pkg-config: the library is opened by the shim when a
    // desk serves, never linked); the C target CHTTP is the door.
    .systemLibrary(
      name: "CHTTPLib",
      providers: [.apt(["libmicrohttpd-dev"])]
    ),
    .target(name: "CHTTP", dependencies: ["CHTTPLib"]),
    // fontconfig: fonts by family name, and the fallback font for characters a font lacks.
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]
    ),
    // libpng's headers and library; only CPNG includes it.
    .systemLibrary(
      name: "CLibPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    // libdeflate: a faster DEFLATE than zlib at the same ratio, for WordFit's PNG writer.
    .systemLibrary(
      name: "CLibDeflate",
      pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"])]
    ),
    // The PNG codec in C: its own chunk writer over libdeflate, and libpng (which keeps its
    // setjmp/longjmp inside C) for reading and as the reference writer.
    .target(name: "CPNG", dependencies: ["CLibPNG", "CLibDeflate"]),
    // The bundled, open-licensed fonts (see Fonts/LICENSE-DejaVu.txt).
    .target(
      name: "WordFitFonts",
      path: "Fonts",
      exclude: ["LICENSE-DejaVu.txt", "LICENSE-Inter.txt", "LICENSE-Roboto.txt"],
      // BudouX's phrase models (Apache-2.0, with their LICENSE and SOURCE): data `--word-break
      // phrase` reads, found the way the fonts are.
      resources: [
        .copy("DejaVuSans-Bold.ttf"), .copy("DejaVuSans.ttf"), .copy("InterDisplay-Variable.ttf"),
        // Static instances of it, one per standard weight (scripts/make-standin-instances.py).
        .copy("InterDisplay-Thin.ttf"), .copy("InterDisplay-ExtraLight.ttf"), .copy("InterDisplay-Light.ttf"),
        .copy("InterDisplay-Regular.ttf"), .copy("InterDisplay-Medium.ttf"), .copy("InterDisplay-SemiBold.ttf"),
        .copy("InterDisplay-Bold.ttf"), .copy("InterDisplay-ExtraBold.ttf"), .copy("InterDisplay-Black.ttf"),
        // Roboto, Wear OS's system font (Apache-2.0, Debian's fonts-roboto-unhinted): drawn on Wear
        // OS canvases when no Roboto is installed.
        .copy("Roboto-Thin.ttf"), .copy("Roboto-Light.ttf"), .copy("Roboto-Regular.ttf"), .copy("Roboto-Medium.ttf"),
        .copy("Roboto-Bold.ttf"), .copy("Roboto-Black.ttf"),
        .copy("BudouX"),
      ]
    ),
    // The layers, each depending only on those below it (README, "Architecture"):
    // geometry, presets, files and the fitting engine; no C module, no font code.
    .target(name: "WordFitCore"),
    // Fonts, shaping and fallback: FreeType, HarfBuzz, FriBidi and fontconfig, each behind its
    // own shim.
    .target(
      name: "WordFitText",
      dependencies: ["WordFitCore", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "CICU", "CHyphen"]),
    // Canvas, compositing, PNG (CPNG) and the image comparator.
    .target(name: "WordFitImage", dependencies: ["WordFitCore", "CPNG", "CQRencode"]),
    // PDF: pages drawn in pixels of a resolution, text as embedded glyphs (CCairo).
    .target(name: "WordFitPDF", dependencies: ["WordFitCore", "WordFitText", "WordFitImage", "CCairo", "CQPDF"]),
    // The display list every renderer makes, and its painters: raster (a canvas), PDF, SVG.
    .target(
      name: "WordFitDrawing", dependencies: ["WordFitCore", "WordFitText", "WordFitImage", "WordFitPDF"]),
    // The output layer: the format decided once (OutputFormat), the image encoders (PNG, WebP
    // through CWebP, label printers' jobs), the printers (ZPL, Brother QL, CUPS through CCUPS)
    // and where outputs go (OutputRequest: a file, standard output, a queue, a folder or an
    // archive of a batch's files).
    .target(
      name: "WordFitOutput",
      dependencies: [
        "WordFitCore", "WordFitText", "WordFitImage", "WordFitPDF", "WordFitDrawing", "WordFitArchive", "CCUPS",
        "CWebP",
      ]),
    // Archives: regular files streamed into one ZIP or tar, deterministic.
    .target(name: "WordFitArchive", dependencies: ["WordFitCore", "CArchive"]),
    // The products, each a target over the layers (README, "Architecture"): a product reaches
    // a sibling only through a dependency declared here.
    // Layouts: specs resolved into a complete ResolvedLayout, fonts by name, the text and
    // stack renderers.
    .target(
      name: "WordFitLayout",
      dependencies: [
        "WordFitCore", "WordFitText", "WordFitImage", "WordFitPDF", "WordFitDrawing", "WordFitOutput", "WordFitFonts",
      ]),
    // Golden checking: the verifier, the checker, its reports (JUnit, GitHub, JSON).
    .target(name: "WordFitChecking", dependencies: ["WordFitLayout"]),
    // Badges: templates, label stock, print sheets and the badge PDF.
    .target(name: "WordFitBadges", dependencies: ["WordFitLayout"]),
    // Batches: the runner, CSV, manifest and the outputs (files, archives, PDF).
    .target(name: "WordFitBatch", dependencies: ["WordFitBadges", "WordFitArchive"]),
    // Preview sheets: one layout in many sizes, languages and watches, as PNG and HTML.
    .target(name: "WordFitPreview", dependencies: ["WordFitLayout", "WordFitDrawing", "WordFitOutput"]),
    // Localized strings: catalogs, XLIFF and .strings files checked against their layouts; their
    // CI reports through checking's JUnit and annotation writers.
    .target(name: "WordFitStrings", dependencies: ["WordFitPreview", "WordFitChecking", "WordFitOutput"]),
    // The check-in desk: an export, a template and a printer kept warm; each scan prints.
    .target(name: "WordFitDesk", dependencies: ["WordFitBatch", "CHTTP"]),
    // The public face: re-exports the products and the layers, with the DocC catalog.
    .target(
      name: "WordFit",
      dependencies: [
        "WordFitLayout", "WordFitChecking", "WordFitBadges", "WordFitBatch", "WordFitPreview", "WordFitStrings",
        "WordFitDesk",
      ]),
    // Golden-image assertions for users' own Swift Testing and XCTest suites.
    .target(name: "WordFitTesting", dependencies: ["WordFit"]),
    .executableTarget(name: "wordfit", dependencies: ["WordFit"]),
    // In-process timings of WordFit's phases (see Benchmarks/README.md); not part of the product.
    .executableTarget(name: "wordfit-bench", dependencies: ["WordFit"], path: "Benchmarks/Sources/wordfit-bench"),
    // The public conformance suites run through the library (scripts/conformance.sh); not part
    // of the product.
    .executableTarget(
      name: "wordfit-conformance", dependencies: ["WordFit", "WordFitText", "WordFitFonts"],
      path: "Conformance/Sources/wordfit-conformance"),
    // Tests by layer: each target reaches only its layer (and those below it); the helpers
    // they share (paths, the command runner, a PNG builder, the fake measurer) are one small
    // target over WordFitCore.
    .target(name: "WordFitTestSupport", dependencies: ["WordFitCore"], path: "Tests/WordFitTestSupport"),
    .testTarget(name: "WordFitCoreTests", dependencies: ["WordFitCore", "WordFitTestSupport"]),
    .testTarget(name: "WordFitTextTests", dependencies: ["WordFitText", "WordFitTestSupport"], exclude: ["Inputs"]),
    .testTarget(name: "WordFitImageTests", dependencies: ["WordFitImage", "WordFitTestSupport"]),
    .testTarget(name: "WordFitPDFTests", dependencies: ["WordFitPDF", "WordFitTestSupport"]),
    .testTarget(name: "WordFitDrawingTests", dependencies: ["WordFitDrawing", "WordFitTestSupport"]),
    .testTarget(name: "WordFitArchiveTests", dependencies: ["WordFitArchive", "WordFitTestSupport"]),
    .testTarget(
      name: "WordFitOutputTests", dependencies: ["WordFitOutput", "WordFitArchive", "WordFitTestSupport"],
      exclude: ["Inputs"]),
    // The product tests; golden assertions (through the one GoldenVerifier) are a helper of
    // their own, since checking sits above the layouts.
    .target(
      name: "WordFitGoldenSupport", dependencies: ["WordFitChecking", "WordFitTestSupport"],
      path: "Tests/WordFitGoldenSupport"),
    .testTarget(
      name: "WordFitLayoutTests",
      dependencies: ["WordFitLayout", "WordFitBadges", "WordFitPreview", "WordFitTestSupport", "WordFitGoldenSupport"]),
    .testTarget(
      name: "WordFitCheckingTests", dependencies: ["WordFitChecking", "WordFitOutput", "WordFitTestSupport"]),
    .testTarget(
      name: "WordFitBadgesTests",
      dependencies: ["WordFitBadges", "WordFitOutput", "WordFitTestSupport", "WordFitGoldenSupport"]),
    .testTarget(
      name: "WordFitBatchTests",
      dependencies: ["WordFitBatch", "WordFitBadges", "WordFitChecking", "WordFitOutput", "WordFitTestSupport"]),
    .testTarget(
      name: "WordFitPreviewTests",
      dependencies: ["WordFitPreview", "WordFitOutput", "WordFitTestSupport", "WordFitGoldenSupport"]),
    .testTarget(name: "WordFitStringsTests", dependencies: ["WordFitStrings", "WordFitTestSupport"]),
    .testTarget(name: "WordFitDeskTests", dependencies: ["WordFitDesk", "WordFitTestSupport"]),
    // The umbrella: one import reaches the products; Inputs/ holds the fuzzers' finds, which the
    // tests of several targets read.
    .testTarget(name: "WordFitTests", dependencies: ["WordFit", "WordFitTestSupport"], exclude: ["Inputs"]),
    .testTarget(
      name: "wordfitTests",
      dependencies: [
        "wordfit", "WordFit", "WordFitTestSupport", "WordFitGoldenSupport", "WordFitLayout", "WordFitChecking",
        "WordFitBadges", "WordFitBatch", "WordFitPreview", "WordFitStrings",
      ]),
  ]
)

// Fuzz targets (scripts/fuzz.sh): built only with WORDFIT_FUZZ set, with libFuzzer providing
// main, so ordinary builds never see a second entry point.
if ProcessInfo.processInfo.environment["WORDFIT_FUZZ"] != nil {
  package.targets.append(
    .executableTarget(
      name: "wordfit-fuzz", dependencies: ["WordFit", "WordFitFonts"], path: "Fuzz/Sources/wordfit-fuzz",
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
