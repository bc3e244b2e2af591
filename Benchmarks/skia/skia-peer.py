#!/usr/bin/env python3
"""Skia's GPU backend (GL, on an EGL context without a window) running Weft's stock effects, as the peer row of
docs/benchmarks.md ("Against Skia's GPU backend").

Each effect is the stock Shaders/*.glsl function written as an SkSL runtime shader (same arithmetic, same presets),
drawn over a W x H RGBA8 texture into a W x H RGBA8 GPU surface with kSrc; gaussianBlur is Skia's own blur image filter
(sigma = taps / 3 pixels, as the stock kernel's); `copy` draws the texture unchanged (Skia's copy ceiling).
What is timed: GPU time from GL_TIME_ELAPSED queries around a batch of draws, each draw flushed, divided by the batch's
draws; the median of the batches is reported, with host time per draw beside it. Needs skia-python and PyOpenGL.

    python3 Benchmarks/skia/skia-peer.py [--size 3840x2160] [--batches 7] [--draws 50] [--json out.json]
"""
import argparse
import ctypes
import json
import os
import statistics
import time

os.environ.setdefault("PYOPENGL_PLATFORM", "egl")
import numpy as np  # noqa: E402
import skia  # noqa: E402
from OpenGL import EGL, GL  # noqa: E402
from OpenGL.EGL.EXT.device_base import eglQueryDevicesEXT  # noqa: E402
from OpenGL.EGL.EXT.platform_base import eglGetPlatformDisplayEXT  # noqa: E402
from OpenGL.EGL.EXT.platform_device import EGL_PLATFORM_DEVICE_EXT  # noqa: E402
from OpenGL.raw.GL.VERSION.GL_3_3 import glGetQueryObjectui64v  # noqa: E402

GL_TIME_ELAPSED = 0x88BF

# Weft's stock effects (Shaders/*.glsl with Shaders/presets.json) in SkSL. `image` is the input; p is the pixel centre.
EFFECTS = {
    "colorInvert": "half4 main(float2 p) { half4 c = image.eval(p); return half4(c.a - c.rgb, c.a); }",
    "saturation": """half4 main(float2 p) { half4 c = image.eval(p);
        half luma = dot(c.rgb, half3(0.2126, 0.7152, 0.0722));
        return half4(clamp(mix(half3(luma), c.rgb, 0.3), 0.0, c.a), c.a); }""",
    "radialTint": """half4 main(float2 p) { half4 c = image.eval(p);
        float w = 1.0 - smoothstep(0.0, 220.0, distance(p, float2(256, 192)));
        half3 tint = half3(1.0, 140.0 / 255.0, 26.0 / 255.0);
        return half4(mix(c.rgb, tint * c.a, w), c.a); }""",
    "vignette": """uniform float2 size;
        half4 main(float2 p) { half4 c = image.eval(p);
        float2 d = (p - size * 0.5) / max(size * 0.5, float2(1e-3));
        float fall = saturate(dot(d, d) * 0.5);
        return half4(c.rgb * (1.0 - 0.8 * fall), c.a); }""",
    "wave": """half4 main(float2 p) { float k = 6.28318530718 / 64.0;
        return image.eval(p + float2(0.0, 10.0 * sin(p.x * k))); }""",
    "chromaticAberration": """half4 main(float2 p) {
        half4 r = image.eval(p + float2(6, 0)); half4 g = image.eval(p); half4 b = image.eval(p - float2(6, 0));
        return half4(r.r, g.g, b.b, max(max(r.a, g.a), b.a)); }""",
    "boxBlur": """half4 main(float2 p) { half4 sum = half4(0);
        for (int y = -3; y <= 3; y++) { for (int x = -3; x <= 3; x++) { sum += image.eval(p + float2(x, y) * 2.0); } }
        return sum / 49.0; }""",
}
GAUSSIAN_RADII = [6, 12, 24]


def egl_context():
    devices = (EGL.EGLDeviceEXT * 16)()
    count = EGL.EGLint()
    eglQueryDevicesEXT(16, devices, ctypes.pointer(count))
    if count.value == 0:
        raise SystemExit("skia-peer: no EGL device")
    display = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[0], None)
    major, minor = EGL.EGLint(), EGL.EGLint()
    if not EGL.eglInitialize(display, ctypes.pointer(major), ctypes.pointer(minor)):
        raise SystemExit("skia-peer: eglInitialize failed")
    attributes = (EGL.EGLint * 11)(EGL.EGL_SURFACE_TYPE, EGL.EGL_PBUFFER_BIT, EGL.EGL_RED_SIZE, 8, EGL.EGL_GREEN_SIZE, 8,
                                   EGL.EGL_BLUE_SIZE, 8, EGL.EGL_RENDERABLE_TYPE, EGL.EGL_OPENGL_BIT, EGL.EGL_NONE)
    config, found = EGL.EGLConfig(), EGL.EGLint()
    EGL.eglChooseConfig(display, attributes, ctypes.pointer(config), 1, ctypes.pointer(found))
    surface = EGL.eglCreatePbufferSurface(display, config, (EGL.EGLint * 5)(EGL.EGL_WIDTH, 16, EGL.EGL_HEIGHT, 16, EGL.EGL_NONE))
    EGL.eglBindAPI(EGL.EGL_OPENGL_API)
    context = EGL.eglCreateContext(display, config, EGL.EGL_NO_CONTEXT, None)
    if not EGL.eglMakeCurrent(display, surface, surface, context):
        raise SystemExit("skia-peer: eglMakeCurrent failed")
    return GL.glGetString(GL.GL_RENDERER).decode(), GL.glGetString(GL.GL_VERSION).decode()


