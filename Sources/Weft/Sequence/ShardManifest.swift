import Foundation

/// What one shard of a file sequence wrote, beside its frames as `weft-shard-I-of-N.json`, for `weft verify` to check a
/// folder that several machines wrote into.
public struct ShardManifest: Codable, Equatable, Sendable {
    public var shard: Int
    public var shardCount: Int
    /// The whole sequence's first and last frame.
    public var first: Int
    public var last: Int
    public var fps: Double
    /// The output pattern's file name, `%04d` and all (the manifest lies in the frames' folder).
    public var pattern: String
    /// The frames this shard wrote, and those it failed to.
    public var written: [Int]
    public var failed: [Int]
    public var width: Int?
    public var height: Int?

    public static func fileName(shard: Int, of count: Int) -> String { "weft-shard-\(shard)-of-\(count).json" }

    /// The frames the shard was to write.
    public var assigned: [Int] {
        (first...last).filter { ($0 - first) % shardCount == shard }
    }

    public func write(toFolder folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let path = folder + "/" + Self.fileName(shard: shard, of: shardCount)
        let temporary = path + ".tmp"
        try encoder.encode(self).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
