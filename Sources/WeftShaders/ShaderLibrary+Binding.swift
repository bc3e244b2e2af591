extension ShaderLibrary {
    /// `function` bound to arguments given by parameter name, each converted to its parameter's type. Every
    /// parameter needs a value; a name that is not a parameter, or a value that cannot fill its parameter, is an
    /// error naming the parameter.
    public func shader(_ function: StitchableFunction, arguments: [String: ArgumentValue]) throws(ShaderError) -> Shader {
        let names = Set(function.parameters.map(\.name))
        for name in arguments.keys.sorted() where !names.contains(name) {
            throw .unknownParameter(function: function.name, parameter: name, parameters: function.parameters.map(\.description))
        }
        var bound: [(label: String?, value: Shader.Argument)] = []
        for parameter in function.parameters {
            guard let value = arguments[parameter.name] else {
                throw .missingArgument(function: function.name, parameter: parameter.name, type: parameter.type.description)
            }
            do {
                bound.append((parameter.name, try value.argument(for: parameter.type)))
            } catch {
                throw .argumentValue(function: function.name, parameter: parameter.name, type: parameter.type.description,
                                     reason: error.reason)
            }
        }
        return try Shader(library: self, function: function, arguments: bound)
    }
}
