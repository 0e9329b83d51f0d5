// The QR encoder the authenticator-app setup screen loads when it draws its code (the package ships no types). A
// browser build resolves it to qrcode's canvas renderer (its package.json "browser" field), Node (jest) to its PNG one.
declare module 'qrcode' {
  export function toDataURL(text: string, options?: object): Promise<string>;
}
