import { API_PATHS, API_ROUTES } from './paths';

/** The parameter values a server route pattern extracts from a path, as Fastify would match it. */
function match(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/?]+)';
  });
  const found = new RegExp(`^${source}(?:\\?.*)?$`).exec(path);
  if (!found) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]));
}

describe('API_PATHS: one table for the server and the client', () => {
  it('builds, for every path with parameters, a path the server route of the same entry matches', () => {
    const awkward = ['a/b c', 'x?y#z'];
    for (const [name, entry] of Object.entries(API_PATHS)) {
      if (typeof entry === 'string') {
        expect(API_ROUTES[name as keyof typeof API_ROUTES]).toBe(entry);
        continue;
      }
      const route = API_ROUTES[name as keyof typeof API_ROUTES];
      expect(route).toBe(entry.pattern);
      const values = awkward.slice(0, (route.match(/:/g) ?? []).length);
      const built = (entry as (...values: string[]) => string)(...values);
      expect(match(route, built)).toEqual(
        Object.fromEntries((route.match(/:[A-Za-z]+/g) ?? []).map((param, index) => [param.slice(1), values[index]])),
      );
    }
  });

  it('encodes each value in its own segment, in the order of the pattern', () => {
    expect(API_PATHS.completedPlayer('c/1', 'u 2')).toBe('/contest/completed/c%2F1/players/u%202');
    expect(API_PATHS.analytics('c1', 'u2')).toBe('/contest/c1/analytics/u2');
  });

  it('refuses to build a path with a parameter left out', () => {
    const build = API_PATHS.analytics as unknown as (...values: string[]) => string;
    expect(() => build('c1')).toThrow('/contest/:id/analytics/:userId: no value for :userId');
  });

  it("adds a standings page's query, and only what is given", () => {
    expect(API_PATHS.contestStandings('c1')).toBe('/contest/c1/standings');
    expect(API_PATHS.contestStandings('c1', { offset: 0, limit: 50, around: 'me' })).toBe(
      '/contest/c1/standings?offset=0&limit=50&around=me',
    );
    expect(API_ROUTES.contestStandings).toBe('/contest/:id/standings');
  });

  it('gives every entry a route of its own', () => {
    const routes = Object.values(API_ROUTES);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
