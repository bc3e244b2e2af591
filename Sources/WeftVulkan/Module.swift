// WeftVulkan
