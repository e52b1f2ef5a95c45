/**
 * A closed triangle mesh written as an AP214 STEP file of planar faces (issue 36 item 7): adjacent
 * coplanar triangles are joined into one B-rep face bounded by its outline loops (outer and inner),
 * each edge shared by its two faces, so OpenCascade reads a manifold solid and tessellates its faces
 * itself. Curved surfaces stay faceted (a fillet is a run of narrow planar faces): enough for the
 * machining analysis, which reads floors, walls and corners from the geometry, not for the hole
 * finder, which fits cylinders to a STEP file's faces (ADR 111).
 */

type P3 = readonly [number, number, number];

/** A STEP real: always with a decimal point ("1.", "0.5", "-1.25E-07"). */
function real(v: number): string {
  if (Object.is(v, -0)) v = 0;
  const text = String(v).toUpperCase();
  if (text.includes('E')) {
    const [mantissa, exponent] = text.split('E');
    return `${mantissa!.includes('.') ? mantissa : `${mantissa}.`}E${exponent}`;
  }
  return text.includes('.') ? text : `${text}.`;
}

/** The mesh (nine numbers a facet, outward facing, corners shared exactly) as STEP text in mm. */
export function stepOf(positions: Float32Array, name = 'part'): string {
  const n = positions.length / 9;
  // Weld exactly: the corners of a boolean's output are shared bit for bit.
  const ids = new Map<string, number>();
  const points: P3[] = [];
  const corner = new Int32Array(n * 3);
  for (let c = 0; c < n * 3; c++) {
    const p: P3 = [positions[c * 3]!, positions[c * 3 + 1]!, positions[c * 3 + 2]!];
    const key = p.join(',');
    let id = ids.get(key);
    if (id === undefined) {
      id = points.length;
      ids.set(key, id);
      points.push(p);
    }
    corner[c] = id;
  }
  const normal = (t: number): P3 => {
    const [a, b, c] = [points[corner[t * 3]!]!, points[corner[t * 3 + 1]!]!, points[corner[t * 3 + 2]!]!];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const m: P3 = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
    const l = Math.hypot(...m) || 1;
    return [m[0] / l, m[1] / l, m[2] / l];
  };
  // Edge → the triangles using it (a → b), for joining coplanar neighbours.
  const edgeKey = (a: number, b: number) => `${a},${b}`;
  const byEdge = new Map<string, number>();
  for (let t = 0; t < n; t++) for (let k = 0; k < 3; k++) byEdge.set(edgeKey(corner[t * 3 + k]!, corner[t * 3 + ((k + 1) % 3)]!), t);
  const faceOf = new Int32Array(n).fill(-1);
  const faces: number[][] = [];
  for (let start = 0; start < n; start++) {
    if (faceOf[start]! >= 0) continue;
    const nStart = normal(start);
    const origin = points[corner[start * 3]!]!;
    const offset = nStart[0] * origin[0] + nStart[1] * origin[1] + nStart[2] * origin[2];
    const members = [start];
    faceOf[start] = faces.length;
    for (let q = 0; q < members.length; q++) {
      const t = members[q]!;
      for (let k = 0; k < 3; k++) {
        const u = byEdge.get(edgeKey(corner[t * 3 + ((k + 1) % 3)]!, corner[t * 3 + k]!));
        if (u === undefined || faceOf[u]! >= 0) continue;
        const m = normal(u);
        const p = points[corner[u * 3]!]!;
        if (m[0] * nStart[0] + m[1] * nStart[1] + m[2] * nStart[2] < 1 - 1e-9) continue;
        if (Math.abs(m[0] * p[0] + m[1] * p[1] + m[2] * p[2] - offset) > 1e-5) continue;
        faceOf[u] = faces.length;
        members.push(u);
      }
    }
    faces.push(members);
  }

  const lines: string[] = [];
  let next = 1;
  const add = (entity: string): number => {
    const id = next++;
    lines.push(`#${id}=${entity};`);
    return id;
  };
  const pointIds = new Map<number, number>();
  const cartesian = (p: P3) => add(`CARTESIAN_POINT('',(${p.map(real).join(',')}))`);
  const direction = (d: P3) => add(`DIRECTION('',(${d.map(real).join(',')}))`);
  const vertexIds = new Map<number, number>();
  const vertex = (v: number): number => {
    let id = vertexIds.get(v);
    if (id === undefined) {
      let p = pointIds.get(v);
      if (p === undefined) {
        p = cartesian(points[v]!);
        pointIds.set(v, p);
      }
      id = add(`VERTEX_POINT('',#${p})`);
      vertexIds.set(v, id);
    }
    return id;
  };
  // One edge curve per undirected edge, from its lower vertex id to its higher.
  const curves = new Map<string, number>();
  const curve = (a: number, b: number): { id: number; forward: boolean } => {
    const [lo, hi] = a < b ? [a, b] : [b, a];
    const key = edgeKey(lo, hi);
    let id = curves.get(key);
    if (id === undefined) {
      const p = points[lo]!, q = points[hi]!;
      const d: P3 = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
      const length = Math.hypot(...d);
      const vector = add(`VECTOR('',#${direction([d[0] / length, d[1] / length, d[2] / length])},${real(length)})`);
      const start = vertex(lo), end = vertex(hi);
      const line = add(`LINE('',#${cartesian(p)},#${vector})`);
      id = add(`EDGE_CURVE('',#${start},#${end},#${line},.T.)`);
      curves.set(key, id);
    }
    return { id, forward: a === lo };
  };
  const faceIds: number[] = [];
  for (const members of faces) {
    const inFace = new Set<string>();
    for (const t of members) for (let k = 0; k < 3; k++) inFace.add(edgeKey(corner[t * 3 + k]!, corner[t * 3 + ((k + 1) % 3)]!));
    // Boundary: edges whose reverse is not in the face; chained into loops.
    const outgoing = new Map<number, number[]>();
    for (const key of inFace) {
      const [a, b] = key.split(',').map(Number) as [number, number];
      if (inFace.has(edgeKey(b, a))) continue;
      const list = outgoing.get(a) ?? [];
      list.push(b);
      outgoing.set(a, list);
    }
    const nFace = normal(members[0]!);
    const loops: number[][] = [];
    for (const [startVertex, ends] of outgoing) {
      while (ends.length > 0) {
        const loop = [startVertex];
        let at = ends.pop()!;
        while (at !== startVertex) {
          loop.push(at);
          const list = outgoing.get(at)!;
          at = list.pop()!;
        }
        loops.push(loop);
      }
    }
    // The outer loop encloses the largest area (signed, around the face's normal).
    const area = (loop: number[]) => {
      let s: [number, number, number] = [0, 0, 0];
      for (let i = 0; i < loop.length; i++) {
        const p = points[loop[i]!]!, q = points[loop[(i + 1) % loop.length]!]!;
        s = [s[0] + p[1] * q[2] - p[2] * q[1], s[1] + p[2] * q[0] - p[0] * q[2], s[2] + p[0] * q[1] - p[1] * q[0]];
      }
      return (s[0] * nFace[0] + s[1] * nFace[1] + s[2] * nFace[2]) / 2;
    };
    loops.sort((a, b) => area(b) - area(a));
    const bounds = loops.map((loop, index) => {
      const edges = loop.map((v, i) => {
        const { id, forward } = curve(v, loop[(i + 1) % loop.length]!);
        return add(`ORIENTED_EDGE('',*,*,#${id},${forward ? '.T.' : '.F.'})`);
      });
      const edgeLoop = add(`EDGE_LOOP('',(${edges.map((e) => `#${e}`).join(',')}))`);
      return add(`${index === 0 ? 'FACE_OUTER_BOUND' : 'FACE_BOUND'}('',#${edgeLoop},.T.)`);
    });
    const origin = points[loops[0]![0]!]!;
    // Any direction square to the normal, for the plane's placement.
    const ref: P3 = Math.abs(nFace[0]) < 0.9 ? [0, nFace[2], -nFace[1]] : [-nFace[2], 0, nFace[0]];
    const refLength = Math.hypot(...ref);
    const placement = add(`AXIS2_PLACEMENT_3D('',#${cartesian(origin)},#${direction(nFace)},#${direction([ref[0] / refLength, ref[1] / refLength, ref[2] / refLength])})`);
    const plane = add(`PLANE('',#${placement})`);
    faceIds.push(add(`ADVANCED_FACE('',(${bounds.map((b) => `#${b}`).join(',')}),#${plane},.T.)`));
  }
  const shell = add(`CLOSED_SHELL('',(${faceIds.map((f) => `#${f}`).join(',')}))`);
  const brep = add(`MANIFOLD_SOLID_BREP('${name}',#${shell})`);
  const mm = add('(LENGTH_UNIT()NAMED_UNIT(*)SI_UNIT(.MILLI.,.METRE.))');
  const radian = add('(NAMED_UNIT(*)PLANE_ANGLE_UNIT()SI_UNIT($,.RADIAN.))');
  const steradian = add('(NAMED_UNIT(*)SI_UNIT($,.STERADIAN.)SOLID_ANGLE_UNIT())');
  const uncertainty = add(`UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-07),#${mm},'distance_accuracy_value','confusion accuracy')`);
  const context = add(
    `(GEOMETRIC_REPRESENTATION_CONTEXT(3)GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((#${uncertainty}))GLOBAL_UNIT_ASSIGNED_CONTEXT((#${mm},#${radian},#${steradian}))REPRESENTATION_CONTEXT('Context #1','3D Context with UNIT and UNCERTAINTY'))`,
  );
  const world = add(`AXIS2_PLACEMENT_3D('',#${cartesian([0, 0, 0])},#${direction([0, 0, 1])},#${direction([1, 0, 0])})`);
  const representation = add(`ADVANCED_BREP_SHAPE_REPRESENTATION('${name}',(#${world},#${brep}),#${context})`);
  const application = add("APPLICATION_CONTEXT('automotive design')");
  add(`APPLICATION_PROTOCOL_DEFINITION('international standard','automotive_design',2000,#${application})`);
  const productContext = add(`PRODUCT_CONTEXT('',#${application},'mechanical')`);
  const product = add(`PRODUCT('${name}','${name}','',(#${productContext}))`);
  const formation = add(`PRODUCT_DEFINITION_FORMATION('','',#${product})`);
  const definitionContext = add(`PRODUCT_DEFINITION_CONTEXT('part definition',#${application},'design')`);
  const definition = add(`PRODUCT_DEFINITION('design','',#${formation},#${definitionContext})`);
  const shape = add(`PRODUCT_DEFINITION_SHAPE('','',#${definition})`);
  add(`SHAPE_DEFINITION_REPRESENTATION(#${shape},#${representation})`);
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('CNC test part, planar faces'),'2;1');",
    `FILE_NAME('${name}.stp','2026-11-28T00:00:00',(''),(''),'tests/domain/support/step-writer.ts','','');`,
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    ...lines,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}
