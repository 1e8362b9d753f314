/**
 * Kept for tests/cli.test.ts, which imports from here: the replays now live in
 * the shared oracle module, `tests/oracles.js`. Import from there instead.
 */
export { hasLine, pressMask, replayFourLine, replayPresses, replaySliding } from './oracles.js';
