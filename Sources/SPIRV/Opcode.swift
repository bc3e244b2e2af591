// Generated from glslang/SPIRV/spirv.hpp (core, KHR and EXT opcodes). Do not edit by hand.

/// A SPIR-V opcode. `description` is the specification's spelling (`OpFAdd`).
public enum Opcode: UInt16, Sendable, Hashable, CaseIterable {
    case `nop` = 0
    case undef = 1
    case sourceContinued = 2
    case source = 3
    case sourceExtension = 4
    case name = 5
    case memberName = 6
    case string = 7
    case line = 8
    case `extension` = 10
    case extInstImport = 11
    case extInst = 12
    case memoryModel = 14
    case entryPoint = 15
    case executionMode = 16
    case capability = 17
    case typeVoid = 19
    case typeBool = 20
    case typeInt = 21
    case typeFloat = 22
    case typeVector = 23
    case typeMatrix = 24
    case typeImage = 25
    case typeSampler = 26
    case typeSampledImage = 27
    case typeArray = 28
    case typeRuntimeArray = 29
    case typeStruct = 30
    case typeOpaque = 31
    case typePointer = 32
    case typeFunction = 33
    case typeEvent = 34
    case typeDeviceEvent = 35
    case typeReserveId = 36
    case typeQueue = 37
    case typePipe = 38
    case typeForwardPointer = 39
    case constantTrue = 41
    case constantFalse = 42
    case constant = 43
    case constantComposite = 44
    case constantSampler = 45
    case constantNull = 46
    case specConstantTrue = 48
    case specConstantFalse = 49
    case specConstant = 50
    case specConstantComposite = 51
    case specConstantOp = 52
    case function = 54
    case functionParameter = 55
    case functionEnd = 56
    case functionCall = 57
    case variable = 59
    case imageTexelPointer = 60
    case load = 61
    case store = 62
    case copyMemory = 63
    case copyMemorySized = 64
    case accessChain = 65
    case inBoundsAccessChain = 66
    case ptrAccessChain = 67
    case arrayLength = 68
    case genericPtrMemSemantics = 69
    case inBoundsPtrAccessChain = 70
    case decorate = 71
    case memberDecorate = 72
    case decorationGroup = 73
    case groupDecorate = 74
    case groupMemberDecorate = 75
    case vectorExtractDynamic = 77
    case vectorInsertDynamic = 78
    case vectorShuffle = 79
    case compositeConstruct = 80
    case compositeExtract = 81
    case compositeInsert = 82
    case copyObject = 83
    case transpose = 84
    case sampledImage = 86
    case imageSampleImplicitLod = 87
    case imageSampleExplicitLod = 88
    case imageSampleDrefImplicitLod = 89
    case imageSampleDrefExplicitLod = 90
    case imageSampleProjImplicitLod = 91
    case imageSampleProjExplicitLod = 92
    case imageSampleProjDrefImplicitLod = 93
    case imageSampleProjDrefExplicitLod = 94
    case imageFetch = 95
    case imageGather = 96
    case imageDrefGather = 97
    case imageRead = 98
    case imageWrite = 99
    case image = 100
    case imageQueryFormat = 101
    case imageQueryOrder = 102
    case imageQuerySizeLod = 103
    case imageQuerySize = 104
    case imageQueryLod = 105
    case imageQueryLevels = 106
    case imageQuerySamples = 107
    case convertFToU = 109
    case convertFToS = 110
    case convertSToF = 111
    case convertUToF = 112
    case uConvert = 113
    case sConvert = 114
    case fConvert = 115
    case quantizeToF16 = 116
    case convertPtrToU = 117
    case satConvertSToU = 118
    case satConvertUToS = 119
    case convertUToPtr = 120
    case ptrCastToGeneric = 121
    case genericCastToPtr = 122
    case genericCastToPtrExplicit = 123
    case bitcast = 124
    case sNegate = 126
    case fNegate = 127
    case iAdd = 128
    case fAdd = 129
    case iSub = 130
    case fSub = 131
    case iMul = 132
    case fMul = 133
    case uDiv = 134
    case sDiv = 135
    case fDiv = 136
    case uMod = 137
    case sRem = 138
    case sMod = 139
    case fRem = 140
    case fMod = 141
    case vectorTimesScalar = 142
    case matrixTimesScalar = 143
    case vectorTimesMatrix = 144
    case matrixTimesVector = 145
    case matrixTimesMatrix = 146
    case outerProduct = 147
    case dot = 148
    case iAddCarry = 149
    case iSubBorrow = 150
    case uMulExtended = 151
    case sMulExtended = 152
    case `any` = 154
    case `all` = 155
    case isNan = 156
    case isInf = 157
    case isFinite = 158
    case isNormal = 159
    case signBitSet = 160
    case lessOrGreater = 161
    case ordered = 162
    case unordered = 163
    case logicalEqual = 164
    case logicalNotEqual = 165
    case logicalOr = 166
    case logicalAnd = 167
    case logicalNot = 168
    case select = 169
    case iEqual = 170
    case iNotEqual = 171
    case uGreaterThan = 172
    case sGreaterThan = 173
    case uGreaterThanEqual = 174
    case sGreaterThanEqual = 175
    case uLessThan = 176
    case sLessThan = 177
    case uLessThanEqual = 178
    case sLessThanEqual = 179
    case fOrdEqual = 180
    case fUnordEqual = 181
    case fOrdNotEqual = 182
    case fUnordNotEqual = 183
    case fOrdLessThan = 184
    case fUnordLessThan = 185
    case fOrdGreaterThan = 186
    case fUnordGreaterThan = 187
    case fOrdLessThanEqual = 188
    case fUnordLessThanEqual = 189
    case fOrdGreaterThanEqual = 190
    case fUnordGreaterThanEqual = 191
    case shiftRightLogical = 194
    case shiftRightArithmetic = 195
    case shiftLeftLogical = 196
    case bitwiseOr = 197
    case bitwiseXor = 198
    case bitwiseAnd = 199
    case not = 200
    case bitFieldInsert = 201
    case bitFieldSExtract = 202
    case bitFieldUExtract = 203
    case bitReverse = 204
    case bitCount = 205
    case dPdx = 207
    case dPdy = 208
    case fwidth = 209
    case dPdxFine = 210
    case dPdyFine = 211
    case fwidthFine = 212
    case dPdxCoarse = 213
    case dPdyCoarse = 214
    case fwidthCoarse = 215
    case emitVertex = 218
    case endPrimitive = 219
    case emitStreamVertex = 220
    case endStreamPrimitive = 221
    case controlBarrier = 224
    case memoryBarrier = 225
    case atomicLoad = 227
    case atomicStore = 228
    case atomicExchange = 229
    case atomicCompareExchange = 230
    case atomicCompareExchangeWeak = 231
    case atomicIIncrement = 232
    case atomicIDecrement = 233
    case atomicIAdd = 234
    case atomicISub = 235
    case atomicSMin = 236
    case atomicUMin = 237
    case atomicSMax = 238
    case atomicUMax = 239
    case atomicAnd = 240
    case atomicOr = 241
    case atomicXor = 242
    case phi = 245
    case loopMerge = 246
    case selectionMerge = 247
    case label = 248
    case branch = 249
    case branchConditional = 250
    case `switch` = 251
    case kill = 252
    case `return` = 253
    case returnValue = 254
    case unreachable = 255
    case lifetimeStart = 256
    case lifetimeStop = 257
    case groupAsyncCopy = 259
    case groupWaitEvents = 260
    case groupAll = 261
    case groupAny = 262
    case groupBroadcast = 263
    case groupIAdd = 264
    case groupFAdd = 265
    case groupFMin = 266
    case groupUMin = 267
    case groupSMin = 268
    case groupFMax = 269
    case groupUMax = 270
    case groupSMax = 271
    case readPipe = 274
    case writePipe = 275
    case reservedReadPipe = 276
    case reservedWritePipe = 277
    case reserveReadPipePackets = 278
    case reserveWritePipePackets = 279
    case commitReadPipe = 280
    case commitWritePipe = 281
    case isValidReserveId = 282
    case getNumPipePackets = 283
    case getMaxPipePackets = 284
    case groupReserveReadPipePackets = 285
    case groupReserveWritePipePackets = 286
    case groupCommitReadPipe = 287
    case groupCommitWritePipe = 288
    case enqueueMarker = 291
    case enqueueKernel = 292
    case getKernelNDrangeSubGroupCount = 293
    case getKernelNDrangeMaxSubGroupSize = 294
    case getKernelWorkGroupSize = 295
    case getKernelPreferredWorkGroupSizeMultiple = 296
    case retainEvent = 297
    case releaseEvent = 298
    case createUserEvent = 299
    case isValidEvent = 300
    case setUserEventStatus = 301
    case captureEventProfilingInfo = 302
    case getDefaultQueue = 303
    case buildNDRange = 304
    case imageSparseSampleImplicitLod = 305
    case imageSparseSampleExplicitLod = 306
    case imageSparseSampleDrefImplicitLod = 307
    case imageSparseSampleDrefExplicitLod = 308
    case imageSparseSampleProjImplicitLod = 309
    case imageSparseSampleProjExplicitLod = 310
    case imageSparseSampleProjDrefImplicitLod = 311
    case imageSparseSampleProjDrefExplicitLod = 312
    case imageSparseFetch = 313
    case imageSparseGather = 314
    case imageSparseDrefGather = 315
    case imageSparseTexelsResident = 316
    case noLine = 317
    case atomicFlagTestAndSet = 318
    case atomicFlagClear = 319
    case imageSparseRead = 320
    case sizeOf = 321
    case typePipeStorage = 322
    case constantPipeStorage = 323
    case createPipeFromPipeStorage = 324
    case getKernelLocalSizeForSubgroupCount = 325
    case getKernelMaxNumSubgroups = 326
    case typeNamedBarrier = 327
    case namedBarrierInitialize = 328
    case memoryNamedBarrier = 329
    case moduleProcessed = 330
    case executionModeId = 331
    case decorateId = 332
    case groupNonUniformElect = 333
    case groupNonUniformAll = 334
    case groupNonUniformAny = 335
    case groupNonUniformAllEqual = 336
    case groupNonUniformBroadcast = 337
    case groupNonUniformBroadcastFirst = 338
    case groupNonUniformBallot = 339
    case groupNonUniformInverseBallot = 340
    case groupNonUniformBallotBitExtract = 341
    case groupNonUniformBallotBitCount = 342
    case groupNonUniformBallotFindLSB = 343
    case groupNonUniformBallotFindMSB = 344
    case groupNonUniformShuffle = 345
    case groupNonUniformShuffleXor = 346
    case groupNonUniformShuffleUp = 347
    case groupNonUniformShuffleDown = 348
    case groupNonUniformIAdd = 349
    case groupNonUniformFAdd = 350
    case groupNonUniformIMul = 351
    case groupNonUniformFMul = 352
    case groupNonUniformSMin = 353
    case groupNonUniformUMin = 354
    case groupNonUniformFMin = 355
    case groupNonUniformSMax = 356
    case groupNonUniformUMax = 357
    case groupNonUniformFMax = 358
    case groupNonUniformBitwiseAnd = 359
    case groupNonUniformBitwiseOr = 360
    case groupNonUniformBitwiseXor = 361
    case groupNonUniformLogicalAnd = 362
    case groupNonUniformLogicalOr = 363
    case groupNonUniformLogicalXor = 364
    case groupNonUniformQuadBroadcast = 365
    case groupNonUniformQuadSwap = 366
    case copyLogical = 400
    case ptrEqual = 401
    case ptrNotEqual = 402
    case ptrDiff = 403
    case terminateInvocation = 4416
    case subgroupBallotKHR = 4421
    case subgroupFirstInvocationKHR = 4422
    case subgroupAllKHR = 4428
    case subgroupAnyKHR = 4429
    case subgroupAllEqualKHR = 4430
    case subgroupReadInvocationKHR = 4432
    case traceRayKHR = 4445
    case executeCallableKHR = 4446
    case convertUToAccelerationStructureKHR = 4447
    case ignoreIntersectionKHR = 4448
    case terminateRayKHR = 4449
    case sDot = 4450
    case uDot = 4451
    case sUDot = 4452
    case sDotAccSat = 4453
    case uDotAccSat = 4454
    case sUDotAccSat = 4455
    case typeRayQueryKHR = 4472
    case rayQueryInitializeKHR = 4473
    case rayQueryTerminateKHR = 4474
    case rayQueryGenerateIntersectionKHR = 4475
    case rayQueryConfirmIntersectionKHR = 4476
    case rayQueryProceedKHR = 4477
    case rayQueryGetIntersectionTypeKHR = 4479
    case readClockKHR = 5056
    case emitMeshTasksEXT = 5294
    case setMeshOutputsEXT = 5295
    case reportIntersectionKHR = 5334
    case typeAccelerationStructureKHR = 5341
    case beginInvocationInterlockEXT = 5364
    case endInvocationInterlockEXT = 5365
    case demoteToHelperInvocation = 5380
    case isHelperInvocationEXT = 5381
    case atomicFMinEXT = 5614
    case atomicFMaxEXT = 5615
    case assumeTrueKHR = 5630
    case expectKHR = 5631
    case decorateString = 5632
    case memberDecorateString = 5633
    case rayQueryGetRayTMinKHR = 6016
    case rayQueryGetRayFlagsKHR = 6017
    case rayQueryGetIntersectionTKHR = 6018
    case rayQueryGetIntersectionInstanceCustomIndexKHR = 6019
    case rayQueryGetIntersectionInstanceIdKHR = 6020
    case rayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR = 6021
    case rayQueryGetIntersectionGeometryIndexKHR = 6022
    case rayQueryGetIntersectionPrimitiveIndexKHR = 6023
    case rayQueryGetIntersectionBarycentricsKHR = 6024
    case rayQueryGetIntersectionFrontFaceKHR = 6025
    case rayQueryGetIntersectionCandidateAABBOpaqueKHR = 6026
    case rayQueryGetIntersectionObjectRayDirectionKHR = 6027
    case rayQueryGetIntersectionObjectRayOriginKHR = 6028
    case rayQueryGetWorldRayDirectionKHR = 6029
    case rayQueryGetWorldRayOriginKHR = 6030
    case rayQueryGetIntersectionObjectToWorldKHR = 6031
    case rayQueryGetIntersectionWorldToObjectKHR = 6032
    case atomicFAddEXT = 6035
}

