/**
 * A claim's evidence: photos of the damage and of the packaging, and proof of value (a receipt,
 * an invoice), uploaded from a phone or a computer (docs/claims-evidence.md, decision 152).
 * JPEG, PNG, HEIC and PDF only, known by their bytes and never by their name; size and count
 * limited; what a photo says of where and when it was taken removed before it is kept; kept in
 * the private data directory under a random name, read back by that name only. No route here:
 * the claims module decides who may read a file (the claim's owner and operators) and calls this.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_FILES_PER_CLAIM,
  type ClaimEvidenceFileType,
} from '#src/domain/claims.js';

export const EVIDENCE_TYPES = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg', photo: true },
  png: { mime: 'image/png', extension: 'png', photo: true },
  heic: { mime: 'image/heic', extension: 'heic', photo: true },
  pdf: { mime: 'application/pdf', extension: 'pdf', photo: false },
} as const satisfies Record<ClaimEvidenceFileType, unknown>;
export type EvidenceType = keyof typeof EVIDENCE_TYPES;

// The limits are the domain's, so the pages say the same numbers.
export { MAX_EVIDENCE_FILE_BYTES, MAX_EVIDENCE_FILES_PER_CLAIM };

export const EVIDENCE_MESSAGES = {
  'not-allowed':
    'This file cannot be added. Upload photos as JPEG, PNG or HEIC (the iPhone format), and receipts or invoices as photos or PDF.',
  'too-large': `This file is larger than ${MAX_EVIDENCE_FILE_BYTES / 1024 / 1024} MB. Upload a smaller photo or PDF (a phone's normal photo size is fine).`,
  'too-many': `A claim can have up to ${MAX_EVIDENCE_FILES_PER_CLAIM} files. Remove one before adding another.`,
  empty: 'This file is empty. Choose the photo or PDF again.',
  unreadable:
    'This photo could not be read: it may be damaged or incomplete. Take or export it again and upload it.',
} as const;
export type EvidenceProblem = keyof typeof EVIDENCE_MESSAGES;

/** A file refused, with the message the customer sees. */
export class EvidenceFileError extends Error {
  constructor(readonly problem: EvidenceProblem) {
    super(EVIDENCE_MESSAGES[problem]);
    this.name = 'EvidenceFileError';
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** ISO BMFF brands of HEIF images (an iPhone's photos say `heic`, some Android phones `mif1`). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1']);
/** AVIF shares HEIF's structure and generic brands; it is not one of the formats offered. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));
const startsWith = (bytes: Uint8Array, prefix: number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
/** One byte; reading past the end means the file is cut short or lies about its sizes. */
function byteAt(bytes: Uint8Array, at: number): number {
  const value = bytes[at];
  if (value === undefined) throw new EvidenceFileError('unreadable');
  return value;
}
const u16 = (bytes: Uint8Array, at: number): number =>
  (byteAt(bytes, at) << 8) | byteAt(bytes, at + 1);
const u32 = (bytes: Uint8Array, at: number): number =>
  u16(bytes, at) * 0x10000 + u16(bytes, at + 2);

function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const size = u32(bytes, 0);
  if (size < 16 || size > bytes.length || size % 4 !== 0) return false;
  const major = ascii(bytes, 8, 4);
  if (!HEIF_BRANDS.has(major)) return false;
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= size; at += 4) compatible.push(ascii(bytes, at, 4));
  return !compatible.some((brand) => AVIF_BRANDS.has(brand));
}

/**
 * What the file is, from its first bytes (its name and the browser's stated type are the
 * customer's to choose, so neither is asked): null for anything else — an HTML page or an SVG
 * renamed `.jpg`, a GIF, a ZIP, a Word document.
 */
export function sniffEvidenceType(bytes: Uint8Array): EvidenceType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (isHeif(bytes)) return 'heic';
  return null;
}

/**
 * The checks an upload passes before anything is kept: not empty, not too large, the claim not
 * full (`filesAlready` is how many it has), one of the four types. Answers the type; throws an
 * `EvidenceFileError` whose message is for the customer.
 */
export function checkEvidenceFile(bytes: Uint8Array, filesAlready: number): EvidenceType {
  if (filesAlready >= MAX_EVIDENCE_FILES_PER_CLAIM) throw new EvidenceFileError('too-many');
  if (bytes.length === 0) throw new EvidenceFileError('empty');
  if (bytes.length > MAX_EVIDENCE_FILE_BYTES) throw new EvidenceFileError('too-large');
  const type = sniffEvidenceType(bytes);
  if (!type) throw new EvidenceFileError('not-allowed');
  return type;
}

// ---------------------------------------------------------------------------------------------
// JPEG: a walk over its segments, keeping those the picture needs.

