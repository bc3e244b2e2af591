import WeftImage

/// `weft COMMAND …`: finds the command in `Commands.table`, parses its options and runs it.
/// Exit status: the command's own, 1 for a value that cannot be used, or 2 for a usage error.
enum Tool {
    static func run(_ arguments: [String], output: inout Output) -> Int32 {
        guard let first = arguments.first else {
            output.printError("weft: missing command\n\n\(help)")
            return 2
        }
        if first == "--help" || first == "-h" || first == "help" {
            guard first == "help", arguments.count > 1 else {
                output.print(help)
                return 0
            }
            guard let command = command(named: arguments[1], output: &output) else { return 2 }
            output.print(command.help)
            return 0
        }
        guard let command = command(named: first, output: &output) else { return 2 }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), options: command.options,
                                                  acceptsPositionals: command.acceptsPositionals)
            if parsed.has("help") {
                output.print(command.help)
                return 0
            }
            return try command.run(parsed, output: &output)
        } catch where error.isInvalidValue {
            output.printError("weft \(command.name): \(error.message)")
            return 1
        } catch {
            output.printError("weft \(command.name): \(error.message)\nUSAGE: \(command.usage)\nSee 'weft \(command.name) --help'.")
            return 2
        }
    }

    /// The command called `name`; else nil, with the error (and the nearest name, if `name` looks like a typo of one)
    /// printed.
    private static func command(named name: String, output: inout Output) -> (any Command.Type)? {
        if let command = Commands.table.first(where: { $0.name == name }) { return command }
        output.printError("weft: unknown command '\(name)'\(NameSuggestion.clause(for: name, in: Commands.table.map { command in command.name }))\n\n\(help)")
        return nil
    }

    static var help: String {
        let names = Commands.table.map { command in command.name }
        let width = names.map { name in name.count }.max() ?? 0
        let lines = Commands.table.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary
        }
        return """
        USAGE: weft COMMAND [OPTIONS] [ARGUMENTS]

        Weft: stitchable shader effects on Vulkan.

        COMMANDS:
        \(lines.joined(separator: "\n"))

        See 'weft COMMAND --help' for a command's options.
        """
    }
}
