/// Every `weft` subcommand, in the order `weft --help` lists them.
enum Commands {
    static let table: [any Command.Type] = [
        CheckCommand.self,
        RenderCommand.self,
        PlanCommand.self,
        DebugCommand.self,
        WatchCommand.self,
        PreviewCommand.self,
        GalleryCommand.self,
        DevicesCommand.self,
        BenchCommand.self,
        CompareCommand.self,
        VerifyCommand.self,
    ]
}
