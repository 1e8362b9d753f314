/**
 * A command line that node:util's parseArgs refused, in our words and on one
 * line: Node's own name its API ("To specify a positional argument starting
 * with a '-' ...") and say "argument" both when a value is missing and when
 * one was given to a switch; ours name the option as typed, its nearest
 * spelling, and which of the two it is. Used by every command's parser.
 */
import { didYouMean } from '../api/suggest.js';

/** The message for parseArgs' `error`, given the long options the command knows (without their dashes). */
export function argsErrorMessage(error: unknown, known: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string } | null)?.code;
  // "Unknown option '--x'. ...", "Option '--jobs <value>' argument missing", "Option '--stats' does not take an argument".
  const option = /'(-[^' ]*)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
    return `unknown option '${option}'${didYouMean(option.replace(/^-+/, '').split('=')[0]!, known, (name) => `--${name}`)}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option)
    return `option '${option}' ${/does not take/.test(message) ? 'takes no value' : 'needs a value'}`;
  return message.split('\n')[0]!;
}
