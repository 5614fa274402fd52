import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import piexif from 'piexifjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkEvidenceFile,
  EVIDENCE_MESSAGES,
  EvidenceFileError,
  evidenceResponseHeaders,
  EvidenceStore,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_FILES_PER_CLAIM,
  prepareEvidence,
  sanitiseEvidenceName,
  sniffEvidenceType,
  stripPhotoMetadata,
} from './evidence-files.js';

const text = (value: string) => new TextEncoder().encode(value);
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const fromLatin1 = (value: string) => new Uint8Array(Buffer.from(value, 'latin1'));
const has = (bytes: Uint8Array, needle: Uint8Array | string) =>
  Buffer.from(bytes).indexOf(typeof needle === 'string' ? Buffer.from(needle) : needle) >= 0;
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number) => [(n >>> 8) & 255, n & 255];

/** 51°30'12.34" N, 0°7'39.5" W: the place the tests look for after cleaning. */
const GPS = {
  [piexif.GPSIFD.GPSLatitudeRef]: 'N',
  [piexif.GPSIFD.GPSLatitude]: [
    [51, 1],
    [30, 1],
    [1234, 100],
  ],
  [piexif.GPSIFD.GPSLongitudeRef]: 'W',
  [piexif.GPSIFD.GPSLongitude]: [
    [0, 1],
    [7, 1],
    [3950, 100],
  ],
};
/** The latitude's seconds as Exif stores them (two big-endian 32-bit numbers: 1234/100). */
const LATITUDE_SECONDS = Uint8Array.from([...be32(1234), ...be32(100)]);

// ---------------------------------------------------------------------------------------------
// JPEG fixtures: a real 16×16 image (jpeg-js) with an Exif block from piexifjs, XMP, IPTC, a comment.

const pixels = Buffer.alloc(16 * 16 * 4);
for (let i = 0; i < 16 * 16; i += 1) pixels.set([i % 256, (i * 7) % 256, 200, 255], i * 4);
const plainJpeg = new Uint8Array(jpeg.encode({ data: pixels, width: 16, height: 16 }, 90).data);

function segment(marker: number, body: Uint8Array): Uint8Array {
  return Uint8Array.from([0xff, marker, ...be16(body.length + 2), ...body]);
}

function photoJpeg(orientation = 6): Uint8Array {
  const exif = piexif.dump({
    '0th': { [piexif.ImageIFD.Orientation]: orientation, [piexif.ImageIFD.Make]: 'PhoneMaker' },
    GPS,
  });
  const withExif = fromLatin1(piexif.insert(exif, latin1(plainJpeg)));
  const xmp = segment(
    0xe1,
    text('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>51,30.2N</exif:GPSLatitude>'),
  );
  const iptc = segment(0xed, text('Photoshop 3.0\x008BIM city=London'));
  const comment = segment(0xfe, text('taken at 10 Downing Street'));
  const icc = segment(0xe2, text('ICC_PROFILE\0\x01\x01fake-profile'));
  const mpf = segment(0xe2, text('MPF\0second-image-offsets'));
  // SOI, then the rest of piexif's output with the extra segments right after it.
  return Uint8Array.from([
    ...withExif.subarray(0, 2),
    ...xmp,
    ...iptc,
    ...comment,
    ...icc,
    ...mpf,
    ...withExif.subarray(2),
    ...text('trailer after the end of image: GPS 51.5'),
  ]);
}

/** The markers of a JPEG, walked as a decoder does, up to and including EOI. */
function jpegMarkers(bytes: Uint8Array): number[] {
  expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  const markers: number[] = [];
  let at = 2;
  while (at < bytes.length) {
    expect(bytes[at]).toBe(0xff);
    const marker = bytes[at + 1]!;
    markers.push(marker);
    if (marker === 0xd9) {
      expect(at + 2).toBe(bytes.length);
      return markers;
    }
    let end = at + 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
    if (marker === 0xda) {
      while (!(
        bytes[end] === 0xff &&
        bytes[end + 1] !== 0 &&
        !(bytes[end + 1]! >= 0xd0 && bytes[end + 1]! <= 0xd7)
      ))
        end += 1;
    }
    at = end;
  }
  throw new Error('the walk ran off the end without EOI');
}

