// Weft
