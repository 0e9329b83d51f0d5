// Types only: the API client's signatures, from API_SCHEMAS and API_PATHS by `import type`, so a module that uses
// them (the @bullpen/shared singleton) loads neither zod nor the schemas.
import type { z } from 'zod';
import type { API_SCHEMAS } from './api-schemas';
import type { API_PATHS, BuiltPath } from './paths';

type Schemas = typeof API_SCHEMAS;
export type ApiName = keyof typeof API_PATHS;
export type ApiMethod = 'get' | 'post';

/** The path the client requests for an entry: its string, or what its builder returns. */
export type PathOf<Name extends ApiName> = (typeof API_PATHS)[Name] extends string
  ? (typeof API_PATHS)[Name]
  : (typeof API_PATHS)[Name] extends { pattern: infer Pattern extends string }
    ? BuiltPath<Pattern>
    : never;

/** The entry a path was taken from. */
export type NameOf<Path extends string> = { [Name in ApiName]: Path extends PathOf<Name> ? Name : never }[ApiName];

/** Every path the client may send with this method. */
export type ApiPath<Method extends ApiMethod> = {
  [Name in ApiName]: Schemas[Name] extends { readonly [M in Method]: unknown } ? PathOf<Name> : never;
}[ApiName];

type Route<Path extends string, Method extends ApiMethod> = Schemas[NameOf<Path>] extends {
  readonly [M in Method]: infer Route;
}
  ? Route
  : never;

/** What the API answers to this method on this path (as it arrives, before any parse). */
export type ApiResponse<Path extends string, Method extends ApiMethod> =
  Route<Path, Method> extends {
    response: infer Schema extends z.ZodType;
  }
    ? z.output<Schema>
    : never;

/** The body a POST to this path takes, as the caller writes it. */
export type ApiBody<Path extends string> =
  Route<Path, 'post'> extends { body: infer Schema extends z.ZodType } ? z.input<Schema> : never;
