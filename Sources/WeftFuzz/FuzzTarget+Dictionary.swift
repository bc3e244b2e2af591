extension FuzzTarget {
    /// Tokens worth splicing into this target's inputs (libFuzzer gets the same list from
    /// Fuzz/dict/TARGET.dict).
    public var dictionary: [[UInt8]] {
        let tokens: [String] = switch self {
        case .spirv, .cpuTranslator: []
        case .png: ["IHDR", "IDAT", "IEND", "PLTE", "tRNS", "gAMA", "sRGB", "iCCP", "\u{89}PNG\r\n\u{1A}\n"]
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
             "\"wave\"", "\"blur\"", "\"stripes\"", "\"amount\"", "\"shade\"", "\"time\""]
        case .signature:
            ["[[", "]]", "[[ stitchable ]]", "stitchable", "(", ")", "{", "}", ",", ";", "[", "]", "vec2", "vec4", "float", "int",
             "Layer", "ColorArray", "FloatArray", "sampler2D", "in", "out", "inout", "const", "highp", "position", "color",
             "/*", "*/", "//", "#define", "\n", "(color)", "(layer)", "(distortion)", "(blend)", "(fill)"]
        }
        return tokens.map { Array($0.utf8) }
    }
}