describe('JPEG metadata', () => {
  it('the fixture really carries the place, and jpeg-js reads it', () => {
    const photo = photoJpeg();
    expect(piexif.load(latin1(photo)).GPS).toMatchObject(GPS);
    expect(has(photo, LATITUDE_SECONDS)).toBe(true);
  });

  it('drops Exif (GPS), XMP, IPTC, comments, MPF and trailers; keeps JFIF, ICC and the image', () => {
    const photo = photoJpeg();
    const clean = stripPhotoMetadata(photo, 'jpeg');
    expect(has(clean, LATITUDE_SECONDS)).toBe(false);
    for (const words of ['PhoneMaker', 'GPSLatitude', '8BIM', 'Downing', 'MPF', 'trailer']) {
      expect(has(clean, words), words).toBe(false);
    }
    expect(has(clean, 'ICC_PROFILE')).toBe(true);
    const markers = jpegMarkers(clean);
    expect(markers).toEqual(expect.arrayContaining([0xe0, 0xe2, 0xdb, 0xc0, 0xc4, 0xda]));
    expect(markers.at(-1)).toBe(0xd9);
    expect(markers.filter((m) => m === 0xed || m === 0xfe)).toEqual([]);
    const before = jpeg.decode(photo, { useTArray: true });
    const after = jpeg.decode(clean, { useTArray: true });
    expect([after.width, after.height]).toEqual([16, 16]);
    expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
  });

  it('keeps only the orientation, so a phone photo still shows upright', () => {
    const clean = stripPhotoMetadata(photoJpeg(6), 'jpeg');
    const exif = piexif.load(latin1(clean));
    expect(exif['0th']).toEqual({ [piexif.ImageIFD.Orientation]: 6 });
    expect(exif.GPS ?? {}).toEqual({});
    // Where readers look for it: first, or right after JFIF's APP0 when that is first.
    const markers = jpegMarkers(clean);
    expect(markers[markers[0] === 0xe0 ? 1 : 0]).toBe(0xe1);
    expect(markers.filter((m) => m === 0xe1)).toHaveLength(1);
    const upright = jpeg.decode(clean, { useTArray: true });
    expect([upright.width, upright.height]).toEqual([16, 16]);
  });

  it('adds no Exif at all for an upright photo', () => {
    const clean = stripPhotoMetadata(photoJpeg(1), 'jpeg');
    expect(jpegMarkers(clean)).not.toContain(0xe1);
  });

  it('refuses a cut-off JPEG rather than keep it half cleaned', () => {
    const photo = photoJpeg();
    expect(() => stripPhotoMetadata(photo.subarray(0, 40), 'jpeg')).toThrow(
      EVIDENCE_MESSAGES.unreadable,
    );
    const noEnd = plainJpeg.subarray(0, plainJpeg.length - 2);
    expect(() => stripPhotoMetadata(noEnd, 'jpeg')).toThrow(EvidenceFileError);
  });
});

// ---------------------------------------------------------------------------------------------
// PNG fixtures, built chunk by chunk with a CRC-32 written here (not the one under test).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Uint8Array {
  const typed = Uint8Array.from([...text(type), ...data]);
  return Uint8Array.from([...be32(data.length), ...typed, ...be32(crc32(typed))]);
}
const scanlines = Uint8Array.from({ length: 4 * (1 + 4 * 3) }, (_, i) => (i % 13 === 0 ? 0 : i));
const pngImage = [
  chunk('IHDR', Uint8Array.from([...be32(4), ...be32(4), 8, 2, 0, 0, 0])),
  chunk('IDAT', new Uint8Array(deflateSync(scanlines))),
];
function photoPng(): Uint8Array {
  const tiff = Uint8Array.from([...text('MM\0*'), ...be32(8), ...LATITUDE_SECONDS]);
  return Uint8Array.from([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...pngImage[0]!,
    ...chunk('eXIf', tiff),
    ...chunk('tEXt', text('Location\x0051.5033 N 0.1276 W')),
    ...chunk('iTXt', text('XML:com.adobe.xmp\0\0\0\0\0<exif:GPSLatitude/>')),
    ...chunk('zTXt', Uint8Array.from([...text('Comment\0\0'), ...deflateSync('Downing St')])),
    ...chunk('tIME', Uint8Array.from([0x07, 0xea, 11, 29, 9, 0, 0])),
    ...chunk('sRGB', Uint8Array.of(0)),
    ...pngImage[1]!,
    ...chunk('IEND', new Uint8Array()),
    ...text('after IEND: GPS'),
  ]);
}

