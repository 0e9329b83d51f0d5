import { errorMessage } from '@bullpen/shared';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences as Preferences,
  TEXT_KINDS,
  TEXT_LIMITS,
} from '@bullpen/contract';
import { Button, Card, ErrorState, Select, Spinner } from '@bullpen/shared/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { saveNotificationPreferences, useNotificationPreferences } from '../api/notification-preferences-api';
import './notification-preferences.css';

type Choices = Preferences['preferences'];

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

const isTextKind = (kind: NotificationKind) => (TEXT_KINDS as readonly string[]).includes(kind);

/** The zones the browser knows (every IANA zone), with the saved one always among them. */
function zoneOptions(saved: string) {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Los_Angeles',
    'UTC',
  ];
  return [...new Set([saved, ...zones])].sort().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

function Form({ saved }: { saved: Preferences }) {
  const [choices, setChoices] = useState<Choices>(saved.preferences);
  const [timeZone, setTimeZone] = useState(saved.timeZone);
  const [state, setState] = useState<{ status: 'idle' | 'saving' | 'saved' } | { status: 'error'; message: string }>({
    status: 'idle',
  });
  const zones = useMemo(() => zoneOptions(saved.timeZone), [saved.timeZone]);

  const set = (kind: NotificationKind, channel: 'inApp' | 'text', value: boolean) => {
    setChoices({ ...choices, [kind]: { ...choices[kind], [channel]: value } });
    if (state.status !== 'saving') setState({ status: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ status: 'saving' });
    try {
      const answer = await saveNotificationPreferences({ preferences: choices, timeZone });
      setChoices(answer.preferences);
      setState({ status: 'saved' });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error) });
    }
  };

  const saving = state.status === 'saving';
  return (
    <form onSubmit={submit} className="bp-form" aria-labelledby="notify-prefs-title" noValidate>
      <table className="notify-prefs">
        <caption className="visually-hidden">What reaches you, and how</caption>
        <thead>
          <tr>
            <th scope="col">Tell me when</th>
            <th scope="col" className="notify-prefs__channel">
              In the app
            </th>
            <th scope="col" className="notify-prefs__channel">
              By text
            </th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => {
            const label = NOTIFICATION_KIND_LABELS[kind];
            return (
              <tr key={kind}>
                <th scope="row">{label}</th>
                <td className="notify-prefs__channel">
                  <input
                    type="checkbox"
                    aria-label={`${label}: in the app`}
                    checked={choices[kind]?.inApp ?? true}
                    disabled={saving}
                    onChange={(event) => set(kind, 'inApp', event.target.checked)}
                  />
                </td>
                <td className="notify-prefs__channel">
                  {isTextKind(kind) ? (
                    <input
                      type="checkbox"
                      aria-label={`${label}: by text`}
                      checked={choices[kind]?.text ?? false}
                      disabled={saving || !saved.phoneNumber}
                      onChange={(event) => set(kind, 'text', event.target.checked)}
                    />
                  ) : (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">Not sent by text</span>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="bp-muted">
        {saved.phoneNumber
          ? `Texts go to the phone number you signed up with: at most ${TEXT_LIMITS.perDay} a day, never between ${hour(TEXT_LIMITS.quietFromHour)} and ${hour(TEXT_LIMITS.quietUntilHour)} in your time zone.`
          : 'Texts need a phone number on your account.'}
      </p>
      <Select
        label="Your time zone"
        value={timeZone}
        options={zones}
        disabled={saving}
        onChange={(event) => {
          setTimeZone(event.target.value);
          setState({ status: 'idle' });
        }}
      />
      <div className="bp-form__actions">
        {state.status === 'saved' ? (
          <p className="notify-prefs__status" role="status">
            Saved
          </p>
        ) : null}
        {state.status === 'error' ? (
          <p className="notify-prefs__error" role="alert">
            Could not save: {state.message}
          </p>
        ) : null}
        <Button type="submit" variant="primary" loading={saving} loadingText="Saving…">
          Save notification settings
        </Button>
      </div>
    </form>
  );
}

/** The signed-in player's choices of which notifications reach them, in the app and by text. */
export function NotificationPreferences() {
  const { data, error, mutate, isValidating } = useNotificationPreferences();
  return (
    <Card title={<span id="notify-prefs-title">Notifications</span>} aria-label="Notifications">
      {error ? (
        <ErrorState
          title="Could not load your notification settings"
          error={error}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : !data ? (
        <p role="status" className="bp-muted">
          <Spinner size="small" /> Loading notification settings…
        </p>
      ) : (
        <Form saved={data} />
      )}
    </Card>
  );
}
