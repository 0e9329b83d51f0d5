// The compatibility gate a release passes before it goes live (docs/operating-remotes.md): what the live host's build
// will hand it, and what the host will ask of it.
//
// Shared code: every singleton the release declares with a required range must, where the live host provides that
// package, be satisfied by the host's version. The host provides its singletons first ('loaded-first'), and a strict
// singleton outside the range is refused at run time: users would meet the fallback screen instead of the page.
// A package the host does not provide is the remote's own business (it loads its own copy).
// Pages: every page the host routes to on this remote must be one the release exposes, or that address would show
// the fallback screen.

import { satisfies } from './semver-range.mjs';

/** The shared packages a manifest declares, by name: { version, requiredVersion, singleton }. */
function sharedOf(manifest) {
  const entries = Array.isArray(manifest?.shared) ? manifest.shared : [];
  return new Map(entries.filter((entry) => typeof entry?.name === 'string').map((entry) => [entry.name, entry]));
}

/** The names of the modules a manifest exposes ('HomePage', without './'). */
function exposedPages(manifest) {
  const entries = Array.isArray(manifest?.exposes) ? manifest.exposes : [];
  return new Set(
    entries.map((entry) => String(entry?.name ?? '').replace(/^\.\//, '')).filter((name) => name.length > 0),
  );
}

/**
 * Problems that keep `manifest` (a release's mf-manifest.json) of the remote `federationName` from going live on the
 * host whose build manifest is `hostManifest`, as `{ kind: 'name' | 'shared' | 'page', subject, reason }`; empty when
 * it may. `routedPages`: the pages the host routes to on this remote.
 */
export function compatibilityProblems({ manifest, federationName, hostManifest, routedPages }) {
  const problems = [];
  if (manifest?.name !== federationName) {
    problems.push({
      kind: 'name',
      subject: String(manifest?.name ?? '(none)'),
      reason: `the release is the build of "${manifest?.name ?? '(no name)'}", not of "${federationName}"`,
    });
    return problems;
  }
  const provided = sharedOf(hostManifest);
  for (const [name, wanted] of sharedOf(manifest)) {
    const range = wanted.requiredVersion;
    if (typeof range !== 'string' || range === '') continue;
    const host = provided.get(name);
    if (!host) continue;
    if (!satisfies(host.version, range)) {
      problems.push({
        kind: 'shared',
        subject: name,
        reason: `the release requires ${name} ${range}; the live host provides ${host.version}`,
      });
    }
  }
  const exposed = exposedPages(manifest);
  for (const page of [...new Set(routedPages)].sort()) {
    if (!exposed.has(page)) {
      problems.push({
        kind: 'page',
        subject: page,
        reason: `the host routes to ${page}, which the release does not expose`,
      });
    }
  }
  return problems;
}

const LABELS = { name: 'remote', shared: 'package', page: 'page' };

/** The refusal an operator reads: one line per problem. */
export function describeProblems(remote, version, problems) {
  return [
    `Refused: ${remote} ${version} is not compatible with the live host.`,
    ...problems.map((problem) => `  - ${LABELS[problem.kind]} ${problem.subject}: ${problem.reason}`),
    'Nothing changed. Rebuild the remote against what the host provides, or pass --force (logged) to go ahead anyway.',
  ].join('\n');
}
