/**
 * The board in the element's shadow root: a grid of cell buttons (what a
 * click, a tap or the keyboard acts on, each with its label), and under them,
 * for the families whose pieces travel, one element per piece placed with a
 * transform, so that a move slides it (styles.ts sets the duration). Three
 * marks, each its own: keyboard focus, the cells a press changes
 * ('affected'), and the hint's optimal moves ('hint', 'hint-target').
 */
import type { CellView, PieceView } from './family.js';

export interface BoardPicture {
  rows: number;
  cols: number;
  cells: CellView[];
  pieces?: PieceView[];
  affected: number[];
  hint: number[];
  hintTargets: number[];
}

export class BoardView {
  readonly element: HTMLDivElement;
  private readonly cellLayer: HTMLDivElement;
  private readonly pieceLayer: HTMLDivElement;
  private cells: HTMLButtonElement[] = [];
  private readonly pieces = new Map<number, HTMLSpanElement>();
  private shape = '';
  /** The cell that takes Tab (a roving tabindex). */
  focusIndex = 0;

  constructor(doc: Document) {
    this.element = doc.createElement('div');
    this.element.className = 'board';
    this.element.setAttribute('part', 'board');
    this.pieceLayer = doc.createElement('div');
    this.pieceLayer.className = 'pieces';
    this.pieceLayer.setAttribute('aria-hidden', 'true');
    this.cellLayer = doc.createElement('div');
    this.cellLayer.className = 'cells';
    this.cellLayer.setAttribute('role', 'grid');
    this.element.append(this.pieceLayer, this.cellLayer);
  }

  /** The look class on the board: 'toggle flip', 'stones', 'sliding', 'lights'. */
  setLook(look: string, label: string): void {
    this.element.className = `board ${look}`;
    this.cellLayer.setAttribute('aria-label', label);
  }

  /** The index of the cell button `target` is, or null. */
  cellIndex(target: EventTarget | null): number | null {
    const index = this.cells.indexOf(target as HTMLButtonElement);
    return index < 0 ? null : index;
  }

  focusCell(index: number): void {
    this.focusIndex = index;
    this.cells.forEach((cell, i) => (cell.tabIndex = i === index ? 0 : -1));
    this.cells[index]?.focus();
  }

  draw(picture: BoardPicture): void {
    const { rows, cols } = picture;
    const shape = `${rows}x${cols}`;
    if (shape !== this.shape) this.rebuild(rows, cols);
    const affected = new Set(picture.affected);
    const hint = new Set(picture.hint);
    const targets = new Set(picture.hintTargets);
    picture.cells.forEach((view, index) => {
      const cell = this.cells[index]!;
      const classes = ['cell', ...view.classes];
      if (affected.has(index)) classes.push('affected');
      if (hint.has(index)) classes.push('hint');
      if (targets.has(index)) classes.push('hint-target');
      const marks = [hint.has(index) ? 'hint: keeps it optimal' : '', targets.has(index) ? 'hint: move here' : ''].filter(Boolean);
      // Written only when changed: a hover redraws every cell of a board of up to 1,024.
      setIfChanged(cell, 'className', classes.join(' '));
      setIfChanged(cell, 'textContent', view.text ?? '');
      if (cell.dataset.value !== view.value) cell.dataset.value = view.value;
      const label = [view.label, ...marks].join(', ');
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
    });
    this.drawPieces(picture.pieces ?? [], cols);
  }

  private rebuild(rows: number, cols: number): void {
    this.shape = `${rows}x${cols}`;
    this.element.style.setProperty('--rows', String(rows));
    this.element.style.setProperty('--cols', String(cols));
    this.cellLayer.replaceChildren();
    this.cells = [];
    for (let r = 0; r < rows; r++) {
      const row = this.element.ownerDocument.createElement('div');
      row.setAttribute('role', 'row');
      row.style.display = 'contents';
      for (let c = 0; c < cols; c++) {
        const cell = this.element.ownerDocument.createElement('button');
        cell.type = 'button';
        cell.setAttribute('role', 'gridcell');
        cell.dataset.index = String(r * cols + c);
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.cellLayer.append(row);
    }
    this.focusIndex = Math.min(this.focusIndex, this.cells.length - 1);
    this.cells[this.focusIndex]!.tabIndex = 0;
    this.pieceLayer.replaceChildren();
    this.pieces.clear();
  }

  /** Each piece keeps its element: a changed cell moves it by its transform, and the transition slides it. */
  private drawPieces(pieces: PieceView[], cols: number): void {
    const seen = new Set<number>();
    for (const piece of pieces) {
      seen.add(piece.id);
      let element = this.pieces.get(piece.id);
      if (!element) {
        element = this.element.ownerDocument.createElement('span');
        element.append(this.element.ownerDocument.createElement('span'));
        element.dataset.id = String(piece.id);
        this.pieceLayer.append(element);
        this.pieces.set(piece.id, element);
      }
      element.className = ['piece', ...piece.classes].join(' ');
      element.style.setProperty('--r', String(Math.floor(piece.cell / cols)));
      element.style.setProperty('--c', String(piece.cell % cols));
      element.dataset.cell = String(piece.cell);
      element.firstElementChild!.textContent = piece.text;
    }
    for (const [id, element] of this.pieces) {
      if (!seen.has(id)) {
        element.remove();
        this.pieces.delete(id);
      }
    }
  }
}

function setIfChanged(element: HTMLElement, key: 'className' | 'textContent', value: string): void {
  if (element[key] !== value) element[key] = value;
}
