import Foundation
import Synchronization

/// `ShaderLibrary.name(...)`, as SwiftUI writes a function of the app's default Metal library: a stitchable function
/// of the default library (`ShaderLibrary.default`), bound to its arguments when called.
@dynamicCallable
public struct DefaultShaderFunction: Sendable {
    public let name: String

    public func dynamicallyCall(withArguments arguments: [Shader.Argument]) throws(ShaderError) -> Shader {
        try ShaderLibrary.default()[dynamicMember: name].dynamicallyCall(withArguments: arguments)
    }

    public func dynamicallyCall(withKeywordArguments arguments: KeyValuePairs<String, Shader.Argument>) throws(ShaderError) -> Shader {
        try ShaderLibrary.default()[dynamicMember: name].dynamicallyCall(withKeywordArguments: arguments)
    }
}

extension ShaderLibrary {
    /// A function of the default library: `ShaderLibrary.ripple(.float2(x, y), .float(t))`.
    public static subscript(dynamicMember name: String) -> DefaultShaderFunction { DefaultShaderFunction(name: name) }

    /// The environment variable that names the default library's folder.
    public static let defaultFolderVariable = "WEFT_SHADER_LIBRARY"

    private static let chosenDefault = Mutex<ShaderLibrary?>(nil)

    /// The library `ShaderLibrary.name(...)` finds its functions in — what SwiftUI's app's default Metal library is: the
    /// one `setDefault(_:)` chose, else the folder `$WEFT_SHADER_LIBRARY` names, else `Shaders` in the current
    /// directory, loaded (and compiled) on first use and kept. Neither there: `ShaderError.noDefaultLibrary`.
    public static func `default`() throws(ShaderError) -> ShaderLibrary {
        let environment = ProcessInfo.processInfo.environment[defaultFolderVariable]
        let found: Result<ShaderLibrary, ShaderError> = chosenDefault.withLock { chosen in
            if let chosen { return .success(chosen) }
            let folder = environment ?? FileManager.default.currentDirectoryPath + "/Shaders"
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                return .failure(.noDefaultLibrary(searched: folder, variable: defaultFolderVariable))
            }
            do throws(ShaderError) {
                let library = try ShaderLibrary(path: folder)
                chosen = library
                return .success(library)
            } catch {
                return .failure(error)
            }
        }
        return try found.get()
    }

    /// Makes `library` the default one (`ShaderLibrary.name(...)`), as a program that keeps its shaders elsewhere does
    /// before its views are built.
    public static func setDefault(_ library: ShaderLibrary) {
        chosenDefault.withLock { $0 = library }
    }
}
