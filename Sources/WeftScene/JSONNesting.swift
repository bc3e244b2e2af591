import WeftPlanner
import WeftRuntime
import WeftViews

/// How deep a JSON text nests, measured on the bytes before any parser runs: Foundation's
/// decoder, `JSONValue` and the scene reader all recurse once per level, so a file nested
/// thousands deep would overflow the stack instead of being refused.
package enum JSONNesting {
    /// More than any scene needs (each `zstack` level takes two) and far below what the stack holds.
    package static let maxDepth = 256

    private enum Container<Index: Comparable> {
        /// An object, and where the bytes of the key being read lie (empty before the first).
        case object(key: Range<Index>?)
        case array(index: Int)
    }

    /// The path of the first array or object nested deeper than `limit`, or nil when none is.
    /// Malformed text is scanned as far as it goes; the parser reports what is wrong with it.
    /// Keys are kept as where their bytes lie, and read as text only for the path of a text nested too deep.
    package static func firstTooDeep<Bytes: Collection<UInt8>>(in bytes: Bytes, limit: Int = maxDepth) -> JSONPath? {
        var open: [Container<Bytes.Index>] = []
        var expectingKey = false
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let byte = bytes[i]
            bytes.formIndex(after: &i)
            switch byte {
            case UInt8(ascii: "\""):
                let start = i
                while i != bytes.endIndex, bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\") { bytes.formIndex(after: &i) }
                    if i != bytes.endIndex { bytes.formIndex(after: &i) }
                }
                if expectingKey, case .object = open.last { open[open.count - 1] = .object(key: start..<i) }
                if i != bytes.endIndex { bytes.formIndex(after: &i) }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if open.count == limit {
                    var path = JSONPath("")
                    for container in open {
                        switch container {
                        case .object(let key): path = path.key(key.map { String(decoding: bytes[$0], as: UTF8.self) } ?? "")
                        case .array(let index): path = path.index(index)
                        }
                    }
                    return path
                }
                open.append(byte == UInt8(ascii: "{") ? .object(key: nil) : .array(index: 0))
                expectingKey = byte == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = open.popLast()
                expectingKey = false
            case UInt8(ascii: ","):
                if case .array(let index) = open.last { open[open.count - 1] = .array(index: index + 1) }
                expectingKey = true
            case UInt8(ascii: ":"):
                expectingKey = false
            default:
                break
            }
        }
        return nil
    }
}
