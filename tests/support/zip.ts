import { crc32, deflateRawSync } from "node:zlib";

/*
 * Writes ZIP archives for tests, including ones that lie: a declared size
 * smaller than the real one, a password flag, ZIP64 markers. The shop only
 * reads ZIPs; this writer is never part of it.
 */

export type ZipFile = {
  path: string;
  data: Buffer;
  /** Deflate (the usual) or store. */
  store?: boolean;
  /** Overrides, to make an archive lie about an entry. */
  declaredSize?: number;
  flags?: number;
  method?: number;
  crc?: number;
};

export function makeZip(files: ZipFile[], options: { entryCount?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const packed = file.store ? file.data : deflateRawSync(file.data);
    const method = file.method ?? (file.store ? 0 : 8);
    const name = Buffer.from(file.path, "utf8");
    const crc = file.crc ?? crc32(file.data) >>> 0;
    const size = file.declaredSize ?? file.data.length;
    const flags = (file.flags ?? 0) | 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(options.entryCount ?? files.length, 8);
  end.writeUInt16LE(options.entryCount ?? files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
