import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FetchError } from 'ofetch';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { OpsClaims } from '#features/ops/components/ops-claims';
import { OpsReviews } from '#features/ops/components/ops-reviews';
import { SECOND_CLAIM, claimList, opsClaim, opsReview, reviewList } from '../../../stories/support/ops-queue-fixtures.ts';
import { renderWithQuery } from '../../support/query-client.tsx';

const api = vi.hoisted(() => ({ listOpsClaims: vi.fn(), decideOpsClaim: vi.fn(), listOpsReviews: vi.fn(), answerOpsReview: vi.fn(), downloadOpsFile: vi.fn() }));
vi.mock('#features/ops/api', () => api);
const said = vi.hoisted(() => ({ announce: vi.fn() }));
vi.mock('#lib/a11y/announce', async (original) => ({ ...(await original<object>()), announce: said.announce }));

const REASON_NEEDED = 'Please give the reason the customer will read.';
const refusedWithoutReason = () =>
  Object.assign(new FetchError('422'), { statusCode: 422, data: { message: REASON_NEEDED, errors: { reason: [REASON_NEEDED] } } });

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the console’s queues (issue 38 items 4 and 5)', () => {
  test('more waiting than the server lists: says it shows the oldest N of M', async () => {
    api.listOpsReviews.mockResolvedValue({ ...reviewList(), total: 230 });
    renderWithQuery(<OpsReviews />);
    expect(await screen.findByText('Showing the oldest 1 of 230.')).toBeInTheDocument();
  });

  test('all of them listed: no such line', async () => {
    api.listOpsClaims.mockResolvedValue(claimList());
    renderWithQuery(<OpsClaims />);
    expect(await screen.findByRole('article', { name: 'Claim AS26000042 · order W26123456' })).toBeInTheDocument();
    expect(screen.queryByText(/Showing the oldest/)).not.toBeInTheDocument();
  });

  test('a refusal without a reason is said once, on its field; once refused, the decision is said once and the queue asked again', { timeout: 90_000 }, async () => {
    api.listOpsClaims.mockResolvedValueOnce(claimList()).mockResolvedValue(claimList([SECOND_CLAIM]));
    api.decideOpsClaim.mockRejectedValueOnce(refusedWithoutReason()).mockResolvedValue(opsClaim());
    renderWithQuery(<OpsClaims />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refuse claim AS26000042' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refuse claim AS26000042' }));
    await user.click(dialog.getByRole('button', { name: 'Refuse' }));
    const reason = dialog.getByRole('textbox', { name: 'Reason the customer will read' });
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(REASON_NEEDED);
    // Once on the screen (the field's message), and no alert saying it again.
    expect(dialog.getAllByText(REASON_NEEDED)).toHaveLength(1);
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(reason, 'The photos show damage from a fall after delivery.');
    await user.click(dialog.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Claim AS26000042 refused.')).toBeInTheDocument();
    expect(api.decideOpsClaim).toHaveBeenLastCalledWith('as-1', { decision: 'refuse', reason: 'The photos show damage from a fall after delivery.' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Claim AS26000042 · order W26123456' })).not.toBeInTheDocument());
    expect(screen.getAllByText('Claim AS26000042 refused.')).toHaveLength(1);
    expect(said.announce.mock.calls.filter(([m]) => m === 'Claim AS26000042 refused.')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a refusal that names no field of the dialog is said in its alert', { timeout: 90_000 }, async () => {
    api.listOpsReviews.mockResolvedValue(reviewList([opsReview()]));
    api.answerOpsReview.mockRejectedValue(Object.assign(new FetchError('409'), { statusCode: 409, data: { message: 'This review was already answered.' } }));
    renderWithQuery(<OpsReviews />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refuse drone-arm-bracket.stl' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refuse drone-arm-bracket.stl' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason the customer will read' }), 'Too thin.');
    await user.click(dialog.getByRole('button', { name: 'Refuse' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This review was already answered.');
    expect(dialog.getByRole('textbox', { name: 'Reason the customer will read' })).not.toHaveAttribute('aria-invalid', 'true');
  });
});
