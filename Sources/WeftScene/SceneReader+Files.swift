import Foundation
import WeftShaders

/// The files a scene names, resolved against its folder and held to its confinement (`SceneConfinement`) before any
/// is opened.
extension SceneReader {
    /// The file the scene names at `path`, resolved against the scene's folder, once the confinement allows it.
    func readable(_ file: String, at path: JSONPath) throws(SceneError) -> String {
        try Self.readable(file, at: path, baseDirectory: baseDirectory, confinement: confinement)
    }

    /// `file` resolved against `baseDirectory`, once `confinement` (if any) allows it.
    static func readable(_ file: String, at path: JSONPath, baseDirectory: String,
                         confinement: SceneConfinement?) throws(SceneError) -> String {
        let resolved = file.hasPrefix("/") ? file : baseDirectory + "/" + file
        if let confinement, !confinement.contains(resolved) {
            throw .outsideConfinement(path: path, file: file, folder: confinement.folder)
        }
        return resolved
    }

    /// Each shader folder (or file), and each shader file in a folder (what `ShaderLibrary` reads), inside the
    /// confinement: a link in a confined folder cannot lead a shader library out of it.
    func confine(shaderFolders folders: [String], at path: JSONPath) throws(SceneError) {
        guard let confinement else { return }
        for (i, folder) in folders.enumerated() {
            let resolved = try readable(folder, at: path.index(i))
            let names = (try? FileManager.default.contentsOfDirectory(atPath: resolved)) ?? []
            for name in names.sorted() where ShaderLibrary.isShaderFile(name) {
                guard confinement.contains(resolved + "/" + name) else {
                    throw .outsideConfinement(path: path.index(i), file: folder + "/" + name, folder: confinement.folder)
                }
            }
        }
    }
}
