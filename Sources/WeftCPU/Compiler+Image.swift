import SPIRV

/// Image operand bits (SPIR-V "Image Operands").
private enum ImageOperand {
    static let bias: UInt32 = 0x1, lod: UInt32 = 0x2, grad: UInt32 = 0x4, constOffset: UInt32 = 0x8
    static let offset: UInt32 = 0x10, constOffsets: UInt32 = 0x20, sample: UInt32 = 0x40, minLod: UInt32 = 0x80
}

extension Compiler {
    func image(_ i: Instruction, _ n: Int, _ f: Frame) throws(CPUError) -> ImageRef {
        guard case .image(let ref) = try value(ValueID(try operand(i, n)), f, at: i.offset) else {
            throw .unsupported(offset: i.offset, opcode: i.opcode, message: "an image operand that is not a directly bound image")
        }
        return ref
    }

    /// Texel offset from the image operands starting at operand `first` (the mask word):
    /// a constant (x, y), or rows holding per-lane offsets.
    func imageOffset(_ i: Instruction, from first: Int, _ f: Frame) throws(CPUError) -> (constant: (Int, Int), rows: Int?) {
        guard first < i.operands.count else { return ((0, 0), nil) }
        let mask = i.operands[first]
        var k = first + 1
        var result: ((Int, Int), Int?) = ((0, 0), nil)
        if mask & ImageOperand.bias != 0 { k += 1 }
        if mask & ImageOperand.lod != 0 { k += 1 }
        if mask & ImageOperand.grad != 0 { k += 2 }
        if mask & ImageOperand.constOffset != 0 {
            let bitsOfOffset = try constantBits(ValueID(try operand(i, k)), at: i.offset)
            guard bitsOfOffset.count >= 2 else { throw .invalidKernel(offset: i.offset, message: "ConstOffset must be a 2-component constant") }
            result.0 = (Int(Int32(bitPattern: bitsOfOffset[0])), Int(Int32(bitPattern: bitsOfOffset[1])))
            k += 1
        }
        if mask & ImageOperand.offset != 0 {
            result.1 = try rows(i, k, f)
            k += 1
        }
        if mask & (ImageOperand.constOffsets | ImageOperand.sample) != 0 {
            throw .unsupported(offset: i.offset, opcode: i.opcode, message: "ConstOffsets and Sample image operands")
        }
        return result
    }

