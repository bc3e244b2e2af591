/// One `weft` subcommand. Adding a command is a new file with a type conforming to this,
/// plus one line in `Commands.table`.
protocol Command: Sendable {
    /// The word after `weft`.
    static var name: String { get }
    /// One line for `weft --help`.
    static var summary: String { get }
    /// `weft name [OPTIONS] …`, the first line of the command's help.
    static var usage: String { get }
    /// More help after the usage line; may be empty.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    static var acceptsPositionals: Bool { get }
    /// Runs the command and returns the process's exit status. Throw `UsageError` for a
    /// command line that cannot be acted on (exit 2).
    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32
}

extension Command {
    static var discussion: String { "" }
    static var acceptsPositionals: Bool { false }

    static var help: String {
        var text = "USAGE: \(usage)\n\n\(summary)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        text += "\nOPTIONS:\n\(ArgumentParser.optionsHelp(options))\n"
        return text
    }
}

/// Where commands print: standard output and standard error, so tests can capture both.
struct Output {
    var standard: (String) -> Void
    var error: (String) -> Void

    mutating func print(_ line: String = "") { standard(line + "\n") }
    mutating func printError(_ line: String) { error(line + "\n") }
}
