import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { ProjectFilesPage } from '#routes/pages/project-files-page';
import { ProjectsPage } from '#routes/pages/projects-page';
import { storyCustomer } from '../../features/account/fixtures.ts';
import { PROJECT_ID, page, partQuote, projectSummary, quoteFile } from '../../support/order-fixtures.ts';
import { routeDecorator, routeOf } from '../../support/route-frame.tsx';

const user = storyCustomer();

/** The customer's projects, and one project's files. */
const meta = {
  title: 'Pages/Projects',
  component: ProjectsPage,
  args: { route: routeOf('projects') },
  parameters: {
    layout: 'fullscreen',
    route: { page: 'projects', path: '/user/project', user },
    msw: {
      handlers: [
        http.get('*/msapi/*/project/list', () => HttpResponse.json(page([projectSummary()]))),
        http.get('*/msapi/*/project/:id/thumbnail', () => HttpResponse.json({ message: 'This project has no picture.' }, { status: 404 })),
      ],
    },
  },
  decorators: [routeDecorator],
} satisfies Meta<typeof ProjectsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Projects: Story = {
  play: async ({ canvasElement }) => {
    await expect((await within(canvasElement).findAllByText('Drone frame'))[0]).toBeInTheDocument();
  },
};

/** /user/project/fileList/{id}: the project's parts with their saved quotes. */
export const ProjectFiles: Story = {
  render: () => <ProjectFilesPage route={routeOf('project-files')} />,
  parameters: {
    route: { page: 'project-files', path: `/user/project/fileList/${PROJECT_ID}`, user },
    msw: {
      handlers: [
        http.get('*/msapi/*/project/:id/files/:fileId/quote', () => HttpResponse.json(partQuote())),
        http.get('*/msapi/*/project/:id/files', () => HttpResponse.json({ list: [quoteFile()], total: 1 })),
        http.get('*/msapi/*/project/:id', () => HttpResponse.json(projectSummary({ fileCount: 1 }))),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect((await within(canvasElement).findAllByText('drone-arm-bracket.stl'))[0]).toBeInTheDocument();
  },
};
