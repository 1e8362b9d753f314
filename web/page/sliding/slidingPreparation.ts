/**
 * Outside: what a sliding panel does before a search on its pattern database.
 * Tables the workers hold, or that this browser keeps, are readied at once
 * (slidingTables.ts). Where they must be built and a build takes minutes (the
 * 24-puzzle's, see tryFirstNodes in slidingSizes.ts), the board is first searched on linear
 * conflicts within a node budget, as the command line does: a board that
 * settles (a scramble of 40 moves, say) is answered, optimal all the same,
 * and nothing is built. Only a board it does not settle starts the build,
 * said beforehand with its time and memory on this machine.
 */
import type { EngineName, GoalName, Progress } from '../../../src/index.js';
import { numberFormat } from '../shared/dom.js';
import type { TablesShown } from '../panel/contract.js';
import { tryFirstNodes, type SlidingTables } from './slidingSizes.js';
import { readyTables } from './slidingTables.js';
import type { SolverClient, SolveAnswer, TablesSource } from '../workers/solverClient.js';
import { tablesWork } from './tablesWork.js';

/** Where the panel shows what the preparation does. */
export interface PreparationView {
  tables(shown: TablesShown | null): void;
  search(progress: Progress, phase: string): void;
}

export class SlidingPreparation {
  /** Boards (with engine and goal) the try did not settle: their next Solve goes straight to the build. */
  private readonly unsettled = new Set<string>();

  constructor(
    private readonly client: SolverClient,
    private readonly tables: SlidingTables,
    private readonly view: PreparationView,
  ) {}

  /**
   * Readies the tables for a search of `board` to `goal` on `engine`;
   * resolves with the answer when the try settled the board instead. Says on
   * the panel's `dataset` where the tables came from ('skipped': the try
   * settled the board) and how long that took.
   */
  async prepare(engine: EngineName, goal: GoalName, board: string, dataset: DOMStringMap): Promise<SolveAnswer | undefined> {
    const began = performance.now();
    const done = (source: TablesSource | 'skipped') => {
      dataset.tables = source;
      // How long the tables took (built, loaded, nothing to do, or the try), for anyone measuring.
      dataset.tablesMs = (performance.now() - began).toFixed(0);
    };
    const { client, tables, view } = this;
    // Held by the workers: nothing to load or build, nothing to try.
    const work = client.tablesPrepared(engine, tables.size, goal) ? null : await tablesWork(tables, goal);
    const tryNodes = tryFirstNodes(tables);
    const key = `${engine} ${goal} ${board}`;
    if (work && work.builds.length > 0 && tryNodes !== undefined && !this.unsettled.has(key)) {
      const answer = await this.tryWithoutTables(engine, goal, board, tryNodes);
      if (answer) {
        done('skipped');
        return answer;
      }
      this.unsettled.add(key);
    }
    done(await readyTables(client, engine, tables, goal, work, (shown) => view.tables(shown)));
  }

  /** The board searched on linear conflicts within `maxNodes`: its answer when that settled it (solved, or unsolvable), else null. */
  private async tryWithoutTables(engine: EngineName, goal: GoalName, board: string, maxNodes: number): Promise<SolveAnswer | null> {
    const phase = `Trying linear conflicts first (up to ${numberFormat.format(maxNodes)} nodes, no tables)`;
    const answer = await this.client.solve({ engine, family: 'sliding', board, goal, heuristic: 'linear-conflict', maxNodes }, (progress) =>
      this.view.search(progress, phase),
    );
    if (answer.status === 'stopped') return null;
    const note = `Answered on linear conflicts within ${numberFormat.format(maxNodes)} nodes, so the ${this.tables.partition} tables were not built: the solution is optimal all the same.`;
    return { ...answer, note };
  }
}