/** Every chunk of a PNG with its CRC checked; fails when one does not match or the file runs on. */
function pngChunks(bytes: Uint8Array, trailing = 0): { type: string; data: Uint8Array }[] {
  const chunks: { type: string; data: Uint8Array }[] = [];
  let at = 8;
  for (;;) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + at);
    const length = view.getUint32(0);
    const typed = bytes.subarray(at + 4, at + 8 + length);
    expect(view.getUint32(8 + length), 'CRC').toBe(crc32(typed));
    const type = latin1(typed.subarray(0, 4));
    chunks.push({ type, data: typed.subarray(4) });
    at += 12 + length;
    if (type === 'IEND') break;
  }
  expect(at).toBe(bytes.length - trailing);
  return chunks;
}

describe('PNG metadata', () => {
  it('drops eXIf, tEXt, iTXt, zTXt and tIME; every chunk left has a right CRC', () => {
    const photo = photoPng();
    const trailer = 'after IEND: GPS'.length;
    expect(pngChunks(photo, trailer).map((c) => c.type)).toEqual(
      expect.arrayContaining(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']),
    );
    const clean = stripPhotoMetadata(photo, 'png');
    expect(latin1(clean.subarray(0, 8))).toBe('\x89PNG\r\n\x1a\n');
    const chunks = pngChunks(clean);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'sRGB', 'IDAT', 'IEND']);
    expect(has(clean, LATITUDE_SECONDS)).toBe(false);
    expect(has(clean, '51.5033')).toBe(false);
    const idat = chunks.find((c) => c.type === 'IDAT')!;
    expect(Buffer.from(inflateSync(idat.data)).equals(Buffer.from(scanlines))).toBe(true);
  });

  it('refuses a PNG cut short', () => {
    const photo = photoPng();
    expect(() => stripPhotoMetadata(photo.subarray(0, 60), 'png')).toThrow(EvidenceFileError);
  });
});

// ---------------------------------------------------------------------------------------------
// HEIC fixtures: ftyp, meta (hdlr, pitm, iinf, iloc[, idat]) and mdat, as an iPhone lays them out.

function box(type: string, ...content: (Uint8Array | number[])[]): Uint8Array {
  const body = content.flatMap((part) => [...part]);
  return Uint8Array.from([...be32(body.length + 8), ...text(type), ...body]);
}
const fullBox = (type: string, version: number, ...content: (Uint8Array | number[])[]) =>
  box(type, [version, 0, 0, 0], ...content);
const infe = (id: number, itemType: string, extra = '') =>
  fullBox('infe', 2, be16(id), be16(0), text(itemType), text(`${extra}\0`));

const IMAGE = text('HEVC-CODED-PICTURE-DATA');
const EXIF = Uint8Array.from([...be32(6), ...text('Exif\0\0MM\0*'), ...LATITUDE_SECONDS]);
const XMP = text('<x:xmpmeta><exif:GPSLatitude>51,30.2N</exif:GPSLatitude></x:xmpmeta>');

/** A HEIC with three items: the picture and the Exif in mdat, the XMP in mdat or in idat. */
function photoHeic(options: { xmpInIdat?: boolean; major?: string; compatible?: string[] } = {}) {
  const ftyp = box(
    'ftyp',
    text(options.major ?? 'heic'),
    be32(0),
    ...(options.compatible ?? ['mif1', 'heic']).map(text),
  );
  const iinf = fullBox(
    'iinf',
    0,
    be16(3),
    infe(1, 'hvc1'),
    infe(2, 'Exif'),
    infe(3, 'mime', 'xmp\0application/rdf+xml'),
  );
  const hdlr = fullBox('hdlr', 0, be32(0), text('pict'), new Uint8Array(12), [0]);
  const pitm = fullBox('pitm', 0, be16(1));
  const idat = box('idat', options.xmpInIdat ? XMP : []);
  // iloc version 1: offsets and lengths 4 bytes, no base offset, no index.
  const ilocFor = (mdatData: number) => {
    const item = (id: number, method: number, offset: number, length: number) => [
      ...be16(id),
      ...be16(method),
      ...be16(0),
      ...be16(1),
      ...be32(offset),
      ...be32(length),
    ];
    const xmpItem = options.xmpInIdat
      ? item(3, 1, 0, XMP.length)
      : item(3, 0, mdatData + IMAGE.length + EXIF.length, XMP.length);
    return fullBox(
      'iloc',
      1,
      [0x44, 0x00],
      be16(3),
      item(1, 0, mdatData, IMAGE.length),
      item(2, 0, mdatData + IMAGE.length, EXIF.length),
      xmpItem,
    );
  };
  const mdatContent = [IMAGE, EXIF, options.xmpInIdat ? new Uint8Array() : XMP];
  // The iloc's size does not depend on the offsets in it, so lay out once to learn mdat's place.
  const metaFor = (mdatData: number) =>
    fullBox('meta', 0, hdlr, pitm, iinf, ilocFor(mdatData), idat);
  const mdatData = ftyp.length + metaFor(0).length + 8;
  const file = Uint8Array.from([...ftyp, ...metaFor(mdatData), ...box('mdat', ...mdatContent)]);
  return { file, mdatData };
}

