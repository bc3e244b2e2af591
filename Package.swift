// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Weft",
    products: [
        .library(name: "Weft", targets: ["Weft"]),
        .library(name: "WeftSnapshotTesting", targets: ["WeftSnapshotTesting"]),
        .executable(name: "weft", targets: ["weft"]),
        .executable(name: "weft-fuzz", targets: ["weft-fuzz"]),
    ],
    targets: [
        // C shims: thin module maps over Debian's libraries.
        .systemLibrary(name: "CVulkan", path: "Sources/CVulkan", pkgConfig: "vulkan"),
        .systemLibrary(name: "CGlslang", path: "Sources/CGlslang", pkgConfig: "glslang"),
        .systemLibrary(name: "CGLFW", path: "Sources/CGLFW", pkgConfig: "glfw3"),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz"),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig"),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libturbojpeg"),
        .target(name: "CPNG", path: "Sources/CPNG", linkerSettings: [.linkedLibrary("png16")]),
        .target(name: "CLaneMath", path: "Sources/CLaneMath", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CSPIRVOptimizer", path: "Sources/CSPIRVOptimizer",
                linkerSettings: [.linkedLibrary("SPIRV-Tools-opt"), .linkedLibrary("SPIRV-Tools"), .linkedLibrary("stdc++")]),

        // SPIR-V binary modules: parsing, opcodes, decorations.
        .target(name: "SPIRV"),
        // Pixel buffers, pixel formats, color encodings, PNG and JPEG files.
        .target(name: "WeftImage", dependencies: ["CJPEG", "CPNG"]),
        // Fonts: found by fontconfig, shaped by HarfBuzz, rasterised by FreeType; text laid out in lines.
        .target(name: "WeftText", dependencies: ["CFontconfig", "CFreeType", "CHarfBuzz", "WeftImage", "WeftRuntime"]),
        // The kernel ABI, render plans and the executor protocol every backend runs. No GLSL compiler below here.
        .target(name: "WeftRuntime", dependencies: ["WeftImage"]),
        // Stitchable GLSL → reflected effect → wrapper kernel → SPIR-V.
        .target(
            name: "WeftShaders",
            dependencies: ["CGlslang", "CSPIRVOptimizer", "SPIRV", "WeftImage", "WeftRuntime"],
            resources: [.embedInCode("Resources/prelude.glsl")]
        ),
        // Backends.
        .target(name: "WeftVulkan", dependencies: ["CVulkan", "WeftImage", "WeftRuntime"]),
        .target(name: "WeftCPU", dependencies: ["CLaneMath", "SPIRV", "WeftImage", "WeftRuntime"]),
        // Views, modifiers, shapes, stacks, text, effects as modifiers, layout, and the animation model.
        // SwiftUI's built-in color effects: the stock Shaders/ files, linked into Resources/ColorEffects and embedded.
        .target(
            name: "WeftViews",
            dependencies: ["WeftImage", "WeftRuntime", "WeftShaders", "WeftText"],
            resources: ["brightness", "contrast", "saturation", "grayscale", "hueRotation", "colorMultiply", "colorInvert", "luminanceToAlpha"]
                .map { .embedInCode("Resources/ColorEffects/\($0).glsl") }
        ),
        // Views to render plans: lowering, stitching, bounding, folding, scheduling, allocation; the engine's own kernels.
        .target(
            name: "WeftPlanner",
            dependencies: ["WeftImage", "WeftRuntime", "WeftShaders", "WeftText", "WeftViews"],
            resources: ["solid", "common", "shape", "layer", "blur", "glyph", "yuv"].map { .embedInCode("Resources/EngineKernels/\($0).glsl") }
        ),
        // Scene files: JSON to a scene, and a scene at a time to a frame.
        .target(name: "WeftScene", dependencies: ["WeftImage", "WeftPlanner", "WeftRuntime", "WeftShaders", "WeftText", "WeftViews"]),
        // The library's face: render contexts, device choice, the pixel debugger.
        .target(
            name: "Weft",
            dependencies: ["WeftCPU", "WeftImage", "WeftPlanner", "WeftRuntime", "WeftScene", "WeftShaders", "WeftText", "WeftViews", "WeftVulkan"]
        ),
        // What the command line names: effect catalogs from shader folders, presets, effect chains from flags, the
        // gallery and its contact sheet.
        .target(name: "WeftCatalog", dependencies: ["Weft", "WeftImage", "WeftRuntime", "WeftScene", "WeftShaders", "WeftText"]),
        // Snapshot tests of views: `assertSnapshot(of:size:time:named:)` for swift-testing and XCTest, against PNGs beside the test.
        .target(name: "WeftSnapshotTesting", dependencies: ["Weft", "WeftImage"]),
        // Benchmark runs: measurement, reports, regression comparison.
        .target(name: "WeftBench", dependencies: ["Weft", "WeftImage", "WeftRuntime", "WeftShaders"]),
        // The preview window: GLFW, hot reload, time and parameter keys, on WeftVulkan's presenter. Only `weft` links
        // it, so headless programs (the library's users, weft-example, weft-fuzz) never link GLFW.
        .target(name: "WeftPreview", dependencies: ["CGLFW", "Weft", "WeftCatalog", "WeftImage", "WeftRuntime", "WeftShaders", "WeftText", "WeftVulkan"]),
        // Command-line tool.
        .executableTarget(name: "weft", dependencies: ["Weft", "WeftBench", "WeftCatalog", "WeftImage", "WeftPreview", "WeftRuntime", "WeftShaders", "WeftVulkan"]),
        // Writes Sources/SPIRV/Opcode.swift from glslang's SPIR-V header; OpcodeGenerationTests checks it.
        .executableTarget(name: "weft-generate-opcodes", path: "Tools/GenerateOpcodes"),
        // A third-party program using the library: README.md's Swift example (built by `make test`).
        .executableTarget(name: "weft-example", dependencies: ["Weft"], path: "examples/swift"),
        // The seeds' SwiftUI examples as printed, rendered headless through the SwiftUI front end (built by `make test`).
        .executableTarget(name: "weft-swiftui-examples", dependencies: ["Weft", "WeftPreview"], path: "examples/swiftui",
                          exclude: ["download-badge.json", "editor-toolbar.json", "editor-toolbar-compact.json", "galeria.json",
                                    "moving-buttons.json", "orbit-mark.json", "radar-seal.json"]),

        // Fuzz targets over every parser of outside input, and their driver (docs/reliability.md).
        .target(name: "WeftFuzz", dependencies: ["SPIRV", "WeftCatalog", "WeftCPU", "WeftImage", "WeftPlanner", "WeftRuntime", "WeftScene", "WeftShaders", "WeftViews"]),
        .executableTarget(name: "weft-fuzz", dependencies: ["WeftFuzz"]),

        .target(name: "WeftTestSupport", dependencies: ["WeftImage", "WeftRuntime", "WeftShaders", "WeftViews", "WeftVulkan"], path: "Tests/WeftTestSupport"),
        // An X window on a named display and a Vulkan surface for it, for presenting inside the test process.
        .target(name: "CXWindow", path: "Tests/CXWindow", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("vulkan")]),
        .testTarget(name: "SPIRVTests", dependencies: ["SPIRV", "WeftShaders"]),
        .testTarget(name: "WeftImageTests", dependencies: ["WeftImage", "WeftTestSupport"]),
        .testTarget(name: "WeftCatalogTests", dependencies: ["Weft", "WeftCatalog", "WeftImage", "WeftText"]),
        .testTarget(name: "WeftShadersTests", dependencies: ["WeftImage", "WeftRuntime", "WeftShaders", "WeftVulkan", "WeftTestSupport"]),
        .testTarget(name: "WeftVulkanTests", dependencies: ["CVulkan", "WeftImage", "WeftRuntime", "WeftShaders", "WeftVulkan", "WeftTestSupport"]),
        .testTarget(name: "WeftCPUTests", dependencies: ["WeftCPU", "WeftImage", "WeftRuntime", "WeftShaders", "WeftTestSupport"]),
        // The planner on its own: no executor, no device.
        .testTarget(name: "WeftPlannerTests", dependencies: ["WeftBench", "WeftImage", "WeftPlanner", "WeftRuntime", "WeftShaders", "WeftTestSupport", "WeftViews"]),
        .testTarget(name: "WeftTests", dependencies: ["Weft", "WeftBench", "WeftSnapshotTesting", "WeftCatalog", "WeftCPU", "WeftImage", "WeftPlanner", "WeftRuntime", "WeftScene", "WeftShaders", "WeftViews", "WeftVulkan", "WeftTestSupport"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "CLITests", dependencies: ["Weft", "WeftCatalog", "WeftBench", "WeftImage", "WeftShaders", "WeftTestSupport"]),
        .testTarget(name: "WeftBenchTests", dependencies: ["Weft", "WeftBench", "WeftRuntime", "WeftTestSupport"]),
        .testTarget(name: "PreviewTests", dependencies: ["CXWindow", "WeftPreview", "Weft", "WeftCatalog", "WeftImage", "WeftShaders", "WeftTestSupport", "WeftVulkan"]),
        .testTarget(name: "FuzzTests", dependencies: ["WeftFuzz", "SPIRV", "Weft", "WeftCatalog", "WeftCPU", "WeftImage", "WeftPlanner", "WeftScene", "WeftShaders"]),
    ],
    swiftLanguageModes: [.v6]
)
