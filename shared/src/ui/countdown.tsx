import './ui.css';
import { useEffect, useRef, useState } from 'react';
import { formatCountdown } from '../format/format';

/** Time left until `to`, ticking every second; `onDone` once it reaches zero (e.g. to refresh a contest). */
export function Countdown({ to, onDone, prefix }: { to: string; onDone?: () => void; prefix?: string }) {
  const [now, setNow] = useState(() => Date.now());
  const done = useRef(false);
  const target = Date.parse(to);

  useEffect(() => {
    done.current = false;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!done.current && now >= target) {
      done.current = true;
      onDone?.();
    }
  }, [now, target, onDone]);

  return (
    <time className="bp-countdown" dateTime={to}>
      {/* "Starts in 42s", then just "now": a prefix before "now" would not read. */}
      {prefix && now < target ? `${prefix} ` : null}
      {formatCountdown(to, now)}
    </time>
  );
}
