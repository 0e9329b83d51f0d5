// The product look (SPEC §1, §9): dark, teal primary #5bd0b3, monospace. Values come from the shared theme's
// CSS variables (@bullpen/shared/theme.css, loaded by the host), with the same values as fallbacks so the
// widget keeps its look wherever it is rendered.
export const palette = {
  primary: 'var(--color-primary, #5bd0b3)',
  primaryHover: 'var(--color-primary-strong, #7fe0c7)',
  primaryActive: '#3fb89a',
  primaryMuted: 'rgba(91, 208, 179, 0.16)',
  page: 'var(--color-bg, #0b1014)',
  surface: 'var(--color-surface, #121a21)',
  surfaceRaised: 'var(--color-surface-2, #18232c)',
  border: 'var(--color-border, #24323d)',
  borderStrong: '#3a4a5c',
  text: 'var(--color-text, #e6edf3)',
  textMuted: 'var(--color-muted, #9aabb8)',
  textFaint: '#6b7785',
  onPrimary: 'var(--color-on-primary, #06231c)',
  error: 'var(--color-loss, #ff6b6b)',
  errorSurface: '#2a1417',
} as const;

export const monospaceFont =
  "var(--font-mono, ui-monospace, 'JetBrains Mono', 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace)";

/** SPEC §9: the Authenticator is at most 30rem wide, inside a 60rem container. */
export const layout = { containerMaxWidth: '60rem', authenticatorMaxWidth: '30rem' } as const;
