import Testing

/// `weft plan` of an image under gaussianBlur: its two runs read the image and then each other, with no padded copy
/// of the image before them (docs/fusion.md, "Read-through"), and the second run draws onto the output itself (the
/// composite and the output's clear fill folded into it); `--no-fuse` keeps the copy and the composite. At a whole-pixel
/// radius the two runs are the engine's blur passes (docs/fusion.md, "The tiled blur"; per-tap on the test device);
/// `WEFT_ENGINE_GAUSSIAN=0` keeps the stitchable's.
@Suite
struct ReadThroughPlanTests {
    @Test func anImageUnderGaussianBlurIsItsTwoRunsAlone() throws {
        let blur = ["--effect", "gaussianBlur", "--arg", "radius=12", "--max-sample-offset", "12"]
        let engine = try CLI.weft(["plan", CLI.pattern] + blur)
        #expect(engine.status == 0, "\(engine)")
        #expect(engine.stdout == """
        2 passes, 3 textures; read 1.6 MiB, written 1.6 MiB, uploaded 768.0 KiB; peak texture memory 2.3 MiB

        PASS  LEVEL  KERNELS                                      KIND   INPUTS    DISPATCH     OUTPUT                 READ    WRITTEN
           0      0  weft.blur                                    layer  layer t0  0,0 536x408  t1 536x408 rgba8  854.3 KiB  854.3 KiB
           1      1  weft.blur+weft.layer.overSolid (2 stitched)  blend  layer t1  0,0 512x384  t2 512x384 rgba8  768.0 KiB  768.0 KiB

        TEXTURE  SIZE     FORMAT      BYTES  CONTENTS
        t0       512x384  rgba8   768.0 KiB  upload
        t1       536x408  rgba8   854.3 KiB  written by pass 0
        t2       512x384  rgba8   768.0 KiB  written by pass 1; read back
        """ + "\n", "\(engine)")
        let run = try CLI.weft(["plan", CLI.pattern] + blur, environment: ["WEFT_ENGINE_GAUSSIAN": "0"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
        2 passes, 3 textures; read 1.6 MiB, written 1.6 MiB, uploaded 768.0 KiB; peak texture memory 2.3 MiB

        PASS  LEVEL  KERNELS                                         KIND   INPUTS    DISPATCH     OUTPUT                 READ    WRITTEN
           0      0  gaussianBlur.pass0                              layer  layer t0  0,0 536x408  t1 536x408 rgba8  854.3 KiB  854.3 KiB
           1      1  gaussianBlur+weft.layer.overSolid (2 stitched)  layer  layer t1  0,0 512x384  t2 512x384 rgba8  768.0 KiB  768.0 KiB

        TEXTURE  SIZE     FORMAT      BYTES  CONTENTS
        t0       512x384  rgba8   768.0 KiB  upload
        t1       536x408  rgba8   854.3 KiB  written by pass 0
        t2       512x384  rgba8   768.0 KiB  written by pass 1; read back

        not stitched:
          gaussianBlur.pass1: gaussianBlur is a layer effect: it samples its input at other positions
        """ + "\n", "\(run)")
        let copied = try CLI.weft(["plan", CLI.pattern] + blur + ["--no-fuse"])
        #expect(copied.status == 0, "\(copied)")
        #expect(copied.stdout.hasPrefix("6 passes, "), "\(copied)")
        #expect(copied.stdout.contains("   0  weft.solid ") && copied.stdout.contains("   1  weft.layer.inPlace "), "\(copied)")
    }
}
