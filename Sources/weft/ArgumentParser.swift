import WeftImage

/// A command's options and positional arguments, declared up front so that parsing and
/// `--help` come from one description.
struct OptionSpec: Sendable {
    /// Long name without dashes (`no-cache`).
    let name: String
    /// Name of the value (`DIR`); nil for a flag.
    let valueName: String?
    let help: String
    /// One-letter alias (`o` for `-o`), if any.
    var short: Character? = nil

    static func flag(_ name: String, help: String) -> OptionSpec { OptionSpec(name: name, valueName: nil, help: help) }
    static func value(_ name: String, _ valueName: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, short: short)
    }
}

/// What the command line said, checked against the specs.
struct ParsedArguments: Sendable {
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var positionals: [String] = []
    /// Every option in command-line order, for commands whose options bind to the one before
    /// them (`weft render --effect A --arg x=1 --effect B`); `value` is nil for a flag.
    var occurrences: [(name: String, value: String?)] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ name: String) -> String? { values[name] }

    /// `--name N`: a whole number at least `minimum`; nil when the option is not given.
    func wholeNumber(_ name: String, minimum: Int) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let n = Int(text), n >= minimum else { throw .invalidValue(name, text, "expected a whole number ≥ \(minimum)") }
        return n
    }
}

/// A command line that does not fit the command's description (exit 2, with the usage), or a
/// value on it that cannot be used (exit 1, without the usage: the line's shape is right).
struct UsageError: Error, Sendable, CustomStringConvertible {
    let message: String
    var isInvalidValue = false
    var description: String { message }

    /// `--option "text": problem`; the text is quoted so that an empty one shows.
    static func invalidValue(_ option: String, _ text: String, _ problem: String) -> UsageError {
        UsageError(message: "--\(option) \"\(text)\": \(problem)", isInvalidValue: true)
    }
}

enum ArgumentParser {
    /// Parses `--name`, `--name value`, `--name=value` and positionals; `--` ends options.
    /// `-h`/`--help` is reported as the flag `help`.
    static func parse(_ arguments: [String], options: [OptionSpec], acceptsPositionals: Bool) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                guard acceptsPositionals else { throw UsageError(message: "unexpected argument '\(argument)'") }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "-h" || argument == "--help" { parsed.flags.insert("help"); continue }
            var name: String
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
            } else if argument.count == 2, let spec = options.first(where: { $0.short == argument.last }) {
                name = spec.name
            } else {
                throw UsageError(message: "unknown option '\(argument)'")
            }
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '--\(name)'\(NameSuggestion.clause(for: name, in: options.map(\.name), prefix: "--"))")
            }
            if let valueName = spec.valueName {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count else { throw UsageError(message: "option '--\(name)' needs a value \(valueName)") }
                    value = arguments[i]
                    i += 1
                }
                parsed.values[name] = value
                parsed.occurrences.append((name, value))
            } else {
                guard inlineValue == nil else { throw UsageError(message: "option '--\(name)' takes no value") }
                parsed.flags.insert(name)
                parsed.occurrences.append((name, nil))
            }
        }
        return parsed
    }

    /// The OPTIONS section of a help text.
    static func optionsHelp(_ options: [OptionSpec]) -> String {
        let all = options + [.flag("help", help: "Show this help.")]
        let left = all.map { ($0.short.map { "-\($0), " } ?? "") + "--\($0.name)" + ($0.valueName.map { " \($0)" } ?? "") }
        let width = left.map(\.count).max() ?? 0
        return zip(left, all).map { l, spec in
            "  " + l + String(repeating: " ", count: width - l.count + 2) + spec.help
        }.joined(separator: "\n")
    }
}
