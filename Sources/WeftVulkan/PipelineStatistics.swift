import CVulkan

/// What the driver reports about the code it compiled for one kernel (VK_KHR_pipeline_executable_properties): one entry
/// per executable (a compute pipeline has one on most drivers), each with the driver's own statistics, named and
/// valued as it chooses (NVIDIA: register count, instruction count, ...).
public struct PipelineExecutableStatistics: Sendable, Hashable {
    public struct Statistic: Sendable, Hashable {
        public var name: String
        public var description: String
        /// The value as the driver typed it: a whole number, a fraction or true/false, written out.
        public var value: String
    }

    public var name: String
    public var description: String
    /// Subgroup size the executable runs with (0 when the driver does not say).
    public var subgroupSize: UInt32
    public var statistics: [Statistic]
}

/// The extension's two queries, loaded from the device.
struct PipelineExecutableCommands {
    let properties: PFN_vkGetPipelineExecutablePropertiesKHR
    let statistics: PFN_vkGetPipelineExecutableStatisticsKHR

    /// nil when the device does not return both entry points.
    init?(device: VkDevice) {
        guard let properties = vkGetDeviceProcAddr(device, "vkGetPipelineExecutablePropertiesKHR"),
              let statistics = vkGetDeviceProcAddr(device, "vkGetPipelineExecutableStatisticsKHR") else { return nil }
        self.properties = unsafeBitCast(properties, to: PFN_vkGetPipelineExecutablePropertiesKHR.self)
        self.statistics = unsafeBitCast(statistics, to: PFN_vkGetPipelineExecutableStatisticsKHR.self)
    }

    /// Every executable of `pipeline`, which was created with VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR.
    func executables(of pipeline: VkPipeline, on device: VkDevice) throws(VulkanError) -> [PipelineExecutableStatistics] {
        var info = VkPipelineInfoKHR()
        info.sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR
        info.pipeline = pipeline
        var count: UInt32 = 0
        try vkCheck(properties(device, &info, &count, nil), "vkGetPipelineExecutablePropertiesKHR")
        var blank = VkPipelineExecutablePropertiesKHR()
        blank.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR
        var found = [VkPipelineExecutablePropertiesKHR](repeating: blank, count: Int(count))
        try vkCheck(properties(device, &info, &count, &found), "vkGetPipelineExecutablePropertiesKHR")
        var result: [PipelineExecutableStatistics] = []
        for (index, executable) in found.prefix(Int(count)).enumerated() {
            var which = VkPipelineExecutableInfoKHR()
            which.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR
            which.pipeline = pipeline
            which.executableIndex = UInt32(index)
            var n: UInt32 = 0
            try vkCheck(statistics(device, &which, &n, nil), "vkGetPipelineExecutableStatisticsKHR")
            var blankStatistic = VkPipelineExecutableStatisticKHR()
            blankStatistic.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR
            var values = [VkPipelineExecutableStatisticKHR](repeating: blankStatistic, count: Int(n))
            try vkCheck(statistics(device, &which, &n, &values), "vkGetPipelineExecutableStatisticsKHR")
            result.append(PipelineExecutableStatistics(
                name: string(fromCArray: executable.name), description: string(fromCArray: executable.description),
                subgroupSize: executable.subgroupSize,
                statistics: values.prefix(Int(n)).map { s in
                    PipelineExecutableStatistics.Statistic(name: string(fromCArray: s.name), description: string(fromCArray: s.description),
                                                           value: Self.text(of: s))
                }))
        }
        return result
    }

    static func text(of s: VkPipelineExecutableStatisticKHR) -> String {
        switch s.format {
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR: s.value.b32 != 0 ? "true" : "false"
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR: String(s.value.i64)
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR: String(s.value.u64)
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_FLOAT64_KHR: String(s.value.f64)
        default: "?"
        }
    }
}
