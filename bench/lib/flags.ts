import { type ParseArgsConfig, parseArgs } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** A bench's flag as `node:util` parseArgs takes it, with what `--help` says about it. */
type DescribedOption = ParseArgsOptionsConfig[string] & { description: string; valueName?: string };
type Described = Record<string, DescribedOption>;

type Values<T extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ options: T; strict: true }>>['values'];

/** `--help` for `options`: the usage line, then each flag with its value, its default and what it does. */
export function helpText(usage: string, options: Described): string {
  const rows = Object.entries(options).map(([name, option]) => {
    const value = option.type === 'string' ? `=${option.valueName ?? 'value'}` : '';
    const fallback = option.type === 'string' && option.default !== undefined ? ` (default ${option.default})` : '';
    return [`--${name}${value}`, `${option.description}${fallback}`] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length), '--help'.length);
  const lines = [...rows, ['--help', 'print this and exit'] as const].map(
    ([flag, text]) => `  ${flag.padEnd(width)}  ${text}`,
  );
  return `${usage}\n\nFlags:\n${lines.join('\n')}`;
}

/**
 * The bench's flags from `argv` through parseArgs (an unknown flag or a missing value is an error). With `--help` (or
 * `-h`) it prints the usage and every flag, then exits.
 */
export function readFlags<const T extends Described>(
  usage: string,
  options: T,
  argv: string[] = process.argv.slice(2),
): Values<T> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(helpText(usage, options));
    process.exit(0);
  }
  const config = Object.fromEntries(
    Object.entries(options).map(([name, { description: _description, valueName: _valueName, ...option }]) => [
      name,
      option,
    ]),
  ) as ParseArgsOptionsConfig;
  try {
    return parseArgs({ args: argv, options: config, strict: true }).values as Values<T>;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${helpText(usage, options)}`);
    process.exit(2);
  }
}
