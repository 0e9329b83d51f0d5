import { formatAge } from './age';

it('says how long ago in the largest whole unit', () => {
  expect(formatAge(20_000)).toBe('less than a minute ago');
  expect(formatAge(60_000)).toBe('1 minute ago');
  expect(formatAge(10 * 60_000 + 59_000)).toBe('10 minutes ago');
  expect(formatAge(3 * 3_600_000 + 5 * 60_000)).toBe('about 3 hours ago');
  expect(formatAge(49 * 3_600_000)).toBe('2 days ago');
  expect(formatAge(-5_000)).toBe('less than a minute ago');
});
