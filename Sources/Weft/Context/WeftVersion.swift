/// The version of this Weft build, recorded in benchmark reports.
public enum WeftVersion {
    public static let current = "0.1.0"
}
