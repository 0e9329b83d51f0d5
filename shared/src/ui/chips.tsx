import './ui.css';

/** A named list of short names as pills (a contest's teams, a player's picks). */
export function Chips({ label, items }: { label: string; items: readonly string[] }) {
  return (
    <ul className="bp-chips" aria-label={label}>
      {items.map((item) => (
        <li key={item} className="bp-chip">
          <span className="bp-chip__label">{item}</span>
        </li>
      ))}
    </ul>
  );
}
