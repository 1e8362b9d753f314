/**
 * Files with one job, by size: no source file of src/, web/ or assembly/ is
 * over 600 lines, and one over 400 says in its header why it is one file
 * (the words "one file" in its opening comment). No file is exempt.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) ? [path] : [];
  });
}

/** The file's opening comment: its leading lines of comment, up to the first line of code. */
function openingComment(text: string): string {
  const lines = text.split('\n');
  const end = lines.findIndex((line) => line.trim() !== '' && !/^\s*(\/\/|\/\*|\*)/.test(line));
  return lines.slice(0, end < 0 ? lines.length : end).join('\n');
}

describe('file sizes', () => {
  const files = ['src', 'web', 'assembly'].flatMap(sourceFiles).map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
  const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

  it('no file is over 600 lines', () => {
    expect(files.length).toBeGreaterThan(100);
    const over = files.filter(({ text }) => lines(text) > 600).map(({ file, text }) => `${file}: ${lines(text)}`);
    expect(over).toEqual([]);
  });

  it('a file over 400 lines says in its header why it is one file', () => {
    const silent = files
      .filter(({ text }) => lines(text) > 400 && !/\bone file\b/i.test(openingComment(text)))
      .map(({ file, text }) => `${file}: ${lines(text)}`);
    expect(silent).toEqual([]);
  });
});
