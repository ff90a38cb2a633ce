import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareAdminTestEnv } from '../../test/adminEnv';
import { fakeApi, json } from '../../test/fakeApi';
import { CodesCsvDialog, rowErrorText } from './CodesCsvDialog';

beforeAll(prepareAdminTestEnv);
const { calls } = fakeApi((url, _method, body) => {
  if (url === '/api/admin/coupon-batches/b1/codes/import')
    return json({
      added: body.dryRun ? 0 : 2,
      rows: [
        { line: 1, code: 'AB12CD', error: null, errorCode: null },
        { line: 2, code: 'EF34GH', error: null, errorCode: null },
        { line: 3, code: 'AB12CD', error: 'Duplicate in the file.', errorCode: 'DUPLICATE_IN_FILE' },
      ],
    });
  return undefined;
});
/** What the dialog sent, in order (the CSRF token's request left out). */
const bodies = () => calls.filter((c) => c.url !== '/api/auth/csrf').map(({ url, body }) => ({ url, body }));

describe('codes CSV dialog', { timeout: 30_000 }, () => {
  it('localizes a row error by code, else keeps the English', () => {
    expect(rowErrorText({ error: 'Duplicate in the file.', errorCode: 'DUPLICATE_IN_FILE' })).toBe('Appears twice in the list');
    expect(rowErrorText({ error: 'Something new.', errorCode: 'SOMETHING_NEW' })).toBe('Something new.');
  });

  it('dry-runs pasted codes, highlights the rows with a problem, then imports', async () => {
    const applied = vi.fn();
    render(
      <AntApp>
        <CodesCsvDialog kind="import" batchId="b1" open onClose={() => {}} onApplied={applied} />
      </AntApp>,
    );
    fireEvent.change(screen.getByTestId('codes-paste'), { target: { value: '\uFEFFAB12CD\r\nEF34GH\r\nAB12CD\r\n' } });
    fireEvent.click(screen.getByTestId('codes-check'));
    const rows = await screen.findAllByTestId('codes-dry-run-row');
    expect(bodies()[0]).toEqual({ url: '/api/admin/coupon-batches/b1/codes/import', body: { csv: 'AB12CD\nEF34GH\nAB12CD', dryRun: true } });
    expect(rows.map((r) => r.getAttribute('data-error'))).toEqual(['false', 'false', 'true']);
    expect(rows[2]).toHaveClass('sf-import__row--error');
    expect(within(rows[2]!).getByText('Appears twice in the list')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('codes-apply'));
    await waitFor(() => expect(applied).toHaveBeenCalled());
    expect(bodies()[1]!.body).toEqual({ csv: 'AB12CD\nEF34GH\nAB12CD', dryRun: false });
  });
});
