import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ProjectFiles } from '#features/projects/components/project-files';
import { ProjectList } from '#features/projects/components/project-list';
import { FILE_ID, PROJECT_ID, page, partQuote, projectSummary, quoteFile } from '../../../stories/support/order-fixtures.ts';
import { stubApi } from '../orders/fetch-stub.ts';
import { renderAt } from '../orders/render.tsx';

afterEach(() => vi.unstubAllGlobals());

const picture = () => Promise.resolve(new Blob(['png'], { type: 'image/png' }));

describe('projects', () => {
  test('the list: picture, service, files, last change; search in the address; rename with the project rules; delete after a confirmation', { timeout: 60_000 }, async () => {
    let name = 'Drone frame';
    let deleted = false;
    const calls = stubApi([
      ['GET', /project\/list\?.*q=gear/, { body: page([]) }],
      ['GET', /project\/list/, () => ({ body: deleted ? page([]) : page([projectSummary({ name }), projectSummary({ id: 'p2', name: 'Empty box', fileCount: 0, firstFile: null })]) })],
      ['PATCH', /project\//, (_u, init) => ((name = (JSON.parse(String(init?.body)) as { name: string }).name), { body: projectSummary({ name }) })],
      ['DELETE', /project\//, () => ((deleted = true), { body: { deleted: true, files: 3 } })],
    ]);
    const user = userEvent.setup();
    const { current } = renderAt(<ProjectList loadThumbnail={picture} />, '/user/project');
    const list = await screen.findByRole('list', { name: 'Projects' });
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(await within(card).findByRole('img', { name: 'The first part, drone-arm-bracket.stl' })).toBeInTheDocument();
    expect(card).toHaveTextContent('3D printing');
    expect(card).toHaveTextContent('3 files');
    expect(within(card).getByRole('link', { name: 'Open in the quote page: Drone frame' })).toHaveAttribute('href', `/quote/${PROJECT_ID}`);
    expect(within(card).getByRole('link', { name: 'Files of Drone frame' })).toHaveAttribute('href', `/user/project/fileList/${PROJECT_ID}`);
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('No files');

    await user.type(screen.getByRole('searchbox', { name: 'Project name' }), 'gear{Enter}');
    expect(await screen.findByRole('heading', { name: 'No project is named like “gear”' })).toBeInTheDocument();
    expect(current()).toBe('/user/project?q=gear');
    await user.click(screen.getByRole('button', { name: 'Show all projects' }));

    await user.click(await screen.findByRole('button', { name: 'Rename Drone frame' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename the project' });
    const field = within(dialog).getByRole('textbox', { name: 'Project name' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription('Project name is required');
    await user.type(field, 'Drone frame v2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The project is now called Drone frame v2.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Drone frame v2' });

    await user.click(await screen.findByRole('button', { name: 'Delete Drone frame v2' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Drone frame v2?' });
    expect(confirm).toHaveTextContent('The project and its 3 files are deleted');
    await user.click(within(confirm).getByRole('button', { name: 'Delete the project' }));
    expect(await screen.findByText('Drone frame v2 is deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
  });

  test('the files of a project: measurements, configuration and the server’s price, each opened in the quote page', { timeout: 90_000 }, async () => {
    stubApi([
      ['GET', new RegExp(`project/${PROJECT_ID}$`), { body: projectSummary() }],
      [
        'GET',
        /\/files$/,
        {
          body: {
            list: [
              quoteFile(),
              quoteFile({ id: 'f2', name: 'old-lid.stl', status: 'removed', orderable: false, configuration: null }),
              // A file confirmed in inches: its sizes are still shown in the millimetres they are kept in.
              quoteFile({ id: 'f3', name: 'inch-cube.stl', summary: { ...quoteFile().summary!, sizeMm: [254, 254, 254], unit: 'inch', unitSource: 'user' } }),
            ],
            total: 3,
          },
        },
      ],
      ['GET', /\/quote$/, { body: partQuote() }],
    ]);
    renderAt(<ProjectFiles projectId={PROJECT_ID} />, `/user/project/fileList/${PROJECT_ID}`);
    const files = await screen.findByRole('list', { name: 'Files' });
    const bracket = within(files).getAllByRole('listitem')[0]!;
    expect(bracket).toHaveTextContent('120 × 40 × 18.5 mm');
    expect(bracket).toHaveTextContent('Volume 21.3 cm³');
    expect(bracket).toHaveTextContent('Nylon PA12 (MJF), Black');
    expect(bracket).toHaveTextContent('4 parts');
    expect(bracket).toHaveTextContent('$100.00 $25.00 each');
    expect(within(bracket).getByRole('link', { name: 'Open in the quote page: drone-arm-bracket.stl' })).toHaveAttribute('href', `/quote/${PROJECT_ID}?file=${FILE_ID}`);
    const removed = within(files).getAllByRole('listitem')[1]!;
    expect(removed).toHaveTextContent('Removed after 3 months');
    expect(within(removed).queryByRole('link')).not.toBeInTheDocument();
    expect(within(files).getAllByRole('listitem')[2]!).toHaveTextContent('254 × 254 × 254 mm');
  });

  test('a part the quote page priced shows that price here too, with what is still needed to order it (its colour)', { timeout: 90_000 }, async () => {
    const noColour = partQuote();
    const priced = {
      ...noColour,
      configuration: { ...noColour.configuration, colourId: null },
      result: { ...noColour.result, orderable: false, validation: { valid: false, errors: { colour: ['Please choose a colour'] }, warnings: {} } },
    };
    stubApi([
      ['GET', new RegExp(`project/${PROJECT_ID}$`), { body: projectSummary() }],
      ['GET', /\/files$/, { body: { list: [quoteFile({ configuration: priced.configuration })], total: 1 } }],
      ['GET', /\/quote$/, { body: priced }],
    ]);
    renderAt(<ProjectFiles projectId={PROJECT_ID} />, `/user/project/fileList/${PROJECT_ID}`);
    const files = await screen.findByRole('list', { name: 'Files' });
    const bracket = within(files).getAllByRole('listitem')[0]!;
    expect(bracket).toHaveTextContent('$100.00 $25.00 each');
    expect(bracket).toHaveTextContent('Before it can be ordered: Please choose a colour.');
    expect(bracket).not.toHaveTextContent('No price with these options');
    expect(screen.getByText('Priced parts together:')).toHaveTextContent('$100.00');
  });

  test('a project that is not the customer’s: "Project not found." and the way back', { timeout: 90_000 }, async () => {
    stubApi([['GET', /project\//, { status: 404, body: { message: 'Project not found.' } }]]);
    renderAt(<ProjectFiles projectId={PROJECT_ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Project not found.');
    expect(screen.getByRole('link', { name: 'All projects' })).toHaveAttribute('href', '/user/project');
  });
});
