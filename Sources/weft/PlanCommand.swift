import Foundation
import Weft
import WeftCatalog
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft plan`: what a render would run, without running it.
enum PlanCommand: Command {
    static let name = "plan"
    static let summary = "Print the passes a render would run: stitched kernels, inputs, dispatch rectangles, textures."
    static let usage = """
    weft plan (SCENE.json | INPUT.png --effect NAME [--arg NAME=VALUE]... | --size WxH --effect FILLNAME ...)
              [--scale S] [--time T] [--frame N] [--reduce-motion] [--keep-overflow] [--16bit] [--no-fuse] [--device NAME|cpu]
              [--pipeline-stats]
    """
    static let discussion = """
    Takes the command line of weft render without -o. Prints one line of totals, then each pass:
    the kernels stitched into it (a+b+c), its kind, its input textures, the rectangle it dispatches
    over, its output texture and the bytes it reads and writes (each input read once per pixel);
    then each texture: its size, format, bytes, and which passes write it (textures written by
    several passes are shared by intermediate results whose lifetimes do not overlap: aliased;
    the glyph atlas is resident, kept by the executor across plans, with the rows a plan uploads);
    then, for each effect pass that was not stitched onto the pass before it, why. Plans for the
    CPU evaluator's limits unless --device names a Vulkan device. Nothing runs. With --pipeline-stats,
    compiles the plan's kernels on the Vulkan device (--device, else $WEFT_DEVICE, else automatic) and
    prints, for each kernel, the statistics its driver reports of the compiled code
    (VK_KHR_pipeline_executable_properties: names and values are the driver's, e.g. NVIDIA's register
    and instruction counts); a device without the extension is named and the command fails. Exit
    status: 0, 1 when an effect, argument or input fails (or no statistics could be had), 2 for a
    command line of the wrong shape.
    """
    static let options: [OptionSpec] = RenderCommand.effectOptions + [
        .value("size", "WxH", help: "Plan a fill effect at this size instead of an input image."),
    ] + RenderRequest.viewOptions + RenderRequest.frameOptions + [
        .value("device", "NAME|cpu", help: "Plan for this device's texture limits (default: cpu, the CPU evaluator)."),
        .flag("keep-overflow", help: "Grow the output to everything drawn beyond the input (effect padding)."),
        .flag("16bit", help: "Plan an RGBA16F (extended linear) render."),
        RenderRequest.noFuseOption, RenderRequest.confineOption,
        .flag("pipeline-stats", help: "Compile the kernels on the Vulkan device and print the driver's statistics of each (registers, instructions, ...)."),
    ]
    static let acceptsPositionals = true

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        let request = try RenderRequest(arguments, requireOutput: false)
        do {
            let (view, size, options) = try RenderCommand.prepare(request)
            let statistics = arguments.has("pipeline-stats")
            let (executor, notice) = try DeviceChoice(flag: request.device ?? (statistics ? nil : DeviceChoice.cpuName)).makeExecutor()
            if let notice { output.printError(notice) }
            let planned = try RenderContext(executor: executor).plan(view, size: size, options: options)
            output.print(PlanText.listing(planned))
            guard statistics else { return 0 }
            return PipelineStatisticsText.print(planned.plan, on: executor, to: &output) ? 0 : 1
        } catch {
            for line in RenderCommand.messages(for: error, request: request, command: "weft plan") { output.printError(line) }
            return 1
        }
    }
}
