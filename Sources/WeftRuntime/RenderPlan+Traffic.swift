import WeftImage

/// What a plan moves through memory, for `weft plan` and `weft render --stats`: each pass writes every texel of its
/// dispatch rectangle once and reads each input texture once per texel it writes (a layer effect that samples a
/// neighbourhood reads more, served mostly by the texture cache), uploads and readbacks move whole textures, a resident texture the rows it lacks.
extension RenderPlan {
    public struct PassTraffic: Sendable, Hashable {
        public var bytesRead: Int
        public var bytesWritten: Int
    }

    public func traffic(of pass: KernelPass) -> PassTraffic {
        let output = textures[pass.output.index]
        let region = pass.dispatchRegion(width: output.width, height: output.height)
        let pixels = Int(region.size.x) * Int(region.size.y)
        let inputs = pass.inputs + (pass.kernel.interface.readsOutput ? [pass.output] : [])
        let read = inputs.reduce(0) { $0 + pixels * textures[$1.index].format.bytesPerPixel }
        return PassTraffic(bytesRead: read, bytesWritten: pixels * textures[pass.output.index].format.bytesPerPixel)
    }

    /// Bytes of one texture.
    public func bytes(of id: TextureID) -> Int {
        let d = textures[id.index]
        return d.width * d.height * d.format.bytesPerPixel
    }

    /// Bytes the plan uploads: its uploads whole, and the rows of its resident textures that its owner's previous plan
    /// did not hold (`ResidentTexture.plannedRows`).
    public var uploadedBytes: Int {
        uploads.keys.reduce(0) { $0 + bytes(of: $1) } + residents.values.reduce(0) { $0 + $1.bytes(of: $1.plannedRows) }
    }

    /// Every texture of the plan exists for the whole submission, so this is its peak texture memory.
    public var textureBytes: Int { textures.indices.reduce(0) { $0 + bytes(of: TextureID($1)) } }

    /// The passes that write each texture, in order; a texture written by several passes is shared by logical
    /// textures whose lifetimes do not overlap (aliasing).
    public var writers: [TextureID: [Int]] {
        var out = [TextureID: [Int]]()
        for (index, pass) in passes.enumerated() { out[pass.output, default: []].append(index) }
        return out
    }
}
