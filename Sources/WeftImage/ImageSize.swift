/// A size in pixels, as a command line writes it: `WIDTHxHEIGHT`.
public struct ImageSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    /// The largest side `ImageSize(parsing:)` accepts (Vulkan's maxImageDimension2D on the GPUs Weft targets).
    public static let maxSide = 32768

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Reads `640x480` (also `640X480` and `640×480`): two positive decimal integers up to `maxSide`.
    public init(parsing text: String) throws(ValueParseError) {
        let trimmed = text.trimmingSpaces
        let parts = trimmed.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" || $0 == "×" }
        guard parts.count == 2 else {
            throw .invalidSize(text: text, reason: parts.count == 1 ? "no 'x' between width and height" : "more than one 'x'")
        }
        var sides: [Int] = []
        for (name, part) in zip(["width", "height"], parts) {
            guard !part.isEmpty, part.allSatisfy(\.isASCIIDigit) else {
                throw .invalidSize(text: text, reason: "\(name) \"\(part)\" is not a whole number")
            }
            guard let value = Int(part), value <= Self.maxSide else {
                throw .invalidSize(text: text, reason: "\(name) \(part) is larger than \(Self.maxSide)")
            }
            guard value > 0 else { throw .invalidSize(text: text, reason: "\(name) is 0") }
            sides.append(value)
        }
        self.init(width: sides[0], height: sides[1])
    }

    public var description: String { "\(width)x\(height)" }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
