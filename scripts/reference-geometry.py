#!/usr/bin/env python3
"""Reference answers for the real-file corpus (tests/fixtures/corpus, issue 33, ADR 159).

An independent measure of each file, sharing no code with the engine (domain/geometry): Python 3's
standard library only. It reads STL (binary and text), OBJ and 3MF itself, keeps coordinates as
double precision numbers (binary STL's float32 values exactly, text as written), and measures:

- triangles: the facets (an OBJ or 3MF polygon of n corners counts n - 2);
- box: the bounding box;
- volume and area: the divergence theorem and the Newell normal of each facet (planar polygons
  measured whole, not triangulated), summed with math.fsum;
- edges: after welding corners whose coordinates are equal once rounded to a grid of 1e-6 of the
  part's largest side (trimesh's way of merging vertices, not the engine's), within each body the
  file declares apart (an STL solid, a 3MF build item, OBJ objects that share no vertex index):
  how many edges one facet uses (open), how many more than two use (non-manifold), and the
  connected pieces; watertight when no edge is open or non-manifold. Facets with a repeated
  corner after the weld are left out of the edges (trimesh drops such faces when it loads a mesh).

Lengths are the file's own (3MF converted to millimetres, as the format requires). Files it cannot
read (a compression method Python's zipfile lacks, an extension) are listed with the reason.

    python3 scripts/reference-geometry.py tests/fixtures/corpus > tests/fixtures/corpus/reference.json
"""
import json
import math
import os
import struct
import sys
import xml.etree.ElementTree as ET
import zipfile

GRID = 1e-6


def read_stl(data):
    """Bodies of facets (lists of corner triples)."""
    if len(data) >= 84:
        count = struct.unpack_from('<I', data, 80)[0]
        text_like = data[:5].lower() == b'solid' and b'facet' in data[:1000] and b'vertex' in data[:2000]
        if len(data) == 84 + 50 * count and not (text_like and count == 0):
            facets = []
            for t in range(count):
                v = struct.unpack_from('<12f', data, 84 + 50 * t)
                facets.append([tuple(v[3:6]), tuple(v[6:9]), tuple(v[9:12])])
            return [facets]
    bodies, current, corners = [], None, []
    for raw in data.decode('latin-1').splitlines():
        words = raw.split()
        if not words:
            continue
        key = words[0].lower()
        if key == 'solid':
            current = []
            bodies.append(current)
        elif key == 'vertex':
            corners.append(tuple(float(w) for w in words[1:4]))
        elif key == 'endloop':
            if len(corners) == 3:
                if current is None:
                    current = []
                    bodies.append(current)
                current.append(corners)
            corners = []
    return [b for b in bodies if b]


def read_obj(data):
    lines, pending = [], ''
    for raw in data.decode('utf-8', 'replace').splitlines():
        raw = raw.split('#', 1)[0].rstrip()
        if raw.endswith('\\'):
            pending += raw[:-1] + ' '
            continue
        lines.append(pending + raw)
        pending = ''
    if pending:
        lines.append(pending)
    vertices, faces, objects, named = [], [], [''], False
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == 'v':
            vertices.append(tuple(float(w) for w in words[1:4]))
        elif words[0] == 'o':
            objects.append(' '.join(words[1:]))
            named = True
        elif words[0] == 'g' and not named:
            objects.append(' '.join(words[1:]))
        elif words[0] == 'f':
            index = []
            for w in words[1:]:
                try:
                    i = int(w.split('/')[0])
                except ValueError:
                    index = []
                    break
                index.append(i - 1 if i > 0 else len(vertices) + i)
            if len(index) >= 3 and all(0 <= i < len(vertices) for i in index):
                faces.append((len(objects) - 1, index))
    # Objects that share a vertex index are one body.
    parent = list(range(len(objects)))

    def root(k):
        while parent[k] != k:
            k = parent[k]
        return k

    owner = {}
    for body, index in faces:
        for i in index:
            if i in owner and root(owner[i]) != root(body):
                a, b = root(owner[i]), root(body)
                parent[max(a, b)] = min(a, b)
            owner.setdefault(i, body)
    bodies = {}
    for body, index in faces:
        bodies.setdefault(root(body), []).append([vertices[i] for i in index])
    return list(bodies.values())


UNITS = {'micron': 0.001, 'millimeter': 1.0, 'centimeter': 10.0, 'inch': 25.4, 'foot': 304.8, 'meter': 1000.0}
CORE = '{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}'
PROD = '{http://schemas.microsoft.com/3dmanufacturing/production/2015/06}'


def matrix(text):
    if not text:
        return [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]
    return [float(x) for x in text.split()]


def apply(m, p):
    x, y, z = p
    return (x * m[0] + y * m[3] + z * m[6] + m[9], x * m[1] + y * m[4] + z * m[7] + m[10], x * m[2] + y * m[5] + z * m[8] + m[11])


def compose(inner, outer):
    """inner applied first, then outer (3MF row-vector matrices)."""
    a = [[inner[0], inner[1], inner[2], 0], [inner[3], inner[4], inner[5], 0], [inner[6], inner[7], inner[8], 0], [inner[9], inner[10], inner[11], 1]]
    b = [[outer[0], outer[1], outer[2], 0], [outer[3], outer[4], outer[5], 0], [outer[6], outer[7], outer[8], 0], [outer[9], outer[10], outer[11], 1]]
    c = [[sum(a[r][k] * b[k][col] for k in range(4)) for col in range(4)] for r in range(4)]
    return [c[0][0], c[0][1], c[0][2], c[1][0], c[1][1], c[1][2], c[2][0], c[2][1], c[2][2], c[3][0], c[3][1], c[3][2]]


def determinant(m):
    return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])


