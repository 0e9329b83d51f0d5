import type { ChatDeletedEvent, ChatMessage, ChatViewerEvent } from '@bullpen/contract';
import type { Database } from '../db/database';
import { sseEvent } from '../lib/event-stream';

/** The PostgreSQL channel (NOTIFY) on which every stored chat change reaches every API instance. */
const CHAT_CHANNEL = 'bullpen_chat';

/** A stored change, as every instance hears of it; `team` says which readers get it (null: everyone in the contest). */
export type ChatNotice =
  | { type: 'message'; contestId: string; team: string | null; message: ChatMessage }
  | { type: 'deleted'; contestId: string; team: string | null; event: ChatDeletedEvent }
  // The creator muted or unmuted one player: only that player's streams hear of it.
  | { type: 'viewer'; contestId: string; userId: string; event: ChatViewerEvent };

/** One open stream: its reader, the team whose channel it may read (null: the contest's only), where its bytes go. */
export interface ChatReader {
  userId: string;
  team: string | null;
  send(chunk: Buffer): void;
}

export const publishChatNotice = (database: Pick<Database, 'publish'>, notice: ChatNotice) =>
  database.publish(CHAT_CHANNEL, JSON.stringify(notice));

const sse = (event: string, data: unknown) => Buffer.from(sseEvent(event, data));

/**
 * This instance's open chat streams, by contest. Every instance hears every notice (this one's own included, so a
 * reader gets each message exactly once, whichever instance stored it); a notice is encoded once and written to the
 * streams of its contest and team. Delivery reads nothing from the database: the notice carries the whole message.
 */
export class ChatHub {
  private readonly readers = new Map<string, Set<ChatReader>>();
  private stop: (() => void) | null = null;

  constructor(private readonly database: Pick<Database, 'listen'>) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(
      CHAT_CHANNEL,
      (payload) => this.deliver(payload),
      // Notices sent while the listening connection was down are lost: readers fetch the newest page again.
      () => this.broadcast(sse('reset', {})),
    );
  }

  close(): void {
    this.stop?.();
    this.stop = null;
  }

  add(contestId: string, reader: ChatReader): () => void {
    let set = this.readers.get(contestId);
    if (!set) {
      set = new Set();
      this.readers.set(contestId, set);
    }
    set.add(reader);
    return () => {
      const current = this.readers.get(contestId);
      if (!current) return;
      current.delete(reader);
      if (current.size === 0) this.readers.delete(contestId);
    };
  }

  private deliver(payload: string) {
    let notice: ChatNotice;
    try {
      notice = JSON.parse(payload) as ChatNotice;
    } catch {
      return;
    }
    const readers = this.readers.get(notice.contestId);
    if (!readers) return;
    if (notice.type === 'viewer') {
      const chunk = sse('viewer', notice.event);
      for (const reader of readers) if (reader.userId === notice.userId) reader.send(chunk);
      return;
    }
    const chunk =
      notice.type === 'message' ? sse('message', { message: notice.message }) : sse('deleted', notice.event);
    for (const reader of readers) {
      if (notice.team === null || reader.team === notice.team) reader.send(chunk);
    }
  }

  private broadcast(chunk: Buffer) {
    for (const readers of this.readers.values()) for (const reader of readers) reader.send(chunk);
  }
}
