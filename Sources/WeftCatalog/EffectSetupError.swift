import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// Why effects named on a command line (or in the gallery's presets) cannot be set up.
public enum EffectSetupError: Error, Sendable, CustomStringConvertible {
    /// A shader folder could not be read or does not compile; the diagnostics point into it.
    case shaders(ShaderError)
    case unknownEffect(name: String, available: [String])
    case unknownParameter(effect: String, parameter: String, parameters: [String])
    case invalidValue(effect: String, parameter: String, type: ParameterType, text: String, reason: String)
    case missingArgument(effect: String, parameter: String, type: ParameterType, presetAvailable: Bool)
    case duplicateArgument(effect: String, parameter: String)
    case invalidPresets(file: String, message: String)
    case noPreset(effect: String, file: String)
    /// The effect's kind cannot go where it was asked for (a fill modifying an image, …).
    case misplaced(effect: String, kind: EffectKind, reason: String)
    case noStockShaders

    public var description: String {
        switch self {
        case .shaders(let error):
            return error.description
        case let .unknownEffect(name, available):
            return "unknown effect '\(name)'\(NameSuggestion.clause(for: name, in: available)); available: "
                + (available.isEmpty ? "none" : available.joined(separator: ", "))
        case let .unknownParameter(effect, parameter, parameters):
            let names = parameters.map { String($0.prefix(while: { $0 != ":" })) }
            return "\(effect) has no parameter '\(parameter)'\(NameSuggestion.clause(for: parameter, in: names)); its parameters: \(parameters.isEmpty ? "none" : parameters.joined(separator: ", "))"
        case let .invalidValue(effect, parameter, type, text, reason):
            return "\(effect): invalid value \"\(text)\" for parameter '\(parameter)' (\(type)): \(reason)"
        case let .missingArgument(effect, parameter, type, presetAvailable):
            return "\(effect) needs --arg \(parameter)=VALUE (\(type))" + (presetAvailable ? ", or --preset for the stock defaults" : "")
        case let .duplicateArgument(effect, parameter):
            return "\(effect): parameter '\(parameter)' is given twice"
        case let .invalidPresets(file, message):
            return "\(file): \(message)"
        case let .noPreset(effect, file):
            return "\(file) has no preset for '\(effect)'; add one so the effect can be shown"
        case let .misplaced(effect, kind, reason):
            return "'\(effect)' is a \(kind.rawValue) effect: \(reason)"
        case .noStockShaders:
            return "the stock shader library was not found; set \(StockShaders.environmentVariable) to the Shaders folder of a Weft checkout"
        }
    }

    /// Shader diagnostics carried, if any (printed one per line as path:line:column).
    public var diagnostics: [ShaderDiagnostic] {
        if case .shaders(let error) = self { return error.diagnostics }
        return []
    }
}
