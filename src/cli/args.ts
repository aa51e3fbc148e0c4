// Flag parsing shared by the commands: `--help` prints usage, a bad flag prints the error and usage.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

/** The parsed flags, or the exit code when the command should stop here (0 after --help, 2 on a bad flag). */
export function parseCommandArgs<const O extends Options>(command: string, args: string[], options: O, help: string) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...options, ...HELP_OPTION } as O & typeof HELP_OPTION });
  } catch (error) {
    console.error(`protostage ${command}: ${(error as Error).message}\n\n${help}`);
    return 2;
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(help);
    return 0;
  }
  return parsed.values;
}
