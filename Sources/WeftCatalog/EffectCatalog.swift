import Foundation
import Weft
import WeftShaders

/// The effects a command line can name: the stitchable functions of several shader folders
/// (earlier folders win a name), each with its folder's presets.
public struct EffectCatalog: Sendable {
    public struct Folder: Sendable {
        public var path: String
        public var library: ShaderLibrary
        public var presets: EffectPresets
    }

    public let folders: [Folder]

    /// Loads each folder (or single `.glsl` file) and compiles every function in it; a folder
    /// with any function that does not compile is an error carrying its diagnostics, even when
    /// the command names another function (from the cache, this costs no compile).
    public init(paths: [String], cache: SPIRVCache = .shared) throws(EffectSetupError) {
        var folders: [Folder] = []
        for path in paths {
            let library: ShaderLibrary
            do {
                library = try ShaderLibrary(path: path, cache: cache)
                try library.compileAll(outputFormats: [.rgba8Unorm])
            } catch { throw .shaders(error) }
            folders.append(Folder(path: path, library: library, presets: try EffectPresets.load(folder: path)))
        }
        self.folders = folders
    }

    /// Every effect name, sorted, once.
    public var effectNames: [String] {
        Array(Set(folders.flatMap { $0.library.functions.map(\.name) })).sorted()
    }

    /// The folder that defines `name`, and its function.
    public func lookUp(_ name: String) throws(EffectSetupError) -> (folder: Folder, function: StitchableFunction) {
        for folder in folders {
            if let function = try? folder.library.function(named: name) { return (folder, function) }
        }
        throw .unknownEffect(name: name, available: effectNames)
    }

    /// A bound shader from arguments as written (`NAME=VALUE` texts on a command line, a preview control's values); with
    /// `usePreset`, parameters not given come from the effect's preset, then from the defaults of its `// @param`
    /// annotations (an effect whose every parameter has a default needs no preset). Also returns the preset's
    /// `maxSampleOffset` when used, else the effect's own `// @maxSampleOffset`.
    public func shader(named name: String, arguments: [(name: String, value: WrittenArgument)],
                       usePreset: Bool = false) throws(EffectSetupError) -> (shader: Shader, presetOffset: Size?) {
        let (folder, function) = try lookUp(name)
        var given: [String: ArgumentValue] = [:]
        var texts: [String: String] = [:]
        for (parameterName, written) in arguments {
            guard let parameter = function.parameters.first(where: { $0.name == parameterName }) else {
                throw .unknownParameter(effect: name, parameter: parameterName, parameters: function.parameters.map(\.description))
            }
            guard given[parameterName] == nil else { throw .duplicateArgument(effect: name, parameter: parameterName) }
            given[parameterName] = try EffectArgumentText.parse(written, for: parameter, of: name)
            texts[parameterName] = written.description
        }
        var preset: EffectPreset?
        if usePreset {
            if let found = folder.presets[name] {
                preset = found
            } else if function.parameters.allSatisfy({ given[$0.name] != nil || function.annotation(named: $0.name)?.defaultValue != nil }) {
                preset = EffectPreset(arguments: [:], maxSampleOffset: nil) // the `// @param` defaults are enough
            } else {
                throw .noPreset(effect: name, file: folder.presets.file ?? folder.path + "/" + StockShaders.presetsFileName)
            }
        }
        let declared = function.maxSampleOffset.map { Size(width: $0.x, height: $0.y) }
        return (try bind(function, in: folder, given: given, texts: texts, preset: preset), preset?.maxSampleOffset ?? declared)
    }

    /// The shader with its preset's arguments, and the preset's `maxSampleOffset`.
    public func presetShader(named name: String) throws(EffectSetupError) -> (shader: Shader, maxSampleOffset: Size) {
        let (shader, offset) = try shader(named: name, arguments: [], usePreset: true)
        return (shader, offset ?? .zero)
    }

    /// `given` are the command line's values (written as `texts`), which win over the preset's.
    func bind(_ function: StitchableFunction, in folder: Folder, given: [String: ArgumentValue], texts: [String: String],
              preset: EffectPreset?) throws(EffectSetupError) -> Shader {
        if let preset {
            let names = Set(function.parameters.map(\.name))
            for key in preset.arguments.keys.sorted() where !names.contains(key) {
                throw .invalidPresets(file: folder.presets.file ?? folder.path,
                                      message: "\(function.name).args.\(key): \(function.name) has no parameter '\(key)'")
            }
        }
        var arguments = given
        for (key, written) in (preset?.arguments ?? [:]).sorted(by: { $0.key < $1.key }) where arguments[key] == nil {
            guard let type = function.parameters.first(where: { $0.name == key })?.type else { continue }
            do {
                arguments[key] = try ArgumentValue(written, for: type) { file in
                    try ImageFile.load(path: file.hasPrefix("/") ? file : folder.presets.baseDirectory + "/" + file)
                }
            } catch {
                throw .invalidPresets(file: folder.presets.file ?? folder.path, message: "\(function.name).args.\(key) (\(type)): \(error.reason)")
            }
        }
        if preset != nil {
            for annotation in function.annotations where arguments[annotation.name] == nil {
                arguments[annotation.name] = annotation.defaultArgument
            }
        }
        do {
            return try folder.library.shader(function, arguments: arguments)
        } catch .missingArgument(_, let parameter, _) {
            let type = function.parameters.first { $0.name == parameter }?.type ?? .float
            throw .missingArgument(effect: function.name, parameter: parameter, type: type,
                                   presetAvailable: preset == nil && folder.presets[function.name] != nil)
        } catch .argumentValue(_, let parameter, _, let reason) {
            let type = function.parameters.first { $0.name == parameter }?.type ?? .float
            guard let text = texts[parameter] else {
                throw .invalidPresets(file: folder.presets.file ?? folder.path, message: "\(function.name).args.\(parameter) (\(type)): \(reason)")
            }
            throw .invalidValue(effect: function.name, parameter: parameter, type: type, text: text, reason: reason)
        } catch {
            throw .shaders(error)
        }
    }
}

/// Reads a shader argument given on a command line (or by a preview control) by the parameter's type, through the one
/// conversion (`ArgumentValue.init(_:for:loadImage:)`; docs/cli.md, `--arg`): a number, a comma list of numbers, a
/// color (`#rrggbb`, `#rrggbbaa`, `r,g,b[,a]` in 0…1, a name), colors separated by `;` (or commas between hex colors)
/// for a `ColorArray`, a PNG or JPEG path for an `Image`, or an engine binding (`$time`, `$size`…).
public enum EffectArgumentText {
    public static func parse(_ written: WrittenArgument, for parameter: StitchableFunction.Parameter,
                             of effect: String) throws(EffectSetupError) -> ArgumentValue {
        do {
            return try ArgumentValue(written, for: parameter.type) { path in try ImageFile.load(path: path) }
        } catch {
            throw .invalidValue(effect: effect, parameter: parameter.name, type: parameter.type, text: written.description, reason: error.reason)
        }
    }

    public static func parse(_ text: String, for parameter: StitchableFunction.Parameter,
                             of effect: String) throws(EffectSetupError) -> ArgumentValue {
        try parse(.text(text), for: parameter, of: effect)
    }
}
