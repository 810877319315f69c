import WordFit

/// `wordfit merge-archives`: shards' archives joined into one, with one manifest in row order.
enum MergeArchivesCommand {
  /// What `merge-archives` is asked.
  struct Input {
    var output: String?
    var archive: ArchiveFormat?
  }

  static let options: [Option<Input>] = [
    .value(
      "output", short: "o", "FILE", \.output, as: .string,
      help: "The merged archive to write (required): .zip, .tar or .tar.zst."),
    .value(
      .archive, "zip|tar|tar.zst", \.archive, as: .parsed(BatchCommand.parseArchive),
      help: "Write this container whatever the output's name."),
  ]

  static let command = Command(
    name: "merge-archives", abstract: "Join shards' archives into one, with one manifest in row order.",
    usage: "wordfit merge-archives A.zip B.zip … -o ALL.zip",
    discussion: """
      Copies every file of the archives given (ZIP, tar, tar.zst — what batch --out writes per shard, \
      badges-shardKofN.zip …), in the order given, into one archive, and joins their manifest.jsonl entries \
      into one, its lines in row order. A name or a row in two archives (an archive given twice, or archives of \
      two runs) is refused; so are entries that are links, absolute or climb out with '..'. The manifest's \
      lines are held in memory to be ordered (about 250 bytes a row). Exit status: 0, 64 usage (no -o, an \
      output that is an input, an archive given twice), 65 a damaged archive or a name or row in two, 66 a \
      missing input, 74 write error.
      """,
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    var input = Input()
    try parsed.apply(to: &input)
    guard let output = input.output else {
      throw WordFitError(
        .usage, "give the merged archive with -o FILE, e.g. wordfit merge-archives A.zip B.zip -o ALL.zip")
    }
    guard !parsed.positionals.isEmpty else {
      throw WordFitError(
        .usage, "give the archives to merge, e.g. wordfit merge-archives badges-shard*of8.zip -o all.zip")
    }
    let summary = try ArchiveMerger.merge(parsed.positionals, into: output, format: input.archive)
    let count = parsed.positionals.count
    Console.error(
      "\(output): \(summary.entries) files and \(summary.manifestLines) manifest lines from \(count) archive\(count == 1 ? "" : "s")"
    )
    return 0
  }
}
