import WeftPlanner
import WeftRuntime
import WeftViews

/// How deep a JSON text nests, measured on the bytes before any parser runs: Foundation's
/// decoder, `JSONValue` and the scene reader all recurse once per level, so a file nested
/// thousands deep would overflow the stack instead of being refused.
package enum JSONNesting {
    /// More than any scene needs (each `zstack` level takes two) and far below what the stack holds.
    package static let maxDepth = 256

    private enum Container {
        case object(key: String)
        case array(index: Int)
    }

    /// The path of the first array or object nested deeper than `limit`, or nil when none is.
    /// Malformed text is scanned as far as it goes; the parser reports what is wrong with it.
    package static func firstTooDeep(in bytes: some Collection<UInt8>, limit: Int = maxDepth) -> JSONPath? {
        var open: [Container] = []
        var expectingKey = false
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "\""):
                var text: [UInt8] = []
                while let c = iterator.next(), c != UInt8(ascii: "\"") {
                    text.append(c)
                    if c == UInt8(ascii: "\\"), let escaped = iterator.next() { text.append(escaped) }
                }
                if expectingKey, case .object = open.last {
                    open[open.count - 1] = .object(key: String(decoding: text, as: UTF8.self))
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if open.count == limit {
                    var path = JSONPath("")
                    for container in open {
                        switch container {
                        case .object(let key): path = path.key(key)
                        case .array(let index): path = path.index(index)
                        }
                    }
                    return path
                }
                open.append(byte == UInt8(ascii: "{") ? .object(key: "") : .array(index: 0))
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