extension Opcode: CustomStringConvertible {
    /// The specification's name, e.g. `OpFAdd`.
    public var description: String {
        switch self {
        case .nop: "OpNop"
        case .undef: "OpUndef"
        case .sourceContinued: "OpSourceContinued"
        case .source: "OpSource"
        case .sourceExtension: "OpSourceExtension"
        case .name: "OpName"
        case .memberName: "OpMemberName"
        case .string: "OpString"
        case .line: "OpLine"
        case .extension: "OpExtension"
        case .extInstImport: "OpExtInstImport"
        case .extInst: "OpExtInst"
        case .memoryModel: "OpMemoryModel"
        case .entryPoint: "OpEntryPoint"
        case .executionMode: "OpExecutionMode"
        case .capability: "OpCapability"
        case .typeVoid: "OpTypeVoid"
        case .typeBool: "OpTypeBool"
        case .typeInt: "OpTypeInt"
        case .typeFloat: "OpTypeFloat"
        case .typeVector: "OpTypeVector"
        case .typeMatrix: "OpTypeMatrix"
        case .typeImage: "OpTypeImage"
        case .typeSampler: "OpTypeSampler"
        case .typeSampledImage: "OpTypeSampledImage"
        case .typeArray: "OpTypeArray"
        case .typeRuntimeArray: "OpTypeRuntimeArray"
        case .typeStruct: "OpTypeStruct"
        case .typeOpaque: "OpTypeOpaque"
        case .typePointer: "OpTypePointer"
        case .typeFunction: "OpTypeFunction"
        case .typeEvent: "OpTypeEvent"
        case .typeDeviceEvent: "OpTypeDeviceEvent"
        case .typeReserveId: "OpTypeReserveId"
        case .typeQueue: "OpTypeQueue"
        case .typePipe: "OpTypePipe"
        case .typeForwardPointer: "OpTypeForwardPointer"
        case .constantTrue: "OpConstantTrue"
        case .constantFalse: "OpConstantFalse"
        case .constant: "OpConstant"
        case .constantComposite: "OpConstantComposite"
        case .constantSampler: "OpConstantSampler"
        case .constantNull: "OpConstantNull"
        case .specConstantTrue: "OpSpecConstantTrue"
        case .specConstantFalse: "OpSpecConstantFalse"
        case .specConstant: "OpSpecConstant"
        case .specConstantComposite: "OpSpecConstantComposite"
        case .specConstantOp: "OpSpecConstantOp"
        case .function: "OpFunction"
        case .functionParameter: "OpFunctionParameter"
        case .functionEnd: "OpFunctionEnd"
        case .functionCall: "OpFunctionCall"
        case .variable: "OpVariable"
        case .imageTexelPointer: "OpImageTexelPointer"
        case .load: "OpLoad"
        case .store: "OpStore"
        case .copyMemory: "OpCopyMemory"
        case .copyMemorySized: "OpCopyMemorySized"
        case .accessChain: "OpAccessChain"
        case .inBoundsAccessChain: "OpInBoundsAccessChain"
        case .ptrAccessChain: "OpPtrAccessChain"
        case .arrayLength: "OpArrayLength"
        case .genericPtrMemSemantics: "OpGenericPtrMemSemantics"
        case .inBoundsPtrAccessChain: "OpInBoundsPtrAccessChain"
        case .decorate: "OpDecorate"
        case .memberDecorate: "OpMemberDecorate"
        case .decorationGroup: "OpDecorationGroup"
        case .groupDecorate: "OpGroupDecorate"
        case .groupMemberDecorate: "OpGroupMemberDecorate"
        case .vectorExtractDynamic: "OpVectorExtractDynamic"
        case .vectorInsertDynamic: "OpVectorInsertDynamic"
        case .vectorShuffle: "OpVectorShuffle"
        case .compositeConstruct: "OpCompositeConstruct"
        case .compositeExtract: "OpCompositeExtract"
        case .compositeInsert: "OpCompositeInsert"
        case .copyObject: "OpCopyObject"
        case .transpose: "OpTranspose"
        case .sampledImage: "OpSampledImage"
        case .imageSampleImplicitLod: "OpImageSampleImplicitLod"
        case .imageSampleExplicitLod: "OpImageSampleExplicitLod"
        case .imageSampleDrefImplicitLod: "OpImageSampleDrefImplicitLod"
        case .imageSampleDrefExplicitLod: "OpImageSampleDrefExplicitLod"
        case .imageSampleProjImplicitLod: "OpImageSampleProjImplicitLod"
        case .imageSampleProjExplicitLod: "OpImageSampleProjExplicitLod"
        case .imageSampleProjDrefImplicitLod: "OpImageSampleProjDrefImplicitLod"
        case .imageSampleProjDrefExplicitLod: "OpImageSampleProjDrefExplicitLod"
        case .imageFetch: "OpImageFetch"
        case .imageGather: "OpImageGather"
        case .imageDrefGather: "OpImageDrefGather"
        case .imageRead: "OpImageRead"
        case .imageWrite: "OpImageWrite"
        case .image: "OpImage"
        case .imageQueryFormat: "OpImageQueryFormat"
        case .imageQueryOrder: "OpImageQueryOrder"
        case .imageQuerySizeLod: "OpImageQuerySizeLod"
        case .imageQuerySize: "OpImageQuerySize"
        case .imageQueryLod: "OpImageQueryLod"
        case .imageQueryLevels: "OpImageQueryLevels"
        case .imageQuerySamples: "OpImageQuerySamples"
        case .convertFToU: "OpConvertFToU"
        case .convertFToS: "OpConvertFToS"
        case .convertSToF: "OpConvertSToF"
        case .convertUToF: "OpConvertUToF"
        case .uConvert: "OpUConvert"
        case .sConvert: "OpSConvert"
        case .fConvert: "OpFConvert"
        case .quantizeToF16: "OpQuantizeToF16"
        case .convertPtrToU: "OpConvertPtrToU"
        case .satConvertSToU: "OpSatConvertSToU"
        case .satConvertUToS: "OpSatConvertUToS"
        case .convertUToPtr: "OpConvertUToPtr"
        case .ptrCastToGeneric: "OpPtrCastToGeneric"
        case .genericCastToPtr: "OpGenericCastToPtr"
        case .genericCastToPtrExplicit: "OpGenericCastToPtrExplicit"
        case .bitcast: "OpBitcast"
        case .sNegate: "OpSNegate"
        case .fNegate: "OpFNegate"
        case .iAdd: "OpIAdd"
        case .fAdd: "OpFAdd"
        case .iSub: "OpISub"
        case .fSub: "OpFSub"
        case .iMul: "OpIMul"
        case .fMul: "OpFMul"
        case .uDiv: "OpUDiv"
        case .sDiv: "OpSDiv"
        case .fDiv: "OpFDiv"
        case .uMod: "OpUMod"
        case .sRem: "OpSRem"
        case .sMod: "OpSMod"
        case .fRem: "OpFRem"
        case .fMod: "OpFMod"
        case .vectorTimesScalar: "OpVectorTimesScalar"
        case .matrixTimesScalar: "OpMatrixTimesScalar"
        case .vectorTimesMatrix: "OpVectorTimesMatrix"
        case .matrixTimesVector: "OpMatrixTimesVector"
        case .matrixTimesMatrix: "OpMatrixTimesMatrix"
        case .outerProduct: "OpOuterProduct"
        case .dot: "OpDot"
        case .iAddCarry: "OpIAddCarry"
        case .iSubBorrow: "OpISubBorrow"
        case .uMulExtended: "OpUMulExtended"
        case .sMulExtended: "OpSMulExtended"
        case .any: "OpAny"
        case .all: "OpAll"
        case .isNan: "OpIsNan"
        case .isInf: "OpIsInf"
        case .isFinite: "OpIsFinite"
        case .isNormal: "OpIsNormal"
        case .signBitSet: "OpSignBitSet"
        case .lessOrGreater: "OpLessOrGreater"
        case .ordered: "OpOrdered"
        case .unordered: "OpUnordered"
        case .logicalEqual: "OpLogicalEqual"
        case .logicalNotEqual: "OpLogicalNotEqual"
        case .logicalOr: "OpLogicalOr"
        case .logicalAnd: "OpLogicalAnd"
        case .logicalNot: "OpLogicalNot"
        case .select: "OpSelect"
        case .iEqual: "OpIEqual"
        case .iNotEqual: "OpINotEqual"
        case .uGreaterThan: "OpUGreaterThan"
        case .sGreaterThan: "OpSGreaterThan"
        case .uGreaterThanEqual: "OpUGreaterThanEqual"
        case .sGreaterThanEqual: "OpSGreaterThanEqual"
        case .uLessThan: "OpULessThan"
        case .sLessThan: "OpSLessThan"
        case .uLessThanEqual: "OpULessThanEqual"
        case .sLessThanEqual: "OpSLessThanEqual"
        case .fOrdEqual: "OpFOrdEqual"
        case .fUnordEqual: "OpFUnordEqual"
        case .fOrdNotEqual: "OpFOrdNotEqual"
        case .fUnordNotEqual: "OpFUnordNotEqual"
        case .fOrdLessThan: "OpFOrdLessThan"
        case .fUnordLessThan: "OpFUnordLessThan"
        case .fOrdGreaterThan: "OpFOrdGreaterThan"
        case .fUnordGreaterThan: "OpFUnordGreaterThan"
        case .fOrdLessThanEqual: "OpFOrdLessThanEqual"
        case .fUnordLessThanEqual: "OpFUnordLessThanEqual"
        case .fOrdGreaterThanEqual: "OpFOrdGreaterThanEqual"
        case .fUnordGreaterThanEqual: "OpFUnordGreaterThanEqual"
        case .shiftRightLogical: "OpShiftRightLogical"
        case .shiftRightArithmetic: "OpShiftRightArithmetic"
        case .shiftLeftLogical: "OpShiftLeftLogical"
        case .bitwiseOr: "OpBitwiseOr"
        case .bitwiseXor: "OpBitwiseXor"
        case .bitwiseAnd: "OpBitwiseAnd"
        case .not: "OpNot"
        case .bitFieldInsert: "OpBitFieldInsert"
        case .bitFieldSExtract: "OpBitFieldSExtract"
        case .bitFieldUExtract: "OpBitFieldUExtract"
        case .bitReverse: "OpBitReverse"
        case .bitCount: "OpBitCount"
        case .dPdx: "OpDPdx"
        case .dPdy: "OpDPdy"
        case .fwidth: "OpFwidth"
        case .dPdxFine: "OpDPdxFine"
        case .dPdyFine: "OpDPdyFine"
        case .fwidthFine: "OpFwidthFine"
        case .dPdxCoarse: "OpDPdxCoarse"
        case .dPdyCoarse: "OpDPdyCoarse"
        case .fwidthCoarse: "OpFwidthCoarse"
        case .emitVertex: "OpEmitVertex"
        case .endPrimitive: "OpEndPrimitive"
        case .emitStreamVertex: "OpEmitStreamVertex"
        case .endStreamPrimitive: "OpEndStreamPrimitive"
        case .controlBarrier: "OpControlBarrier"
        case .memoryBarrier: "OpMemoryBarrier"
        case .atomicLoad: "OpAtomicLoad"
        case .atomicStore: "OpAtomicStore"
        case .atomicExchange: "OpAtomicExchange"
        case .atomicCompareExchange: "OpAtomicCompareExchange"
        case .atomicCompareExchangeWeak: "OpAtomicCompareExchangeWeak"
        case .atomicIIncrement: "OpAtomicIIncrement"
        case .atomicIDecrement: "OpAtomicIDecrement"
        case .atomicIAdd: "OpAtomicIAdd"
        case .atomicISub: "OpAtomicISub"
        case .atomicSMin: "OpAtomicSMin"
        case .atomicUMin: "OpAtomicUMin"
        case .atomicSMax: "OpAtomicSMax"
        case .atomicUMax: "OpAtomicUMax"
        case .atomicAnd: "OpAtomicAnd"
        case .atomicOr: "OpAtomicOr"
        case .atomicXor: "OpAtomicXor"
        case .phi: "OpPhi"
        case .loopMerge: "OpLoopMerge"
        case .selectionMerge: "OpSelectionMerge"
        case .label: "OpLabel"
        case .branch: "OpBranch"
        case .branchConditional: "OpBranchConditional"
        case .switch: "OpSwitch"
        case .kill: "OpKill"
        case .return: "OpReturn"
        case .returnValue: "OpReturnValue"
        case .unreachable: "OpUnreachable"
        case .lifetimeStart: "OpLifetimeStart"
        case .lifetimeStop: "OpLifetimeStop"
        case .groupAsyncCopy: "OpGroupAsyncCopy"
        case .groupWaitEvents: "OpGroupWaitEvents"
        case .groupAll: "OpGroupAll"
        case .groupAny: "OpGroupAny"
        case .groupBroadcast: "OpGroupBroadcast"
        case .groupIAdd: "OpGroupIAdd"
        case .groupFAdd: "OpGroupFAdd"
        case .groupFMin: "OpGroupFMin"
        case .groupUMin: "OpGroupUMin"
        case .groupSMin: "OpGroupSMin"
        case .groupFMax: "OpGroupFMax"
        case .groupUMax: "OpGroupUMax"
        case .groupSMax: "OpGroupSMax"
        case .readPipe: "OpReadPipe"
        case .writePipe: "OpWritePipe"
        case .reservedReadPipe: "OpReservedReadPipe"
        case .reservedWritePipe: "OpReservedWritePipe"
        case .reserveReadPipePackets: "OpReserveReadPipePackets"
        case .reserveWritePipePackets: "OpReserveWritePipePackets"
        case .commitReadPipe: "OpCommitReadPipe"
        case .commitWritePipe: "OpCommitWritePipe"
        case .isValidReserveId: "OpIsValidReserveId"
        case .getNumPipePackets: "OpGetNumPipePackets"
        case .getMaxPipePackets: "OpGetMaxPipePackets"
        case .groupReserveReadPipePackets: "OpGroupReserveReadPipePackets"
        case .groupReserveWritePipePackets: "OpGroupReserveWritePipePackets"
        case .groupCommitReadPipe: "OpGroupCommitReadPipe"
        case .groupCommitWritePipe: "OpGroupCommitWritePipe"
        case .enqueueMarker: "OpEnqueueMarker"
        case .enqueueKernel: "OpEnqueueKernel"
        case .getKernelNDrangeSubGroupCount: "OpGetKernelNDrangeSubGroupCount"
        case .getKernelNDrangeMaxSubGroupSize: "OpGetKernelNDrangeMaxSubGroupSize"
        case .getKernelWorkGroupSize: "OpGetKernelWorkGroupSize"
        case .getKernelPreferredWorkGroupSizeMultiple: "OpGetKernelPreferredWorkGroupSizeMultiple"
        case .retainEvent: "OpRetainEvent"
        case .releaseEvent: "OpReleaseEvent"
        case .createUserEvent: "OpCreateUserEvent"
        case .isValidEvent: "OpIsValidEvent"
        case .setUserEventStatus: "OpSetUserEventStatus"
        case .captureEventProfilingInfo: "OpCaptureEventProfilingInfo"
        case .getDefaultQueue: "OpGetDefaultQueue"
        case .buildNDRange: "OpBuildNDRange"
        case .imageSparseSampleImplicitLod: "OpImageSparseSampleImplicitLod"
        case .imageSparseSampleExplicitLod: "OpImageSparseSampleExplicitLod"
        case .imageSparseSampleDrefImplicitLod: "OpImageSparseSampleDrefImplicitLod"
        case .imageSparseSampleDrefExplicitLod: "OpImageSparseSampleDrefExplicitLod"
        case .imageSparseSampleProjImplicitLod: "OpImageSparseSampleProjImplicitLod"
        case .imageSparseSampleProjExplicitLod: "OpImageSparseSampleProjExplicitLod"
        case .imageSparseSampleProjDrefImplicitLod: "OpImageSparseSampleProjDrefImplicitLod"
        case .imageSparseSampleProjDrefExplicitLod: "OpImageSparseSampleProjDrefExplicitLod"
        case .imageSparseFetch: "OpImageSparseFetch"
        case .imageSparseGather: "OpImageSparseGather"
        case .imageSparseDrefGather: "OpImageSparseDrefGather"
        case .imageSparseTexelsResident: "OpImageSparseTexelsResident"
        case .noLine: "OpNoLine"
        case .atomicFlagTestAndSet: "OpAtomicFlagTestAndSet"
        case .atomicFlagClear: "OpAtomicFlagClear"
        case .imageSparseRead: "OpImageSparseRead"
        case .sizeOf: "OpSizeOf"
        case .typePipeStorage: "OpTypePipeStorage"
        case .constantPipeStorage: "OpConstantPipeStorage"
        case .createPipeFromPipeStorage: "OpCreatePipeFromPipeStorage"
        case .getKernelLocalSizeForSubgroupCount: "OpGetKernelLocalSizeForSubgroupCount"
        case .getKernelMaxNumSubgroups: "OpGetKernelMaxNumSubgroups"
        case .typeNamedBarrier: "OpTypeNamedBarrier"
        case .namedBarrierInitialize: "OpNamedBarrierInitialize"
        case .memoryNamedBarrier: "OpMemoryNamedBarrier"
        case .moduleProcessed: "OpModuleProcessed"
        case .executionModeId: "OpExecutionModeId"
        case .decorateId: "OpDecorateId"
        case .groupNonUniformElect: "OpGroupNonUniformElect"
        case .groupNonUniformAll: "OpGroupNonUniformAll"
        case .groupNonUniformAny: "OpGroupNonUniformAny"
        case .groupNonUniformAllEqual: "OpGroupNonUniformAllEqual"
        case .groupNonUniformBroadcast: "OpGroupNonUniformBroadcast"
        case .groupNonUniformBroadcastFirst: "OpGroupNonUniformBroadcastFirst"
        case .groupNonUniformBallot: "OpGroupNonUniformBallot"
        case .groupNonUniformInverseBallot: "OpGroupNonUniformInverseBallot"
        case .groupNonUniformBallotBitExtract: "OpGroupNonUniformBallotBitExtract"
        case .groupNonUniformBallotBitCount: "OpGroupNonUniformBallotBitCount"
        case .groupNonUniformBallotFindLSB: "OpGroupNonUniformBallotFindLSB"
        case .groupNonUniformBallotFindMSB: "OpGroupNonUniformBallotFindMSB"
        case .groupNonUniformShuffle: "OpGroupNonUniformShuffle"
        case .groupNonUniformShuffleXor: "OpGroupNonUniformShuffleXor"
        case .groupNonUniformShuffleUp: "OpGroupNonUniformShuffleUp"
        case .groupNonUniformShuffleDown: "OpGroupNonUniformShuffleDown"
        case .groupNonUniformIAdd: "OpGroupNonUniformIAdd"
        case .groupNonUniformFAdd: "OpGroupNonUniformFAdd"
        case .groupNonUniformIMul: "OpGroupNonUniformIMul"
        case .groupNonUniformFMul: "OpGroupNonUniformFMul"
        case .groupNonUniformSMin: "OpGroupNonUniformSMin"
        case .groupNonUniformUMin: "OpGroupNonUniformUMin"
        case .groupNonUniformFMin: "OpGroupNonUniformFMin"
        case .groupNonUniformSMax: "OpGroupNonUniformSMax"
        case .groupNonUniformUMax: "OpGroupNonUniformUMax"
        case .groupNonUniformFMax: "OpGroupNonUniformFMax"
        case .groupNonUniformBitwiseAnd: "OpGroupNonUniformBitwiseAnd"
        case .groupNonUniformBitwiseOr: "OpGroupNonUniformBitwiseOr"
        case .groupNonUniformBitwiseXor: "OpGroupNonUniformBitwiseXor"
        case .groupNonUniformLogicalAnd: "OpGroupNonUniformLogicalAnd"
        case .groupNonUniformLogicalOr: "OpGroupNonUniformLogicalOr"
        case .groupNonUniformLogicalXor: "OpGroupNonUniformLogicalXor"
        case .groupNonUniformQuadBroadcast: "OpGroupNonUniformQuadBroadcast"
        case .groupNonUniformQuadSwap: "OpGroupNonUniformQuadSwap"
        case .copyLogical: "OpCopyLogical"
        case .ptrEqual: "OpPtrEqual"
        case .ptrNotEqual: "OpPtrNotEqual"
        case .ptrDiff: "OpPtrDiff"
        case .terminateInvocation: "OpTerminateInvocation"
        case .subgroupBallotKHR: "OpSubgroupBallotKHR"
        case .subgroupFirstInvocationKHR: "OpSubgroupFirstInvocationKHR"
        case .subgroupAllKHR: "OpSubgroupAllKHR"
        case .subgroupAnyKHR: "OpSubgroupAnyKHR"
        case .subgroupAllEqualKHR: "OpSubgroupAllEqualKHR"
        case .subgroupReadInvocationKHR: "OpSubgroupReadInvocationKHR"
        case .traceRayKHR: "OpTraceRayKHR"
        case .executeCallableKHR: "OpExecuteCallableKHR"
        case .convertUToAccelerationStructureKHR: "OpConvertUToAccelerationStructureKHR"
        case .ignoreIntersectionKHR: "OpIgnoreIntersectionKHR"
        case .terminateRayKHR: "OpTerminateRayKHR"
        case .sDot: "OpSDot"
        case .uDot: "OpUDot"
        case .sUDot: "OpSUDot"
        case .sDotAccSat: "OpSDotAccSat"
        case .uDotAccSat: "OpUDotAccSat"
        case .sUDotAccSat: "OpSUDotAccSat"
        case .typeRayQueryKHR: "OpTypeRayQueryKHR"
        case .rayQueryInitializeKHR: "OpRayQueryInitializeKHR"
        case .rayQueryTerminateKHR: "OpRayQueryTerminateKHR"
        case .rayQueryGenerateIntersectionKHR: "OpRayQueryGenerateIntersectionKHR"
        case .rayQueryConfirmIntersectionKHR: "OpRayQueryConfirmIntersectionKHR"
        case .rayQueryProceedKHR: "OpRayQueryProceedKHR"
        case .rayQueryGetIntersectionTypeKHR: "OpRayQueryGetIntersectionTypeKHR"
        case .readClockKHR: "OpReadClockKHR"
        case .emitMeshTasksEXT: "OpEmitMeshTasksEXT"
        case .setMeshOutputsEXT: "OpSetMeshOutputsEXT"
        case .reportIntersectionKHR: "OpReportIntersectionKHR"
        case .typeAccelerationStructureKHR: "OpTypeAccelerationStructureKHR"
        case .beginInvocationInterlockEXT: "OpBeginInvocationInterlockEXT"
        case .endInvocationInterlockEXT: "OpEndInvocationInterlockEXT"
        case .demoteToHelperInvocation: "OpDemoteToHelperInvocation"
        case .isHelperInvocationEXT: "OpIsHelperInvocationEXT"
        case .atomicFMinEXT: "OpAtomicFMinEXT"
        case .atomicFMaxEXT: "OpAtomicFMaxEXT"
        case .assumeTrueKHR: "OpAssumeTrueKHR"
        case .expectKHR: "OpExpectKHR"
        case .decorateString: "OpDecorateString"
        case .memberDecorateString: "OpMemberDecorateString"
        case .rayQueryGetRayTMinKHR: "OpRayQueryGetRayTMinKHR"
        case .rayQueryGetRayFlagsKHR: "OpRayQueryGetRayFlagsKHR"
        case .rayQueryGetIntersectionTKHR: "OpRayQueryGetIntersectionTKHR"
        case .rayQueryGetIntersectionInstanceCustomIndexKHR: "OpRayQueryGetIntersectionInstanceCustomIndexKHR"
        case .rayQueryGetIntersectionInstanceIdKHR: "OpRayQueryGetIntersectionInstanceIdKHR"
        case .rayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR: "OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR"
        case .rayQueryGetIntersectionGeometryIndexKHR: "OpRayQueryGetIntersectionGeometryIndexKHR"
        case .rayQueryGetIntersectionPrimitiveIndexKHR: "OpRayQueryGetIntersectionPrimitiveIndexKHR"
        case .rayQueryGetIntersectionBarycentricsKHR: "OpRayQueryGetIntersectionBarycentricsKHR"
        case .rayQueryGetIntersectionFrontFaceKHR: "OpRayQueryGetIntersectionFrontFaceKHR"
        case .rayQueryGetIntersectionCandidateAABBOpaqueKHR: "OpRayQueryGetIntersectionCandidateAABBOpaqueKHR"
        case .rayQueryGetIntersectionObjectRayDirectionKHR: "OpRayQueryGetIntersectionObjectRayDirectionKHR"
        case .rayQueryGetIntersectionObjectRayOriginKHR: "OpRayQueryGetIntersectionObjectRayOriginKHR"
        case .rayQueryGetWorldRayDirectionKHR: "OpRayQueryGetWorldRayDirectionKHR"
        case .rayQueryGetWorldRayOriginKHR: "OpRayQueryGetWorldRayOriginKHR"
        case .rayQueryGetIntersectionObjectToWorldKHR: "OpRayQueryGetIntersectionObjectToWorldKHR"
        case .rayQueryGetIntersectionWorldToObjectKHR: "OpRayQueryGetIntersectionWorldToObjectKHR"
        case .atomicFAddEXT: "OpAtomicFAddEXT"
        }
    }

