import Foundation
import Testing
@testable import WeftCPU
import WeftImage
import WeftRuntime
import WeftShaders

/// CPU time of the calling thread: meaningful on a machine shared with other work.
func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Throughput at 1920×1080; runs only with WEFT_CPU_BENCH=1 (use a release build).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["WEFT_CPU_BENCH"] == "1"))
struct SpeedTests {
    func measure(_ name: String, _ kernel: CompiledKernel, arguments: [UInt8], threads: Int) throws {
        let w = 1920, h = 1080
        var plan = RenderPlan()
        let input = plan.addUpload(EffectKernels.image(width: w, height: h))
        let output = plan.addTexture(TextureDescriptor(width: w, height: h, format: .rgba8Unorm))
        plan.passes = [KernelPass(kernel: kernel, output: output, layer: input, frame: EffectKernels.frame(width: w, height: h), arguments: arguments)]
        let executor = CPUExecutor(threads: threads, checks: [])
        _ = try executor.execute(plan)
        let reps = 5
        let cpuStart = threadCPUSeconds()
        let result = try executor.execute(plan, options: ExecutionOptions(repetitions: reps))
        let cpu = threadCPUSeconds() - cpuStart
        let seconds = Double(result.hostTime.components.seconds) + Double(result.hostTime.components.attoseconds) / 1e18
        let mpix = Double(w * h * reps) / seconds / 1e6
        let cpuNote = threads == 1 ? String(format: ", %.1f Mpix/s per thread-CPU-second", Double(w * h * reps) / cpu / 1e6) : ""
        print("[speed] \(name), \(threads) thread(s): \(String(format: "%.1f", mpix)) Mpix/s wall (\(String(format: "%.2f", seconds / Double(reps) * 1000)) ms/frame)\(cpuNote)")
    }

    @Test func radialTintAndBlur() throws {
        let tint = try EffectKernels.kernel("radialTint", .color, EffectKernels.radialTint(), argumentBlockSize: 32)
        let tintArgs = EffectKernels.floats([1, 0.5, 0.25, 1, 960, 540, 800, 0])
        let blur = try EffectKernels.kernel("blur", .layer, EffectKernels.blur(), argumentBlockSize: 16)
        let blurArgs = EffectKernels.floats([1.5, 0, 0, 0])
        let only = ProcessInfo.processInfo.environment["WEFT_CPU_BENCH_ONLY"]
        for threads in [1, KernelProgram.defaultThreadCount] where only == nil || threads == 1 {
            if only == nil || only == "tint" { try measure("radial tint", tint, arguments: tintArgs, threads: threads) }
            if only == nil || only == "blur" { try measure("9-tap bilinear blur", blur, arguments: blurArgs, threads: threads) }
        }
    }
}
