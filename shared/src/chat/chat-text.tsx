import type { ReactNode } from 'react';

/** http and https addresses up to the next space; a closing punctuation mark right after one is the sentence's. */
const LINK = /https?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The rel every link a player wrote carries: no access to this page, no referrer, no ranking credit (user content). */
export const CHAT_LINK_REL = 'noopener noreferrer nofollow ugc';

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A message as text: React escapes every character, so markup a player types shows as they typed it; http(s)
 * addresses become links, nothing else does. Line breaks stay (the element's CSS keeps white space).
 */
export function ChatText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    const address = match[0].replace(TRAILING, '');
    if (!isWebAddress(address)) continue;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={address} rel={CHAT_LINK_REL} target="_blank">
        {address}
      </a>,
    );
    last = start + address.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
