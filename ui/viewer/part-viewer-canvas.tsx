/* eslint-disable react-hooks/immutability -- three.js cameras and controls are mutable objects by design; R3F hands them out to be moved. */
import { useEffect, useMemo, useRef } from 'react';
import { Canvas, useThree } from '@react-three/fiber';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { meshBounds } from './mesh-bounds.ts';
import { softwareRendering } from './software-rendering.ts';

export interface ViewCommand {
  /** Increments with every command: the scene runs each command once, in order. */
  seq: number;
  kind: 'fit' | 'zoom-in' | 'zoom-out' | 'rotate-left' | 'rotate-right' | 'rotate-up' | 'rotate-down';
}

/**
 * What the viewer draws: a triangle soup, nine numbers a triangle (x y z of each corner). The
 * domain's Mesh (domain/geometry/mesh.ts) is one; ui/ knows nothing more of it (ADR 231).
 */
export interface ViewerMesh {
  readonly positions: Float32Array;
  readonly triangleCount: number;
}

export interface PartViewerCanvasProps {
  mesh: ViewerMesh;
  /** Triangles to highlight (a finding's location), indices into the mesh. */
  highlight: readonly number[];
  /**
   * The toolbar's commands since the viewer opened, oldest first. The scene runs those it has not
   * run yet, so a button pressed while three.js was still loading is not lost (a loaded CI run saw
   * "Tilt down" vanish that way).
   */
  commands: readonly ViewCommand[];
  /** Millimetres per model unit (25.4 when the file is in inches). */
  scale: number;
  /** A map on the model (ADR 178): a colour per vertex, three a facet, 0–255; null for the plain part. */
  colours?: Uint8Array | null;
}

/**
 * The WebGL part of a 3D viewer (loaded lazily: three.js stays out of the first page load). The
 * customer's quote (features/quote's PartViewer) and the staff's order page (features/ops'
 * OpsPartViewer) draw parts with it; it was features/quote's until the console needed it (ADR 231).
 */
export default function PartViewerCanvas({ mesh, highlight, commands, scale, colours = null }: PartViewerCanvasProps) {
  // Without a graphics card, multisampling and a high-density canvas cost about a second a frame
  // for a large part, on the page's main thread (ADR 144): the edges are then drawn plain.
  const software = softwareRendering();
  return (
    <Canvas
      frameloop="demand"
      dpr={software ? 1 : [1, 2]}
      gl={{ preserveDrawingBuffer: true, antialias: !software }}
      camera={{ fov: 35, near: 0.1, far: 100_000, position: [1, 1, 1] }}
      aria-hidden
    >
      <color attach="background" args={['#f7f8fa']} />
      <hemisphereLight args={['#ffffff', '#8a93a0', 1.6]} />
      <directionalLight position={[1, 2, 3]} intensity={1.4} />
      <Scene mesh={mesh} highlight={highlight} commands={commands} scale={scale} colours={colours} />
    </Canvas>
  );
}

