// The module's entry: every family's exports, compiled into one .wasm.
// The ABI's constants, as immutable globals `Family.NAME` that the host reads at load time.
export { Scratch, Flip, FourLine, Sliding, IdaStar } from './abi';
export { scratchPointer, lastNodes } from './scratch';
export { instanceAttach, instanceBytes } from './instance';
export * from './flip';
export * from './fourLine';
export * from './sliding';
export * from './idaStar';
export * from './lightsOut';
export { lightsOutReadText, lightsOutTextCols, lightsOutGridText } from './lightsOutText';
export { batchReserve } from './batch';
export { pdbGrow, pdbEntryCount, pdbMaskBytes, pdbBuildStart, pdbBuildRound, pdbBuildSettled, pdbNeeded } from './pdbBuild';
export { pdbBuildSpread, pdbBuildJoin, pdbBuildShare, pdbBuildEndRound } from './pdbBuildSplit';
export { pdbDeriveMap, pdbDeriveStart, pdbDeriveSlice, pdbDeriveJoin, pdbDeriveShare } from './pdbDerive';
export { idaStarPdbGroup, idaStarPdbGroups, idaStarPdbSum, idaStarPdbSums, pdbTableBytes } from './pdbHeuristic';
export { zeroAwareEntryCount } from './zeroAware';
export { censusStart, censusRound, censusFound, censusNeeded, censusFarthest } from './census';