/** APP0 (JFIF), APP2 (ICC colour profile; not MPF) and APP14 (Adobe colour transform) stay. */
function keepJpegSegment(marker: number, bytes: Uint8Array, body: number, end: number): boolean {
  if (marker === 0xe0 || marker === 0xee) return true;
  if (marker === 0xe2) return ascii(bytes, body, Math.min(12, end - body)) === 'ICC_PROFILE\0';
  // Every other APPn (Exif and XMP in APP1, IPTC in APP13, makers' blocks) and comments (COM).
  return !((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe);
}

/** Where the entropy-coded data after a start of scan ends: the next marker that is not a restart. */
function endOfScan(bytes: Uint8Array, from: number): number {
  for (let at = from; at + 1 < bytes.length; at += 1) {
    if (bytes[at] !== 0xff) continue;
    const next = byteAt(bytes, at + 1);
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return at;
  }
  throw new EvidenceFileError('unreadable');
}

/**
 * The photo's orientation (Exif tag 0x0112) read from an Exif APP1 body, so the cleaned photo
 * still shows upright: a phone keeps the sensor's pixels and says how to turn them.
 */
export function exifOrientation(tiff: Uint8Array): number | undefined {
  if (tiff.length < 8) return undefined;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return undefined;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return undefined;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/** An Exif APP1 segment that says only the orientation: no place, time, camera or thumbnail. */
function orientationOnlyExif(orientation: number): Uint8Array {
  const body = [
    ...[0x45, 0x78, 0x69, 0x66, 0x00, 0x00], // "Exif\0\0"
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // big-endian TIFF, IFD0 at 8
    ...[0x00, 0x01], // one entry
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00],
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ];
  const length = body.length + 2;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...body]);
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: number | undefined;
  let at = 2;
  for (;;) {
    if (at + 1 >= bytes.length || bytes[at] !== 0xff) throw new EvidenceFileError('unreadable');
    let markerAt = at + 1;
    while (bytes[markerAt] === 0xff && markerAt + 1 < bytes.length) markerAt += 1; // fill bytes
    const marker = byteAt(bytes, markerAt);
    if (marker === 0xd9) {
      kept.push(Uint8Array.of(0xff, 0xd9)); // end of image: whatever follows (trailers) goes
      break;
    }
    if (markerAt + 3 > bytes.length) throw new EvidenceFileError('unreadable');
    const length = u16(bytes, markerAt + 1);
    const end = markerAt + 1 + length;
    if (length < 2 || end > bytes.length) throw new EvidenceFileError('unreadable');
    const body = markerAt + 3;
    if (marker === 0xe1 && orientation === undefined && ascii(bytes, body, 6) === 'Exif\0\0') {
      orientation = exifOrientation(bytes.subarray(body + 6, end));
    }
    const segmentEnd = marker === 0xda ? endOfScan(bytes, end) : end;
    if (keepJpegSegment(marker, bytes, body, end)) kept.push(bytes.subarray(at, segmentEnd));
    at = segmentEnd;
  }
  // The orientation goes right after SOI and JFIF's APP0, where readers look for Exif.
  if (orientation !== undefined && orientation !== 1) {
    const afterJfif = kept[1]?.[1] === 0xe0 ? 2 : 1;
    kept.splice(afterJfif, 0, orientationOnlyExif(orientation));
  }
  return concat(kept);
}

// ---------------------------------------------------------------------------------------------
// PNG: chunks copied as they are (their CRCs stay right), text and time chunks left out.

/** Chunks that carry words or a date, never pixels: Exif (with GPS), text, the time it was made. */
const PNG_METADATA_CHUNKS = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']);

function stripPng(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  for (;;) {
    if (at + 12 > bytes.length) throw new EvidenceFileError('unreadable');
    const length = u32(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) throw new EvidenceFileError('unreadable');
    if (!PNG_METADATA_CHUNKS.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break; // anything after the image's end goes
  }
  return concat(kept);
}

// ---------------------------------------------------------------------------------------------
// HEIC: its items are found through offsets (iloc), so nothing is removed; the Exif item and
// any XMP item are overwritten with zeros where they lie, and every offset stays right.

interface Box {
  type: string;
  start: number;
  /** Where the box's content starts, after its size and type. */
  body: number;
  end: number;
}

function boxesIn(bytes: Uint8Array, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  for (let at = from; at < to;) {
    if (at + 8 > to) throw new EvidenceFileError('unreadable');
    let size = u32(bytes, at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > to || u32(bytes, at + 8) !== 0) throw new EvidenceFileError('unreadable');
      size = u32(bytes, at + 12);
      body = at + 16;
    } else if (size === 0) size = to - at; // the box runs to the end of its parent
    const end = at + size;
    if (size < body - at || end > to) throw new EvidenceFileError('unreadable');
    boxes.push({ type: ascii(bytes, at + 4, 4), start: at, body, end });
    at = end;
  }
  return boxes;
}