def read_3mf(path):
    archive = zipfile.ZipFile(path)
    names = {n.lstrip('/').lower(): n for n in archive.namelist()}
    root_part = '3D/3dmodel.model'
    if '_rels/.rels' in names:
        rels = ET.fromstring(archive.read(names['_rels/.rels']))
        for rel in rels:
            if rel.get('Type', '').endswith('/3dmodel'):
                root_part = rel.get('Target').lstrip('/')
    models, scale = {}, {}

    def load(part):
        key = part.lstrip('/').lower()
        if key in models:
            return models[key]
        tree = ET.fromstring(archive.read(names[key]))
        scale[key] = UNITS[tree.get('unit', 'millimeter')]
        objects = {}
        for obj in tree.iter(CORE + 'object'):
            mesh = obj.find(CORE + 'mesh')
            vertices, triangles, components = [], [], []
            if mesh is not None:
                vertices = [(float(v.get('x')), float(v.get('y')), float(v.get('z'))) for v in mesh.iter(CORE + 'vertex')]
                triangles = [(int(t.get('v1')), int(t.get('v2')), int(t.get('v3'))) for t in mesh.iter(CORE + 'triangle')]
            for comp in obj.iter(CORE + 'component'):
                components.append((comp.get(PROD + 'path') or part, comp.get('objectid'), matrix(comp.get('transform'))))
            objects[obj.get('id')] = (vertices, triangles, components)
        items = [(item.get(PROD + 'path') or part, item.get('objectid'), matrix(item.get('transform'))) for item in tree.iter(CORE + 'item')]
        models[key] = (objects, items)
        return models[key]

    objects, items = load(root_part)
    unit = scale[root_part.lower()]
    bodies = []

    def add(part, object_id, m, facets, depth=0):
        objs, _ = load(part)
        vertices, triangles, components = objs[object_id]
        flip = determinant(m) < 0
        for a, b, c in triangles:
            corners = [apply(m, vertices[a]), apply(m, vertices[b]), apply(m, vertices[c])]
            facets.append(corners[::-1] if flip else corners)
        for sub_part, sub_id, sub_m in components:
            if depth < 16:
                add(sub_part, sub_id, compose(sub_m, m), facets, depth + 1)

    for part, object_id, m in items:
        facets = []
        add(part, object_id, compose(m, [unit, 0, 0, 0, unit, 0, 0, 0, unit, 0, 0, 0]), facets)
        if facets:
            bodies.append(facets)
    return bodies


def measure(bodies):
    corners = [p for body in bodies for facet in body for p in facet]
    if not corners:
        return None
    lo = [min(p[k] for p in corners) for k in range(3)]
    hi = [max(p[k] for p in corners) for k in range(3)]
    size = max(hi[k] - lo[k] for k in range(3)) or 1.0
    grid = GRID * size
    volume_terms, area_terms = [], []
    edges = {}
    vertex_ids = {}
    triangles = 0
    for b, body in enumerate(bodies):
        for facet in body:
            n = len(facet)
            triangles += n - 2
            nx = ny = nz = 0.0
            for i in range(n):
                (x1, y1, z1), (x2, y2, z2) = facet[i], facet[(i + 1) % n]
                nx += (y1 - y2) * (z1 + z2)
                ny += (z1 - z2) * (x1 + x2)
                nz += (x1 - x2) * (y1 + y2)
            area_terms.append(math.sqrt(nx * nx + ny * ny + nz * nz) / 2)
            p0 = facet[0]
            for k in range(1, n - 1):
                (ax, ay, az), (bx, by, bz), (cx, cy, cz) = p0, facet[k], facet[k + 1]
                volume_terms.append((ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6)
            ids = []
            for p in facet:
                key = (b, round(p[0] / grid), round(p[1] / grid), round(p[2] / grid))
                ids.append(vertex_ids.setdefault(key, len(vertex_ids)))
            if len(set(ids)) < n:
                continue  # a facet with a repeated corner has no edges (trimesh drops such faces too)
            for i in range(n):
                a, c = ids[i], ids[(i + 1) % n]
                edges.setdefault((min(a, c), max(a, c)), []).append(len(area_terms) - 1)
    open_edges = sum(1 for users in edges.values() if len(users) == 1)
    non_manifold = sum(1 for users in edges.values() if len(users) > 2)
    parent = list(range(len(vertex_ids)))

    def root(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for a, c in edges:
        ra, rc = root(a), root(c)
        if ra != rc:
            parent[max(ra, rc)] = min(ra, rc)
    pieces = len({root(v) for v in range(len(vertex_ids))})
    return {
        'triangles': triangles,
        'box': [lo, hi],
        'volume': abs(math.fsum(volume_terms)),
        'area': math.fsum(area_terms),
        'openEdges': open_edges,
        'nonManifoldEdges': non_manifold,
        'pieces': pieces,
        'watertight': open_edges == 0 and non_manifold == 0,
    }


def main(root):
    answers = {}
    for folder in sorted(os.listdir(root)):
        directory = os.path.join(root, folder)
        if not os.path.isdir(directory):
            continue
        for name in sorted(os.listdir(directory)):
            path = os.path.join(directory, name)
            key = f'{folder}/{name}'
            try:
                if folder == 'stl':
                    bodies = read_stl(open(path, 'rb').read())
                elif folder == 'obj':
                    bodies = read_obj(open(path, 'rb').read())
                elif folder == '3mf':
                    bodies = read_3mf(path)
                else:
                    continue
            except (NotImplementedError, KeyError, ValueError, zipfile.BadZipFile, RuntimeError) as error:
                answers[key] = {'unread': f'{type(error).__name__}: {error}'}
                continue
            answers[key] = measure(bodies) or {'unread': 'no facets'}
    json.dump(answers, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else 'tests/fixtures/corpus')
