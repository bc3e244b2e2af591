// WeftCPU