/** A big-endian unsigned number of 0, 4 or 8 bytes (offsets past 2^53 are refused). */
function readSized(bytes: Uint8Array, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return u32(bytes, at);
  if (size === 8) {
    const high = u32(bytes, at);
    if (high > 0x1fffff) throw new EvidenceFileError('unreadable');
    return high * 2 ** 32 + u32(bytes, at + 4);
  }
  throw new EvidenceFileError('unreadable');
}

/** Item ids whose payload is metadata: the `Exif` item, and `mime` items of XMP. */
function metadataItems(bytes: Uint8Array, iinf: Box): Set<number> {
  const version = byteAt(bytes, iinf.body);
  const entries = iinf.body + 4 + (version === 0 ? 2 : 4);
  const ids = new Set<number>();
  for (const infe of boxesIn(bytes, entries, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const infeVersion = byteAt(bytes, infe.body);
    if (infeVersion < 2) continue; // versions 0 and 1 name no item type
    const idSize = infeVersion === 2 ? 2 : 4;
    const id = idSize === 2 ? u16(bytes, infe.body + 4) : u32(bytes, infe.body + 4);
    const typeAt = infe.body + 4 + idSize + 2;
    if (typeAt + 4 > infe.end) throw new EvidenceFileError('unreadable');
    const itemType = ascii(bytes, typeAt, 4);
    const rest = ascii(bytes, typeAt + 4, infe.end - typeAt - 4);
    if (itemType === 'Exif' || (itemType === 'mime' && /rdf\+xml|xmp/i.test(rest))) ids.add(id);
  }
  return ids;
}

interface Extent {
  /** 0: from the file's start; 1: from the start of the `idat` box's content. */
  method: number;
  offset: number;
  length: number;
}

/** The extents of the given items, read from the item location box (iloc, versions 0 to 2). */
function itemExtents(bytes: Uint8Array, iloc: Box, wanted: Set<number>): Extent[] {
  const version = byteAt(bytes, iloc.body);
  if (version > 2) throw new EvidenceFileError('unreadable');
  let at = iloc.body + 4;
  const offsetSize = byteAt(bytes, at) >> 4;
  const lengthSize = byteAt(bytes, at) & 0x0f;
  const baseOffsetSize = byteAt(bytes, at + 1) >> 4;
  const indexSize = version === 0 ? 0 : byteAt(bytes, at + 1) & 0x0f;
  at += 2;
  const itemCount = version < 2 ? u16(bytes, at) : u32(bytes, at);
  at += version < 2 ? 2 : 4;
  const extents: Extent[] = [];
  for (let item = 0; item < itemCount; item += 1) {
    if (at + 16 > iloc.end) throw new EvidenceFileError('unreadable');
    const id = version < 2 ? u16(bytes, at) : u32(bytes, at);
    at += version < 2 ? 2 : 4;
    const method = version === 0 ? 0 : u16(bytes, at) & 0x0f;
    at += (version === 0 ? 0 : 2) + 2; // construction method, data reference index
    const base = readSized(bytes, at, baseOffsetSize);
    at += baseOffsetSize;
    const extentCount = u16(bytes, at);
    at += 2;
    for (let e = 0; e < extentCount; e += 1) {
      at += indexSize;
      const offset = readSized(bytes, at, offsetSize);
      const length = readSized(bytes, at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      if (at > iloc.end) throw new EvidenceFileError('unreadable');
      if (wanted.has(id)) extents.push({ method, offset: base + offset, length });
    }
  }
  return extents;
}

/** XMP kept in a top-level `uuid` box (some cameras' HEIF): its UUID is XMP's. */
const XMP_UUID = 'be7acfcb97a942e89c71999491e3afac';

function stripHeic(original: Uint8Array): Uint8Array {
  const bytes = Uint8Array.from(original);
  const top = boxesIn(bytes, 0, bytes.length);
  for (const box of top) {
    const uuid = Buffer.from(bytes.subarray(box.body, box.body + 16)).toString('hex');
    if (box.type === 'uuid' && uuid === XMP_UUID) bytes.fill(0, box.body + 16, box.end);
  }
  const meta = top.find((box) => box.type === 'meta');
  if (!meta) return bytes;
  const children = boxesIn(bytes, meta.body + 4, meta.end); // meta is a full box
  const iinf = children.find((box) => box.type === 'iinf');
  const iloc = children.find((box) => box.type === 'iloc');
  const idat = children.find((box) => box.type === 'idat');
  if (!iinf || !iloc) return bytes;
  const wanted = metadataItems(bytes, iinf);
  if (wanted.size === 0) return bytes;
  for (const extent of itemExtents(bytes, iloc, wanted)) {
    // Method 2 builds an item from other items: never how a photo's Exif is kept.
    const within =
      extent.method === 0 ? { body: 0, end: bytes.length } : extent.method === 1 ? idat : undefined;
    if (!within) throw new EvidenceFileError('unreadable');
    const origin = within.body;
    const limit = within.end;
    const start = origin + extent.offset;
    const end = extent.length === 0 ? limit : start + extent.length; // 0: to the end
    if (start > limit || end > limit) throw new EvidenceFileError('unreadable');
    bytes.fill(0, start, end);
  }
  return bytes;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The photo without what it says of where, when and with what it was taken: JPEG without its
 * Exif, XMP, IPTC and comments (a new Exif keeps only the orientation when it was not upright),
 * PNG without its Exif, text and time chunks, HEIC with its Exif and XMP items zeroed in place.
 * A PDF is not a photo and comes back as it is. A photo whose structure does not hold together
 * is an `EvidenceFileError` ('unreadable'): it is never kept half-cleaned.
 */
export function stripPhotoMetadata(bytes: Uint8Array, type: EvidenceType): Uint8Array {
  switch (type) {
    case 'jpeg':
      return stripJpeg(bytes);
    case 'png':
      return stripPng(bytes);
    case 'heic':
      return stripHeic(bytes);
    case 'pdf':
      return bytes;
  }
}

/**
 * The customer's own name for the file, kept as a label only (never as a path): no folders, no
 * control or reserved characters, at most 100 characters, and a name that says nothing becomes
 * `evidence`. The extension is the one of its real type.
 */
export function sanitiseEvidenceName(name: string, type: EvidenceType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/\.[^.]*$/, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|;`$]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 100);
  return `${base || 'evidence'}.${EVIDENCE_TYPES[type].extension}`;
}

/** One checked and cleaned upload, ready to keep. */
export interface PreparedEvidence {
  type: EvidenceType;
  mime: string;
  bytes: Uint8Array;
  /** The customer's name for it, sanitised, with the extension of its real type. */
  name: string;
}

/** Checks an upload (`checkEvidenceFile`) and takes a photo's metadata off. */
export function prepareEvidence(
  bytes: Uint8Array,
  originalName: string,
  filesAlready: number,
): PreparedEvidence {
  const type = checkEvidenceFile(bytes, filesAlready);
  return {
    type,
    mime: EVIDENCE_TYPES[type].mime,
    bytes: stripPhotoMetadata(bytes, type),
    name: sanitiseEvidenceName(originalName, type),
  };
}

/**
 * The headers a route serving a kept file sends, from the type and label recorded with it: its
 * real type, as a download (a browser never renders it as a page of ours), not guessed at by the
 * browser, not kept by caches.
 */
export function evidenceResponseHeaders(file: {
  type: EvidenceType;
  name: string;
}): Record<string, string> {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'content-type': EVIDENCE_TYPES[file.type].mime,
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    'content-security-policy': "default-src 'none'; sandbox",
  };
}

// ---------------------------------------------------------------------------------------------
// Storage: DATA_DIR/claims-evidence/<random id>, folder 0700, files 0600 (the data directory is
// the site's alone: decision 114), outside the folder the web app is served from.

/** The folder under the data directory that keeps evidence files. */
export const EVIDENCE_FOLDER = 'claims-evidence';
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A kept file's id, as the claims module records it beside the claim, its type and its name. */
export interface KeptEvidence {
  id: string;
  size: number;
}

export class EvidenceStore {
  readonly folder: string;

  constructor(dataDir: string) {
    this.folder = join(resolve(dataDir), EVIDENCE_FOLDER);
  }

  /** Keeps the bytes under a new random id (never the customer's name), readable by this account only. */
  async save(bytes: Uint8Array): Promise<KeptEvidence> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    await chmod(this.folder, 0o700);
    const id = randomUUID();
    // 'wx': a file already there is never overwritten.
    await writeFile(this.path(id), bytes, { mode: 0o600, flag: 'wx' });
    return { id, size: bytes.length };
  }

  /** The bytes kept under `id`; an id that is not one of ours is refused before any path is made. */
  async read(id: string): Promise<Uint8Array> {
    return new Uint8Array(await readFile(this.path(id)));
  }

  /** Deletes a kept file; one already gone is not an error. */
  async remove(id: string): Promise<void> {
    await unlink(this.path(id)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  private path(id: string): string {
    if (!ID_SHAPE.test(id)) throw new Error(`not an evidence file id: ${JSON.stringify(id)}`);
    return join(this.folder, id);
  }
}
