import { affiliationNameSchema, LIMITS, teamNameKey } from '@bullpen/contract';
import { type KeyboardEvent, useState } from 'react';
import { Button } from '@bullpen/shared/ui';

/** Add and remove team names. Having any team makes the contest a team collaboration (SPEC §5). */
export function AffiliationsEditor({
  id,
  value,
  onChange,
  describedBy,
  invalid,
  locked = [],
  closed = false,
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  describedBy?: string;
  invalid?: boolean;
  /** Teams that must stay (players have joined): the editor does not offer to remove them. */
  locked?: readonly string[];
  /** No team can be added: players joined a solo contest, and they would have no team (the server refuses it). */
  closed?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    // The server's own normalisation (NFKC, no zero-width characters): the chip shows the name it will store, and
    // a name that only looks like another one is caught here.
    const parsed = affiliationNameSchema.safeParse(draft);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Team name is required';
      return setProblem(message === 'Team name is required' ? 'Type a team name first' : message);
    }
    const name = parsed.data;
    if (value.some((team) => teamNameKey(team) === teamNameKey(name))) return setProblem(`“${name}” is already a team`);
    if (value.length >= LIMITS.affiliations.max) return setProblem(`At most ${LIMITS.affiliations.max} teams`);
    onChange([...value, name]);
    setDraft('');
    setProblem(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="bp-stack bp-stack--tight">
      {closed ? (
        <p id={id} className="bp-muted bp-small">
          Teams cannot be added once players have joined a solo contest.
        </p>
      ) : (
        <div className="contest-form__add-team">
          <input
            id={id}
            className="bp-input"
            value={draft}
            placeholder="Team name, e.g. Bulls"
            maxLength={LIMITS.affiliationName.max + 10}
            aria-describedby={describedBy}
            aria-invalid={invalid || Boolean(problem) || undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(null);
            }}
            onKeyDown={onKeyDown}
          />
          <Button onClick={add}>Add team</Button>
        </div>
      )}
      {problem ? (
        <span className="bp-field__error" role="alert">
          {problem}
        </span>
      ) : null}
      {value.length > 0 ? (
        <ul className="bp-chips" aria-label="Teams">
          {value.map((team) => (
            <li key={team} className="bp-chip">
              <span className="bp-chip__label">{team}</span>
              {locked.includes(team) ? (
                <span className="bp-muted bp-small" title="Players have joined: teams cannot be removed">
                  kept
                </span>
              ) : (
                <button
                  type="button"
                  aria-label={`Remove team ${team}`}
                  onClick={() => onChange(value.filter((t) => t !== team))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
