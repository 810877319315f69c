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
