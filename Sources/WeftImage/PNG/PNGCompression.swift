/// How hard the PNG encoder compresses: libpng's defaults for single images, or zlib level 1 with the Sub filter on
/// every row for frame sequences, where encoding time matters more than a somewhat larger file.
public enum PNGCompression: Sendable, Hashable {
    case standard
    case fast
}