    mutating func translateImage(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op? {
        switch i.opcode {
        case .sampledImage:
            var ref = try image(i, 0, f)
            guard case .sampler(let b) = try value(ValueID(try operand(i, 1)), f, at: i.offset) else {
                throw .unsupported(offset: i.offset, opcode: i.opcode, message: "a sampler operand that is not a directly bound sampler")
            }
            ref.samplerSlot = samplerSlot(b)
            if let id = i.result { f.values[id] = .image(ref) }
            return nil
        case .image:
            var ref = try image(i, 0, f)
            ref.samplerSlot = nil
            if let id = i.result { f.values[id] = .image(ref) }
            return nil
        case .imageWrite:
            let ref = try image(i, 0, f)
            let coord = try rows(i, 1, f), texel = try rows(i, 2, f)
            let n = try size(of: try type(of: i, 2), at: i.offset)
            writtenImages.insert(ref.binding)
            let slot = ref.slot, binding = ref.binding
            // Missing components are (0, 0, 0, 1), as for a format with fewer channels.
            let zero = allocateZeroRow(), one = allocate(1)
            constantRows.append(ConstantRow(row: one, bits: Float(1).bitPattern))
            let channels = (0..<4).map { c in c < n ? texel + c : (c == 3 ? one : zero) }
            let scratch = allocate(5)
            return { s in
                let t = s.textures[slot]
                let cx = s.row(coord), cy = s.row(coord + 1)
                let source = (s.row(channels[0]), s.row(channels[1]), s.row(channels[2]), s.row(channels[3]))
                if s.checks.storeBinding == binding && s.checks.checksStores {
                    s.forActive { l in
                        let v = SIMD4(asFloat(source.0[l]), asFloat(source.1[l]), asFloat(source.2[l]), asFloat(source.3[l]))
                        s.control.pointee.tally.recordStore(v, x: Int(asInt(cx[l])), y: Int(asInt(cy[l])), s.checks)
                    }
                }
                let index = s.row(scratch), converted = (s.row(scratch + 1), s.row(scratch + 2), s.row(scratch + 3), s.row(scratch + 4))
                ImageLoops.indices(index, x: cx, y: cy, dx: 0, dy: 0, width: t.width, height: t.height)
                ImageLoops.store(t, index, source, scratch: converted, mask: s.allActive ? nil : s.mask)
            }
        case .imageRead, .imageFetch:
            let ref = try image(i, 0, f)
            let coord = try rows(i, 1, f)
            let offset: (constant: (Int, Int), rows: Int?) = i.opcode == .imageFetch ? try imageOffset(i, from: 2, f) : ((0, 0), nil)
            let (d, _) = try result(i, &f)
            let slot = ref.slot, (ox, oy) = offset.constant, dynamic = offset.rows
            let scratch = allocate(dynamic == nil ? 2 : 4)
            return { s in
                let t = s.textures[slot]
                var cx = s.row(coord), cy = s.row(coord + 1)
                if let dynamic {
                    ImageLoops.offset(x: s.row(scratch + 2), y: s.row(scratch + 3), from: cx, cy, by: s.row(dynamic), s.row(dynamic + 1))
                    (cx, cy) = (s.row(scratch + 2), s.row(scratch + 3))
                }
                let index = s.row(scratch)
                ImageLoops.indices(index, x: cx, y: cy, dx: Int32(truncatingIfNeeded: ox), dy: Int32(truncatingIfNeeded: oy), width: t.width, height: t.height)
                ImageLoops.load(t, index, into: (s.row(d), s.row(d + 1), s.row(d + 2), s.row(d + 3)), word: s.row(scratch + 1),
                                mask: s.allActive ? nil : s.mask)
            }
        case .imageSampleExplicitLod, .imageSampleImplicitLod:
            let ref = try image(i, 0, f)
            guard let samplerSlot = ref.samplerSlot else {
                throw .invalidKernel(offset: i.offset, message: "sampling an image without a sampler")
            }
            let coord = try rows(i, 1, f)
            let offset = try imageOffset(i, from: 2, f)
            let (d, _) = try result(i, &f)
            let scratch = allocate(10)
            let slot = ref.slot, binding = ref.binding, constant = offset.constant, dynamic = offset.rows
            return { s in
                let t = s.textures[slot]
                let sampler = s.samplers[samplerSlot]
                let bound = s.checks.sampleBound.flatMap { $0.binding == binding ? $0 : nil }
                let cu = s.row(coord), cv = s.row(coord + 1)
                let d0 = s.row(d), d1 = s.row(d + 1), d2 = s.row(d + 2), d3 = s.row(d + 3)
                if bound == nil, dynamic == nil, sampler.filter == .linear, sampler.addressU == .clampToEdge, sampler.addressV == .clampToEdge {
                    Sampling.bilinearClampedBatch(s, t, cu, cv, offset: constant, scratch: scratch, out: (d0, d1, d2, d3))
                    return
                }
                s.forActive { l in
                    let u = asFloat(cu[l]), v = asFloat(cv[l])
                    var o = constant
                    if let dynamic { o.0 += Int(asInt(s.row(dynamic)[l])); o.1 += Int(asInt(s.row(dynamic + 1)[l])) }
                    let texel = Sampling.sample(t, sampler, u, v, offset: o)
                    d0[l] = bits(texel.x); d1[l] = bits(texel.y); d2[l] = bits(texel.z); d3[l] = bits(texel.w)
                    if let bound {
                        let p = s.pixel(l)
                        let su = u + Float(o.0) / Float(t.width), sv = v + Float(o.1) / Float(t.height)
                        s.control.pointee.tally.recordSample(u: su, v: sv, pixelX: p.x, pixelY: p.y, bound)
                    }
                }
            }
        case .imageGather:
            let ref = try image(i, 0, f)
            guard let samplerSlot = ref.samplerSlot else {
                throw .invalidKernel(offset: i.offset, message: "gathering from an image without a sampler")
            }
            let coord = try rows(i, 1, f), component = try rows(i, 2, f)
            let offset = try imageOffset(i, from: 3, f)
            let (d, _) = try result(i, &f)
            let slot = ref.slot, constant = offset.constant, dynamic = offset.rows
            return { s in
                let t = s.textures[slot]
                let sampler = s.samplers[samplerSlot]
                s.forActive { l in
                    var o = constant
                    if let dynamic { o.0 += Int(asInt(s.row(dynamic)[l])); o.1 += Int(asInt(s.row(dynamic + 1)[l])) }
                    let c = Int(min(s.row(component)[l], 3))
                    let v = Sampling.gather(t, sampler, asFloat(s.row(coord)[l]), asFloat(s.row(coord + 1)[l]), component: c, offset: o)
                    for k in 0..<4 { s.row(d + k)[l] = bits(v[k]) }
                }
            }
        case .imageQuerySize, .imageQuerySizeLod:
            let ref = try image(i, 0, f)
            let lod = i.opcode == .imageQuerySizeLod ? try rows(i, 1, f) : nil
            let (d, n) = try result(i, &f)
            let slot = ref.slot
            return { s in
                let t = s.textures[slot]
                s.forActive { l in
                    let level = lod.map { Int(min(s.row($0)[l], 31)) } ?? 0
                    let w = max(1, t.width >> level), h = max(1, t.height >> level)
                    s.row(d)[l] = UInt32(w)
                    if n > 1 { s.row(d + 1)[l] = UInt32(h) }
                    if n > 2 { s.row(d + 2)[l] = 1 }
                }
            }
        case .imageQueryLevels, .imageQuerySamples:
            _ = try image(i, 0, f)
            let (d, _) = try result(i, &f)
            return { s in
                let row = s.row(d)
                s.forActive { l in row[l] = 1 }
            }
        default:
            throw .unsupported(offset: i.offset, opcode: i.opcode, message: "this image instruction (depth comparison, projection, sparse) is not implemented")
        }
    }
}
