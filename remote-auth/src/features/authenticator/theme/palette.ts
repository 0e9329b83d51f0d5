// The product look (SPEC §1, §9): dark, teal primary #5bd0b3, monospace.
export const palette = {
  primary: '#5bd0b3',
  primaryHover: '#7adcc3',
  primaryActive: '#3fb89a',
  primaryMuted: 'rgba(91, 208, 179, 0.16)',
  page: '#0b0f14',
  surface: '#121922',
  surfaceRaised: '#18212c',
  border: '#253241',
  borderStrong: '#3a4a5c',
  text: '#e6edf3',
  textMuted: '#9aa7b4',
  textFaint: '#6b7785',
  onPrimary: '#07231c',
  error: '#ff6b6b',
  errorSurface: '#2a1417',
} as const;

export const monospaceFont =
  "ui-monospace, 'JetBrains Mono', 'SFMono-Regular', 'Cascadia Mono', Menlo, Consolas, 'Liberation Mono', 'DejaVu Sans Mono', monospace";

/** SPEC §9: the Authenticator is at most 30rem wide, inside a 60rem container. */
export const layout = {
  containerMaxWidth: '60rem',
  authenticatorMaxWidth: '30rem',
} as const;
