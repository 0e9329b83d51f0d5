// Just enough semver for the release gate: whether a version satisfies a range as Module Federation writes them in
// mf-manifest.json ('^2.0.0', '~1.4.2', '19.3.1', '>=1.2.0 <2.0.0', '1.x || ^2.0.0', '*'). A pre-release version
// satisfies only a range that names a pre-release of the same major.minor.patch, as npm's semver decides.

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** { major, minor, patch, pre: string[] } or null. */
function parseVersion(text) {
  const match = VERSION.exec(String(text).trim());
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    pre: match[4] ? match[4].split('.') : [],
  };
}

function comparePre(a, b) {
  if (a.length === 0 || b.length === 0) return (b.length === 0 ? 0 : 1) - (a.length === 0 ? 0 : 1);
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if (a[i] === undefined) return -1;
    if (b[i] === undefined) return 1;
    const numeric = /^\d+$/.test(a[i]) && /^\d+$/.test(b[i]);
    const order = numeric ? Number(a[i]) - Number(b[i]) : a[i] < b[i] ? -1 : a[i] > b[i] ? 1 : 0;
    if (order !== 0) return Math.sign(order);
  }
  return 0;
}

function compareVersions(a, b) {
  return (
    Math.sign(a.major - b.major) ||
    Math.sign(a.minor - b.minor) ||
    Math.sign(a.patch - b.patch) ||
    comparePre(a.pre, b.pre)
  );
}

/** A partial version ('1', '1.2', '1.x', '*') as the lowest version it names and how many parts it fixed. */
function partial(text) {
  const parts = text.replace(/^v/, '').split('-')[0].split('.');
  const fixed = parts.findIndex((part) => part === '' || part === 'x' || part === 'X' || part === '*');
  const count = fixed === -1 ? Math.min(parts.length, 3) : fixed;
  const numbers = [0, 1, 2].map((index) => (index < count ? Number(parts[index]) : 0));
  if (numbers.some((n) => !Number.isInteger(n) || n < 0)) return null;
  const pre = count === 3 && text.includes('-') ? text.slice(text.indexOf('-') + 1).split('.') : [];
  return { version: { major: numbers[0], minor: numbers[1], patch: numbers[2], pre }, fixed: count };
}

const bump = (v, part) =>
  part === 0
    ? { major: v.major + 1, minor: 0, patch: 0, pre: ['0'] }
    : part === 1
      ? { major: v.major, minor: v.minor + 1, patch: 0, pre: ['0'] }
      : { major: v.major, minor: v.minor, patch: v.patch + 1, pre: ['0'] };

/** One comparator set (space-separated, all must hold) as a list of [operator, version] pairs, or null. */
function comparators(set) {
  const out = [];
  for (const token of set.trim().split(/\s+/).filter(Boolean)) {
    const match = /^(\^|~|>=|<=|>|<|=)?(.+)$/.exec(token);
    if (!match) return null;
    const [, operator = '', rest] = match;
    if (rest === '*' || rest === 'x' || rest === 'X') continue;
    const parsed = partial(rest);
    if (!parsed) return null;
    const { version, fixed } = parsed;
    if (operator === '^') {
      // ^1.2.3 := >=1.2.3 <2.0.0; ^0.2.3 := <0.3.0; ^0.0.3 := <0.0.4 (the left-most non-zero part is kept).
      const keep = version.major > 0 || fixed < 2 ? 0 : version.minor > 0 || fixed < 3 ? 1 : 2;
      out.push(['>=', version], ['<', bump(version, Math.min(keep, Math.max(fixed - 1, 0)))]);
    } else if (operator === '~') {
      out.push(['>=', version], ['<', bump(version, fixed >= 2 ? 1 : 0)]);
    } else if (operator === '' || operator === '=') {
      if (fixed === 3) out.push(['=', version]);
      else if (fixed > 0) out.push(['>=', version], ['<', bump(version, fixed - 1)]);
    } else {
      out.push([operator, version]);
    }
  }
  return out;
}

function holds([operator, bound], version) {
  const order = compareVersions(version, bound);
  if (operator === '=') return order === 0;
  if (operator === '>=') return order >= 0;
  if (operator === '>') return order > 0;
  if (operator === '<=') return order <= 0;
  return order < 0;
}

/** Whether `version` satisfies `range`; false for anything this cannot read (the gate then says so). */
export function satisfies(version, range) {
  const parsed = parseVersion(version);
  if (!parsed || typeof range !== 'string') return false;
  return range.split('||').some((set) => {
    const list = comparators(set);
    if (!list) return false;
    if (!list.every((comparator) => holds(comparator, parsed))) return false;
    if (parsed.pre.length === 0) return true;
    // A pre-release only satisfies a set that names a pre-release of the same version.
    return list.some(
      ([, bound]) =>
        bound.pre.length > 0 &&
        bound.pre[0] !== '0' &&
        bound.major === parsed.major &&
        bound.minor === parsed.minor &&
        bound.patch === parsed.patch,
    );
  });
}
