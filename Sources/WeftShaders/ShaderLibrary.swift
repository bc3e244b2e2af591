import Foundation
import Synchronization
import WeftImage
import WeftRuntime

/// The stitchable functions of a folder of `.glsl` files, one file, or a source string.
///
/// Loading parses and classifies every `[[ stitchable ]]` function (cheap); kernels are
/// generated and compiled on first use, per output format, through a `SPIRVCache`.
/// Functions are reached by name: `library.radialTint(.float2(200, 160), .float(220), .color(.orange))`.
@dynamicMemberLookup
public final class ShaderLibrary: Sendable {
    /// Every stitchable function, in file order then source order.
    public let functions: [StitchableFunction]
    public let cache: SPIRVCache
    private let indexByName: [String: Int]
    private let files: [String: ParsedFile]
    /// The functions that are stock functions (`StockFunction`), by name.
    let stockFunctions: [String: StockFunction]
    let prelude: String
    /// Kernels this library has produced, so a repeated request (every frame) skips even
    /// generating and hashing the wrapper. Only while the cache is enabled.
    private let kernels = Mutex<[KernelKey: CompiledKernel]>([:])

    private struct KernelKey: Hashable {
        let function: String
        let format: PixelFormat
        let pass: Int
    }

    struct ParsedFile: Sendable {
        let source: AuthorSource
        let markers: [SignatureParser.Marker]
        let mentionsDerivatives: Bool
    }

    /// The prelude shipped with Weft.
    public static let stockPrelude = String(decoding: PackageResources.prelude_glsl, as: UTF8.self)

    /// Loads every `*.glsl` and `*.metal` file directly inside a folder, or one file.
    public convenience init(url: URL, cache: SPIRVCache = .shared) throws(ShaderError) {
        try self.init(path: url.path, cache: cache)
    }

    /// Like `init(url:)`; diagnostics name files by `path` as given (relative stays relative).
    public convenience init(path: String, cache: SPIRVCache = .shared) throws(ShaderError) {
        try self.init(sources: Self.read(path: path), cache: cache, prelude: Self.stockPrelude)
    }

    /// One source string; `name` is the file name diagnostics use, and a name ending in `.metal` reads it as Metal.
    public convenience init(source: String, name: String = "source.glsl", cache: SPIRVCache = .shared) throws(ShaderError) {
        try self.init(sources: [AuthorSource(reading: name, text: source)], cache: cache, prelude: Self.stockPrelude)
    }

    init(sources: [AuthorSource], cache: SPIRVCache, prelude: String) throws(ShaderError) {
        var functions = [StitchableFunction]()
        var indexByName = [String: Int]()
        var files = [String: ParsedFile]()
        var diagnostics = [ShaderDiagnostic]()
        for source in sources {
            diagnostics += source.translationDiagnostics
            // Metal the translation refused is not GLSL either: reading on would only repeat the problem.
            guard source.translationDiagnostics.isEmpty else { continue }
            let parsed = SignatureParser.parse(source)
            diagnostics += parsed.diagnostics
            files[source.path] = ParsedFile(source: source, markers: parsed.markers, mentionsDerivatives: WrapperGenerator.mentionsDerivatives(source))
            for raw in parsed.signatures {
                switch KindClassifier.classify(raw, in: source) {
                case .success(var function):
                    let annotated = AnnotationParser.annotations(above: raw.marker.range.lowerBound, in: source, for: function)
                    function.annotations = annotated.annotations
                    diagnostics += annotated.diagnostics
                    let offset = AnnotationParser.maxSampleOffset(above: raw.marker.range.lowerBound, in: source, for: function)
                    function.maxSampleOffset = offset.offset
                    diagnostics += offset.diagnostics
                    if let existing = indexByName[function.name] {
                        let first = functions[existing]
                        diagnostics.append(ShaderDiagnostic(file: function.file, line: function.line, column: function.column,
                            message: "stitchable function '\(function.name)' is already defined at \(first.file):\(first.line):\(first.column); rename one"))
                    } else {
                        indexByName[function.name] = functions.count
                        functions.append(function)
                    }
                case .failure(let diagnostic):
                    diagnostics.append(diagnostic)
                }
            }
        }
        guard diagnostics.isEmpty else { throw .diagnostics(diagnostics) }
        self.functions = functions
        self.indexByName = indexByName
        self.files = files
        self.cache = cache
        self.prelude = prelude
        self.stockFunctions = prelude == Self.stockPrelude ? StockFunction.recognise(functions, in: files) : [:]
    }

