import Foundation
import WeftPlanner
import WeftRuntime
import WeftViews

/// Where JSON text stops being JSON, in words: JSONSerialization says "around character N", which this turns into a
/// line and column.
package enum JSONSyntax {
    /// `JSONSerialization`'s error reading `data`, with "around character N" turned into a line and column.
    package static func describe(_ error: any Error, in data: Data) -> String {
        let text = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        guard let marker = text.range(of: "around character "),
              let offset = Int(text[marker.upperBound...].prefix { $0.isNumber }) else { return text }
        let (line, column) = position(ofCharacter: offset, in: data)
        return text[..<marker.lowerBound] + "at line \(line), column \(column)"
    }

    /// A comma right before a closing `]` or `}`, which JSON does not allow but Foundation's parser accepts: where it
    /// is, in words; nil when there is none.
    static func trailingComma(in data: Data) -> String? {
        guard let (comma, closing) = data.withUnsafeBytes({ trailingComma(in: $0) }) else { return nil }
        let (line, column) = position(ofCharacter: comma, in: data)
        return "a trailing comma before '\(Character(Unicode.Scalar(closing)))' at line \(line), column \(column); JSON allows none"
    }

    /// The character offset of a comma right before a closing bracket, and that bracket; nil when there is none.
    private static func trailingComma(in bytes: UnsafeRawBufferPointer) -> (comma: Int, closing: UInt8)? {
        var inString = false, escaped = false
        var comma: Int?
        var characters = 0
        for byte in bytes {
            defer { if byte & 0xC0 != 0x80 { characters += 1 } }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let comma { return (comma, byte) }
            case UInt8(ascii: ","):
                comma = characters
                continue
            case UInt8(ascii: "\""):
                inString = true
            default:
                break
            }
            comma = nil
        }
        return nil
    }

    /// Line and column (from 1) of the `offset`-th character (UTF-8 decoded) of `data`.
    static func position(ofCharacter offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for character in String(decoding: data, as: UTF8.self).unicodeScalars.prefix(offset) {
            if character == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}
