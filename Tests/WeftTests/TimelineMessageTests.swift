import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
@testable import WeftViews

/// The order message gives times as a person writes them: `1.146 s`, not `1.1457648312748985 s`.
@Test func orderTimesAreShortNumbers() throws {
    let disorder = try #require(Timeline.problem(with: [.init(at: 1.1457648312748985, to: Color.white, animation: .linear(duration: 1)),
                                                        .init(at: 1, to: Color.clear)]))
    #expect(disorder.message.contains("this change at 1 s comes before the previous one at 1.146 s"), "\(disorder.message)")
    // Times that agree to three decimals get as many more as tell them apart.
    #expect(Timeline.distinctSeconds(1.1457, 1.1456) == ("1.1457", "1.1456"))
    #expect(Timeline.distinctSeconds(2, 0.5) == ("2", "0.5"))
}
