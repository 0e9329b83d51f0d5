// qrcode's browser build, loaded on demand by lazy-qrcode.ts (the package ships no types).
declare module 'qrcode/lib/browser.js' {
  export function toDataURL(text: string, options?: object): Promise<string>;
}
