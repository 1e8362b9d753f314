/** Outside: what the page gives each of its panels. */
import type { EngineName } from '../../../src/index.js';

export interface PanelContext {
  /** The engine chosen in the page header. */
  engine(): EngineName;
}
