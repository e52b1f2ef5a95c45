/** The maps panel in the part's details (ADR 178): a map chosen stays while the server's record of the file arrives. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { createMesh } from '#domain/geometry/mesh';
import type { ModelMaps } from '#domain/geometry/model-maps';
import { PartDetails, type PartDetailsProps } from '#features/quote/components/part-details';
import { boxMetrics, storedQuoteFile } from '../../../stories/support/quote-fixtures.ts';

const maps: ModelMaps = {
  wall: null,
  access: {
    setups: ['top'],
    setupOfFacet: Int8Array.from([0, 0, -2, -1]),
    setupRegions: [{ triangles: [0, 1], areaMm2: 1500 }],
    blankAreaMm2: 900,
    undercuts: [{ triangles: [2], areaMm2: 2581, atAngle: false }],
  },
};
// The maps worker, answered at once (jsdom has no workers).
vi.mock('../../../features/quote/geometry/maps-client.ts', () => ({ measureMaps: vi.fn(() => Promise.resolve(maps)) }));

test('the tool-access map chosen before the upload ends stays when the server’s record of the file arrives', async () => {
  const metrics = boxMetrics([40, 20, 10]);
  const mesh = createMesh(new Float32Array(4 * 9));
  const props: PartDetailsProps = { fileName: 't-slot.stl', status: { kind: 'known' }, analysis: { metrics, findings: [], mesh, orderable: true }, serverFile: null, preview: 'none', onUnits: vi.fn(), process: 'cnc' };
  const { rerender } = render(<PartDetails {...props} />);
  await userEvent.setup().click(screen.getByRole('radio', { name: 'Tool access' }));
  await waitFor(() => expect(screen.getByText('Tool-access map on the model: 1 set-up, 1 undercut highlighted.')).toBeInTheDocument());

  // The upload ends: the server's record, with its own measure of the size (the last float digit apart).
  const served = boxMetrics([40 * (1 + 1e-9), 20, 10]);
  rerender(<PartDetails {...props} serverFile={storedQuoteFile({ id: 'file-1', name: 't-slot.stl', sha256: '0', format: 'stl-binary', metrics: served, findings: [] })} />);
  expect(screen.getByRole('radio', { name: 'Tool access' })).toBeChecked();
  expect(screen.getByText('Tool-access map on the model: 1 set-up, 1 undercut highlighted.')).toBeInTheDocument();
  expect(screen.getByRole('list', { name: /Regions of the Tool access map/ })).toHaveTextContent('Undercut 1 of 1: 2,581 mm², no cutter reaches it');
});