def input_image(width, height):
    # A non-trivial premultiplied input: gradients with a translucent band (as Weft's bench input is non-trivial).
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    alpha = np.where((y // 64) % 4 == 3, 0.5, 1.0).astype(np.float32)
    rgba = np.stack([x / width, y / height, 0.5 + 0.5 * np.sin(x * 0.05) * np.cos(y * 0.03), np.ones_like(x)], axis=-1)
    rgba[..., :3] *= alpha[..., None]
    rgba[..., 3] = alpha
    pixels = np.ascontiguousarray((rgba * 255 + 0.5).astype(np.uint8))
    info = skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
    image = skia.Image.fromarray(pixels, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
    return image, info, pixels


def measure(gr, surface, draw, batches, draws):
    canvas = surface.getCanvas()
    for _ in range(10):
        draw(canvas)
        surface.flushAndSubmit()
    surface.flushAndSubmit(skia.GrSyncCpu.kYes)
    query = GL.glGenQueries(1)[0]
    gpu, host = [], []
    for _ in range(batches):
        start = time.perf_counter()
        GL.glBeginQuery(GL_TIME_ELAPSED, query)
        for _ in range(draws):
            draw(canvas)
            surface.flushAndSubmit()
        GL.glEndQuery(GL_TIME_ELAPSED)
        surface.flushAndSubmit(skia.GrSyncCpu.kYes)
        GL.glFinish()
        host.append((time.perf_counter() - start) / draws * 1e3)
        elapsed = ctypes.c_uint64()
        glGetQueryObjectui64v(query, GL.GL_QUERY_RESULT, ctypes.byref(elapsed))
        gpu.append(elapsed.value / draws / 1e6)
        gr.resetContext()
    return statistics.median(gpu), statistics.median(host), (max(gpu) - min(gpu)) / 2 / statistics.median(gpu)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="3840x2160")
    parser.add_argument("--batches", type=int, default=7)
    parser.add_argument("--draws", type=int, default=50)
    parser.add_argument("--json")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    renderer, version = egl_context()
    iface = skia.GrGLInterface.MakeEGL()
    gr = skia.GrDirectContext.MakeGL(iface)
    if gr is None:
        raise SystemExit("skia-peer: Skia could not make a GL context")
    image, info, pixels = input_image(width, height)
    texture = image.makeTextureImage(gr)
    surface = skia.Surface.MakeRenderTarget(gr, skia.Budgeted.kNo, info)
    print(f"Skia {skia.__version__} (skia-python), GL: {renderer}, {version}; {width}x{height} rgba8")
    linear = skia.SamplingOptions(skia.FilterMode.kLinear)
    rect = skia.Rect.MakeWH(width, height)

    def shader_draw(source):
        effect = skia.RuntimeEffect.MakeForShader("uniform shader image;\n" + source)
        if effect is None:
            raise SystemExit(f"skia-peer: SkSL did not compile:\n{source}")
        uniforms = b""
        if "uniform float2 size" in source:
            uniforms = np.array([width, height], dtype=np.float32).tobytes()
        child = texture.makeShader(skia.TileMode.kClamp, skia.TileMode.kClamp, linear)
        shader = effect.makeShader(skia.Data.MakeWithCopy(uniforms), child, 1)
        paint = skia.Paint(Shader=shader, BlendMode=skia.BlendMode.kSrc)
        return lambda canvas: canvas.drawRect(rect, paint)

    def blur_draw(radius):
        sigma = radius / 3.0
        paint = skia.Paint(ImageFilter=skia.ImageFilters.Blur(sigma, sigma, skia.TileMode.kClamp),
                           BlendMode=skia.BlendMode.kSrc)
        return lambda canvas: canvas.drawImage(texture, 0, 0, linear, paint)

    copy_paint = skia.Paint(BlendMode=skia.BlendMode.kSrc)
    rows = [("copy", lambda canvas: canvas.drawImage(texture, 0, 0, skia.SamplingOptions(), copy_paint))]
    rows += [(name, shader_draw(source)) for name, source in EFFECTS.items()]
    rows += [(f"gaussianBlur r{r}", blur_draw(r)) for r in GAUSSIAN_RADII]
    results = []
    print(f"{'EFFECT':24} {'GPU ms':>9} {'SPREAD':>7} {'HOST ms':>9}")
    for name, draw in rows:
        gpu, host, spread = measure(gr, surface, draw, args.batches, args.draws)
        results.append({"effect": name, "gpu_ms": gpu, "host_ms": host, "spread": spread})
        print(f"{name:24} {gpu:9.4f} {spread * 100:6.1f}% {host:9.4f}", flush=True)
        if name == "colorInvert":
            # The drawn pixels are what the stock effect predicts (so the timing is of real work): c.a - c.rgb.
            drawn = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
            expected = pixels.astype(np.int16)
            expected[..., :3] = expected[..., 3:4] - expected[..., :3]
            print(f"  colorInvert against the rule: at most {np.abs(drawn.astype(np.int16) - expected).max()}/255 apart")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"skia": skia.__version__, "renderer": renderer, "gl": version, "size": [width, height],
                       "rows": results}, out, indent=1)


if __name__ == "__main__":
    main()
