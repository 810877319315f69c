import WordFit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

AllocatorTuning.apply()
do {
  exit(Tool.run(try Console.arguments()))
} catch {
  Console.error("wordfit: error: \(error.message)")
  exit(error.exitStatus)
}
