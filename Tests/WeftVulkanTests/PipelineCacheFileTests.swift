import Foundation
import Testing
import WeftRuntime
import WeftShaders
import WeftTestSupport
@testable import WeftVulkan

/// The pipeline cache on disk when it is damaged or cannot be written: renders work and are
/// validation-clean, a damaged file is detected by its SHA-256, never handed to the driver, and
/// replaced by the next save.
@Suite(.requiresVulkan)
struct PipelineCacheFileTests {
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case flippedDriverByte, truncated, garbage, driverDataWithoutFrame
        var testDescription: String { rawValue }
        func apply(_ data: Data) -> Data {
            var d = data
            switch self {
            case .flippedDriverByte: d[d.count - 1] ^= 0x01
            case .truncated: d = d.prefix(CacheEnvelope.headerSize + 8)
            case .garbage: d = Data((0..<200).map { UInt8($0 % 251) })
            case .driverDataWithoutFrame: d = d.dropFirst(CacheEnvelope.headerSize)   // what an older Weft wrote
            }
            return d
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedCacheIsIgnoredAndRebuilt(_ damage: Damage) throws {
        let directory = temporaryDirectory()
        let path: String
        do {
            let executor = try makeExecutor(cacheDirectory: directory)
            let (plan, b, c) = try PlanExecutionTests.chainPlan()
            PlanExecutionTests.expectChain(try executor.execute(plan), b, c)
            path = try #require(executor.pipelineCachePath)
        }
        let stored = try Data(contentsOf: URL(fileURLWithPath: path))
        try damage.apply(stored).write(to: URL(fileURLWithPath: path))
        do {
            let executor = try makeExecutor(cacheDirectory: directory)
            #expect(executor.statistics.pipelineCacheBytesLoaded == 0)
            let (plan, b, c) = try PlanExecutionTests.chainPlan()
            PlanExecutionTests.expectChain(try executor.execute(plan), b, c)
            expectNoValidationFailures(executor.validationMessages)
        }
        let rebuilt = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(CacheEnvelope.unwrap(rebuilt, magic: KernelPipelines.fileMagic) != nil)
        let again = try makeExecutor(cacheDirectory: directory)
        #expect(again.statistics.pipelineCacheBytesLoaded == rebuilt.count - CacheEnvelope.headerSize)
    }

    /// A cache "directory" that is a regular file cannot be created or written, even by root.
    @Test func unwritableDirectoryOnlyCostsCompiles() throws {
        let file = temporaryDirectory() + "/a-file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("not a directory".utf8)))
        let executor = try makeExecutor(pipelineCache: .directory(file))
        #expect(executor.statistics.pipelineCacheBytesLoaded == 0)
        for _ in 0..<2 {
            let (plan, b, c) = try PlanExecutionTests.chainPlan()
            PlanExecutionTests.expectChain(try executor.execute(plan), b, c)
        }
        expectNoValidationFailures(executor.validationMessages)
    }
}
