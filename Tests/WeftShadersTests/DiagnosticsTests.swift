import Testing
@testable import WeftShaders

private func compileDiagnostics(_ source: String, function: String = "f", name: String = "effects/broken.glsl") throws -> [ShaderDiagnostic] {
    let lib = try ShaderLibrary(source: source, name: name, cache: SPIRVCache(directory: nil))
    do {
        _ = try lib.kernel(for: lib.function(named: function), outputFormat: .rgba8Unorm)
        return []
    } catch {
        return error.diagnostics
    }
}

@Test func compileErrorsPointIntoTheAuthorsFile() throws {
    let source = """
    // a broken color effect
    [[ stitchable ]]
    vec4 f(vec2 position, vec4 color, float amount) {
        float x = undefinedThing * amount;
        vec3 y = color.rgb;
        int z = 2.5;
        return vec4(x, y) + missingToo;
    }
    """
    let diagnostics = try compileDiagnostics(source)
    #expect(diagnostics.map(\.file) == Array(repeating: "effects/broken.glsl", count: 3))
    #expect(diagnostics.map(\.line) == [4, 6, 7])
    #expect(diagnostics.map(\.column) == [15, 11, 25])
    #expect(diagnostics.allSatisfy { $0.severity == .error })
    #expect(diagnostics[0].message.contains("'undefinedThing'"))
    #expect(diagnostics[0].message.contains("undeclared identifier"))
    #expect(diagnostics[0].description.hasPrefix("effects/broken.glsl:4:15: error: 'undefinedThing'"))
    #expect(diagnostics[2].message.contains("'missingToo'"))
}

@Test func errorsInHelpersAndAfterTheFunctionKeepTheirLines() throws {
    let source = """
    float helper(float v) {
        return v * nope;
    }

    [[ stitchable ]]
    vec4 f(vec2 p) {
        return vec4(helper(p.x));
    }

    float later() { return alsoNope; }
    """
    let diagnostics = try compileDiagnostics(source)
    #expect(diagnostics.map { "\($0.line):\($0.column)" } == ["2:16", "10:24"])
}

@Test func syntaxErrorsReportTheirLine() throws {
    let source = """
    [[ stitchable ]]
    vec4 f(vec2 p) {
        float x = 1.0
        return vec4(x);
    }
    """
    let diagnostics = try compileDiagnostics(source)
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.line == 4)
    #expect(diagnostics.first?.column == 5)
    #expect(diagnostics.first?.message.contains("syntax error") == true)
}

@Test func noDiagnosticPointsIntoGeneratedCode() throws {
    // The author redefines a prelude function: glslang's complaint is about the author's line.
    let source = """
    float saturate(float x) { return x; }
    [[ stitchable ]]
    vec4 f(vec2 p) { return vec4(saturate(p.x)); }
    """
    let diagnostics = try compileDiagnostics(source)
    #expect(!diagnostics.isEmpty)
    for d in diagnostics {
        #expect(d.file == "effects/broken.glsl")
        #expect(d.line >= 1 && d.line <= 3)
    }
}

@Test func diagnosticsAreThrownAsOneTypedError() throws {
    let lib = try ShaderLibrary(source: "[[ stitchable ]]\nvec4 f(vec2 p) { return q; }", name: "x.glsl", cache: SPIRVCache(directory: nil))
    #expect(throws: ShaderError.diagnostics([ShaderDiagnostic(file: "x.glsl", line: 2, column: 25, message: "'q': undeclared identifier")])) {
        _ = try lib.kernel(for: lib.function(named: "f"), outputFormat: .rgba8Unorm)
    }
}
