import WeftImage
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftViews

/// The version of this Weft build, recorded in benchmark reports.
public enum WeftVersion {
    public static let current = "0.1.0"
}