function Scene({ mesh, highlight, commands, scale, colours = null }: PartViewerCanvasProps) {
  const { camera, gl, invalidate } = useThree();
  const controls = useRef<OrbitControls | null>(null);

  const geometry = useMemo(() => {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(mesh.positions, 3));
    // No normals: the mesh is a triangle soup, so they would be per-face anyway, and flat shading
    // derives those in the shader. That spares the main thread a pass over millions of vertices.
    const { box, sphere } = meshBounds(mesh.positions);
    g.boundingBox = box;
    g.boundingSphere = sphere;
    return g;
  }, [mesh]);

  const highlighted = useMemo(() => {
    if (highlight.length === 0) return null;
    const positions = new Float32Array(highlight.length * 9);
    highlight.forEach((t, i) => positions.set(mesh.positions.subarray(t * 9, t * 9 + 9), i * 9));
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    return g;
  }, [mesh, highlight]);

  const box = useMemo(() => (geometry.boundingBox ? new THREE.Box3Helper(geometry.boundingBox.clone(), '#6b7380') : null), [geometry]);

  const fit = () => {
    const local = geometry.boundingSphere;
    const c = controls.current;
    if (!local || !c) return;
    const sphere = new THREE.Sphere(local.center.clone().multiplyScalar(scale), local.radius * scale);
    const radius = Math.max(sphere.radius, 1e-3);
    const distance = radius / Math.sin(((35 / 2) * Math.PI) / 180);
    c.target.copy(sphere.center);
    camera.position.copy(sphere.center).add(new THREE.Vector3(1, 0.8, 1.2).normalize().multiplyScalar(distance * 1.1));
    camera.near = distance / 100;
    camera.far = distance * 100;
    camera.updateProjectionMatrix();
    camera.lookAt(sphere.center);
    c.update();
    invalidate();
  };

  useEffect(() => () => geometry.dispose(), [geometry]);
  // A map's colours, one per vertex (the mesh is a triangle soup: three vertices a facet).
  const mapped = colours !== null && colours.length === mesh.triangleCount * 9;
  useEffect(() => {
    if (mapped) geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3, true));
    else geometry.deleteAttribute('color');
    invalidate();
  }, [geometry, colours, mapped, invalidate]);
  useEffect(() => () => highlighted?.dispose(), [highlighted]);

  useEffect(() => {
    const c = new OrbitControls(camera, gl.domElement);
    c.enableDamping = false;
    const onChange = () => invalidate();
    c.addEventListener('change', onChange);
    controls.current = c;
    return () => {
      c.removeEventListener('change', onChange);
      c.dispose();
    };
  }, [camera, gl, invalidate]);

  // Fit on a new part, or when its units change.
  useEffect(() => fit(), [geometry, scale]); // eslint-disable-line react-hooks/exhaustive-deps

  // Turn to a chosen finding: aim at its triangles from where the camera is, close enough to see them and their surroundings.
  useEffect(() => {
    const c = controls.current;
    if (!highlighted || !c) return;
    highlighted.computeBoundingSphere();
    const local = highlighted.boundingSphere;
    const whole = geometry.boundingSphere;
    if (!local || !whole) return;
    const centre = local.center.clone().multiplyScalar(scale);
    const radius = Math.max(local.radius * scale * 2.5, whole.radius * scale * 0.35, 1e-3);
    const distance = radius / Math.sin(((35 / 2) * Math.PI) / 180);
    const direction = camera.position.clone().sub(c.target).normalize();
    c.target.copy(centre);
    camera.position.copy(centre).add(direction.multiplyScalar(distance));
    camera.lookAt(centre);
    c.update();
    invalidate();
  }, [highlighted]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Moves the camera as one command says. */
  const run = (c: OrbitControls, kind: ViewCommand['kind']) => {
    const step = Math.PI / 12;
    const offset = camera.position.clone().sub(c.target);
    const spherical = new THREE.Spherical().setFromVector3(offset);
    switch (kind) {
      case 'fit':
        fit();
        return;
      case 'zoom-in':
        spherical.radius *= 0.8;
        break;
      case 'zoom-out':
        spherical.radius *= 1.25;
        break;
      case 'rotate-left':
        spherical.theta -= step;
        break;
      case 'rotate-right':
        spherical.theta += step;
        break;
      case 'rotate-up':
        spherical.phi = Math.max(0.05, spherical.phi - step);
        break;
      case 'rotate-down':
        spherical.phi = Math.min(Math.PI - 0.05, spherical.phi + step);
        break;
    }
    camera.position.copy(c.target).add(new THREE.Vector3().setFromSpherical(spherical));
    camera.lookAt(c.target);
    c.update();
    invalidate();
  };

  // The commands not run yet, in order (on mount, after the fit: those pressed while this loaded).
  const ran = useRef(0);
  useEffect(() => {
    const c = controls.current;
    if (!c) return;
    for (const command of commands) {
      if (command.seq <= ran.current) continue;
      run(c, command.kind);
      ran.current = command.seq;
    }
  }, [commands]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <group scale={scale}>
      <mesh geometry={geometry}>
        {/* A new material when a map comes or goes: vertex colours change the shader. */}
        <meshStandardMaterial key={mapped ? 'map' : 'plain'} color={mapped ? '#ffffff' : '#9fb4d6'} vertexColors={mapped} metalness={0.1} roughness={0.6} side={THREE.DoubleSide} flatShading />
      </mesh>
      {highlighted && (
        <mesh geometry={highlighted} renderOrder={1}>
          <meshBasicMaterial color="#c1272d" side={THREE.DoubleSide} polygonOffset polygonOffsetFactor={-1} />
        </mesh>
      )}
      {box && <primitive object={box} />}
    </group>
  );
}
