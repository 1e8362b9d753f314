/**
 * The host's objects that the public types name (an AbortSignal, a URL), as
 * the host's own types wherever the consumer's project declares them (the
 * DOM lib, @types/node), and else as the few members the package uses. A
 * project with `lib: ["es2022"]` and `types: []` then reads the package's
 * .d.ts without an error, and one with either lib sees the real types.
 * Types only: nothing here exists at run time.
 */

/** What the package asks of an AbortSignal. */
export interface AbortSignalMembers {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** The host's AbortSignal, or its members the package uses where the project declares none. */
export type HostAbortSignal = typeof globalThis extends { AbortSignal: { prototype: infer Signal } } ? Signal : AbortSignalMembers;

/** The host's URL, or what the package reads of one (its href) where the project declares none. */
export type HostUrl = typeof globalThis extends { URL: { prototype: infer Url } } ? Url : { readonly href: string };

/** An AbortController over HostAbortSignal. */
export interface HostAbortController {
  readonly signal: HostAbortSignal;
  abort(reason?: unknown): void;
}
