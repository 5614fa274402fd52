import { useState, type FormEvent } from 'react';
import {
  getAdminCoverSettings,
  restoreCoverSettings,
  saveAdminCoverSettings,
  type CoverSettingsVersion,
} from '#src/domain/api/admin/rates.js';
import { formatLondon } from '#src/domain/london-time.js';
import { formatPercent, formatWholePounds } from '#src/domain/pricing.js';
import { fieldBinding, TextField } from '../../components/ui/text-field.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';
import { LoadState } from './load-state.js';
import { useLoad } from './use-load.js';
import { SuccessNotice } from '../../components/ui/success-notice.js';

const percentText = (basisPoints: number) => String(basisPoints / 100);
const poundsText = (pence: number) =>
  pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);

function settingsText(v: CoverSettingsVersion): string {
  return `${formatPercent(v.percentBasisPoints)} of the cover above ${formatWholePounds(v.includedPence)}, at most ${formatWholePounds(v.maxCoverPence)} per shipment`;
}

/**
 * The rates console's cover settings (docs/operators.md, "Cover"): the price of extra cover and
 * the most cover per shipment, saved as versions like the rate tables, each restorable. Orders
 * already paid for keep the price they were paid at.
 */
export function CoverSettingsSection() {
  const [load, reload] = useLoad((signal) => callApi(getAdminCoverSettings, { signal }), 'cover');
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <section aria-labelledby="cover-heading" className="console-section">
      <h2 id="cover-heading">Cover</h2>
      <LoadState load={load} what="the cover settings" />
      {load.state === 'ready' && (
        <>
          <CoverForm
            key={load.data.current?.id ?? 0}
            current={load.data.current}
            onSaved={(message) => {
              setSaved(message);
              reload();
            }}
          />
          <SuccessNotice message={saved} />
          <h3>Cover settings history</h3>
          <ol className="versions">
            {load.data.versions.map((version, index) => (
              <li key={version.id} className="version">
                <h4>
                  Cover version {version.id}
                  {index === 0 && <span className="count-badge">in force</span>}
                </h4>
                <p>
                  {formatLondon(version.createdAt, 'short')}, {version.adminEmail}: “{version.note}”
                </p>
                <p>{settingsText(version)}</p>
                {index > 0 && (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      callApi(restoreCoverSettings, {
                        params: { id: version.id },
                        body: { basedOnVersionId: load.data.current?.id ?? null },
                      })
                        .then(() => {
                          setSaved(`Cover version ${version.id} restored as a new version.`);
                          reload();
                        })
                        .catch((error: unknown) => setSaved(errorMessage(error)));
                    }}
                  >
                    Restore cover version {version.id}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

type CoverField = 'percent' | 'maxCover' | 'note';
const COVER_FIELD_IDS: Record<CoverField, string> = {
  percent: 'cover-percent',
  maxCover: 'cover-max',
  note: 'cover-note',
};

function CoverForm({
  current,
  onSaved,
}: {
  current: CoverSettingsVersion | null;
  onSaved(message: string): void;
}) {
  const [values, setValues] = useState<Record<CoverField, string>>({
    percent: current ? percentText(current.percentBasisPoints) : '2',
    maxCover: current ? poundsText(current.maxCoverPence) : '2000',
    note: '',
  });
  const [errors, setErrors] = useState<Partial<Record<CoverField, string>>>({});
  const field = fieldBinding<CoverField>({
    id: (name) => COVER_FIELD_IDS[name],
    values,
    errors,
    update: (name) => (value) => setValues((was) => ({ ...was, [name]: value })),
  });
  /** A field's props for an amount: phones offer their decimal keypad. */
  const decimal = (name: CoverField) => ({ ...field(name), inputMode: 'decimal' as const });
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    setErrors({});
    try {
      const result = await callApi(saveAdminCoverSettings, {
        body: { ...values, basedOnVersionId: current?.id ?? null },
      });
      onSaved(
        `Cover settings saved as version ${result.version.id}: ${settingsText(result.version)}.`,
      );
    } catch (error) {
      if (error instanceof ApiClientError && error.fields) setErrors(error.fields);
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="cover-settings"
      aria-label="Cover settings"
      onSubmit={(e) => void save(e)}
      noValidate
    >
      <p>
        Every shipment is covered to {formatWholePounds(current?.includedPence ?? 5_000)} for free
        (the courier&rsquo;s own cover). Extra cover, up to the value the customer declared, costs:
      </p>
      <div className="form-grid">
        <TextField
          {...decimal('percent')}
          label="Price of extra cover (% of the cover above the included)"
          hint="Like 2 or 2.5"
        />
        <TextField {...decimal('maxCover')} label="Most cover per shipment (£)" hint="Like 2000" />
        <TextField {...field('note')} label="What changed" wide />
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={saving}>
        Save cover settings
      </button>
    </form>
  );
}