    /// Whether the instruction has a result id, and whether that is preceded by a result type id.
    public var resultShape: (hasResult: Bool, hasResultType: Bool) {
        switch self {
        case .undef, .extInst, .constantTrue, .constantFalse, .constant, .constantComposite, .constantSampler, .constantNull, .specConstantTrue, .specConstantFalse, .specConstant, .specConstantComposite, .specConstantOp, .function, .functionParameter, .functionCall, .variable, .imageTexelPointer, .load, .accessChain, .inBoundsAccessChain, .ptrAccessChain, .arrayLength, .genericPtrMemSemantics, .inBoundsPtrAccessChain, .vectorExtractDynamic, .vectorInsertDynamic, .vectorShuffle, .compositeConstruct, .compositeExtract, .compositeInsert, .copyObject, .transpose, .sampledImage, .imageSampleImplicitLod, .imageSampleExplicitLod, .imageSampleDrefImplicitLod, .imageSampleDrefExplicitLod, .imageSampleProjImplicitLod, .imageSampleProjExplicitLod, .imageSampleProjDrefImplicitLod, .imageSampleProjDrefExplicitLod, .imageFetch, .imageGather, .imageDrefGather, .imageRead, .image, .imageQueryFormat, .imageQueryOrder, .imageQuerySizeLod, .imageQuerySize, .imageQueryLod, .imageQueryLevels, .imageQuerySamples, .convertFToU, .convertFToS, .convertSToF, .convertUToF, .uConvert, .sConvert, .fConvert, .quantizeToF16, .convertPtrToU, .satConvertSToU, .satConvertUToS, .convertUToPtr, .ptrCastToGeneric, .genericCastToPtr, .genericCastToPtrExplicit, .bitcast, .sNegate, .fNegate, .iAdd, .fAdd, .iSub, .fSub, .iMul, .fMul, .uDiv, .sDiv, .fDiv, .uMod, .sRem, .sMod, .fRem, .fMod, .vectorTimesScalar, .matrixTimesScalar, .vectorTimesMatrix, .matrixTimesVector, .matrixTimesMatrix, .outerProduct, .dot, .iAddCarry, .iSubBorrow, .uMulExtended, .sMulExtended, .any, .all, .isNan, .isInf, .isFinite, .isNormal, .signBitSet, .lessOrGreater, .ordered, .unordered, .logicalEqual, .logicalNotEqual, .logicalOr, .logicalAnd, .logicalNot, .select, .iEqual, .iNotEqual, .uGreaterThan, .sGreaterThan, .uGreaterThanEqual, .sGreaterThanEqual, .uLessThan, .sLessThan, .uLessThanEqual, .sLessThanEqual, .fOrdEqual, .fUnordEqual, .fOrdNotEqual, .fUnordNotEqual, .fOrdLessThan, .fUnordLessThan, .fOrdGreaterThan, .fUnordGreaterThan, .fOrdLessThanEqual, .fUnordLessThanEqual, .fOrdGreaterThanEqual, .fUnordGreaterThanEqual, .shiftRightLogical, .shiftRightArithmetic, .shiftLeftLogical, .bitwiseOr, .bitwiseXor, .bitwiseAnd, .not, .bitFieldInsert, .bitFieldSExtract, .bitFieldUExtract, .bitReverse, .bitCount, .dPdx, .dPdy, .fwidth, .dPdxFine, .dPdyFine, .fwidthFine, .dPdxCoarse, .dPdyCoarse, .fwidthCoarse, .atomicLoad, .atomicExchange, .atomicCompareExchange, .atomicCompareExchangeWeak, .atomicIIncrement, .atomicIDecrement, .atomicIAdd, .atomicISub, .atomicSMin, .atomicUMin, .atomicSMax, .atomicUMax, .atomicAnd, .atomicOr, .atomicXor, .phi, .groupAsyncCopy, .groupAll, .groupAny, .groupBroadcast, .groupIAdd, .groupFAdd, .groupFMin, .groupUMin, .groupSMin, .groupFMax, .groupUMax, .groupSMax, .readPipe, .writePipe, .reservedReadPipe, .reservedWritePipe, .reserveReadPipePackets, .reserveWritePipePackets, .isValidReserveId, .getNumPipePackets, .getMaxPipePackets, .groupReserveReadPipePackets, .groupReserveWritePipePackets, .enqueueMarker, .enqueueKernel, .getKernelNDrangeSubGroupCount, .getKernelNDrangeMaxSubGroupSize, .getKernelWorkGroupSize, .getKernelPreferredWorkGroupSizeMultiple, .createUserEvent, .isValidEvent, .getDefaultQueue, .buildNDRange, .imageSparseSampleImplicitLod, .imageSparseSampleExplicitLod, .imageSparseSampleDrefImplicitLod, .imageSparseSampleDrefExplicitLod, .imageSparseSampleProjImplicitLod, .imageSparseSampleProjExplicitLod, .imageSparseSampleProjDrefImplicitLod, .imageSparseSampleProjDrefExplicitLod, .imageSparseFetch, .imageSparseGather, .imageSparseDrefGather, .imageSparseTexelsResident, .atomicFlagTestAndSet, .imageSparseRead, .sizeOf, .constantPipeStorage, .createPipeFromPipeStorage, .getKernelLocalSizeForSubgroupCount, .getKernelMaxNumSubgroups, .namedBarrierInitialize, .groupNonUniformElect, .groupNonUniformAll, .groupNonUniformAny, .groupNonUniformAllEqual, .groupNonUniformBroadcast, .groupNonUniformBroadcastFirst, .groupNonUniformBallot, .groupNonUniformInverseBallot, .groupNonUniformBallotBitExtract, .groupNonUniformBallotBitCount, .groupNonUniformBallotFindLSB, .groupNonUniformBallotFindMSB, .groupNonUniformShuffle, .groupNonUniformShuffleXor, .groupNonUniformShuffleUp, .groupNonUniformShuffleDown, .groupNonUniformIAdd, .groupNonUniformFAdd, .groupNonUniformIMul, .groupNonUniformFMul, .groupNonUniformSMin, .groupNonUniformUMin, .groupNonUniformFMin, .groupNonUniformSMax, .groupNonUniformUMax, .groupNonUniformFMax, .groupNonUniformBitwiseAnd, .groupNonUniformBitwiseOr, .groupNonUniformBitwiseXor, .groupNonUniformLogicalAnd, .groupNonUniformLogicalOr, .groupNonUniformLogicalXor, .groupNonUniformQuadBroadcast, .groupNonUniformQuadSwap, .copyLogical, .ptrEqual, .ptrNotEqual, .ptrDiff, .subgroupBallotKHR, .subgroupFirstInvocationKHR, .subgroupAllKHR, .subgroupAnyKHR, .subgroupAllEqualKHR, .subgroupReadInvocationKHR, .convertUToAccelerationStructureKHR, .sDot, .uDot, .sUDot, .sDotAccSat, .uDotAccSat, .sUDotAccSat, .rayQueryProceedKHR, .rayQueryGetIntersectionTypeKHR, .readClockKHR, .isHelperInvocationEXT, .atomicFMinEXT, .atomicFMaxEXT, .expectKHR, .rayQueryGetRayTMinKHR, .rayQueryGetRayFlagsKHR, .rayQueryGetIntersectionTKHR, .rayQueryGetIntersectionInstanceCustomIndexKHR, .rayQueryGetIntersectionInstanceIdKHR, .rayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR, .rayQueryGetIntersectionGeometryIndexKHR, .rayQueryGetIntersectionPrimitiveIndexKHR, .rayQueryGetIntersectionBarycentricsKHR, .rayQueryGetIntersectionFrontFaceKHR, .rayQueryGetIntersectionCandidateAABBOpaqueKHR, .rayQueryGetIntersectionObjectRayDirectionKHR, .rayQueryGetIntersectionObjectRayOriginKHR, .rayQueryGetWorldRayDirectionKHR, .rayQueryGetWorldRayOriginKHR, .rayQueryGetIntersectionObjectToWorldKHR, .rayQueryGetIntersectionWorldToObjectKHR, .atomicFAddEXT:
            (true, true)
        case .string, .extInstImport, .typeVoid, .typeBool, .typeInt, .typeFloat, .typeVector, .typeMatrix, .typeImage, .typeSampler, .typeSampledImage, .typeArray, .typeRuntimeArray, .typeStruct, .typeOpaque, .typePointer, .typeFunction, .typeEvent, .typeDeviceEvent, .typeReserveId, .typeQueue, .typePipe, .decorationGroup, .label, .typePipeStorage, .typeNamedBarrier, .typeRayQueryKHR:
            (true, false)
        default: (false, false)
        }
    }
}
