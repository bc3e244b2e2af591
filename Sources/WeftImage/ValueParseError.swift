/// A color or size written as text (on a command line, in a scene file) that cannot be read.
public enum ValueParseError: Error, Hashable, CustomStringConvertible {
    case invalidColor(text: String, reason: String)
    case invalidSize(text: String, reason: String)

    public var description: String {
        switch self {
        case .invalidColor(let text, let reason):
            "invalid color \"\(text)\": \(reason); write #rrggbb, #rrggbbaa, r,g,b or r,g,b,a (0…1, sRGB, straight alpha), or a name such as white"
        case .invalidSize(let text, let reason):
            "invalid size \"\(text)\": \(reason); write WIDTHxHEIGHT, e.g. 640x480"
        }
    }
}
