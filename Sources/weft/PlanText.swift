import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// A planned render as text: `weft plan`'s listing and `weft render --stats`' summary.
enum PlanText {
    /// Every pass (its level: the run of passes it shares one barrier batch with, `RenderPlan.barrierFreeRuns`; kernels
    /// stitched into it, inputs, dispatch rectangle, output), every texture (which passes write it:
    /// more than one means logical textures share it), and why effect passes were not stitched.
    static func listing(_ planned: PlannedRender) -> String {
        let plan = planned.plan
        var passes = TextTable(headers: ["PASS", "LEVEL", "KERNELS", "KIND", "INPUTS", "DISPATCH", "OUTPUT", "READ", "WRITTEN"],
                               rightAligned: [0, 1, 7, 8])
        var levels = [Int](repeating: 0, count: plan.passes.count)
        for (level, run) in plan.barrierFreeRuns.enumerated() { for index in run { levels[index] = level } }
        for (index, pass) in plan.passes.enumerated() {
            var inputs = [String]()
            if let layer = pass.layer { inputs.append("layer \(layer)") }
            if let destination = pass.destination { inputs.append("destination \(destination)") }
            if pass.kernel.interface.readsOutput { inputs.append("output \(pass.output) in place") }
            inputs += pass.images.map { "image \($0)" }
            let traffic = plan.traffic(of: pass)
            let stitched = pass.kernel.name.split(separator: "+").count
            let d = plan.textures[pass.output.index]
            passes.append(["\(index)", "\(levels[index])", pass.kernel.name + (stitched > 1 ? " (\(stitched) stitched)" : ""), pass.kernel.kind.rawValue,
                           inputs.isEmpty ? "-" : inputs.joined(separator: ", "), dispatch(pass, in: plan),
                           "\(pass.output) \(d.width)x\(d.height) \(d.format.rawValue)", bytes(traffic.bytesRead), bytes(traffic.bytesWritten)])
        }
        var textures = TextTable(headers: ["TEXTURE", "SIZE", "FORMAT", "BYTES", "CONTENTS"], rightAligned: [3])
        let writers = plan.writers
        for index in plan.textures.indices {
            let id = TextureID(index)
            let d = plan.textures[index]
            var contents = [String]()
            if plan.uploads[id] != nil { contents.append("upload") }
            if let resident = plan.residents[id] {
                let rows = resident.plannedRows
                contents.append(rows.isEmpty ? "resident, up to date" : "resident, uploads rows \(rows.lowerBound)..<\(rows.upperBound) (\(bytes(resident.bytes(of: rows))))")
            }
            if let passes = writers[id] {
                contents.append("written by pass\(passes.count == 1 ? "" : "es") \(passes.map(String.init).joined(separator: ", "))"
                                + (passes.count > 1 ? " (aliased)" : ""))
            }
            if plan.readbacks.contains(id) { contents.append("read back") }
            textures.append([id.description, "\(d.width)x\(d.height)", d.format.rawValue, bytes(plan.bytes(of: id)), contents.joined(separator: "; ")])
        }
        var text = summary(planned) + "\n\n" + passes.rendered + "\n\n" + textures.rendered
        if !planned.fusionNotes.isEmpty {
            text += "\n\nnot stitched:\n" + planned.fusionNotes.map { "  \($0)" }.joined(separator: "\n")
        }
        return text
    }

    /// One line: passes, bytes read and written, peak texture memory.
    static func summary(_ planned: PlannedRender) -> String {
        let plan = planned.plan
        let traffic = plan.passes.map(plan.traffic(of:))
        let uploaded = plan.uploadedBytes
        return "\(plan.passes.count) pass\(plan.passes.count == 1 ? "" : "es"), \(plan.textures.count) textures; "
            + "read \(bytes(traffic.reduce(0) { $0 + $1.bytesRead })), written \(bytes(traffic.reduce(0) { $0 + $1.bytesWritten })), "
            + "uploaded \(bytes(uploaded)); peak texture memory \(bytes(plan.textureBytes))"
    }

    /// `x,y WxH`: the pixels of the output the pass runs over.
    static func dispatch(_ pass: KernelPass, in plan: RenderPlan) -> String {
        let d = plan.textures[pass.output.index]
        return pass.dispatchRegion(width: d.width, height: d.height).description
    }

    static func bytes(_ n: Int) -> String {
        RenderError.bytes(Double(n))
    }
}
