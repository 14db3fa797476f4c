import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files';

const BLOCK = 512;
const NAME = [0, 100] as const;
const MODE = [100, 108] as const;
const SIZE = [124, 136] as const;
const CHECKSUM = [148, 156] as const;
const TYPE = 156;
const PREFIX = [345, 500] as const;
const DIRECTORY = '5'.charCodeAt(0);

const field = (header: Buffer, [from, to]: readonly [number, number]) =>
  header.toString('latin1', from, to).replace(/\0.*$/s, '');

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

/**
 * PGlite's dump of its data directory names every entry from the root (`/base/1/112`) with the
 * modes its virtual file system had (0666 files, 0755 folders): extracted as is, an archive
 * could write outside the folder it is extracted in, and would leave the database readable by
 * every user. This rewrites each header in place: names relative, files 0600, folders 0700,
 * the checksum recomputed. The data blocks are left as they are.
 */
export function privateTarball(tar: Uint8Array): Buffer {
  const out = Buffer.from(tar);
  let at = 0;
  while (at + BLOCK <= out.length) {
    const header = out.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break; // the end-of-archive blocks
    for (const range of [NAME, PREFIX]) {
      const value = field(header, range);
      const relative = value.replace(/^\/+/, '');
      if (relative !== value) {
        header.fill(0, range[0], range[1]);
        header.write(relative, range[0], 'latin1');
      }
    }
    const mode = header[TYPE] === DIRECTORY ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    header.write(octal(mode, MODE[1] - MODE[0]), MODE[0], 'latin1');
    header.fill(0x20, CHECKSUM[0], CHECKSUM[1]);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, CHECKSUM[0], 'latin1');
    const size = parseInt(field(header, SIZE).trim() || '0', 8);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return out;
}

/** The gzipped, rewritten archive (gzip off the event loop: the server keeps answering). */
export async function privateArchive(tar: Blob): Promise<Blob> {
  const rewritten = privateTarball(new Uint8Array(await tar.arrayBuffer()));
  return new Blob([await promisify(gzip)(rewritten)], { type: 'application/gzip' });
}
