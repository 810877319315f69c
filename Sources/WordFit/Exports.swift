// `import WordFit` brings the whole public API: the products and the layers below them are
// re-exported, so users never import them one by one.
@_exported import WordFitArchive
@_exported import WordFitBadges
@_exported import WordFitBatch
@_exported import WordFitChecking
@_exported import WordFitCore
@_exported import WordFitDesk
@_exported import WordFitDrawing
@_exported import WordFitImage
@_exported import WordFitLayout
@_exported import WordFitOutput
@_exported import WordFitPDF
@_exported import WordFitPreview
@_exported import WordFitStrings
@_exported import WordFitText
