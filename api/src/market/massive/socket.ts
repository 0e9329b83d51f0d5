import type { PriceUpdate } from '../price-feed';
import { massiveSdk } from './sdk';

export interface SocketHandlers {
  /** Authenticated and subscribed: prices flow from now on. */
  onReady(): void;
  /** Each minute aggregate (`AM`): `sym`'s price is `c` as of `e` (ms). */
  onPrice(update: PriceUpdate): void;
  /** The provider refused the key: retrying cannot help. */
  onRefused(): void;
  /** The connection is gone (whatever the reason); called once per connection. */
  onClose(): void;
}

interface SocketEvent {
  ev?: string;
  status?: string;
  sym?: string;
  c?: number;
  e?: number;
}

/**
 * One connection to the stocks socket through the SDK (`${wsUrl}/stocks`, which sends `auth` once open), subscribed
 * to `AM.*` once authenticated.
 */
export async function openStocksSocket(
  apiKey: string,
  wsUrl: string,
  handlers: SocketHandlers,
): Promise<{ close(): void }> {
  const socket = (await massiveSdk()).websocketClient(apiKey, wsUrl).stocks();
  let closed = false;
  const gone = () => {
    if (closed) return;
    closed = true;
    handlers.onClose();
  };
  socket.onmessage = (message: { data: unknown }) => {
    let events: SocketEvent[];
    try {
      const parsed = JSON.parse(String(message.data));
      events = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return;
    }
    for (const event of events) {
      if (event.ev === 'status' && event.status === 'auth_success') {
        socket.send(JSON.stringify({ action: 'subscribe', params: 'AM.*' }));
        handlers.onReady();
      } else if (event.ev === 'status' && event.status === 'auth_failed') {
        handlers.onRefused();
      } else if (event.ev === 'AM' && event.sym && isPositive(event.c) && isPositive(event.e)) {
        handlers.onPrice({ symbol: event.sym, cents: event.c * 100, asOf: new Date(event.e) });
      }
    }
  };
  socket.onclose = gone;
  socket.onerror = gone;
  return {
    close() {
      closed = true;
      socket.onmessage = () => undefined;
      try {
        socket.close();
      } catch {
        // Not open yet: nothing to close.
      }
    },
  };
}

const isPositive = (value: number | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;
