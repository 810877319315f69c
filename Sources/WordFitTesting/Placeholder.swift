import WordFit
