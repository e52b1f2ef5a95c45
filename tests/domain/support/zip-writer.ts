/** A minimal ZIP writer (stored or deflated entries) to build 3MF packages in tests. */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  readonly name: string;
  readonly data: Uint8Array | string;
  readonly deflate?: boolean;
}

export function writeZip(entries: readonly ZipInput[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const data = entry.deflate === false ? raw : deflateRawSync(raw);
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.deflate === false ? 0 : 8;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}

/** A 3MF model part: one mesh object per soup, each placed once by the build. */
export function threeMfModel(objects: { soup: Float32Array; name?: string; transform?: string }[], unit = 'millimeter'): string {
  const body = objects.map(({ soup, name }, k) => {
    const vertices: string[] = [];
    const triangles: string[] = [];
    for (let t = 0; t < soup.length / 9; t++) {
      const ids = [0, 1, 2].map((c) => {
        vertices.push(`<vertex x="${soup[t * 9 + c * 3]}" y="${soup[t * 9 + c * 3 + 1]}" z="${soup[t * 9 + c * 3 + 2]}" />`);
        return vertices.length - 1;
      });
      triangles.push(`<triangle v1="${ids[0]}" v2="${ids[1]}" v3="${ids[2]}" />`);
    }
    return `<object id="${k + 1}" name="${name ?? `part ${k + 1}`}" type="model"><mesh><vertices>${vertices.join('')}</vertices><triangles>${triangles.join('')}</triangles></mesh></object>`;
  });
  const items = objects.map(({ transform }, k) => `<item objectid="${k + 1}"${transform ? ` transform="${transform}"` : ''} />`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<model unit="${unit}" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources>${body.join('')}</resources><build>${items.join('')}</build></model>`;
}

export function threeMfPackage(model: string): Uint8Array {
  return writeZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>' },
    { name: '_rels/.rels', data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>' },
    { name: '3D/3dmodel.model', data: model },
  ]);
}
