/// One message about an author's shader source, pointing into the author's own file.
public struct ShaderDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
        case note
    }

    /// The author's file as it was given (a path, or a name for source strings).
    public var file: String
    /// 1-based line in `file`.
    public var line: Int
    /// 1-based column in `file`.
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(file: String, line: Int, column: Int, severity: Severity = .error, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `file:line:column: severity: message`, as compilers print it.
    public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}
