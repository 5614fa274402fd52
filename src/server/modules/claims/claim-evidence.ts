import { randomUUID } from 'node:crypto';
import type { AdminClaim, ClaimEvidenceFile } from '#src/domain/api/claims.js';
import {
  CLAIM_EVIDENCE_FILE_TYPES,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_FILES_PER_CLAIM,
  type ClaimEvidenceKind,
} from '#src/domain/claims.js';
import type { DbTransaction } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import { EVIDENCE_OPEN_STATES, evidenceFileView } from './claim-view.js';
import type { ClaimsDeps } from './claims.deps.js';
import type { ClaimEvidenceRow, ClaimRow, NewClaimEvidenceRow } from './claims.repository.js';
import { CLAIM_NOT_FOUND } from './claims.service.js';
import { evidencePackPdf } from './evidence-pack.pdf.js';
import {
  EVIDENCE_MESSAGES,
  EvidenceFileError,
  evidenceResponseHeaders,
  prepareEvidence,
  type EvidenceProblem,
} from './evidence-files.js';

/** Each refusal of an upload: its status and code (the message is `EVIDENCE_MESSAGES`'). */
const REFUSALS: Record<EvidenceProblem, { status: number; code: string }> = {
  'not-allowed': { status: 422, code: 'EVIDENCE_NOT_ALLOWED' },
  'too-large': { status: 413, code: 'EVIDENCE_TOO_LARGE' },
  'too-many': { status: 409, code: 'EVIDENCE_TOO_MANY' },
  empty: { status: 422, code: 'EVIDENCE_EMPTY' },
  unreadable: { status: 422, code: 'EVIDENCE_UNREADABLE' },
};

/** The refusal of an upload, with the customer's message on the `file` field. */
export function evidenceRefusal(problem: EvidenceProblem): ApiError {
  const { status, code } = REFUSALS[problem];
  const message = EVIDENCE_MESSAGES[problem];
  return new ApiError(status, code, message, { file: message });
}

const EVIDENCE_NOT_FOUND = () =>
  new ApiError(404, 'EVIDENCE_NOT_FOUND', 'There is no such file on this claim.');

const closedClaim = () =>
  new ApiError(
    409,
    'CLAIM_STATE',
    'This claim is decided: no more files can be added. Reply to our last email if you need to send something.',
  );

/** What a claim's evidence can be, for the page to say before the customer chooses. */
export const EVIDENCE_LIMITS = {
  maxFileBytes: MAX_EVIDENCE_FILE_BYTES,
  maxFiles: MAX_EVIDENCE_FILES_PER_CLAIM,
  types: [...CLAIM_EVIDENCE_FILE_TYPES],
};

/** A kept file, ready to send: its bytes and the headers that make it safe to serve. */
export interface EvidenceDownload {
  bytes: Buffer;
  headers: Record<string, string>;
}

/**
 * A claim's evidence files (docs/claims.md, "Evidence"): an upload is checked by its content
 * and cleaned (`prepareEvidence`) before anything is kept, kept in the private data directory
 * (`EvidenceStore`), then recorded under the order's and the claim's row locks with the claim's
 * state and file count checked again there. A refused upload changes nothing; a file whose record
 * is not written is removed again. Who may call is decided by the routes (the order's owner,
 * operators); a claim or file of another order answers 404.
 */
export class ClaimEvidence {
  constructor(private readonly deps: ClaimsDeps) {}

  /** The claim, when it is this order's; 404 otherwise. */
  private async claimOf(orderId: string | null, claimId: string): Promise<ClaimRow> {
    const claim = await this.deps.repository.byId(claimId);
    if (!claim || (orderId !== null && claim.orderId !== orderId)) throw CLAIM_NOT_FOUND();
    return claim;
  }

  /** The claim's files, oldest first (`orderId` null: an operator's, any order). */
  async list(orderId: string | null, claimId: string): Promise<ClaimEvidenceFile[]> {
    await this.claimOf(orderId, claimId);
    return (await this.deps.repository.evidence([claimId])).map(evidenceFileView);
  }

