import { API_SCHEMAS } from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import { createTestContext, type TestContext } from './support/harness';

/** The OpenAPI document's path, in Fastify's `:name` form, for every route the server documents (all but /docs). */
function registeredPaths(spec: { paths?: Record<string, unknown> }): string[] {
  return Object.keys(spec.paths ?? {}).map((path) => path.replace(/\{([^}]+)\}/g, ':$1'));
}

describe("the server's routes are the contract's path table", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(() => ctx.close());

  it('registers every path of the table', () => {
    const missing = Object.entries(API_ROUTES).filter(
      ([, url]) => !['GET', 'POST'].some((method) => ctx.app.hasRoute({ method, url })),
    );
    expect(missing).toEqual([]);
  });

  it('serves each path with the methods API_SCHEMAS gives the client for it', () => {
    const wrong = Object.entries(API_SCHEMAS).flatMap(([name, methods]) =>
      Object.keys(methods)
        .map((method) => method.toUpperCase())
        .filter((method) => !ctx.app.hasRoute({ method, url: API_ROUTES[name as keyof typeof API_ROUTES] }))
        .map((method) => `${method} ${name}`),
    );
    expect(wrong).toEqual([]);
  });

  it('documents exactly the paths of the table, none spelled outside it', () => {
    const spec = ctx.app.swagger() as { paths?: Record<string, unknown> };
    expect(new Set(registeredPaths(spec))).toEqual(new Set(Object.values(API_ROUTES)));
  });
});