    /// Whether a file name is a shader source the library reads: GLSL (`.glsl`) or Metal (`.metal`).
    public static func isShaderFile(_ name: String) -> Bool { name.hasSuffix(".glsl") || name.hasSuffix(".metal") }

    /// The shader files at `path`: the file itself, or the `.glsl` and `.metal` files directly inside the folder, by name.
    static func read(path: String) throws(ShaderError) -> [AuthorSource] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file or folder")
        }
        var paths = [path]
        if isDirectory.boolValue {
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                throw .unreadable(path: path, reason: "\(error.localizedDescription)")
            }
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            paths = names.filter(isShaderFile).sorted().map { "\(folder)/\($0)" }
        }
        var sources = [AuthorSource]()
        for file in paths {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .unreadable(path: file, reason: "cannot read the file")
            }
            sources.append(AuthorSource(reading: file, text: String(decoding: data, as: UTF8.self)))
        }
        return sources
    }

    /// The files the library was read from (what a tool that reloads on change would watch).
    public var sourcePaths: [String] { files.keys.sorted() }

    /// The function `name`, or `ShaderError.unknownFunction`.
    public func function(named name: String) throws(ShaderError) -> StitchableFunction {
        guard let i = indexByName[name] else { throw .unknownFunction(name: name, available: functions.map(\.name)) }
        return functions[i]
    }

    public subscript(dynamicMember name: String) -> ShaderFunction {
        ShaderFunction(library: self, name: name)
    }

    /// Makes a validated `Shader` from positional arguments in declaration order.
    public func shader(_ name: String, _ arguments: [Shader.Argument]) throws(ShaderError) -> Shader {
        try Shader(library: self, function: function(named: name), arguments: arguments.map { (nil, $0) })
    }

    // MARK: Kernels

    /// One compile (or cache answer): the kernel, where it came from and how long it took.
    public struct Compilation: Sendable {
        public let kernel: CompiledKernel
        public let outcome: SPIRVCache.Outcome
        public let duration: Duration
    }

    /// The compiled kernel for a shader's function in `outputFormat`, from the cache when it can.
    public func kernel(for shader: Shader, outputFormat: PixelFormat) throws(ShaderError) -> CompiledKernel {
        try compile(shader.function, outputFormat: outputFormat).kernel
    }

    public func kernel(for function: StitchableFunction, outputFormat: PixelFormat) throws(ShaderError) -> CompiledKernel {
        try compile(function, outputFormat: outputFormat).kernel
    }

    /// Compiles every function for `outputFormats` (say, to report every problem of a
    /// library right after loading it). Throws all the diagnostics found, each once.
    public func compileAll(outputFormats: [PixelFormat] = PixelFormat.allCases) throws(ShaderError) {
        var diagnostics = [ShaderDiagnostic]()
        for function in functions {
            for format in outputFormats {
                do { _ = try compile(function, outputFormat: format) } catch {
                    for d in error.diagnostics where !diagnostics.contains(d) { diagnostics.append(d) }
                    break
                }
            }
        }
        guard diagnostics.isEmpty else { throw .diagnostics(diagnostics) }
    }

    /// The GLSL compute shader generated for a function (what is compiled), for inspection.
    public func generatedSource(for function: StitchableFunction, outputFormat: PixelFormat, pass: Int = 0) throws(ShaderError) -> String {
        let file = try parsedFile(of: function)
        return WrapperGenerator.generate(function: function, source: file.source, markers: file.markers,
                                         outputFormat: outputFormat, prelude: prelude, derivatives: file.mentionsDerivatives ? .quads : .none,
                                         pass: pass)
    }

    /// The kernel for one of this library's functions in `outputFormat` (for run `pass` of a multi-pass function): from
    /// this library's memory, the SPIR-V cache (memory, then disk), or glslang, in that order.
    public func compile(_ function: StitchableFunction, outputFormat: PixelFormat, pass: Int = 0) throws(ShaderError) -> Compilation {
        precondition((0..<function.passes).contains(pass), "pass \(pass) of \(function.name), which runs \(function.passes) passes")
        let clock = ContinuousClock()
        let start = clock.now
        let file = try parsedFile(of: function)
        let memo = KernelKey(function: function.name, format: outputFormat, pass: pass)
        if cache.isEnabled, let kernel = kernels.withLock({ $0[memo] }) {
            cache.countMemoryHit()
            return Compilation(kernel: kernel, outcome: .memory, duration: clock.now - start)
        }
        let generated = try generatedSource(for: function, outputFormat: outputFormat, pass: pass)
        var hasher = SHA256()
        hasher.update("weft wrapper \(WrapperGenerator.version)")
        hasher.update(GLSLCompiler.identity)
        hasher.update(function.name)
        hasher.update(outputFormat.rawValue)
        hasher.update(generated) // contains the prelude and the author's whole file
        let key = hasher.finalize()

        let words: [UInt32]
        var outcome: SPIRVCache.Outcome
        if let hit = cache.lookup(key) {
            words = hit.words
            outcome = hit.outcome
        } else {
            words = try compileGenerated(generated, function: function, file: file, outputFormat: outputFormat, pass: pass)
            cache.store(words, for: key)
            outcome = .compiled
        }
        try checkLayout(of: function, against: words)
        let usesDerivatives = SPIRVFacts.usesDerivatives(words)
        var fragment: [UInt32]?
        if usesDerivatives {
            let source = WrapperGenerator.generate(function: function, source: file.source, markers: file.markers,
                                                   outputFormat: outputFormat, prelude: prelude, derivatives: .none, fragment: true, pass: pass)
            let fragmentKey = SHA256.hex(key + "\u{0}fragment\u{0}" + source)
            if let hit = cache.lookup(fragmentKey) {
                fragment = hit.words
            } else {
                do { fragment = try GLSLCompiler.compile(source, stage: .fragment, reportAllErrors: true) } catch {
                    throw .diagnostics(DiagnosticMapper.diagnostics(fromLog: error.log, source: file.source, function: function))
                }
                cache.store(fragment!, for: fragmentKey)
                outcome = .compiled
            }
        }
        let interface = KernelInterface(readsLayer: function.kind.readsLayer, readsDestination: function.kind.readsDestination,
                                        argumentBlockSize: function.argumentBlockSize, readsArrays: function.readsArrays,
                                        imageCount: function.imageCount, usesDerivatives: usesDerivatives)
        let kernel = CompiledKernel(name: function.passes > 1 ? "\(function.name).pass\(pass)" : function.name, kind: function.kind, outputFormat: outputFormat, spirv: words,
                                    interface: interface, cacheKey: key, fragmentSPIRV: fragment,
                                    checked: checkedKernel(function, file: file, outputFormat: outputFormat, pass: pass, plain: words, key: key))
        if cache.isEnabled { kernels.withLock { $0[memo] = kernel } }
        return Compilation(kernel: kernel, outcome: outcome, duration: clock.now - start)
    }

    /// The checked variant of the kernel `plain` (cache key `key`), compiled only when an executor first asks for it,
    /// with the derivatives setting the plain kernel compiled with.
    private func checkedKernel(_ function: StitchableFunction, file: ParsedFile, outputFormat: PixelFormat, pass: Int,
                               plain: [UInt32], key: String) -> CheckedKernel {
        let derivatives: WrapperGenerator.Derivatives = !file.mentionsDerivatives ? .none : SPIRVFacts.usesDerivatives(plain) ? .quads : .unreachable
        let checkedKey = CheckedHooks.key(key)
        let prelude = prelude, cache = cache
        return CheckedKernel(cacheKey: checkedKey) {
            if let hit = cache.lookup(checkedKey) { return hit.words }
            let text = WrapperGenerator.generate(function: function, source: file.source, markers: file.markers, outputFormat: outputFormat,
                                                 prelude: prelude, derivatives: derivatives, pass: pass, checked: true)
            let words = try GLSLCompiler.compileCompute(text, reportAllErrors: true)
            cache.store(words, for: checkedKey)
            return words
        }
    }

    /// The `OpLine` file name of the author's own lines in kernels compiled with debug information.
    public static let authorLineTag = WrapperGenerator.authorTag

    /// A function's kernel compiled for the pixel debugger: with `OpLine` and `OpName` debug
    /// information and without the optimizer, so every statement and named variable of the
    /// author's source is still there. Never cached; the same interface as `kernel(for:)`'s.
    public func debugKernel(for function: StitchableFunction, outputFormat: PixelFormat, pass: Int = 0) throws(ShaderError) -> CompiledKernel {
        let file = try parsedFile(of: function)
        let source = WrapperGenerator.generate(function: function, source: file.source, markers: file.markers, outputFormat: outputFormat,
                                               prelude: prelude, derivatives: file.mentionsDerivatives ? .quads : .none, pass: pass)
        let words: [UInt32]
        do { words = try GLSLCompiler.compile(source, stage: .compute, reportAllErrors: true, optimize: false, debugInfo: true) } catch {
            throw .diagnostics(DiagnosticMapper.diagnostics(fromLog: error.log, source: file.source, function: function))
        }
        let interface = KernelInterface(readsLayer: function.kind.readsLayer, readsDestination: function.kind.readsDestination,
                                        argumentBlockSize: function.argumentBlockSize, readsArrays: function.readsArrays,
                                        imageCount: function.imageCount, usesDerivatives: SPIRVFacts.usesDerivatives(words))
        return CompiledKernel(name: function.passes > 1 ? "\(function.name).pass\(pass)" : function.name, kind: function.kind,
                              outputFormat: outputFormat, spirv: words, interface: interface, cacheKey: "debug " + SHA256.hex(source))
    }

    /// The author's text of 1-based `line` of the file that defines `function`; empty when out of range.
    public func sourceLine(_ line: Int, of function: StitchableFunction) -> String {
        (try? parsedFile(of: function))?.source.rawLine(line) ?? ""
    }

    /// The fragment shader generated for a function's fragment-pass fallback, for inspection.
    public func generatedFragmentSource(for function: StitchableFunction) throws(ShaderError) -> String {
        let file = try parsedFile(of: function)
        return WrapperGenerator.generate(function: function, source: file.source, markers: file.markers,
                                         outputFormat: .rgba8Unorm, prelude: prelude, derivatives: .none, fragment: true)
    }

    func parsedFile(of function: StitchableFunction) throws(ShaderError) -> ParsedFile {
        guard let file = files[function.file], let i = indexByName[function.name], functions[i] == function else {
            throw .foreignFunction(name: function.name, file: function.file)
        }
        return file
    }

    private func compileGenerated(_ generated: String, function: StitchableFunction, file: ParsedFile,
                                  outputFormat: PixelFormat, pass: Int) throws(ShaderError) -> [UInt32] {
        do {
            let words = try GLSLCompiler.compileCompute(generated, reportAllErrors: true)
            guard file.mentionsDerivatives, !SPIRVFacts.usesDerivatives(words) else { return words }
            // The file mentions derivatives but this function never reaches them: compile
            // without compute-shader derivatives so that every device can run it.
            let plain = WrapperGenerator.generate(function: function, source: file.source, markers: file.markers,
                                                  outputFormat: outputFormat, prelude: prelude, derivatives: .unreachable, pass: pass)
            return try GLSLCompiler.compileCompute(plain, reportAllErrors: true)
        } catch {
            throw .diagnostics(DiagnosticMapper.diagnostics(fromLog: error.log, source: file.source, function: function))
        }
    }

    /// The reflected offsets must be exactly glslang's; a difference is a front-end bug.
    private func checkLayout(of function: StitchableFunction, against words: [UInt32]) throws(ShaderError) {
        let block = function.blockParameters
        guard !block.isEmpty else { return }
        let laidOut = SPIRVFacts.memberOffsets(of: "WeftArgumentsData", in: words)
        for (member, parameter) in block.enumerated() where laidOut[member] != parameter.blockOffset {
            throw .layoutMismatch(function: function.name, parameter: parameter.name, reflected: parameter.blockOffset,
                                  compiled: laidOut[member])
        }
    }
}
