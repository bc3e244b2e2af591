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
        // Stitchable GLSL → reflected effect → wrapper kernel → SPIR-V.
        .target(
            name: "WeftShaders",
            dependencies: ["CGlslang", "CSPIRVOptimizer", "SPIRV", "WeftImage"],
            resources: [.embedInCode("Resources/prelude.glsl")]
        ),
        // The executor protocol and render plans every backend runs.
        .target(name: "WeftRuntime", dependencies: ["WeftShaders", "WeftImage"]),
        // Backends.
        .target(name: "WeftVulkan", dependencies: ["CVulkan", "WeftRuntime", "WeftShaders", "WeftImage"]),
        .target(name: "WeftCPU", dependencies: ["SPIRV", "WeftRuntime", "CLaneMath"]),
        // Public API: render contexts, device choice, views and scenes.
        .target(name: "Weft", dependencies: ["WeftRuntime", "WeftVulkan", "WeftCPU"]),
        // Benchmark runs: measurement, reports, regression comparison.
        .target(name: "WeftBench", dependencies: ["WeftRuntime", "WeftShaders", "WeftImage"]),
        // Command-line tool.
        .executableTarget(name: "weft", dependencies: ["Weft", "WeftBench", "WeftShaders", "WeftImage", "WeftRuntime", "WeftVulkan", "WeftCPU"]),

        // Fuzz targets over every parser of outside input, and their driver (docs/reliability.md).
        .target(name: "WeftFuzz", dependencies: ["SPIRV", "WeftCPU", "WeftImage", "WeftShaders", "Weft"]),
        .executableTarget(name: "weft-fuzz", dependencies: ["WeftFuzz"]),

        .target(name: "WeftTestSupport", dependencies: ["Weft"], path: "Tests/WeftTestSupport"),
        .testTarget(name: "SPIRVTests", dependencies: ["SPIRV", "WeftShaders"]),
        .testTarget(name: "WeftImageTests", dependencies: ["WeftImage", "WeftTestSupport"]),
        .testTarget(name: "WeftShadersTests", dependencies: ["WeftShaders", "SPIRV", "WeftTestSupport"]),
        .testTarget(name: "WeftVulkanTests", dependencies: ["WeftVulkan", "WeftTestSupport"]),
        .testTarget(name: "WeftCPUTests", dependencies: ["WeftCPU", "WeftTestSupport"]),
        .testTarget(name: "WeftTests", dependencies: ["Weft", "WeftTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["WeftTestSupport", "WeftBench", "WeftImage"]),
        .testTarget(name: "WeftBenchTests", dependencies: ["WeftBench", "WeftTestSupport"]),
        .testTarget(name: "FuzzTests", dependencies: ["WeftFuzz", "SPIRV", "WeftCPU", "WeftImage", "WeftShaders", "Weft"]),
    ],
    swiftLanguageModes: [.v6]
)
