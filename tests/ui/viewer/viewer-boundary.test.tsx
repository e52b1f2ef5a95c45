import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';

// The probe asks the browser once per page, so each test imports the modules afresh.
afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

/** A browser whose canvases give a WebGL context (jsdom has none). */
function withWebgl() {
  const gl = { getExtension: () => null, getParameter: () => 'ANGLE (NVIDIA GeForce RTX 3060)', RENDERER: 0x1f01 };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((kind: string) => (/webgl/.test(kind) ? gl : null)) as unknown as HTMLCanvasElement['getContext']);
}

function Throws(): never {
  // As three.js does when the browser refuses the canvas's context.
  throw new Error('THREE.WebGLRenderer: Error creating WebGL context.');
}

test('a browser without WebGL gets the word for it, and the view is not tried', async () => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const { ViewerBoundary } = await import('#ui/viewer/viewer-boundary');
  const view = vi.fn(() => <p>the view</p>);
  function View() {
    return view();
  }
  render(
    <ViewerBoundary unavailable={<p>No WebGL here</p>} failed={<p>It failed</p>}>
      <View />
    </ViewerBoundary>,
  );
  expect(screen.getByText('No WebGL here')).toBeInTheDocument();
  expect(view).not.toHaveBeenCalled();
});

test('a view that throws is replaced by the failure\'s word; the page around it stays', async () => {
  withWebgl();
  vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
  const { ViewerBoundary } = await import('#ui/viewer/viewer-boundary');
  render(
    <main>
      <p>Total $12.00</p>
      <ViewerBoundary unavailable={<p>No WebGL here</p>} failed={<p>It failed</p>}>
        <Throws />
      </ViewerBoundary>
    </main>,
  );
  expect(screen.getByText('It failed')).toBeInTheDocument();
  expect(screen.getByText('Total $12.00')).toBeInTheDocument();
});

test('with WebGL, the view is drawn; the probe tells a graphics card from a software renderer', async () => {
  withWebgl();
  const { ViewerBoundary } = await import('#ui/viewer/viewer-boundary');
  const { softwareRendering, webglAvailable } = await import('#ui/viewer/software-rendering');
  render(
    <ViewerBoundary unavailable={<p>No WebGL here</p>} failed={<p>It failed</p>}>
      <p>the view</p>
    </ViewerBoundary>,
  );
  expect(screen.getByText('the view')).toBeInTheDocument();
  expect(webglAvailable()).toBe(true);
  expect(softwareRendering()).toBe(false);
});
