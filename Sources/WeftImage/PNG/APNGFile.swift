/// Animated PNGs (APNG 1.0): each frame encoded by libpng, the frames' image data re-chunked
/// into one file (Debian's libpng lacks the APNG patch, so Weft writes the animation chunks itself).
/// The first frame is also the file's default image, so a viewer without APNG support shows it.
public enum APNGFile {
    /// Encodes premultiplied frames, all of one size, shown `delay` seconds each (a fraction
    /// `numerator/denominator`, as APNG stores it), looping forever.
    public static func encode(_ frames: [PixelBuffer], delay: (numerator: UInt16, denominator: UInt16),
                              bitDepth: PNGBitDepth = .eight, colorMode: ColorMode = .nonLinear) throws(PNGError) -> [UInt8] {
        guard let first = frames.first else { throw .invalidImage(detail: "an animation needs at least one frame") }
        for (i, frame) in frames.enumerated() where frame.width != first.width || frame.height != first.height {
            throw .invalidImage(detail: "frame \(i) is \(frame.width)×\(frame.height), the first \(first.width)×\(first.height); APNG frames here share one size")
        }
        var out = PNGFile.signature
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let chunks = PNGChunkIO.split(try PNGFile.encode(frame, bitDepth: bitDepth, colorMode: colorMode))
            if index == 0 {
                for chunk in chunks.prefix(while: { $0.type != "IDAT" }) {
                    PNGChunkIO.write(chunk.type, chunk.data, to: &out)
                    if chunk.type == "IHDR" {
                        var control: [UInt8] = []
                        PNGChunkIO.append(UInt32(frames.count), to: &control)
                        PNGChunkIO.append(UInt32(0), to: &control)  // plays: forever
                        PNGChunkIO.write("acTL", control, to: &out)
                    }
                }
            }
            var control: [UInt8] = []
            PNGChunkIO.append(sequence, to: &control)
            PNGChunkIO.append(UInt32(frame.width), to: &control)
            PNGChunkIO.append(UInt32(frame.height), to: &control)
            PNGChunkIO.append(UInt32(0), to: &control)
            PNGChunkIO.append(UInt32(0), to: &control)
            PNGChunkIO.append(delay.numerator, to: &control)
            PNGChunkIO.append(delay.denominator, to: &control)
            control += [0, 0]  // dispose: none; blend: source (each frame replaces the whole canvas)
            PNGChunkIO.write("fcTL", control, to: &out)
            sequence += 1
            for chunk in chunks where chunk.type == "IDAT" {
                if index == 0 {
                    PNGChunkIO.write("IDAT", chunk.data, to: &out)
                } else {
                    var data: [UInt8] = []
                    PNGChunkIO.append(sequence, to: &data)
                    data += chunk.data
                    PNGChunkIO.write("fdAT", data, to: &out)
                    sequence += 1
                }
            }
        }
        PNGChunkIO.write("IEND", [UInt8](), to: &out)
        return out
    }

    /// The delay of one frame at `fps` frames a second, as APNG's fraction: 100/(100·fps).
    public static func delay(fps: Double) -> (numerator: UInt16, denominator: UInt16) {
        (100, UInt16(min(max((fps * 100).rounded(), 1), Double(UInt16.max))))
    }

    /// Writes the animation to `path`, whole or not at all.
    public static func write(_ frames: [PixelBuffer], fps: Double, to path: String) throws(PNGError) {
        try PNGFile.write(try encode(frames, delay: delay(fps: fps)), to: path)
    }
}
