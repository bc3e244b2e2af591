extension Color {
    /// The names `Color(parsing:)` accepts, with the colors they stand for.
    public static let named: [String: Color] = [
        "clear": .clear, "black": .black, "white": .white, "gray": .gray, "red": .red, "orange": .orange,
        "yellow": .yellow, "green": .green, "mint": .mint, "teal": .teal, "cyan": .cyan, "blue": .blue,
        "indigo": .indigo, "purple": .purple, "pink": .pink, "brown": .brown,
    ]

    /// Reads a color written as `#rrggbb` or `#rrggbbaa` (hex digits, `#` optional),
    /// `r,g,b` or `r,g,b,a` (numbers in 0…1, spaces allowed around them), or one of `named`.
    /// Components are sRGB-encoded with straight alpha, as everywhere authors write colors.
    public init(parsing text: String) throws(ValueParseError) {
        if Self.isPlainHex(text), let color = Color(hex: text) {
            self = color
            return
        }
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty { throw .invalidColor(text: text, reason: "it is empty") }
        if let color = Self.named[trimmed.lowercased()] {
            self = color
            return
        }
        if trimmed.contains(",") {
            let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard parts.count == 3 || parts.count == 4 else {
                throw .invalidColor(text: text, reason: "it has \(parts.count) components, not 3 or 4")
            }
            var values: [Float] = []
            for (i, part) in parts.enumerated() {
                let name = ["red", "green", "blue", "alpha"][i]
                guard let value = Float(part), value.isFinite else {
                    throw .invalidColor(text: text, reason: "\(name) \"\(part)\" is not a number")
                }
                guard (0...1).contains(value) else {
                    throw .invalidColor(text: text, reason: "\(name) \(part) is outside 0…1")
                }
                values.append(value)
            }
            self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
            return
        }
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        if !trimmed.hasPrefix("#"), !digits.allSatisfy(\.isHexDigit) {
            throw .invalidColor(text: text, reason: "not a color name\(NameSuggestion.clause(for: trimmed.lowercased(), in: Self.named.keys)), hex color or component list")
        }
        guard digits.count == 6 || digits.count == 8 else {
            throw .invalidColor(text: text, reason: "\(digits.count) hex digits, not 6 or 8")
        }
        guard digits.allSatisfy(\.isHexDigit), let color = Color(hex: digits) else {
            throw .invalidColor(text: text, reason: "\"\(digits)\" is not hexadecimal")
        }
        self = color
    }

    /// Whether `text` is `#` and 6 or 8 ASCII hex digits, nothing else: the way scene files mostly write a color, read
    /// without trimming, a name lookup or a search for commas.
    private static func isPlainHex(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == 7 || utf8.count == 9, utf8.first == UInt8(ascii: "#") else { return false }
        return utf8.dropFirst().allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
            default: false
            }
        }
    }
}

extension String {
    /// Without the spaces and tabs at either end (found byte by byte: both are ASCII, so the ends are scalar
    /// boundaries).
    var trimmingSpaces: String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first..<utf8.index(after: last)])
    }
}
