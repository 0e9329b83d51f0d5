import { z } from 'zod';
import { HEALTH_LIMITS } from './limits';

// How remotes fare in browsers (docs/operating-remotes.md): the host's report and the operators' read of it. Health
// is a count of reporters, not of what a request claims: each signed-in user (its ID token) or browser (a health
// pass the API issued it) counts at most once per remote, release and window, whatever numbers it sends.

/** The remotes a report may name (the host's runtime config's `remotes`). */
export const HEALTH_REMOTES = ['auth', 'contests', 'trading', 'profile'] as const;

const seen = z.number().int().min(0).max(1_000_000);

export const remoteHealthReportSchema = z.strictObject({
  remote: z.enum(HEALTH_REMOTES),
  release: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.-]{0,63}$/, 'must be a release version'),
  /** Read as "at least one": a reporter's numbers never add up beyond one per window. */
  views: seen,
  loadFailures: seen,
  errors: seen,
});

export const remoteHealthBodySchema = z
  .strictObject({
    /** The signed-in user's ID token: sendBeacon sends no headers, so it travels in the body. */
    idToken: z
      .string()
      .max(4000)
      .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'must be an ID token')
      .optional(),
    /** The health pass of a browser with nobody signed in (POST /telemetry/health-pass). */
    pass: z
      .string()
      .max(200)
      .regex(/^[\w-]+\.[\w-]+\.\d+\.[\w-]+$/, 'must be a health pass')
      .optional(),
    reports: z.array(remoteHealthReportSchema).min(1).max(HEALTH_LIMITS.reports),
  })
  .refine((body) => body.idToken !== undefined || body.pass !== undefined, {
    message: 'must carry an ID token or a health pass',
    path: ['pass'],
  });
export type RemoteHealthBody = z.infer<typeof remoteHealthBodySchema>;
export type RemoteHealthReport = z.infer<typeof remoteHealthReportSchema>;

export const healthPassResponseSchema = z.object({ pass: z.string() });
export type HealthPassResponse = z.infer<typeof healthPassResponseSchema>;

/** One release's health over a span: reporter-windows that showed a page, met a failed load or an error, and the
 *  distinct reporters that met a failure. */
export const remoteHealthRowSchema = z.object({
  remote: z.string(),
  release: z.string(),
  views: z.number(),
  loadFailures: z.number(),
  errors: z.number(),
  failingReporters: z.number(),
});
export type RemoteHealthRow = z.infer<typeof remoteHealthRowSchema>;

export const remoteHealthResponseSchema = z.object({
  minutes: z.number(),
  windowMinutes: z.number(),
  releases: z.array(remoteHealthRowSchema),
});
export type RemoteHealthResponse = z.infer<typeof remoteHealthResponseSchema>;
