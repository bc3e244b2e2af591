import Foundation
import Testing
import WeftImage
import WeftRuntime
import WeftTestSupport
@testable import WeftVulkan

/// A first run on a machine that never ran Weft or the validation layer: nothing depends on what
/// an earlier run left in `$HOME`, and nothing is said about missing caches.
@Suite(.requiresVulkan)
struct FreshHomeTests {
    /// In a child process with an empty `HOME` and no `XDG_CACHE_HOME`: the first validated
    /// device, a render and the pipeline cache in its standard place log nothing at all (info
    /// included), twice; the layer leaves no shader validation cache behind.
    @Test func firstDeviceOnAnEmptyHomeIsClean() async {
        await #expect(processExitsWith: .success) {
            let home = temporaryDirectory()
            setenv("HOME", home, 1)
            unsetenv("XDG_CACHE_HOME")
            for run in ["first", "second"] {
                let executor = try makeExecutor(pipelineCache: .standard)
                var plan = RenderPlan()
                let out = plan.addTexture(TextureDescriptor(width: 3, height: 2, format: .rgba16Float))
                plan.passes.append(KernelPass(kernel: try FillKernelTests.positionKernel(), output: out, frame: frame(output: (3, 2))))
                plan.readbacks = [out]
                let pixels = try #require(try executor.execute(plan).outputs[out])
                #expect(pixels[2, 1] == SIMD4(2.5, 1.5, 4, 1), "\(run) run")
                #expect(executor.pipelineCachePath?.hasPrefix(home + "/.cache/weft/") == true, "\(run) run")
                let messages = executor.validationMessages.map(\.description)
                #expect(messages.isEmpty, "\(run) run: \(messages.prefix(3))")
            }
            let files = FileManager.default.enumerator(atPath: home)?.compactMap { $0 as? String } ?? []
            #expect(!files.contains { $0.contains("shader_validation_cache") }, "\(files)")
            #expect(files.contains { $0.hasPrefix(".cache/weft/pipelines-") }, "\(files)")
        }
    }

    /// Warnings and errors are failures; the layer's and driver's info and verbose reports are not.
    @Test func onlyWarningsAndErrorsAreFailures() {
        let log = ValidationLog(minimumSeverity: .verbose)
        for severity in [ValidationMessage.Severity.verbose, .info, .warning, .error] {
            log.record(ValidationMessage(severity: severity, type: "general", idName: "id-\(severity)", text: "status"))
        }
        #expect(log.messages.count == 4)
        #expect(log.failures.map(\.severity) == [.warning, .error])
    }
}
