// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Weft",
    products: [
        .library(name: "Weft", targets: ["Weft"]),
        .executable(name: "weft", targets: ["weft"]),
        .executable(name: "weft-fuzz", targets: ["weft-fuzz"]),
    ],
    targets: [
        // C shims: thin module maps over Debian's libraries.
        .systemLibrary(name: "CVulkan", path: "Sources/CVulkan", pkgConfig: "vulkan"),
        .systemLibrary(name: "CGlslang", path: "Sources/CGlslang", pkgConfig: "glslang"),
        .systemLibrary(name: "CGLFW", path: "Sources/CGLFW", pkgConfig: "glfw3"),
        .target(name: "CPNG", path: "Sources/CPNG", linkerSettings: [.linkedLibrary("png16")]),
        .target(name: "CLaneMath", path: "Sources/CLaneMath", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CSPIRVOptimizer", path: "Sources/CSPIRVOptimizer",
                linkerSettings: [.linkedLibrary("SPIRV-Tools-opt"), .linkedLibrary("SPIRV-Tools"), .linkedLibrary("stdc++")]),

        // SPIR-V binary modules: parsing, opcodes, decorations.
        .target(name: "SPIRV"),
        // Pixel buffers, pixel formats, color encodings, PNG files.
        .target(name: "WeftImage", dependencies: ["CPNG"]),
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
        // Public API: render contexts, device choice, views and scenes.
        .target(
            name: "Weft",
            dependencies: ["WeftCPU", "WeftImage", "WeftRuntime", "WeftShaders", "WeftVulkan"],
            resources: ["solid", "common", "shape", "layer", "blur"].map { .embedInCode("Resources/EngineKernels/\($0).glsl") }
        ),
        // What the command line names: effect catalogs from shader folders, presets, effect chains from flags, the
        // gallery and its contact sheet.
        .target(name: "WeftCatalog", dependencies: ["Weft", "WeftImage", "WeftRuntime", "WeftShaders"]),
        // Benchmark runs: measurement, reports, regression comparison.
        .target(name: "WeftBench", dependencies: ["WeftImage", "WeftRuntime", "WeftShaders"]),
        // The preview window: GLFW, hot reload, time and parameter keys, on WeftVulkan's presenter. Only `weft` links
        // it, so headless programs (the library's users, weft-example, weft-fuzz) never link GLFW.
        .target(name: "WeftPreview", dependencies: ["CGLFW", "Weft", "WeftCatalog", "WeftImage", "WeftShaders", "WeftVulkan"]),
        // Command-line tool.
        .executableTarget(name: "weft", dependencies: ["Weft", "WeftBench", "WeftCatalog", "WeftImage", "WeftPreview", "WeftShaders"]),
        // Writes Sources/SPIRV/Opcode.swift from glslang's SPIR-V header; OpcodeGenerationTests checks it.
        .executableTarget(name: "weft-generate-opcodes", path: "Tools/GenerateOpcodes"),
        // A third-party program using the library: README.md's Swift example (built by `make test`).
        .executableTarget(name: "weft-example", dependencies: ["Weft"], path: "examples/swift"),

        // Fuzz targets over every parser of outside input, and their driver (docs/reliability.md).
        .target(name: "WeftFuzz", dependencies: ["SPIRV", "WeftCPU", "WeftImage", "WeftShaders", "Weft"]),
        .executableTarget(name: "weft-fuzz", dependencies: ["WeftFuzz"]),

        .target(name: "WeftTestSupport", dependencies: ["WeftVulkan"], path: "Tests/WeftTestSupport"),
        .testTarget(name: "SPIRVTests", dependencies: ["SPIRV", "WeftShaders"]),
        .testTarget(name: "WeftImageTests", dependencies: ["WeftImage", "WeftTestSupport"]),
        .testTarget(name: "WeftCatalogTests", dependencies: ["WeftCatalog", "WeftImage"]),
        .testTarget(name: "WeftShadersTests", dependencies: ["WeftImage", "WeftRuntime", "WeftShaders", "WeftVulkan", "WeftTestSupport"]),
        .testTarget(name: "WeftVulkanTests", dependencies: ["CVulkan", "WeftImage", "WeftRuntime", "WeftShaders", "WeftVulkan", "WeftTestSupport"]),
        .testTarget(name: "WeftCPUTests", dependencies: ["WeftCPU", "WeftImage", "WeftRuntime", "WeftShaders", "WeftTestSupport"]),
        .testTarget(name: "WeftTests", dependencies: ["Weft", "WeftCatalog", "WeftCPU", "WeftImage", "WeftRuntime", "WeftShaders", "WeftVulkan", "WeftTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["Weft", "WeftCatalog", "WeftBench", "WeftImage", "WeftTestSupport"]),
        .testTarget(name: "WeftBenchTests", dependencies: ["WeftBench", "WeftRuntime", "WeftTestSupport"]),
        .testTarget(name: "PreviewTests", dependencies: ["WeftPreview", "Weft", "WeftCatalog", "WeftImage", "WeftTestSupport"]),
        .testTarget(name: "FuzzTests", dependencies: ["WeftFuzz", "SPIRV", "WeftCPU", "WeftImage", "WeftShaders", "Weft"]),
    ],
    swiftLanguageModes: [.v6]
)
