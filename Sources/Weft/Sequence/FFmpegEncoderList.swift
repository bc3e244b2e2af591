import Foundation
import Glibc
import WeftRuntime
import WeftShaders

/// The encoders an ffmpeg has (`ffmpeg -encoders`), asked once and kept in the cache folder under a key of that very
/// file (its path, size, time and file number): Debian's dynamically linked ffmpeg took 0.2–0.5 s to answer on a
/// loaded 2-core machine, the longest step before a video's first frame. An ffmpeg replaced or changed has another key
/// and is asked again.
enum FFmpegEncoderList {
    /// The cache file's `CacheEnvelope` magic.
    static let fileMagic = "WEFTFFEN"

    /// The encoders of `executable`, from `directory` when it holds them for this very file, else asked of it and kept
    /// there (a folder that cannot be written only costs the asking); nil when it cannot say.
    static func encoders(of executable: String, cachingIn directory: URL? = SPIRVCache.defaultDirectory()) -> Set<String>? {
        let file = directory.flatMap { folder in key(of: executable).map { folder.appendingPathComponent("ffmpeg-encoders-\($0).txt") } }
        if let file, let data = FileManager.default.contents(atPath: file.path),
           let payload = CacheEnvelope.unwrap(data, magic: fileMagic) {
            return Set(String(decoding: payload, as: UTF8.self).split(separator: "\n").map(String.init))
        }
        guard let names = asked(executable) else { return nil }
        if let file, !names.isEmpty {
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? CacheEnvelope.wrap(Data(names.sorted().joined(separator: "\n").utf8), magic: fileMagic).write(to: file, options: .atomic)
        }
        return names
    }

    /// What names this very file: a digest of its resolved path, size, modification time and file number; nil when it
    /// cannot be read.
    static func key(of executable: String) -> String? {
        let path = (executable as NSString).resolvingSymlinksInPath
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        var hash = SHA256()
        for field in [path, String(info.st_size), "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)", String(info.st_ino), String(info.st_dev)] {
            hash.update(field)
        }
        return String(hash.finalize().prefix(32))
    }

    /// `executable -encoders`' video encoders, or nil when it cannot say.
    static func asked(_ executable: String) -> Set<String>? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-hide_banner", "-encoders"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: (try? output.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        // " V....D libx264              libx264 H.264 / AVC / MPEG-4 AVC": flags, then the name.
        let names = text.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, fields[0].count == 6, fields[0].first == "V" else { return nil }
            return String(fields[1])
        }
        return Set(names)
    }
}
