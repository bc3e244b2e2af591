import Foundation
import WeftPlanner
import WeftRuntime
import WeftViews

/// Where JSON text stops being JSON, in words. JSONDecoder only says "The given data was not
/// valid JSON"; JSONSerialization says "around character N", which this turns into a line and
/// column.
enum JSONSyntax {
    static func problem(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let text = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
            guard let marker = text.range(of: "around character "),
                  let offset = Int(text[marker.upperBound...].prefix { $0.isNumber }) else { return text }
            let (line, column) = position(ofCharacter: offset, in: data)
            return text[..<marker.lowerBound] + "at line \(line), column \(column)"
        }
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
