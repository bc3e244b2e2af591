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

    /// Renders the chain plan on an executor that caches its pipelines in `directory`; the cache file's path.
    private func renderChain(cachingIn directory: String) throws -> String {
        let executor = try makeExecutor(cacheDirectory: directory)
        let (plan, b, c) = try PlanExecutionTests.chainPlan()
        PlanExecutionTests.expectChain(try executor.execute(plan), b, c)
        return try #require(executor.pipelineCachePath)
    }

    @Test(arguments: Damage.allCases)
    func damagedCacheIsIgnoredAndRebuilt(_ damage: Damage) throws {
        let directory = temporaryDirectory()
        let path = try renderChain(cachingIn: directory)
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

    /// A run whose pipelines all come from the cache on disk leaves the file as it is (no rewrite on every command);
    /// the file still loads.
    @Test func anUnchangedCacheIsNotWrittenAgain() throws {
        let directory = temporaryDirectory()
        let path = try renderChain(cachingIn: directory)
        let written = try FileManager.default.attributesOfItem(atPath: path)
        do {
            let executor = try makeExecutor(cacheDirectory: directory)
            #expect(executor.statistics.pipelineCacheBytesLoaded > 0)
            let (plan, b, c) = try PlanExecutionTests.chainPlan()
            PlanExecutionTests.expectChain(try executor.execute(plan), b, c)
            #expect(executor.statistics.pipelinesCreated > 0, "the pipelines were made again, from the cache")
            expectNoValidationFailures(executor.validationMessages)
        }
        let after = try FileManager.default.attributesOfItem(atPath: path)
        // An atomic write replaces the file: another file number.
        let number = try #require((written[.systemFileNumber] as? NSNumber)?.uint64Value)
        #expect((after[.systemFileNumber] as? NSNumber)?.uint64Value == number, "the file was written again")
        #expect(after[.modificationDate] as? Date == written[.modificationDate] as? Date)
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
