/// Where a value sits in a scene file, as the author would write it: `root.zstack[1].modifiers[0]`. A reader makes a path
/// for every value it reads and spells out only those an error names, so a path keeps its steps and is written out
/// when asked.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    private indirect enum Step: Sendable {
        case root(String)
        case key(Step, String)
        case index(Step, Int)
    }

    private let step: Step

    public init(_ root: String) { step = .root(root) }
    private init(_ step: Step) { self.step = step }

    public func key(_ k: String) -> JSONPath { JSONPath(.key(step, k)) }
    public func index(_ i: Int) -> JSONPath { JSONPath(.index(step, i)) }

    public var description: String {
        let text = self.text
        return text.isEmpty ? "(top level)" : text
    }

    /// The path written out; empty at the top level.
    private var text: String {
        var steps: [Step] = []
        var step = self.step
        while true {
            switch step {
            case .root(let root):
                var text = root
                for step in steps.reversed() {
                    switch step {
                    case .key(_, let key): text = text.isEmpty ? key : text + "." + key
                    case .index(_, let index): text += "[\(index)]"
                    case .root: break
                    }
                }
                return text
            case .key(let parent, _), .index(let parent, _):
                steps.append(step)
                step = parent
            }
        }
    }

    public static func == (a: JSONPath, b: JSONPath) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
