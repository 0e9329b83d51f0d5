// Development builds only: the API client loads this module (and with it zod and every response schema) to hold each
// answer to the contract, so a server and an app that drift apart fail loudly where they are built, not on a page.
import { API_ROUTES, API_SCHEMAS } from '@bullpen/contract';

type Method = 'get' | 'post';
interface Issue {
  path: PropertyKey[];
  message: string;
}
interface Schema {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
}

/** A route pattern as a regular expression over a requested path (its query aside). */
const routeMatcher = (pattern: string) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/?]+')}(?:\\?.*)?$`);

const matchers = Object.entries(API_ROUTES).map(([name, pattern]) => ({
  name: name as keyof typeof API_SCHEMAS,
  matches: routeMatcher(pattern),
  literal: !pattern.includes(':'),
}));

/** The entry of API_PATHS a path was built from: a fixed path before a pattern that would also match it. */
export function entryOf(path: string): keyof typeof API_SCHEMAS | undefined {
  return (
    matchers.find((entry) => entry.literal && entry.matches.test(path)) ??
    matchers.find((entry) => entry.matches.test(path))
  )?.name;
}

/** Throws when the answer to a path of the table does not match that path's response schema. */
export function checkResponse(method: Method, path: string, data: unknown): void {
  const name = entryOf(path);
  if (!name) return;
  const routes: { readonly [M in Method]?: { readonly response: Schema } } = API_SCHEMAS[name];
  const schema = routes[method]?.response;
  if (!schema) return;
  const result = schema.safeParse(data);
  if (result.success) return;
  const issues = result.error.issues.map(
    (issue) => `  ${issue.path.map(String).join('.') || '(the whole answer)'}: ${issue.message}`,
  );
  throw new Error(
    `${method.toUpperCase()} ${path}: the answer does not match the contract's schema for ${name}:\n${issues.join('\n')}`,
  );
}
