import CGlslang
import Foundation

/// glslang's C interface, in process: GLSL 4.50 compute source → SPIR-V for Vulkan 1.2.
public enum GLSLCompiler {
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
    public static func compileCompute(_ source: String, reportAllErrors: Bool = false) throws(Failure) -> [UInt32] {
        precondition(processInitialised, "glslang failed to initialise")
        let result: Result<[UInt32], Failure> = source.withCString { code in
            var input = glslang_input_t()
            input.language = GLSLANG_SOURCE_GLSL
            input.stage = GLSLANG_STAGE_COMPUTE
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
            glslang_program_SPIRV_generate_with_options(program, GLSLANG_STAGE_COMPUTE, &options)
            let count = glslang_program_SPIRV_get_size(program)
            var words = [UInt32](repeating: 0, count: count)
            words.withUnsafeMutableBufferPointer { glslang_program_SPIRV_get(program, $0.baseAddress) }
            if let note = glslang_program_SPIRV_get_messages(program), note.pointee != 0 {
                return .failure(Failure(log: String(cString: note)))
            }
            return .success(words)
        }
        return try result.get()
    }

    /// What identifies this compiler's output for caches: glslang's SPIR-V generator word
    /// (tool id and generator version, header word 2) and the targets used here. Found
    /// once per process by compiling an empty kernel.
    public static let identity: String = {
        let words = (try? compileCompute("#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n")) ?? []
        let generator = words.count > 2 ? String(words[2], radix: 16) : "unknown"
        return "glslang generator \(generator), GLSL 450 compute, Vulkan 1.2, SPIR-V 1.5"
    }()
}
