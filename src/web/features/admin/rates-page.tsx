import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  exportRatesCsv,
  getAdminRates,
  listRateVersions,
  previewRatesImport,
  RATE_NOTE_MESSAGE,
  restoreRateVersion,
  saveAdminRates,
  type RatesView,
} from '#src/domain/api/admin/rates.js';
import { routeUrl } from '#src/domain/api/route.js';
import { findCountry } from '#src/domain/countries.js';
import { formatPence } from '#src/domain/money.js';
import {
  cellKey,
  parsePounds,
  penceToPounds,
  RATE_SERVICE_TITLES,
  RATE_SERVICES,
  rateWarnings,
  type RateDifference,
  type RatePrice,
  type RateService,
} from '#src/domain/rates.js';
import { ErrorSummary } from '../../components/ui/error-summary.js';
import { TextField } from '../../components/ui/text-field.js';
import { ApiClientError, callApi } from '../../lib/api.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { LoadState } from './load-state.js';
import { PriceChart } from './price-chart.js';
import { CoverSettingsSection } from './cover-settings-form.js';
import { ConsoleNav, StaffOnly } from './staff-only.js';
import { useLoad } from './use-load.js';
import { errorMessage } from '../../lib/error-message.js';
import { formatLondon } from '#src/domain/london-time.js';
import { ColumnHeads } from '../../components/ui/column-heads.js';
import { SuccessNotice } from '../../components/ui/success-notice.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';

/** `/admin/rates`: both rate tables as one editable grid, their history, CSV in and out. */
export function AdminRatesPage() {
  usePageTitle(SITE_PAGES.adminRates.title);
  return <StaffOnly>{() => <RatesView />}</StaffOnly>;
}

type Cells = Record<string, string>;

function cellsOf(prices: readonly RatePrice[]): Cells {
  const cells: Cells = {};
  for (const p of prices) cells[cellKey(p)] = penceToPounds(p.pricePence);
  return cells;
}

const inputId = (key: string) => `rate-${key.replace(/\./g, '-')}`;
const destinationTitle = (id: number) => findCountry(id)?.title ?? `Destination ${id}`;

function RatesView() {
  const [load, reload] = useLoad((signal) => callApi(getAdminRates, { signal }), 'rates');
  const [history, reloadHistory] = useLoad(
    (signal) => callApi(listRateVersions, { signal }),
    'versions',
  );
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <section className="page container console console--wide">
      <ConsoleNav current="rates" />
      <h1>Rates</h1>
      <LoadState load={load} what="the rate tables" />
      {load.state === 'ready' && (
        <RatesEditor
          key={load.data.currentVersion?.id ?? 0}
          view={load.data}
          onEdit={() => setSaved(null)}
          onSaved={(message) => {
            setSaved(message);
            reload();
            reloadHistory();
          }}
        />
      )}
      <SuccessNotice message={saved} />
      <CoverSettingsSection />
      <section aria-labelledby="history-heading" className="console-section">
        <h2 id="history-heading">History</h2>
        <LoadState load={history} what="the history" />
        {history.state === 'ready' &&
          (history.data.versions.length === 0 ? (
            <p>No version has been saved from the console yet.</p>
          ) : (
            <ol className="versions">
              {history.data.versions.map((version, index) => (
                <li key={version.id} className="version">
                  <h3>
                    Version {version.id}
                    {index === 0 && <span className="count-badge">in force</span>}
                  </h3>
                  <p>
                    {formatLondon(version.createdAt, 'short')}, {version.adminEmail}: “
                    {version.note}”
                  </p>
                  <Differences
                    changes={version.changes}
                    label={`Changes in version ${version.id}`}
                  />
                  {index > 0 && (
                    <RestoreButton
                      versionId={version.id}
                      basedOnVersionId={history.data.versions[0]?.id ?? null}
                      onRestored={() => {
                        setSaved(`Version ${version.id} restored as a new version.`);
                        reload();
                        reloadHistory();
                      }}
                    />
                  )}
                </li>
              ))}
            </ol>
          ))}
      </section>
    </section>
  );
}

function Differences({ changes, label }: { changes: readonly RateDifference[]; label: string }) {
  if (changes.length === 0) return <p>No price changed.</p>;
  const shown = changes.slice(0, 50);
  return (
    <details className="differences">
      <summary>
        {changes.length} {changes.length === 1 ? 'price' : 'prices'} changed
      </summary>
      <ul aria-label={label}>
        {shown.map((c) => (
          <li key={cellKey(c)}>
            {RATE_SERVICE_TITLES[c.service]}, {destinationTitle(c.destinationCountryId)},{' '}
            {c.weightKg} kg: {c.beforePence === null ? 'no price' : formatPence(c.beforePence)} →{' '}
            {c.afterPence === null ? 'no price' : formatPence(c.afterPence)}
          </li>
        ))}
        {changes.length > shown.length && <li>and {changes.length - shown.length} more</li>}
      </ul>
    </details>
  );
}