  /** Adds one file to an open claim; answers the file and every file of the claim. */
  async upload(
    orderId: string,
    claimId: string,
    input: { kind: ClaimEvidenceKind; name: string | undefined; bytes: Uint8Array },
    by: 'customer' | 'operator',
  ): Promise<{ file: ClaimEvidenceFile; files: ClaimEvidenceFile[] }> {
    const claim = await this.claimOf(orderId, claimId);
    if (!EVIDENCE_OPEN_STATES.includes(claim.state)) throw closedClaim();
    const already = (await this.deps.repository.evidence([claimId])).length;
    let prepared;
    try {
      prepared = prepareEvidence(input.bytes, input.name ?? '', already);
    } catch (error) {
      if (error instanceof EvidenceFileError) throw evidenceRefusal(error.problem);
      throw error;
    }
    const kept = await this.deps.evidenceStore.save(prepared.bytes);
    let row: ClaimEvidenceRow;
    try {
      row = await this.deps.repository.transaction((tx) =>
        this.record(orderId, claimId, tx, {
          id: randomUUID(),
          claimId,
          kind: input.kind,
          name: prepared.name,
          detectedType: prepared.type,
          sizeBytes: kept.size,
          storageId: kept.id,
          uploadedBy: by,
          createdAt: this.deps.clock.now(),
        }),
      );
    } catch (error) {
      await this.deps.evidenceStore.remove(kept.id);
      throw error;
    }
    const files = await this.list(orderId, claimId);
    return { file: evidenceFileView(row), files };
  }

  /** Writes the file's record, the claim's state and file count checked under the row locks. */
  private async record(
    orderId: string,
    claimId: string,
    tx: DbTransaction,
    row: NewClaimEvidenceRow,
  ): Promise<ClaimEvidenceRow> {
    const order = await this.deps.orders.lock(orderId, tx);
    const claim = await this.deps.repository.lock(claimId, tx);
    if (!order || !claim || claim.orderId !== orderId) throw CLAIM_NOT_FOUND();
    if (!EVIDENCE_OPEN_STATES.includes(claim.state)) throw closedClaim();
    const files = await this.deps.repository.evidence([claimId], tx);
    if (files.length >= MAX_EVIDENCE_FILES_PER_CLAIM) throw evidenceRefusal('too-many');
    return this.deps.repository.addEvidence(row, tx);
  }

  /** One file's bytes and safe headers; 404 unless it is this claim's (and the claim this order's). */
  async download(
    orderId: string | null,
    claimId: string,
    fileId: string,
  ): Promise<EvidenceDownload> {
    await this.claimOf(orderId, claimId);
    const row = (await this.deps.repository.evidence([claimId])).find((f) => f.id === fileId);
    if (!row) throw EVIDENCE_NOT_FOUND();
    const bytes = await this.deps.evidenceStore.read(row.storageId);
    return {
      bytes: Buffer.from(bytes),
      headers: evidenceResponseHeaders({ type: row.detectedType, name: row.name }),
    };
  }

  /**
   * The evidence pack of a claim (as the console shows it): the order's declaration, the cover
   * in force, the box's tracking history, the claim and its files.
   */
  async pack(claim: AdminClaim): Promise<Buffer> {
    const [cover, tracking, rows] = await Promise.all([
      this.deps.orders.bookedCover(claim.orderId),
      this.deps.tracking.view(claim.orderId),
      this.deps.repository.evidence([claim.id]),
    ]);
    const box = tracking?.boxes.find((b) => b.number === claim.boxNumber);
    const files = await Promise.all(
      rows.map(async (row) => ({
        name: row.name,
        kind: row.kind,
        type: row.detectedType,
        bytes: await this.deps.evidenceStore.read(row.storageId),
      })),
    );
    return evidencePackPdf({
      claim,
      generatedAt: this.deps.clock.now(),
      declaration: claim.declaration,
      cover: { coverPence: cover.coverPence, includedPence: cover.settings.includedPence },
      tracking: box?.events ?? [],
      files,
    });
  }
}
