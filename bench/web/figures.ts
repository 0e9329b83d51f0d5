import { recorder } from '../lib/results';

/** How a figure is printed: `label: value unit`, `n/a` for a value that could not be measured. */
export type Print = (label: string, value: number | null, unit: string, digits?: number) => void;

/** The figures this run prints, kept for its file under bench/results/. */
export function figureRecorder(): { say: (line: string) => void; print: Print; lines: string[] } {
  const { say, lines } = recorder();
  const print: Print = (label, value, unit, digits = 1) =>
    say(`${label}: ${value === null ? 'n/a' : Number.isInteger(value) ? value : value.toFixed(digits)} ${unit}`);
  return { say, print, lines };
}

export const median = (values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? (known[middle] as number) : ((known[middle - 1] as number) + (known[middle] as number)) / 2;
};
