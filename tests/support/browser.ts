/**
 * The Chromium that the browser tests drive, found without downloading
 * anything at test time:
 *
 * 1. `CHROMIUM_PATH`, when it is set and names an existing file;
 * 2. the system's Chromium at /usr/bin/chromium (Debian's `chromium` package),
 *    when the machine has one (.ci/run installs none: CI runs path 3, the one
 *    a newcomer's `npm test` takes);
 * 3. otherwise the headless Chromium that arrives with `npm install` itself:
 *    the devDependency @sparticuz/chromium ships it in its tarball as
 *    bin/chromium.br (brotli). It is unpacked once per version into the
 *    system's temporary folder (atomically, so that a killed or concurrent run
 *    never leaves half a binary behind), with the package's other archives
 *    beside it: the SwiftShader GL libraries Chromium looks for next to
 *    itself, a font set, and the NSS/NSPR libraries it links against (built
 *    for Amazon Linux, used only when the system lacks its own: on Debian
 *    they come with libnss3).
 *
 * The package is built for AWS Lambda; its own loader (executablePath()) is
 * not used: it needs Node 22, unpacks to fixed names in /tmp that it never
 * checks against the version, and tunes flags for Lambda. Only its binary is.
 *
 * `playwright install` is never run: browsers come from the npm registry or
 * from Debian's packages, nowhere else.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

/** Headless and quiet: this machine has no network, and background fetches would only flood refused connections. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const systemChromium = '/usr/bin/chromium';
const npmPackage = '@sparticuz/chromium';

export interface FoundChromium {
  executablePath: string;
  /** Extra environment for the browser process (libraries, fonts), if any. */
  env: Record<string, string>;
  /** Which browser this is and why it was chosen, for the test log. */
  description: string;
}

export async function findChromium(): Promise<FoundChromium> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) {
    return { executablePath: fromEnv, env: {}, description: `${fromEnv} (from CHROMIUM_PATH)` };
  }
  if (existsSync(systemChromium)) {
    return { executablePath: systemChromium, env: {}, description: `${systemChromium} (the system's Chromium)` };
  }
  const unset = fromEnv ? `CHROMIUM_PATH=${fromEnv} does not exist and ` : '';
  const why = `${unset}there is no ${systemChromium}`;
  return fromNpmPackage(why);
}

/** Launches the Chromium found above, headless; says which on the test log. */
export async function launchChromium(): Promise<{ browser: Browser; found: FoundChromium }> {
  const found = await findChromium();
  const browser = await chromium.launch({
    executablePath: found.executablePath,
    headless: true,
    args: chromiumArgs,
    env: { ...process.env, ...found.env } as Record<string, string>,
  });
  console.log(`browser tests use Chromium ${browser.version()}: ${found.description}`);
  return { browser, found };
}

export async function fromNpmPackage(why: string): Promise<FoundChromium> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`${why}, and ${npmPackage} ships Chromium for Linux x64 only: set CHROMIUM_PATH to a Chromium or Chrome`);
  }
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(npmPackage);
  } catch {
    throw new Error(`${why}, and the devDependency ${npmPackage} is not installed: run npm install (or set CHROMIUM_PATH)`);
  }
  const { packageDir, version } = packageRoot(entry, npmPackage);
  const folder = await unpack(join(packageDir, 'bin'), join(tmpdir(), `puzzlesearch-chromium-${version}`));
  const executablePath = join(folder, 'chromium');

  const env: Record<string, string> = {};
  const notes: string[] = [];
  if (lacksLibraries(executablePath)) {
    env.LD_LIBRARY_PATH = [join(folder, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
    notes.push('with its bundled NSS libraries');
  }
  if (!existsSync('/etc/fonts/fonts.conf')) {
    env.FONTCONFIG_PATH = join(folder, 'fontconfig');
    notes.push('with its bundled fonts');
  }
  const how = notes.length ? ` ${notes.join(' and ')}` : '';
  return { executablePath, env, description: `${executablePath} from the npm package ${npmPackage} ${version}${how} (${why})` };
}

/**
 * The folder of the installed package `name` that holds `file`: the nearest
 * folder above it whose package.json names that package. Its entry point
 * lies some folders deep (build/cjs/index.cjs today), and its exports map
 * does not offer package.json itself, so neither a fixed number of `..` nor
 * resolving `name/package.json` finds the root.
 */
export function packageRoot(file: string, name: string): { packageDir: string; version: string } {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === name && parsed.version) return { packageDir: dir, version: parsed.version };
    }
    if (dirname(dir) === dir) throw new Error(`no package.json naming ${name} above ${file}`);
  }
}

/** True when the dynamic linker cannot find a library the binary needs (or ldd cannot tell). */
function lacksLibraries(executable: string): boolean {
  const ldd = spawnSync('ldd', [executable], { encoding: 'utf8' });
  if (ldd.status !== 0) return true;
  return /not found/.test(ldd.stdout);
}

/** Unpacks the package's archives into `target` once; a folder only ever appears there complete. */
async function unpack(bin: string, target: string): Promise<string> {
  if (existsSync(join(target, 'chromium'))) return target;
  mkdirSync(dirname(target), { recursive: true });
  const work = mkdtempSync(`${target}.partial-`);
  try {
    await pipeline(createReadStream(join(bin, 'chromium.br')), createBrotliDecompress(), createWriteStream(join(work, 'chromium'), { mode: 0o755 }));
    await untar(join(bin, 'swiftshader.tar.br'), work);
    await untar(join(bin, 'al2023.tar.br'), work);
    const fonts = join(work, 'fontconfig');
    mkdirSync(fonts);
    await untar(join(bin, 'fonts.tar.br'), fonts);
    // The package's fonts.conf names Lambda's folders; this one names where the fonts are.
    writeFileSync(
      join(fonts, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(target, 'fontconfig', 'fonts')}</dir>\n  <cachedir>${join(target, 'fontconfig', 'cache')}</cachedir>\n</fontconfig>\n`,
    );
    renameSync(work, target);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    // Another run may have finished the same unpacking first.
    if (existsSync(join(target, 'chromium'))) return target;
    throw new Error(`could not unpack ${npmPackage} into ${target}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return target;
}

/** A brotli'd tar archive into a folder, through the system's tar. */
async function untar(archive: string, folder: string): Promise<void> {
  const tar = spawn('tar', ['-x', '-f', '-', '-C', folder], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  tar.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    tar.on('error', reject);
    tar.on('close', resolve);
  });
  await pipeline(createReadStream(archive), createBrotliDecompress(), tar.stdin);
  const status = await exited;
  if (status !== 0) throw new Error(`tar failed on ${archive}: ${stderr.trim()}`);
}
