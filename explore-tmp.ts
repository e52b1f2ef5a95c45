import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { analyseOverhangs } from '#domain/geometry/overhangs';
import { MeshRayCaster } from '#domain/geometry/ray-caster';
import { weldBodies } from '#domain/geometry/weld';
import { pairHalfEdges } from '#domain/geometry/topology';
import { cup, upsideDown, uvSphere } from './tests/domain/support/solids';
const mesh = analyseMesh(createMesh(upsideDown(cup(20, 30, 2, 2, 1000, 100))), { declaredUnit: 'mm' }).mesh;
console.log(mesh.triangleCount);
for (let r = 0; r < 3; r++) {
  let t = performance.now();
  const caster = new MeshRayCaster(mesh.positions);
  const bvh = performance.now() - t; t = performance.now();
  const w = weldBodies(mesh.positions, mesh.triangleCount, mesh.bodies);
  pairHalfEdges(w.vertexIds, w.vertexCount, mesh.triangleCount);
  const adj = performance.now() - t; t = performance.now();
  analyseOverhangs(mesh, { caster, maxRays: 1 });
  const classify = performance.now() - t; t = performance.now();
  analyseOverhangs(mesh, { caster, maxRays: 20000 });
  const full = performance.now() - t; t = performance.now();
  let k = 0;
  for (let i = 0; i < 20000; i++) if (caster.castFirst(Math.random()*30-15, Math.random()*30-15, -1, 0, 0, -1)) k++;
  const rays = performance.now() - t;
  console.log({ bvh, adj, classify, full, rays, k });
}
