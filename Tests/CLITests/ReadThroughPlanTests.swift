import Testing

/// `weft plan` of an image under gaussianBlur: its two runs read the image and then each other, with no padded copy
/// of the image before them (docs/fusion.md, "Read-through"); `--no-fuse` keeps the copy.
@Suite
struct ReadThroughPlanTests {
    @Test func anImageUnderGaussianBlurIsTwoEffectPassesAndTheFinalComposite() throws {
        let blur = ["--effect", "gaussianBlur", "--arg", "radius=12", "--max-sample-offset", "12"]
        let run = try CLI.weft(["plan", CLI.pattern] + blur)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
        4 passes, 3 textures; read 3.2 MiB, written 3.2 MiB, uploaded 768.0 KiB; peak texture memory 2.4 MiB

        PASS  KERNELS             KIND   INPUTS                        DISPATCH     OUTPUT                 READ    WRITTEN
           0  gaussianBlur.pass0  layer  layer t0                      0,0 536x408  t1 536x408 rgba8  854.3 KiB  854.3 KiB
           1  gaussianBlur.pass1  layer  layer t1                      0,0 536x408  t2 536x408 rgba8  854.3 KiB  854.3 KiB
           2  weft.solid          fill   -                             0,0 512x384  t0 512x384 rgba8    0 bytes  768.0 KiB
           3  weft.layer.inPlace  blend  layer t2, output t0 in place  0,0 512x384  t0 512x384 rgba8    1.5 MiB  768.0 KiB

        TEXTURE  SIZE     FORMAT      BYTES  CONTENTS
        t0       512x384  rgba8   768.0 KiB  upload; written by passes 2, 3 (aliased); read back
        t1       536x408  rgba8   854.3 KiB  written by pass 0
        t2       536x408  rgba8   854.3 KiB  written by pass 1

        not stitched:
          gaussianBlur.pass1: gaussianBlur is a layer effect: it samples its input at other positions
        """ + "\n", "\(run)")
        let copied = try CLI.weft(["plan", CLI.pattern] + blur + ["--no-fuse"])
        #expect(copied.status == 0, "\(copied)")
        #expect(copied.stdout.hasPrefix("6 passes, "), "\(copied)")
        #expect(copied.stdout.contains("   0  weft.solid ") && copied.stdout.contains("   1  weft.layer.inPlace "), "\(copied)")
    }
}
