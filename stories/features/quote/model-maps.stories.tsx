import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ProcessSlug } from '#domain/catalogue/types';
import type { Mesh } from '#domain/geometry/mesh';
import { measureModelMaps } from '#domain/geometry/model-maps';
import { ModelMapsPanel, type MapRegionChoice, type MapView } from '#features/quote/components/model-maps';
import { PartViewer } from '#features/quote/components/part-viewer';
import { ringMesh } from '../../support/generated-mesh.ts';

/** The maps measured on the page's thread (the product measures them in a worker). */
const measure = (mesh: Mesh, mmPerUnit: number, process: ProcessSlug) => Promise.resolve(measureModelMaps(mesh, { mmPerUnit, process }));

/** The panel beside the 3D preview it colours, as the part's details put them. */
function MapsWithViewer({ process, tube }: { process: ProcessSlug; tube: number }) {
  const [ring] = useState(() => ringMesh(12, tube));
  const [view, setView] = useState<MapView | null>(null);
  const [region, setRegion] = useState<MapRegionChoice | null>(null);
  return (
    <div className="flex max-w-md flex-col gap-3">
      <PartViewer fileName="ring.stl" mesh={ring.mesh} sizeMm={ring.sizeMm} map={view} highlight={region?.triangles ?? []} highlightLabel={region?.label} highlightKey={region?.key ?? null} />
      <ModelMapsPanel mesh={ring.mesh} scale={1} process={process} measure={measure} onView={setView} onHighlight={setRegion} highlightKey={region?.key ?? null} />
    </div>
  );
}

const meta = {
  title: 'Features/Quote/ModelMaps',
  component: ModelMapsPanel,
  args: { mesh: ringMesh().mesh, scale: 1, process: 'cnc', measure, onView: () => {}, onHighlight: () => {}, highlightKey: null },
} satisfies Meta<typeof ModelMapsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The choice alone, before any map is measured: plain, wall thickness, and for machining tool access. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Nothing' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Tool access' })).toBeInTheDocument();
  },
};

/** A ring with 1.2 mm of tube for machining: every wall under the plastics' 1.5 mm, in the warning colour, its region listed and shown. */
export const WallThickness: Story = {
  render: () => <MapsWithViewer process="cnc" tube={0.6} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Wall thickness' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/Wall-thickness map on the model: the thinnest wall is 1\.\d+ mm/));
    await expect(canvas.getByRole('img', { name: /coloured by Wall thickness/ })).toBeInTheDocument();
    await userEvent.click(within(canvas.getByRole('list', { name: /Regions of the Wall thickness map/ })).getAllByRole('button', { name: 'Show on the model' })[0]!);
    await expect(canvas.getByRole('img', { name: /highlighted in red: Thin wall 1 of/ })).toBeInTheDocument();
  },
};

/** The same ring's tool access: the set-ups that reach it, each in its colour, with its area. */
export const ToolAccess: Story = {
  render: () => <MapsWithViewer process="cnc" tube={4} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Tool access' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/Tool-access map on the model: 2 set-ups, no undercut\./));
    await expect(canvas.getByRole('list', { name: /Regions of the Tool access map/ })).toHaveTextContent(/Set-up 1, from the top/);
  },
};

/** For printing there is no tool-access map, only the walls. */
export const Printing: Story = {
  args: { process: '3d-printing' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('radio', { name: 'Tool access' })).toBeNull();
  },
};
