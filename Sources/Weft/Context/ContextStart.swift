import Foundation
import WeftPlanner
import WeftRuntime

/// Render contexts made on a thread of their own, in two steps: choosing the devices (`DeviceChoice.choose`: the
/// Vulkan instance and its physical devices, which say what each device is and its texture limit) and then opening
/// them (`ChosenDevice.open`: the logical device and its pipeline cache, the slower step). What waits for the first step
/// alone — planning a frame, choosing a video's pixel format, starting its encoder — runs beside the second
/// (`SequenceRender(starting:sequence:)`).
public final class ContextStart: @unchecked Sendable {
    /// How long each step took, once it has finished.
    public struct Timings: Sendable {
        public var choosing = Duration.zero
        public var opening = Duration.zero

        public init() {}
    }

    private let condition = NSCondition()
    /// Under `condition`.
    private var chosen: Result<[ChosenDevice], DeviceChoiceError>?
    /// One planner a chosen device, used by its context, so that what planning a frame ahead of the context learns
    /// (kernels compiled, glyphs drawn) is the context's.
    private var chosenPlanners: [Planner] = []
    private var opened: Result<[RenderContext], DeviceChoiceError>?
    private var openNotices: [String] = []
    /// Whether both steps have finished.
    private var finished = false
    private var taken = false
    private var timings = Timings()

    /// Starts `choose` on a thread of its own, then opens what it chose there.
    public convenience init(choose: @escaping @Sendable () throws(DeviceChoiceError) -> [ChosenDevice]) {
        self.init(choose: choose) { device throws(DeviceChoiceError) in try device.open() }
    }

    /// Starts `choose`, then opens each device it chose with `open` (`ChosenDevice.open`; tests fail it).
    init(choose: @escaping @Sendable () throws(DeviceChoiceError) -> [ChosenDevice],
         open: @escaping @Sendable (ChosenDevice) throws(DeviceChoiceError) -> (executor: any Executor, notice: String?)) {
        Thread { [self] in
            let clock = ContinuousClock()
            let start = clock.now
            let choice = Result { () throws(DeviceChoiceError) in try choose() }
            let planners = ((try? choice.get()) ?? []).map { _ in Planner(cache: .shared) }
            let chose = clock.now
            condition.withLock {
                // What the devices are, without the Vulkan instance: a device holds its own, so that the instance
                // goes with the last device, not with whoever asked what the devices were.
                chosen = choice.map { $0.map(\.described) }
                chosenPlanners = planners
                timings.choosing = chose - start
                condition.broadcast()
            }
            var notices: [String] = []
            let opening = choice.flatMap { devices in
                Result { () throws(DeviceChoiceError) in
                    var contexts: [RenderContext] = []
                    for (device, planner) in zip(devices, planners) {
                        let (executor, notice) = try open(device)
                        if let notice { notices.append(notice) }
                        contexts.append(RenderContext(executor: executor, planner: planner))
                    }
                    return contexts
                }
            }
            let end = clock.now
            condition.withLock {
                opened = opening
                finished = true
                openNotices = notices
                timings.opening = end - chose
                condition.broadcast()
            }
        }.start()
    }

    /// The devices chosen, once the first step has finished.
    public func devices() throws(DeviceChoiceError) -> [ChosenDevice] {
        try devicesAndPlanners().devices
    }

    /// The devices chosen and the planners their contexts will plan with, once the first step has finished.
    func devicesAndPlanners() throws(DeviceChoiceError) -> (devices: [ChosenDevice], planners: [Planner]) {
        let (choice, planners) = condition.withLock {
            while chosen == nil { condition.wait() }
            return (chosen!, chosenPlanners)
        }
        return (try choice.get(), planners)
    }

    /// The contexts, once opened. Handed over, not kept, so that the taker is their only holder: a second call is a
    /// programming error.
    public func contexts() throws(DeviceChoiceError) -> [RenderContext] {
        let result = condition.withLock {
            while !finished { condition.wait() }
            precondition(!taken && opened != nil, "a start's contexts are taken once, and not after it was cancelled")
            taken = true
            return opened.take()!
        }
        return try result.get()
    }

    /// Waits for both steps and lets go of whatever they made, where nothing took it: after a failure elsewhere. The
    /// contexts cannot be taken after it.
    public func cancel() {
        condition.withLock {
            while !finished { condition.wait() }
            opened = nil
        }
    }

    /// Why a device automatic choice had chosen fell back to the CPU evaluator as it opened (the first step's are the
    /// chosen devices' `notice`); waits for both steps.
    public var notices: [String] {
        condition.withLock {
            while !finished { condition.wait() }
            return openNotices
        }
    }

    /// How long each step took; waits for both.
    public var durations: Timings {
        condition.withLock {
            while !finished { condition.wait() }
            return timings
        }
    }
}
