import CGlslang
import CSPIRVOptimizer
import Foundation

/// glslang's C interface, in process: GLSL 4.50 source → SPIR-V 1.5 for Vulkan 1.2.
public enum GLSLCompiler {
    /// The shader stages Weft compiles: compute kernels, and the vertex + fragment pair of
    /// the fragment-pass fallback for kernels that use derivatives.
    public enum Stage: Sendable, Hashable {
        case compute
        case vertex
        case fragment

        var glslang: glslang_stage_t {
            switch self {
            case .compute: GLSLANG_STAGE_COMPUTE
            case .vertex: GLSLANG_STAGE_VERTEX
            case .fragment: GLSLANG_STAGE_FRAGMENT
            }
        }
    }

    /// A failed compile: glslang's info log, unparsed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var log: String
        public var description: String { log }
    }

    private static let processInitialised: Bool = {
        glslang_initialize_process() != 0
    }()

    /// Compiles one compute shader. `log` of a failure holds glslang's messages
    /// (`ERROR: <file>:<line>: …`, with the file and line that `#line` directives set).
    /// With `reportAllErrors` glslang keeps going after the first error (its "cascading
    /// errors" mode), so an author sees every independent error of a file at once.
    /// `optimize` false keeps glslang's literal translation (calls, variables), as tests of the
    /// SPIR-V decoder and of the CPU evaluator's function handling want.
    public static func compileCompute(_ source: String, reportAllErrors: Bool = false, optimize: Bool = true) throws(Failure) -> [UInt32] {
        try compile(source, stage: .compute, reportAllErrors: reportAllErrors, optimize: optimize)
    }

    /// Compiles one shader of `stage`; otherwise as `compileCompute`.
    /// `debugInfo` adds `OpLine` (the `#line` file and line of every instruction) and `OpName`s.
    public static func compile(_ source: String, stage: Stage, reportAllErrors: Bool = false,
                               optimize: Bool = true, debugInfo: Bool = false) throws(Failure) -> [UInt32] {
        precondition(processInitialised, "glslang failed to initialise")
        let result: Result<[UInt32], Failure> = source.withCString { code in
            var input = glslang_input_t()
            input.language = GLSLANG_SOURCE_GLSL
            input.stage = stage.glslang
            input.client = GLSLANG_CLIENT_VULKAN
            input.client_version = GLSLANG_TARGET_VULKAN_1_2
            input.target_language = GLSLANG_TARGET_SPV
            input.target_language_version = GLSLANG_TARGET_SPV_1_5
            input.code = code
            input.default_version = 450
            input.default_profile = GLSLANG_NO_PROFILE
            input.force_default_version_and_profile = 0
            input.forward_compatible = 0
            let rules = GLSLANG_MSG_SPV_RULES_BIT.rawValue | GLSLANG_MSG_VULKAN_RULES_BIT.rawValue
            input.messages = glslang_messages_t(rawValue: rules | (reportAllErrors ? GLSLANG_MSG_CASCADING_ERRORS_BIT.rawValue : 0))
            input.resource = glslang_default_resource()

            guard let shader = glslang_shader_create(&input) else {
                return .failure(Failure(log: "glslang could not create a shader object"))
            }
            defer { glslang_shader_delete(shader) }
            guard glslang_shader_preprocess(shader, &input) != 0, glslang_shader_parse(shader, &input) != 0 else {
                return .failure(Failure(log: String(cString: glslang_shader_get_info_log(shader))))
            }
            guard let program = glslang_program_create() else {
                return .failure(Failure(log: "glslang could not create a program object"))
            }
            defer { glslang_program_delete(program) }
            glslang_program_add_shader(program, shader)
            let messages = Int32(bitPattern: GLSLANG_MSG_SPV_RULES_BIT.rawValue | GLSLANG_MSG_VULKAN_RULES_BIT.rawValue)
            guard glslang_program_link(program, messages) != 0 else {
                return .failure(Failure(log: String(cString: glslang_program_get_info_log(program))))
            }
            var options = glslang_spv_options_t()
            options.validate = true
            options.generate_debug_info = debugInfo
            glslang_program_SPIRV_generate_with_options(program, stage.glslang, &options)
            let count = glslang_program_SPIRV_get_size(program)
            var words = [UInt32](repeating: 0, count: count)
            words.withUnsafeMutableBufferPointer { glslang_program_SPIRV_get(program, $0.baseAddress) }
            if let note = glslang_program_SPIRV_get_messages(program), note.pointee != 0 {
                return .failure(Failure(log: String(cString: note)))
            }
            return .success(words)
        }
        let words = try result.get()
        return optimize ? try optimized(words) : words
    }

    /// SPIRV-Tools' performance passes over glslang's literal translation: calls inlined,
    /// variables promoted to SSA values, constants folded, dead code removed. Drivers do this
    /// themselves; the CPU evaluator runs what it is given, so it gains the most. Descriptor
    /// bindings are preserved even where unused, so the interface stays as the ABI declares it.
    static func optimized(_ words: [UInt32]) throws(Failure) -> [UInt32] {
        var output: UnsafeMutablePointer<UInt32>?
        var count = 0
        var message: UnsafeMutablePointer<CChar>?
        let ok = words.withUnsafeBufferPointer { weft_spirv_optimize($0.baseAddress, $0.count, &output, &count, &message) }
        defer {
            free(output)
            free(message)
        }
        guard ok != 0, let output else {
            throw Failure(log: "SPIR-V optimizer: " + (message.map { String(cString: $0) } ?? "failed"))
        }
        return Array(UnsafeBufferPointer(start: output, count: count))
    }

    /// What identifies this compiler's output, for cache keys. glslang is linked into the
    /// program (and its C interface does not report a version), so the program file itself
    /// (size and modification time) stands for it: a rebuilt or upgraded program gets fresh
    /// cache entries. Costs one `stat`, never a compile.
    public static let identity: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "glslang (unknown program)" }
        return "glslang + spirv-opt performance passes in a program of \(info.st_size) bytes modified \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec); Vulkan 1.2, SPIR-V 1.5"
    }()

    /// Compiles an empty kernel, so that glslang's once-per-process set-up (its built-in
    /// symbol tables) is paid now; returns how long that took.
    public static func warmUp() -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        _ = try? compileCompute("#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n")
        return clock.now - start
    }
}
