import Testing
@testable import SPIRV
import WeftShaders

/// Decoding real glslang output, and rejecting broken modules with errors that say where.
@Suite struct DecoderTests {
    static let source = """
    #version 450
    layout(local_size_x = 16, local_size_y = 8) in;
    layout(binding = 0, rgba8) uniform writeonly image2D weftOutput;
    layout(binding = 3, std140) uniform Arguments { vec4 tint; float amount; } arguments;
    layout(push_constant, std430) uniform Frame { vec2 origin; float scale; } frame;
    const float table[3] = float[](1.0, 2.0, 4.0);
    float weight(int k) { return table[k]; }
    void main() {
        ivec2 p = ivec2(gl_GlobalInvocationID.xy);
        imageStore(weftOutput, p, arguments.tint * (arguments.amount * frame.scale) * weight(p.x % 3));
    }
    """

    func words() throws -> [UInt32] { try GLSLCompiler.compileCompute(Self.source, optimize: false) }

    @Test func decodesGlslangOutput() throws {
        let m = try Module.decode(try words())
        let entry = try #require(m.entryPoint(named: "main"))
        #expect(entry.model == .glCompute)
        #expect(entry.modes[.localSize] == [16, 8, 1])
        #expect(m.functions[entry.function] != nil)
        #expect(m.functions.count == 2)
        // Bindings and the block's member offsets.
        let arguments = try #require(m.globals.values.first { m.decoration(.binding, on: $0.id.raw) == [3] })
        #expect(arguments.storage == .uniform)
        #expect(m.memberDecoration(.offset, on: arguments.pointee, member: 0) == [0])
        #expect(m.memberDecoration(.offset, on: arguments.pointee, member: 1) == [16])
        #expect(m.memberNames[arguments.pointee]?[1] == "amount")
        let output = try #require(m.globals.values.first { m.decoration(.binding, on: $0.id.raw) == [0] })
        guard case .image(let image)? = m.types[output.pointee] else { Issue.record("binding 0 is not an image"); return }
        #expect(image.format == .rgba8 && image.dim == .dim2D && image.sampled == 2)
        #expect(m.globals.values.contains { $0.storage == .pushConstant })
        let builtIn = try #require(m.globals.values.first { $0.storage == .input })
        #expect(m.decoration(.builtIn, on: builtIn.id.raw) == [BuiltIn.globalInvocationId.rawValue])
        // The constant array is a composite of float constants.
        #expect(m.constants.values.contains { c in
            if case .composite(let parts) = c.value, parts.count == 3 { return true }
            return false
        })
        #expect(m.extInstImports.isEmpty || m.extInstImports.values.contains("GLSL.std.450"))
        #expect(Opcode.fAdd.described == "OpFAdd (code 129)")
    }

    @Test func badMagic() throws {
        var w = try words()
        w[0] = 0xDEAD_BEEF
        #expect(throws: SPIRVError.badMagic(found: 0xDEAD_BEEF)) { try Module.decode(w) }
        #expect("\(SPIRVError.badMagic(found: 0xDEAD_BEEF))".contains("word 0"))
    }

    @Test func truncatedHeaderAndInstruction() throws {
        #expect(throws: SPIRVError.truncated(offset: 0, needed: 5, available: 3)) { try Module.decode([Module.magic, 0x10500, 0]) }
        let w = try words()
        // Cut the module inside its last instruction.
        var last = 5, i = 5
        while i < w.count { last = i; i += Int(w[i] >> 16) }
        let cut = Array(w[0..<(last + 1)])
        let count = Int(w[last] >> 16)
        if count > 1 {
            #expect(throws: SPIRVError.truncated(offset: last, needed: count, available: 1)) { try Module.decode(cut) }
        }
        // Cut between functions' instructions: the function never ends.
        #expect { try Module.decode(Array(w[0..<last])) } throws: { error in
            guard let e = error as? SPIRVError, case .truncated = e else { return false }
            return true
        }
    }

    @Test func unknownOpcodeNamesOffsetAndCode() throws {
        var w = try words()
        let at = try #require(offset(of: .load, in: w))
        w[at] = (w[at] & 0xFFFF_0000) | 0x7ABC
        #expect(throws: SPIRVError.unknownOpcode(offset: at, code: 0x7ABC)) { try Module.decode(w) }
        #expect("\(SPIRVError.unknownOpcode(offset: at, code: 0x7ABC))" == "word \(at): unknown opcode \(0x7ABC)")
    }

    @Test func idOutOfRange() throws {
        var w = try words()
        let at = try #require(offset(of: .load, in: w))
        w[at + 3] = w[3] + 5   // the pointer operand, beyond the bound
        #expect(throws: SPIRVError.idOutOfRange(offset: at, id: w[3] + 5, bound: w[3])) { try Module.decode(w) }
    }

    @Test func typeMismatchIsReportedWithTheOpcode() throws {
        var w = try words()
        // Make an OpFMul's second operand an integer-typed value (the GlobalInvocationID load's uvec3
        // is not float): take any integer value id from an OpBitcast/OpSMod's result.
        let mul = try #require(offset(of: .fMul, in: w))
        let intOp = try #require(offset(of: .sMod, in: w) ?? offset(of: .iAdd, in: w) ?? offset(of: .compositeExtract, in: w))
        w[mul + 4] = w[intOp + 2]
        #expect { try Module.decode(w) } throws: { error in
            guard let e = error as? SPIRVError, case .typeMismatch(let o, let op, _) = e else { return false }
            return o == mul && op == .fMul && "\(e)".contains("OpFMul (code 133)")
        }
    }

    @Test func undefinedAndRedefinedIDs() throws {
        var w = try words()
        let at = try #require(offset(of: .fMul, in: w))
        // A result id reused: point OpFMul's result at the id of its own first operand.
        w[at + 2] = w[at + 3]
        #expect { try Module.decode(w) } throws: { error in
            guard let e = error as? SPIRVError, case .redefinedID(let o, let op, _) = e else { return false }
            return o == at && op == .fMul
        }
        var v = try words()
        let branch = try #require(offset(of: .branch, in: v) ?? offset(of: .returnValue, in: v))
        v[branch + 1] = 1   // usually a type or import id, never a block label
        #expect(throws: SPIRVError.self) { try Module.decode(v) }
    }

    @Test func zeroWordCount() throws {
        var w = try words()
        let at = try #require(offset(of: .load, in: w))
        w[at] &= 0x0000_FFFF
        #expect { try Module.decode(w) } throws: { error in
            guard let e = error as? SPIRVError, case .malformed(let o, _, let message) = e else { return false }
            return o == at && message.contains("word count is 0")
        }
    }

    @Test func everyTruncationIsAnErrorNotACrash() throws {
        let w = try words()
        for n in stride(from: 0, to: w.count, by: 3) {
            #expect(throws: SPIRVError.self) { try Module.decode(Array(w[0..<n])) }
        }
    }

    func offset(of opcode: Opcode, in w: [UInt32]) -> Int? {
        var i = 5
        while i < w.count {
            if UInt16(truncatingIfNeeded: w[i]) == opcode.rawValue { return i }
            let n = Int(w[i] >> 16)
            if n == 0 { return nil }
            i += n
        }
        return nil
    }
}
