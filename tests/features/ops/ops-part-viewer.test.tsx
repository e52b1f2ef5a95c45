import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { OpsPartViewer } from '#features/ops/components/ops-part-viewer';
import { renderWithQuery } from '../../support/query-client.tsx';

const api = vi.hoisted(() => ({ downloadOpsFile: vi.fn() }));
vi.mock('#features/ops/api', () => api);

describe("the console's 3D view in a browser without WebGL (jsdom has none)", () => {
  test('says why, offers no view buttons, and does not fetch the mesh it could not draw', () => {
    renderWithQuery(<OpsPartViewer path="/ops/orders/o1/files/f1/mesh" name="bracket.stl" />);
    expect(screen.getByRole('img', { name: '3D model of bracket.stl' })).toHaveTextContent(
      'This browser cannot show the 3D view (WebGL is turned off or not supported): download the model instead.',
    );
    expect(screen.queryByRole('group', { name: '3D view' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(api.downloadOpsFile).not.toHaveBeenCalled();
  });
});
