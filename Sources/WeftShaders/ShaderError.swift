/// Everything that can go wrong between an author's source and a bound, runnable shader.
public enum ShaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The source has problems: signatures the front end cannot use, or compile errors.
    /// Every problem found is listed, each pointing into the author's file.
    case diagnostics([ShaderDiagnostic])
    /// A file or folder could not be read.
    case unreadable(path: String, reason: String)
    /// No stitchable function of that name is in the library.
    case unknownFunction(name: String, available: [String])
    /// Two files of one library define stitchable functions with the same name.
    case duplicateFunction(name: String, first: String, second: String)
    /// A call gave the wrong number of arguments.
    case argumentCount(function: String, expected: Int, given: Int, parameters: [String])
    /// An argument's type does not fit its parameter.
    case argumentType(function: String, parameter: String, expected: String, given: String)
    /// A labelled argument names no parameter, or names one out of order.
    case argumentName(function: String, position: Int, expected: String, given: String)
    /// An argument names no parameter of the function.
    case unknownParameter(function: String, parameter: String, parameters: [String])
    /// A value that cannot fill its parameter; `reason` says why.
    case argumentValue(function: String, parameter: String, type: String, reason: String)
    /// A parameter was given no value.
    case missingArgument(function: String, parameter: String, type: String)
    /// A function from another library was handed to this one.
    case foreignFunction(name: String, file: String)
    /// The front end's reflected argument layout disagrees with glslang's: a defect in Weft, not in the shader.
    case layoutMismatch(function: String, parameter: String, reflected: Int?, compiled: Int?)
    /// `ShaderLibrary.name(...)` was called with no default library chosen and no folder where one is looked for.
    case noDefaultLibrary(searched: String, variable: String)

    public var description: String {
        switch self {
        case .diagnostics(let list):
            return list.map(\.description).joined(separator: "\n")
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unknownFunction(let name, let available):
            let known = available.isEmpty ? "the library has no stitchable functions" : "available: \(available.joined(separator: ", "))"
            return "no stitchable function '\(name)' in the library (\(known))"
        case .duplicateFunction(let name, let first, let second):
            return "stitchable function '\(name)' is defined in both \(first) and \(second); rename one"
        case .argumentCount(let function, let expected, let given, let parameters):
            return "\(function) takes \(expected) argument\(expected == 1 ? "" : "s") (\(parameters.joined(separator: ", "))) but \(given) \(given == 1 ? "was" : "were") given"
        case .argumentType(let function, let parameter, let expected, let given):
            return "\(function): parameter '\(parameter)' expects \(expected), but \(given) was given"
        case .argumentName(let function, let position, let expected, let given):
            return "\(function): argument \(position + 1) is labelled '\(given)', but that parameter is '\(expected)'"
        case .unknownParameter(let function, let parameter, let parameters):
            return "'\(function)' has no parameter '\(parameter)' (parameters: \(parameters.joined(separator: ", ")))"
        case .argumentValue(let function, let parameter, let type, let reason):
            return "'\(function)': parameter '\(parameter)' (\(type)): \(reason)"
        case .missingArgument(let function, let parameter, let type):
            return "'\(function)' needs argument '\(parameter)' (\(type))"
        case .foreignFunction(let name, let file):
            return "stitchable function '\(name)' (\(file)) belongs to another library; look it up in this one by name"
        case .noDefaultLibrary(let searched, let variable):
            return "no default shader library for ShaderLibrary.name(...): \(searched) is no folder; set $\(variable) to the folder of your stitchable functions, or call ShaderLibrary.setDefault(_:)"
        case .layoutMismatch(let function, let parameter, let reflected, let compiled):
            func text(_ offset: Int?) -> String { offset.map { "byte \($0)" } ?? "none" }
            return "\(function): Weft placed argument '\(parameter)' at \(text(reflected)), glslang at \(text(compiled)); this is a Weft defect, please report it"
        }
    }

    /// The diagnostics carried, if any.
    public var diagnostics: [ShaderDiagnostic] {
        if case .diagnostics(let list) = self { return list }
        return []
    }
}
