/** A 3MF "ZIP bomb" for the import limits (issue 12 item 4): a small package whose model part inflates enormously. */
import { constants, deflateRawSync } from 'node:zlib';

/**
 * A 3MF package whose 3D/3dmodel.model is `<model>` followed by `mebibytes` MiB of spaces (which
 * deflate about a thousand times), built without ever holding the inflated part: the same 1 MiB of
 * spaces is deflated once as a non-final block and repeated. `declare` is the uncompressed size the
 * archive claims: the truth, or a lie.
 */
export function threeMfBomb(mebibytes: number, declare: 'truth' | number = 'truth'): Uint8Array {
  const head = Buffer.from('<?xml version="1.0"?><model unit="millimeter"><resources>');
  const mib = Buffer.alloc(1024 * 1024, 0x20);
  // A full flush ends each piece on a byte boundary without ending the stream, so pieces concatenate.
  const piece = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const body = piece(mib);
  const parts = [piece(head), ...Array.from({ length: mebibytes }, () => body), deflateRawSync(Buffer.from('</resources></model>'))];
  const data = Buffer.concat(parts);
  const size = declare === 'truth' ? Math.min(head.length + mebibytes * mib.length + 20, 0xffffffff) : declare;
  const name = Buffer.from('3D/3dmodel.model');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
}
