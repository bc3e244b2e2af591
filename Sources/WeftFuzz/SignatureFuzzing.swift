import WeftShaders

enum SignatureFuzzing {
    static func parse(_ bytes: [UInt8]) {
        guard let library = try? ShaderLibrary(source: String(decoding: bytes, as: UTF8.self), name: "fuzz.glsl", cache: .disabled()) else {
            return
        }
        for function in library.functions {
            _ = function.parameters.map(\.description)
        }
    }
}
