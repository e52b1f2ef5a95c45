/**
 * Whether this browser draws WebGL without a graphics card (ADR 144): a virtual machine, a remote
 * desktop, a blocklisted driver, a headless browser. Such a renderer (SwiftShader, llvmpipe,
 * Microsoft's Basic Render Driver) draws a large part with multisampling in about a second a
 * frame, and holds the page's main thread meanwhile; the viewer then draws without it.
 */

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** Whether a WebGL renderer's name is a software renderer's. */
export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERERS.test(name);
}

let known: boolean | undefined;

/**
 * Asks once per page, from a throwaway context (about 10 ms), released at once. False when the
 * browser does not say (then the viewer draws as on a graphics card).
 */
export function softwareRendering(): boolean {
  if (known !== undefined) return known;
  known = false;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (gl) {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      known = isSoftwareRenderer(String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)));
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // No WebGL here: the viewer says so itself.
  }
  return known;
}
