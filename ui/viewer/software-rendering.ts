/**
 * What this browser's WebGL is, asked once per page from a throwaway context (about 10 ms),
 * released at once: whether there is any (a browser with WebGL turned off by policy, a privacy
 * setting or an old driver has none: the viewers then say so, and the page goes on without them),
 * and whether it is drawn without a graphics card (ADR 144): a virtual machine, a remote desktop, a
 * blocklisted driver, a headless browser. Such a renderer (SwiftShader, llvmpipe, Microsoft's Basic
 * Render Driver) draws a large part with multisampling in about a second a frame, and holds the
 * page's main thread meanwhile; the viewer then draws without it.
 */

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** Whether a WebGL renderer's name is a software renderer's. */
export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERERS.test(name);
}

interface WebglProbe {
  available: boolean;
  software: boolean;
}

let known: WebglProbe | undefined;

function probe(): WebglProbe {
  if (known) return known;
  known = { available: false, software: false };
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (gl) {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      known = { available: true, software: isSoftwareRenderer(String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER))) };
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // No WebGL here (or the browser refused the context): the viewers draw their fallback.
  }
  return known;
}

/** Whether this browser can draw WebGL at all. */
export function webglAvailable(): boolean {
  return probe().available;
}

/** Whether WebGL is drawn without a graphics card; false when the browser does not say (then the viewer draws as on a graphics card). */
export function softwareRendering(): boolean {
  return probe().software;
}