describe('HEIC metadata', () => {
  it('zeroes the Exif and XMP items in place: same length, same offsets, picture untouched', () => {
    const { file, mdatData } = photoHeic();
    expect(sniffEvidenceType(file)).toBe('heic');
    expect(has(file, LATITUDE_SECONDS)).toBe(true);
    const clean = stripPhotoMetadata(file, 'heic');
    expect(clean.length).toBe(file.length);
    expect(has(clean, LATITUDE_SECONDS)).toBe(false);
    expect(has(clean, 'GPSLatitude')).toBe(false);
    const picture = clean.subarray(mdatData, mdatData + IMAGE.length);
    expect(Buffer.from(picture).equals(Buffer.from(IMAGE))).toBe(true);
    const metadata = clean.subarray(
      mdatData + IMAGE.length,
      mdatData + IMAGE.length + EXIF.length + XMP.length,
    );
    expect(metadata.every((byte) => byte === 0)).toBe(true);
    // Everything outside the two payloads is byte for byte the original (ftyp, meta, iloc).
    expect(
      Buffer.from(clean.subarray(0, mdatData)).equals(Buffer.from(file.subarray(0, mdatData))),
    ).toBe(true);
    expect(file.some((byte, i) => byte !== clean[i])).toBe(true);
    expect(has(file, LATITUDE_SECONDS)).toBe(true); // the input is not changed
  });

  it('finds an XMP item kept in idat (construction method 1)', () => {
    const { file } = photoHeic({ xmpInIdat: true });
    const clean = stripPhotoMetadata(file, 'heic');
    expect(has(clean, 'GPSLatitude')).toBe(false);
    expect(has(clean, LATITUDE_SECONDS)).toBe(false);
    expect(has(clean, IMAGE)).toBe(true);
  });

  it('leaves a HEIC without Exif or XMP as it is', () => {
    const { file } = photoHeic();
    // Rename the two metadata items' types: nothing left to clean.
    const renamed = Buffer.from(file);
    for (const type of ['Exif', 'mime']) renamed.write('hvc1', renamed.indexOf(type), 'latin1');
    const clean = stripPhotoMetadata(new Uint8Array(renamed), 'heic');
    expect(Buffer.from(clean).equals(renamed)).toBe(true);
  });

  it('refuses a HEIC whose iloc points past the end of the file', () => {
    const { file } = photoHeic();
    expect(() => stripPhotoMetadata(file.subarray(0, file.length - 10), 'heic')).toThrow(
      EvidenceFileError,
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('what a file is, by its content', () => {
  const pdf = text('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');

  it('knows JPEG, PNG, HEIC and PDF whatever they are called', () => {
    expect(sniffEvidenceType(plainJpeg)).toBe('jpeg');
    expect(sniffEvidenceType(photoPng())).toBe('png');
    expect(sniffEvidenceType(photoHeic().file)).toBe('heic');
    expect(sniffEvidenceType(photoHeic({ major: 'mif1', compatible: ['heic'] }).file)).toBe('heic');
    expect(sniffEvidenceType(pdf)).toBe('pdf');
  });

  it.each([
    ['an HTML page renamed photo.jpg', text('<!DOCTYPE html><script>alert(1)</script>')],
    ['an SVG', text('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['a GIF', text('GIF89a\x01\x00\x01\x00')],
    ['a ZIP (or a Word document)', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
    ['an AVIF', photoHeic({ major: 'avif', compatible: ['mif1', 'avif'] }).file],
    ['an AVIF with a generic major brand', photoHeic({ major: 'mif1', compatible: ['avif'] }).file],
    ['an MP4 video', photoHeic({ major: 'isom', compatible: ['mp41'] }).file],
    ['a PDF with text before it', text(' %PDF-1.7')],
  ])('refuses %s with a message naming what is allowed', (_name, bytes) => {
    expect(sniffEvidenceType(bytes)).toBeNull();
    expect(() => checkEvidenceFile(bytes, 0)).toThrow(EVIDENCE_MESSAGES['not-allowed']);
    expect(EVIDENCE_MESSAGES['not-allowed']).toMatch(/JPEG, PNG or HEIC.*PDF/);
  });

  it('limits size and count, and refuses an empty file', () => {
    expect(checkEvidenceFile(pdf, MAX_EVIDENCE_FILES_PER_CLAIM - 1)).toBe('pdf');
    expect(() => checkEvidenceFile(pdf, MAX_EVIDENCE_FILES_PER_CLAIM)).toThrow(
      EVIDENCE_MESSAGES['too-many'],
    );
    const big = new Uint8Array(MAX_EVIDENCE_FILE_BYTES + 1);
    big.set(pdf);
    expect(checkEvidenceFile(big.subarray(0, MAX_EVIDENCE_FILE_BYTES), 0)).toBe('pdf');
    expect(() => checkEvidenceFile(big, 0)).toThrow(EVIDENCE_MESSAGES['too-large']);
    expect(() => checkEvidenceFile(new Uint8Array(), 0)).toThrow(EVIDENCE_MESSAGES.empty);
    expect(EVIDENCE_MESSAGES['too-large']).toContain('10 MB');
    expect(EVIDENCE_MESSAGES['too-many']).toContain('10 files');
  });

  it('keeps a PDF as it is: it is not a photo', () => {
    expect(stripPhotoMetadata(pdf, 'pdf')).toBe(pdf);
  });
});

describe('the customer’s name for a file', () => {
  it.each([
    ['IMG_0042.HEIC', 'heic', 'IMG_0042.heic'],
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['C:\\Users\\me\\receipt.pdf', 'pdf', 'receipt.pdf'],
    ['invoice.html', 'pdf', 'invoice.pdf'],
    ['a"b<c>|d\u0000e.png', 'png', 'abcde.png'],
    ['...', 'jpeg', 'evidence.jpg'],
    ['  reçu   de   caisse .jpeg', 'jpeg', 'reçu de caisse.jpg'],
    ['x'.repeat(300) + '.png', 'png', 'x'.repeat(100) + '.png'],
  ] as const)('%s becomes %s', (name, type, expected) => {
    expect(sanitiseEvidenceName(name, type)).toBe(expected);
  });

  it('is served as a download of its real type, never rendered', () => {
    const prepared = prepareEvidence(photoJpeg(), 'dégâts "1".php', 3);
    expect(prepared).toMatchObject({ type: 'jpeg', mime: 'image/jpeg', name: 'dégâts 1.jpg' });
    expect(has(prepared.bytes, LATITUDE_SECONDS)).toBe(false);
    expect(evidenceResponseHeaders(prepared)).toEqual({
      'content-type': 'image/jpeg',
      'content-disposition': `attachment; filename="d_g_ts 1.jpg"; filename*=UTF-8''d%C3%A9g%C3%A2ts%201.jpg`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });
});

describe('keeping files in the private data directory', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('saves under a random id, 0600 in a 0700 folder, and reads back by id', async () => {
    dir = await mkdtemp(join(tmpdir(), 'evidence-'));
    const store = new EvidenceStore(dir);
    const bytes = stripPhotoMetadata(photoPng(), 'png');
    const first = await store.save(bytes);
    const second = await store.save(bytes);
    expect(first.id).not.toBe(second.id);
    expect(first).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), size: bytes.length });
    expect((await readdir(store.folder)).sort()).toEqual([first.id, second.id].sort());
    expect((await stat(store.folder)).mode & 0o777).toBe(0o700);
    expect((await stat(join(store.folder, first.id))).mode & 0o777).toBe(0o600);
    expect(Buffer.from(await store.read(first.id)).equals(Buffer.from(bytes))).toBe(true);
    await store.remove(first.id);
    await store.remove(first.id); // already gone: fine
    await expect(store.read(first.id)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses an id that is not one of its own before making a path', async () => {
    dir = await mkdtemp(join(tmpdir(), 'evidence-'));
    const store = new EvidenceStore(dir);
    for (const id of ['../pglite/PG_VERSION', '/etc/passwd', '', 'receipt.pdf']) {
      await expect(store.read(id)).rejects.toThrow('not an evidence file id');
    }
  });
});
