// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "WordFit",
  products: [
    .library(name: "WordFit", targets: ["WordFit"]),
    .executable(name: "wordfit", targets: ["wordfit"]),
  ],
  targets: [
    // FreeType, through a header-only shim: macros become functions, error codes become strings.
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]
    ),
    // libpng's headers and library; only CPNG includes it.
    .systemLibrary(
      name: "CLibPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    // A small C encoder/decoder around libpng that keeps setjmp/longjmp inside C.
    .target(name: "CPNG", dependencies: ["CLibPNG"]),
    // The bundled, open-licensed fonts (see Fonts/LICENSE-DejaVu.txt).
    .target(
      name: "WordFitFonts",
      path: "Fonts",
      exclude: ["LICENSE-DejaVu.txt"],
      resources: [.copy("DejaVuSans-Bold.ttf"), .copy("DejaVuSans.ttf")]
    ),
    .target(name: "WordFit", dependencies: ["CFreeType", "CPNG", "WordFitFonts"]),
    .executableTarget(name: "wordfit", dependencies: ["WordFit"]),
    // In-process timings of WordFit's phases (see Benchmarks/README.md); not part of the product.
    .executableTarget(name: "wordfit-bench", dependencies: ["WordFit"], path: "Benchmarks/Sources/wordfit-bench"),
    .testTarget(name: "WordFitTests", dependencies: ["WordFit", "wordfit"]),
  ]
)
