import { useState } from 'react';
import {
  downloadClaimEvidence,
  uploadClaimEvidence,
  type ClaimEvidenceFile,
  type ClaimView,
} from '#src/domain/api/claims.js';
import { routeUrl } from '#src/domain/api/route.js';
import {
  CLAIM_EVIDENCE_KINDS,
  CLAIM_EVIDENCE_KIND_NAMES,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_FILES_PER_CLAIM,
  type ClaimEvidenceKind,
} from '#src/domain/claims.js';
import { Spinner } from '../../components/ui/spinner.js';
import { callApi } from '../../lib/api.js';
import { asApiError } from '../../lib/error-message.js';

/** What the file pickers offer: the four types a claim keeps (the server checks the content). */
const ACCEPT =
  '.jpg,.jpeg,.png,.heic,.heif,.pdf,image/jpeg,image/png,image/heic,image/heif,application/pdf';
const MB = MAX_EVIDENCE_FILE_BYTES / (1024 * 1024);
/** The evidence rules in one sentence, from the limits the server applies. */
export const EVIDENCE_RULE = `JPEG, PNG, HEIC or PDF files, up to ${MB} MB each and ${MAX_EVIDENCE_FILES_PER_CLAIM} a claim. We take location details off photos before we keep them.`;

/** A file chosen, with what it shows. */
export interface ChosenFile {
  kind: ClaimEvidenceKind;
  file: File;
}

/** What became of one file sent: kept, or refused with the server's reason. */
export interface UploadResult {
  name: string;
  error: string | null;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

/** Sends one file to the claim; the refusal's message when it is not kept. */
async function uploadOne(claim: { orderId: string; id: string }, chosen: ChosenFile) {
  if (chosen.file.size > MAX_EVIDENCE_FILE_BYTES) {
    return `${chosen.file.name} is larger than ${MB} MB: send a smaller photo or a scan.`;
  }
  try {
    await callApi(uploadClaimEvidence, {
      params: { id: claim.orderId, claimId: claim.id },
      query: { kind: chosen.kind, name: chosen.file.name.slice(-255) },
      body: new Uint8Array(await chosen.file.arrayBuffer()),
    });
    return null;
  } catch (error) {
    return asApiError(error).message;
  }
}

/** Sends the files one after the other: a refused file stops nothing and loses nothing sent. */
export async function uploadEvidence(
  claim: { orderId: string; id: string },
  files: readonly ChosenFile[],
  onProgress?: (done: number) => void,
): Promise<UploadResult[]> {
  const results: UploadResult[] = [];
  for (const chosen of files) {
    results.push({ name: chosen.file.name, error: await uploadOne(claim, chosen) });
    onProgress?.(results.length);
  }
  return results;
}

/** One file picker per kind of evidence, several files each, from a phone or a computer. */
export function EvidencePickers({
  idPrefix,
  onChosen,
}: {
  idPrefix: string;
  onChosen: (files: ChosenFile[]) => void;
}) {
  return (
    <div className="evidence-pickers">
      {CLAIM_EVIDENCE_KIND_NAMES.map((kind) => {
        const id = `${idPrefix}-${kind}`;
        return (
          <div className="field" key={kind}>
            <label className="field__label" htmlFor={id}>
              {CLAIM_EVIDENCE_KINDS[kind]}
            </label>
            <input
              id={id}
              type="file"
              className="evidence-pickers__input"
              accept={ACCEPT}
              multiple
              onChange={(event) => {
                const files = [...(event.target.files ?? [])].map((file) => ({ kind, file }));
                // Emptied, so the same file can be chosen again after a refusal.
                event.target.value = '';
                if (files.length > 0) onChosen(files);
              }}
            />
          </div>
        );
      })}
    </div>
  );
}

/** Each file's outcome: kept, or refused and why. */
export function UploadResults({ results }: { results: readonly UploadResult[] }) {
  if (results.length === 0) return null;
  return (
    <ul className="evidence-results" aria-label="Files sent just now">
      {results.map((r, index) => (
        <li key={`${r.name}-${index}`} className={r.error ? 'field__error' : undefined}>
          {r.error ? `${r.name} was not added: ${r.error}` : `${r.name}: added`}
        </li>
      ))}
    </ul>
  );
}

/** The files kept with a claim, each a download link. */
export function EvidenceList({
  files,
  hrefOf,
}: {
  files: readonly ClaimEvidenceFile[];
  hrefOf: (file: ClaimEvidenceFile) => string;
}) {
  if (files.length === 0) return <p>No files yet.</p>;
  return (
    <ul className="evidence-list" aria-label="Files sent">
      {files.map((file) => (
        <li key={file.id}>
          <a href={hrefOf(file)} download={file.name}>
            {file.name}
          </a>{' '}
          <span className="muted">
            {CLAIM_EVIDENCE_KINDS[file.kind]}, {sizeText(file.sizeBytes)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A claim's evidence on the customer's page: the files sent, and more added while it is open. */
export function ClaimEvidence({
  claim,
  results: initial,
  onChanged,
}: {
  claim: ClaimView;
  /** What became of the files sent with the claim form. */
  results: readonly UploadResult[];
  onChanged: () => void;
}) {
  const [results, setResults] = useState<readonly UploadResult[]>(initial);
  const [sending, setSending] = useState<{ done: number; of: number } | null>(null);
  const id = `claim-${claim.id}-evidence`;
  const add = async (files: ChosenFile[]) => {
    setSending({ done: 0, of: files.length });
    const sent = await uploadEvidence(claim, files, (done) =>
      setSending({ done, of: files.length }),
    );
    setSending(null);
    setResults(sent);
    onChanged();
  };
  return (
    <div className="claim__evidence">
      <h4 id={`${id}-heading`}>Photos and proof of value</h4>
      <EvidenceList
        files={claim.evidence}
        hrefOf={(file) =>
          routeUrl(downloadClaimEvidence, { id: claim.orderId, claimId: claim.id, fileId: file.id })
        }
      />
      <div aria-live="polite">
        {sending && (
          <Spinner
            label={`Sending file ${Math.min(sending.done + 1, sending.of)} of ${sending.of}`}
          />
        )}
        <UploadResults results={results} />
      </div>
      {claim.canAddEvidence && (
        <fieldset className="claim-form__group" aria-describedby={`${id}-rule`}>
          <legend className="field__label">Add files</legend>
          <p className="field__hint" id={`${id}-rule`}>
            {EVIDENCE_RULE}
          </p>
          <EvidencePickers idPrefix={id} onChosen={(f) => void add(f)} />
        </fieldset>
      )}
    </div>
  );
}
