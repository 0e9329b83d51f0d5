import { DEFAULT_CONTEST_RULES, RULE_LIMITS } from '@bullpen/contract';
import { TextInput } from '@bullpen/shared/ui';
import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { commissionInWords, rulesInWords } from '../../contests';
import type { ContestFormField, ContestFormValues } from '../lib/contest-form-values';

const defaults = DEFAULT_CONTEST_RULES;
const noCommission = commissionInWords(defaults.commission);

/** The rules as the form holds them, for the read-only view. */
const typedRules = (values: ContestFormValues) => ({
  shortSelling: values.shortSelling,
  commission: { perTrade: Number(values.commissionPerTrade), perShare: Number(values.commissionPerShare) },
  maxPositionPct: values.maxPositionPct.trim() === '' ? null : Number(values.maxPositionPct),
});

/**
 * The rules players trade by (API.md "Contest rules"), each with its default and what it does. Once players have
 * joined they are locked, like the starting cash: then they are shown in words, with why they cannot change.
 */
export function RulesSection({
  register,
  error,
  locked,
  values,
  shortSelling,
  onShortSellingChange,
}: {
  register: UseFormRegister<ContestFormValues>;
  error: (field: ContestFormField) => string | undefined;
  locked: boolean;
  /** The saved values: what a locked section shows. */
  values: ContestFormValues;
  shortSelling: boolean;
  onShortSellingChange: (allowed: boolean) => void;
}) {
  const titleId = useId();
  const shortHintId = useId();
  const shortErrorId = useId();
  if (locked) {
    return (
      <section className="bp-card contest-form__rules" aria-labelledby={titleId}>
        <h2 className="contest-form__rules-title" id={titleId}>
          Trading rules
        </h2>
        <ul className="contest-form__rules-list">
          {rulesInWords(typedRules(values)).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p className="bp-field__hint">Locked: players have already joined and chose their picks under these rules.</p>
      </section>
    );
  }
  const shortError = error('shortSelling');
  return (
    <section className="bp-card contest-form__rules" aria-labelledby={titleId}>
      <h2 className="contest-form__rules-title" id={titleId}>
        Trading rules
      </h2>
      <div className="bp-form-grid">
        <fieldset
          className="bp-field contest-form__visibility"
          aria-describedby={[shortHintId, shortError ? shortErrorId : ''].filter(Boolean).join(' ')}
        >
          <legend className="bp-field__label">Short selling</legend>
          <div className="contest-form__segmented">
            {([false, true] as const).map((allowed) => (
              <label key={String(allowed)}>
                <input
                  type="radio"
                  name="shortSelling"
                  value={allowed ? 'on' : 'off'}
                  checked={shortSelling === allowed}
                  aria-invalid={shortError ? true : undefined}
                  onChange={() => onShortSellingChange(allowed)}
                />
                {allowed ? 'Allowed' : 'Not allowed'}
              </label>
            ))}
          </div>
          <p className="bp-field__hint" id={shortHintId}>
            Default: not allowed. When allowed, players may sell shares they do not hold and buy them back later.
          </p>
          {shortError ? (
            <p className="bp-field__error" id={shortErrorId} role="alert">
              {shortError}
            </p>
          ) : null}
        </fieldset>
        <TextInput
          label="Commission per trade (USD)"
          type="number"
          inputMode="decimal"
          min={RULE_LIMITS.commissionPerTrade.min}
          max={RULE_LIMITS.commissionPerTrade.max}
          step={0.01}
          hint={`Default: $0 (${noCommission.toLowerCase()}). Charged on every trade, up to $${RULE_LIMITS.commissionPerTrade.max}.`}
          error={error('commissionPerTrade')}
          {...register('commissionPerTrade')}
        />
        <TextInput
          label="Commission per share (USD)"
          type="number"
          inputMode="decimal"
          min={RULE_LIMITS.commissionPerShare.min}
          max={RULE_LIMITS.commissionPerShare.max}
          step={0.0001}
          hint={`Default: $0. Added for every share traded, up to $${RULE_LIMITS.commissionPerShare.max}.`}
          error={error('commissionPerShare')}
          {...register('commissionPerShare')}
        />
        <TextInput
          label="Maximum position (%)"
          type="number"
          inputMode="decimal"
          min={RULE_LIMITS.maxPositionPct.min}
          max={RULE_LIMITS.maxPositionPct.max}
          step={1}
          placeholder="No cap"
          hint={`Default: empty, no cap. ${RULE_LIMITS.maxPositionPct.min}–${RULE_LIMITS.maxPositionPct.max}%: no buy or short may take one stock above this share of the portfolio.`}
          error={error('maxPositionPct')}
          {...register('maxPositionPct')}
        />
      </div>
    </section>
  );
}