function RestoreButton({
  versionId,
  basedOnVersionId,
  onRestored,
}: {
  versionId: number;
  basedOnVersionId: number | null;
  onRestored: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Restore version {versionId}
      </button>
      <ConfirmDialog
        open={open}
        title={`Restore version ${versionId}?`}
        confirmLabel="Yes, restore it"
        action={async () => {
          await callApi(restoreRateVersion, {
            params: { id: versionId },
            body: { basedOnVersionId },
          });
          setOpen(false);
          onRestored();
        }}
        onClose={() => setOpen(false)}
      >
        <p>
          Its prices are saved as a new version and quotes use them at once. Orders already paid for
          keep their price.
        </p>
      </ConfirmDialog>
    </>
  );
}

function RatesEditor({
  view,
  onEdit,
  onSaved,
}: {
  view: RatesView;
  onEdit: () => void;
  onSaved: (message: string) => void;
}) {
  const original = useMemo(() => cellsOf(view.prices), [view.prices]);
  const [cells, setCells] = useState<Cells>(original);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [showErrors, setShowErrors] = useState(false);

  const checked = useMemo(() => {
    const errors: Record<string, string> = {};
    const prices: RatePrice[] = [];
    for (const [key, text] of Object.entries(cells)) {
      if (text.trim() === '') continue;
      const [service, destination, weight] = key.split('.');
      const parsed = parsePounds(text);
      if ('error' in parsed) errors[key] = parsed.error;
      else {
        prices.push({
          service: service as RateService,
          destinationCountryId: Number(destination),
          weightKg: Number(weight),
          pricePence: parsed.pence,
        });
      }
    }
    return { errors, prices, warnings: rateWarnings(prices) };
  }, [cells]);

  const changed = Object.keys({ ...cells, ...original }).filter(
    (key) => (cells[key] ?? '').trim() !== (original[key] ?? ''),
  ).length;
  const errors = { ...checked.errors, ...serverErrors };
  const errorList = Object.entries(errors).map(([key, message]) => {
    const [service, destination, weight] = key.split('.');
    return {
      fieldId: inputId(key),
      message: `${RATE_SERVICE_TITLES[service as RateService] ?? service}, ${destinationTitle(Number(destination))}, ${weight} kg: ${message}`,
    };
  });

  const setCell = (key: string, value: string) => {
    setCells((current) => ({ ...current, [key]: value }));
    onEdit();
    if (serverErrors[key]) {
      setServerErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([k]) => k !== key)),
      );
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    onEdit();
    setShowErrors(true);
    const trimmedNote = note.trim();
    const badNote = trimmedNote.length === 0 || trimmedNote.length > 500;
    setNoteError(badNote ? RATE_NOTE_MESSAGE : null);
    if (Object.keys(checked.errors).length > 0 || badNote) {
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const result = await callApi(saveAdminRates, {
        body: {
          note: trimmedNote,
          basedOnVersionId: view.currentVersion?.id ?? null,
          prices: Object.entries(cells)
            .filter(([, text]) => text.trim() !== '')
            .map(([key, price]) => {
              const [service, destination, weight] = key.split('.');
              return {
                service: service as RateService,
                destinationCountryId: Number(destination),
                weightKg: Number(weight),
                price,
              };
            }),
        },
      });
      onSaved(
        `Saved as version ${result.version.id}: ${result.changes} ${result.changes === 1 ? 'price' : 'prices'} changed. Quotes use the new prices now.`,
      );
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 422) {
        const { note: noteMessage, ...cellErrors } = error.fields;
        setServerErrors(cellErrors);
        if (noteMessage) setNoteError(noteMessage);
      }
      setFailure(
        error instanceof ApiClientError && error.status === 409
          ? 'Another operator saved the rates after you opened them. Reload the page to see their version, then make your change again.'
          : errorMessage(error),
      );
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        {view.currentVersion
          ? `In force: version ${view.currentVersion.id}, saved ${formatLondon(view.currentVersion.createdAt, 'short')} by ${view.currentVersion.adminEmail}.`
          : 'In force: the sample prices (no version saved from the console yet).'}{' '}
        Prices in pounds for the total weight of the boxes; an empty cell is not offered.
      </p>
      <CsvTools
        onUse={(prices) => {
          setCells(cellsOf(prices));
          onEdit();
          setServerErrors({});
        }}
      />
      <form onSubmit={(event) => void save(event)} noValidate aria-label="Rate tables">
        {(showErrors || Object.keys(serverErrors).length > 0) && (
          <ErrorSummary
            message={failure}
            errors={[
              ...errorList,
              ...(noteError ? [{ fieldId: 'rates-note', message: noteError }] : []),
            ]}
            focusKey={attempt}
          />
        )}
        {!showErrors && failure && (
          <div className="notice notice--error" role="alert">
            <p>{failure}</p>
          </div>
        )}
        {RATE_SERVICES.map((service) => (
          <RateGrid
            key={service}
            service={service}
            view={view}
            cells={cells}
            original={original}
            errors={errors}
            onChange={setCell}
          />
        ))}
        <PriceChart
          destinations={view.destinations}
          weightsKg={view.weightsKg}
          prices={checked.prices}
        />
        <section aria-labelledby="warnings-heading" className="console-section">
          <h2 id="warnings-heading">Warnings</h2>
          {checked.warnings.length === 0 ? (
            <p>None: prices rise with weight and Express is never cheaper than Economy.</p>
          ) : (
            <ul className="warnings" aria-label="Warnings">
              {checked.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </section>
        <div className="save-bar">
          <TextField
            id="rates-note"
            label="What changed (saved with the version)"
            value={note}
            maxLength={500}
            error={noteError ?? undefined}
            onChange={setNote}
          />
          <p aria-live="polite" className="muted">
            {changed === 0
              ? 'No price changed yet.'
              : `${changed} ${changed === 1 ? 'price' : 'prices'} changed.`}
          </p>
          <button type="submit" className="button button--primary" disabled={busy}>
            Save as a new version
          </button>
        </div>
      </form>
    </>
  );
}

function RateGrid({
  service,
  view,
  cells,
  original,
  errors,
  onChange,
}: {
  service: RateService;
  view: RatesView;
  cells: Cells;
  original: Cells;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  const title = RATE_SERVICE_TITLES[service];
  return (
    <section aria-labelledby={`grid-${service}`} className="console-section">
      <h2 id={`grid-${service}`}>{title}</h2>
      <div className="table-scroll" role="region" aria-label={`${title} prices`} tabIndex={0}>
        <table className="rate-grid">
          <caption className="visually-hidden">
            {title} prices in pounds, by destination and total weight
          </caption>
          <ColumnHeads names={['Destination', ...view.weightsKg.map((weight) => `${weight} kg`)]} />
          <tbody>
            {view.destinations.map((destination) => (
              <tr key={destination.countryId}>
                <th scope="row">{destination.title}</th>
                {view.weightsKg.map((weight) => {
                  const key = cellKey({
                    service,
                    destinationCountryId: destination.countryId,
                    weightKg: weight,
                  });
                  const value = cells[key] ?? '';
                  const error = errors[key];
                  const edited = value.trim() !== (original[key] ?? '');
                  return (
                    <td
                      key={weight}
                      className={`${error ? 'rate-grid__cell--error' : ''}${edited ? ' rate-grid__cell--edited' : ''}`}
                    >
                      <input
                        id={inputId(key)}
                        className="rate-grid__input"
                        inputMode="decimal"
                        value={value}
                        aria-label={`${title}, ${destination.title}, ${weight} kg`}
                        aria-invalid={error ? true : undefined}
                        title={error}
                        onChange={(event) => onChange(key, event.target.value)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** CSV out (a download) and in (a preview of what the file would change, then into the grid). */
function CsvTools({ onUse }: { onUse: (prices: RatePrice[]) => void }) {
  const [preview, setPreview] = useState<{
    name: string;
    prices: RatePrice[];
    changes: RateDifference[];
    warnings: string[];
  } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [used, setUsed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    setFailure(null);
    setUsed(null);
    if (!file) return;
    setBusy(true);
    try {
      const csv = await file.text();
      const result = await callApi(previewRatesImport, { body: { csv } });
      setPreview({ name: file.name, ...result });
    } catch (error) {
      setFailure(`${file.name} was not read: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="csv-heading" className="console-section csv-tools">
      <h2 id="csv-heading">CSV</h2>
      <p>
        <a
          className="button button--secondary"
          href={routeUrl(exportRatesCsv, {})}
          download="rates.csv"
        >
          Download the rates as CSV
        </a>
      </p>
      <div className="field">
        <label className="field__label" htmlFor="rates-csv">
          Import a CSV file
        </label>
        <p className="field__hint" id="rates-csv-hint">
          The same columns as the download. You see what it changes before anything is saved.
        </p>
        <input
          ref={fileInput}
          id="rates-csv"
          type="file"
          accept=".csv,text/csv"
          aria-describedby="rates-csv-hint"
          disabled={busy}
          onChange={(event) => void read(event)}
        />
      </div>
      <div aria-live="polite">
        {failure && (
          <div className="notice notice--error" role="alert">
            <p>{failure}</p>
          </div>
        )}
        {used && (
          <div className="notice notice--success">
            <p>{used}</p>
          </div>
        )}
      </div>
      {preview && (
        <div className="import-preview">
          <h3>What {preview.name} would change</h3>
          <p>
            {preview.prices.length} {preview.prices.length === 1 ? 'price' : 'prices'} in the file;{' '}
            {preview.changes.length} {preview.changes.length === 1 ? 'differs' : 'differ'} from the
            prices in force.
          </p>
          <Differences changes={preview.changes} label="Changes in the file" />
          {preview.warnings.length > 0 && (
            <ul className="warnings" aria-label="Warnings in the file">
              {preview.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                onUse(preview.prices);
                setUsed(
                  `The file’s prices are in the grid below. Add a note and save them as a new version, or reload the page to drop them.`,
                );
                setPreview(null);
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              Put these prices in the grid
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setPreview(null);
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              Discard the file
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
