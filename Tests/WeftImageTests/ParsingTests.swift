import Testing
import WeftImage

@Suite struct ColorParsingTests {
    static let accepted: [(String, Color)] = [
        ("#ff8c1a", Color(red: 1, green: Float(0x8c) / 255, blue: Float(0x1a) / 255, alpha: 1)),
        ("#FF8C1A", Color(red: 1, green: Float(0x8c) / 255, blue: Float(0x1a) / 255, alpha: 1)),
        ("ff8c1a", Color(red: 1, green: Float(0x8c) / 255, blue: Float(0x1a) / 255, alpha: 1)),
        ("#ff8c1a80", Color(red: 1, green: Float(0x8c) / 255, blue: Float(0x1a) / 255, alpha: Float(0x80) / 255)),
        ("#00000000", Color(red: 0, green: 0, blue: 0, alpha: 0)),
        ("1,0.55,0.1,1", Color(red: 1, green: 0.55, blue: 0.1, alpha: 1)),
        ("1, 0.55, 0.1, 0.5", Color(red: 1, green: 0.55, blue: 0.1, alpha: 0.5)),
        ("0,0,0", Color(red: 0, green: 0, blue: 0, alpha: 1)),
        (" .25,1,0 ", Color(red: 0.25, green: 1, blue: 0, alpha: 1)),
        ("\t #ff8c1a  \t", Color(red: 1, green: Float(0x8c) / 255, blue: Float(0x1a) / 255, alpha: 1)),
        ("\t1 ,\t0.5\t, 0 ", Color(red: 1, green: 0.5, blue: 0, alpha: 1)),
        (" \twhite\t ", .white),
        ("white", .white),
        ("Clear", .clear),
        ("orange", .orange),
    ]

    static let rejected: [(String, String)] = [
        ("", "empty"),
        ("   ", "empty"),
        ("#ff8c1", "5 hex digits"),
        ("#ff8c1a8", "7 hex digits"),
        ("#ff8c1g", "not hexadecimal"),
        ("#", "0 hex digits"),
        ("1,0.5", "2 components"),
        ("1,0.5,0.2,1,1", "5 components"),
        ("1,,0.2", "green \"\" is not a number"),
        ("1,0.5,x", "blue \"x\" is not a number"),
        ("1.5,0,0", "red 1.5 is outside 0…1"),
        ("0,0,0,-0.1", "alpha -0.1 is outside 0…1"),
        ("nan,0,0", "red \"nan\" is not a number"),
        ("inf,0,0", "red \"inf\" is not a number"),
        ("chartreuse", "not a color name, hex color"),
        ("orang", "not a color name (did you mean 'orange'?), hex color or component list"),
        ("Purpel", "not a color name (did you mean 'purple'?)"),
        (" \tgrü\t ", "not a color name"),
        ("\t \t", "empty"),
    ]

    @Test(arguments: accepted)
    func accepts(_ text: String, _ color: Color) throws {
        #expect(try Color(parsing: text) == color)
    }

    @Test(arguments: rejected)
    func rejects(_ text: String, _ reason: String) {
        do {
            _ = try Color(parsing: text)
            Issue.record("accepted \"\(text)\"")
        } catch {
            guard case .invalidColor(let echoed, let message) = error else { Issue.record("wrong case \(error)"); return }
            #expect(echoed == text)
            #expect(message.contains(reason), "\(message)")
            #expect(error.description.hasPrefix("invalid color \"\(text)\": "))
        }
    }
}

@Suite struct ImageSizeParsingTests {
    static let accepted: [(String, ImageSize)] = [
        ("640x480", ImageSize(width: 640, height: 480)),
        ("1X1", ImageSize(width: 1, height: 1)),
        ("1920×1080", ImageSize(width: 1920, height: 1080)),
        (" 32x16 ", ImageSize(width: 32, height: 16)),
        ("32768x32768", ImageSize(width: 32768, height: 32768)),
        ("007x08", ImageSize(width: 7, height: 8)),
    ]

    static let rejected: [(String, String)] = [
        ("", "no 'x'"),
        ("640", "no 'x'"),
        ("640x480x2", "more than one 'x'"),
        ("x480", "width \"\" is not a whole number"),
        ("640x", "height \"\" is not a whole number"),
        ("0x480", "width is 0"),
        ("640x0", "height is 0"),
        ("-640x480", "width \"-640\" is not a whole number"),
        ("64.5x480", "width \"64.5\" is not a whole number"),
        ("640 x 480", "width \"640 \" is not a whole number"),
        ("32769x10", "width 32769 is larger than 32768"),
        ("10x99999999999999999999999", "height 99999999999999999999999 is larger than 32768"),
        ("+640x480", "width \"+640\" is not a whole number"),
    ]

    @Test(arguments: accepted)
    func accepts(_ text: String, _ size: ImageSize) throws {
        #expect(try ImageSize(parsing: text) == size)
    }

    @Test(arguments: rejected)
    func rejects(_ text: String, _ reason: String) {
        #expect {
            _ = try ImageSize(parsing: text)
        } throws: { error in
            guard let error = error as? ValueParseError, case .invalidSize(let echoed, let message) = error else { return false }
            return echoed == text && message.contains(reason)
        }
    }

    @Test func describesItselfInTheFormItParses() throws {
        #expect(ImageSize(width: 640, height: 480).description == "640x480")
        #expect(try ImageSize(parsing: ImageSize(width: 3, height: 9).description) == ImageSize(width: 3, height: 9))
    }
}
