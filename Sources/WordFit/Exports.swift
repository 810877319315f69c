// `import WordFit` brings the whole public API: the layers below are re-exported, so users
// never import them one by one.
@_exported import WordFitArchive
@_exported import WordFitCore
@_exported import WordFitDrawing
@_exported import WordFitImage
@_exported import WordFitPDF
@_exported import WordFitText
