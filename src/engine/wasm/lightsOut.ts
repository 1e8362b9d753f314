/** Host adapter for `assembly/lightsOut.ts`: the problem written into a region the module grows on request. */
import type { LightsOutAnswer, LightsOutCore, LightsOutProblem } from '../contract.js';
import type { ScratchExports } from './scratch.js';

export interface LightsOutExports extends ScratchExports {
  /** Pointer to an input area of `bytes` bytes, 0 when memory cannot grow that far. */
  lightsOutReserve(bytes: number): number;
  /** 1 solved, 0 no target reachable, -1 memory could not grow to lightsOutNeeded() bytes. */
  lightsOutSolve(rows: number, cols: number, colors: number, torus: number, chase: number, offsetPairs: number, targets: number, maxCandidates: number): number;
  lightsOutNeeded(): number;
  lightsOutPresses(): number;
  lightsOutKernelDimension(): number;
  lightsOutTarget(): number;
  lightsOutReachable(): number;
  lightsOutMinimal(): number;
  lightsOutPressCount(): number;
  /** Reads the board text of `length` bytes at `at` into cells written over it: its rows, 0 when the host must read it. */
  lightsOutReadText(at: number, length: number, colors: number): number;
  lightsOutTextCols(): number;
  /** Writes the text of the press grid at `grid` at `out`: its length in bytes, 0 when the host must write it. */
  lightsOutGridText(grid: number, rows: number, cols: number, out: number): number;
}

/** Strings into the module's memory as UTF-8, and back, natively. */
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

function outOfMemory(bytes: number, what: string): RangeError {
  const mib = (bytes / 2 ** 20).toFixed(1);
  return new RangeError(`lights out: ${what} needs ${mib} MiB of wasm memory (${bytes} bytes) and memory could not grow that far`);
}

export function wasmLightsOut(exports: LightsOutExports): LightsOutCore {
  return {
    readText(text, colors) {
      // Into the family's input area: the solve that follows takes it again.
      const at = exports.lightsOutReserve(text.length);
      if (at === 0) return null;
      const room = new Uint8Array(exports.memory.buffer, at, text.length);
      if (typeof text !== 'string') room.set(text);
      // A character beyond ASCII takes more bytes than there is room for, or
      // lands as bytes above 127: either way the host's reader takes over.
      else if (utf8.encodeInto(text, room).read !== text.length) return null;
      const rows = exports.lightsOutReadText(at, text.length, colors);
      if (rows === 0) return null;
      const cols = exports.lightsOutTextCols();
      return { rows, cols, cells: new Uint8Array(exports.memory.buffer, at, rows * cols).slice() };
    },
    gridText(grid, rows, cols) {
      // The counts, then room for their text (a line feed a row but the last), in the input area.
      const cells = rows * cols;
      const at = exports.lightsOutReserve(cells + rows * (cols + 1));
      if (at === 0) return null;
      new Uint8Array(exports.memory.buffer, at, cells).set(grid);
      const length = exports.lightsOutGridText(at, rows, cols, at + cells);
      return length === 0 ? null : fromUtf8.decode(new Uint8Array(exports.memory.buffer, at + cells, length));
    },
    solve(problem: LightsOutProblem): LightsOutAnswer {
      const { rows, cols, offsets, board, targets } = problem;
      const cells = rows * cols;
      const offsetBytes = offsets.length * 4;
      const inputBytes = offsetBytes + cells * (1 + targets.length);
      const at = exports.lightsOutReserve(inputBytes);
      if (at === 0) throw outOfMemory(exports.lightsOutNeeded(), `the input of a ${rows}x${cols} board`);
      // Views taken after the call that may have grown memory.
      new Int32Array(exports.memory.buffer, at, offsets.length).set(offsets);
      const bytes = new Uint8Array(exports.memory.buffer, at + offsetBytes, cells * (1 + targets.length));
      bytes.set(board, 0);
      targets.forEach((target, t) => bytes.set(target, cells * (1 + t)));
      const status = exports.lightsOutSolve(
        rows,
        cols,
        problem.colors,
        problem.torus ? 1 : 0,
        problem.chaseRows,
        offsets.length >> 1,
        targets.length,
        problem.maxCandidates,
      );
      if (status < 0) throw outOfMemory(exports.lightsOutNeeded(), `solving a ${rows}x${cols} board`);
      const nodes = exports.lastNodes();
      const kernelDimension = exports.lightsOutKernelDimension();
      const reachableTargets = exports.lightsOutReachable();
      const minimal = exports.lightsOutMinimal() === 1;
      if (status === 0) return { presses: null, pressCount: 0, target: -1, kernelDimension, reachableTargets, minimal, nodes };
      // A fresh view: the solve may have grown memory.
      const presses = new Uint8Array(exports.memory.buffer, exports.lightsOutPresses(), cells).slice();
      return { presses, pressCount: exports.lightsOutPressCount(), target: exports.lightsOutTarget(), kernelDimension, reachableTargets, minimal, nodes };
    },
  };
}
