import { helpText, readFlags } from '../lib/flags';

const options = {
  check: { type: 'boolean', default: false, description: 'exit 1 when a target fails' },
  runs: { type: 'string', default: '3', valueName: 'N', description: 'median of N runs' },
  pages: { type: 'string', valueName: '/home,/auth', description: 'only these pages' },
} as const;

test('flags are read with their defaults, in both --name=value and --name value forms', () => {
  expect(readFlags('usage', options, [])).toEqual({ check: false, runs: '3' });
  expect(readFlags('usage', options, ['--check', '--runs=5', '--pages', '/auth'])).toEqual({
    check: true,
    runs: '5',
    pages: '/auth',
  });
});

test('--help lists every flag with its value, its default and what it does', () => {
  const lines = helpText('Usage: npx tsx bench/web/run.ts [flags]', options).split('\n');
  expect(lines[0]).toBe('Usage: npx tsx bench/web/run.ts [flags]');
  expect(lines).toContain('  --check              exit 1 when a target fails');
  expect(lines).toContain('  --runs=N             median of N runs (default 3)');
  expect(lines).toContain('  --pages=/home,/auth  only these pages');
  expect(lines).toContain('  --help               print this and exit');
});

test('an unknown flag stops the bench with the usage instead of being ignored', () => {
  const exit = jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
    throw new Error(`exit ${code}`);
  }) as never);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(() => readFlags('usage', options, ['--chek'])).toThrow('exit 2');
    expect(error.mock.calls[0]?.[0]).toMatch(/Unknown option '--chek'[\s\S]*--check/);
  } finally {
    exit.mockRestore();
    error.mockRestore();
  }
});
