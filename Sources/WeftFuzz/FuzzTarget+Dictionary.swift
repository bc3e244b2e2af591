extension FuzzTarget {
    /// Tokens worth splicing into this target's inputs (libFuzzer gets the same list from
    /// Fuzz/dict/TARGET.dict).
    public var dictionary: [[UInt8]] {
        let tokens: [String] = switch self {
        case .spirv, .cpuTranslator: []
        case .png: ["IHDR", "IDAT", "IEND", "PLTE", "tRNS", "gAMA", "sRGB", "iCCP"]
        case .jpeg: ["Exif\0\0", "MM\0*", "II*\0", "Adobe"]
        case .scene:
            ["{", "}", "[", "]", ":", ",", "\"", "null", "true", "false", "-0", "1e999", "-1e999", "1e-999", "4294967296",
             "\"#ff8c1a\"", "\"#0000004d\"", "\"$time\"", "\"$boundingRect\"",
             "\"angularGradient\"", "\"args\"", "\"background\"", "\"blendMode\"", "\"bottom\"", "\"bottomLeading\"", "\"bottomTrailing\"", "\"capsule\"",
             "\"center\"", "\"circle\"", "\"color\"", "\"colorEffect\"", "\"colorMode\"", "\"colors\"", "\"compositingGroup\"", "\"cornerRadius\"",
             "\"degrees\"", "\"distortionEffect\"", "\"drawingGroup\"", "\"ellipse\"", "\"endAngle\"", "\"endPoint\"", "\"endRadius\"", "\"fill\"",
             "\"frame\"", "\"height\"", "\"image\"", "\"layerEffect\"", "\"leading\"", "\"linearGradient\"", "\"location\"", "\"maxSampleOffset\"",
             "\"modifiers\"", "\"offset\"", "\"opacity\"", "\"opaque\"", "\"padding\"", "\"path\"", "\"radialGradient\"", "\"radians\"",
             "\"radius\"", "\"rectangle\"", "\"root\"", "\"rotationEffect\"", "\"roundedRectangle\"", "\"scale\"", "\"scaleEffect\"", "\"shader\"",
             "\"shaders\"", "\"shadow\"", "\"size\"", "\"startAngle\"", "\"startPoint\"", "\"startRadius\"", "\"stops\"", "\"top\"",
             "\"topLeading\"", "\"topTrailing\"", "\"trailing\"", "\"width\"", "\"x\"", "\"y\"", "\"zstack\"", "\"tint\"",
             "\"wave\"", "\"blur\"", "\"stripes\"", "\"amount\"", "\"shade\"", "\"time\"",
             "\"states\"", "\"timeline\"", "\"at\"", "\"state\"", "\"animation\"", "\"duration\"", "\"reduceMotion\"",
             "\"linear\"", "\"easeIn\"", "\"easeOut\"", "\"easeInOut\"", "\"spring\"", "\"response\"", "\"dampingFraction\"",
             "\"hstack\"", "\"vstack\"", "\"spacing\"", "\"alignment\"", "\"children\"", "\"spacer\"", "\"minLength\"",
             "\"text\"", "\"string\"", "\"minWidth\"", "\"maxWidth\"", "\"minHeight\"", "\"maxHeight\"", "\"infinity\"",
             "\"id\"", "\"transition\"", "\"move\"", "\"geometryGroup\"", "\"namespace\"", "\"matchedGeometryEffect\"",
             "\"in\"", "\"properties\"", "\"anchor\"", "\"isSource\"", "\"onGeometryChange\"", "\"of\"", "\"threshold\"",
             "\"below\"", "\"otherwise\"", "\"blendEffect\"", "\"component\"", "\"initial\"", "\"name\"",
             "\"font\"", "\"headline\"", "\"largeTitle\"", "\"caption2\"", "\"weight\"", "\"bold\"", "\"design\"", "\"rounded\"", "\"monospaced\"", "\"family\"", "\"file\"", "\"style\"", "\"lineLimit\"", "\"multilineTextAlignment\"", "\"fontWeight\"", "\"orange\"", "\"\\u2603\"", "\"\\udbff\\udffd\""]
        case .presets:
            ["{", "}", "[", "]", ":", ",", "\"", "null", "true", "false", "-0", "-1", "1e999", "-1e999", "1e-999", "4294967296",
             "\"args\"", "\"maxSampleOffset\"", "\"#ff8c1a\"", "\"#0000004d\"", "\"$time\"", "\"$boundingRect\"", "\"$size\"",
             "\"$frame\"", "\"$mouse\"", "\"image.png\""]
        case .signature:
            ["[[", "]]", "[[ stitchable ]]", "stitchable", "(", ")", "{", "}", ",", ";", "[", "]", "vec2", "vec4", "float", "int",
             "Layer", "ColorArray", "FloatArray", "sampler2D", "in", "out", "inout", "const", "highp", "position", "color",
             "/*", "*/", "//", "#define", "\n", "(color)", "(layer)", "(distortion)", "(blend)", "(fill)"]
        case .svgPath:
            ["M", "m", "L", "l", "H", "h", "V", "v", "C", "c", "S", "s", "Q", "q", "T", "t", "A", "a", "Z", "z",
             " ", ",", "-", ".", "e", "e-", "0", "1", "1e999", "-1e-999", "0 0 1", "1 1 0", ".5.5", "10,10"]
        }
        return tokens.map { Array($0.utf8) } + (self == .png ? [Self.pngSignature] : []) + (self == .jpeg ? Self.jpegMarkers : [])
    }

    /// Bytes, not text: as a string, 0x89 would be the two UTF-8 bytes of U+0089.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Start of image, baseline and progressive frames, Huffman and quantisation tables, start of scan, end of image,
    /// the Exif and Adobe segments, the orientation tag.
    static let jpegMarkers: [[UInt8]] = [[0xFF, 0xD8, 0xFF], [0xFF, 0xC0], [0xFF, 0xC2], [0xFF, 0xC4], [0xFF, 0xDB], [0xFF, 0xDA],
                                         [0xFF, 0xD9], [0xFF, 0xE1], [0xFF, 0xEE], [0x01, 0x12, 0x00, 0x03]]
}
