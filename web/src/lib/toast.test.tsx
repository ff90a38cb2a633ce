import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, Toaster } from './toast';

describe('toasts (react-toastify in a lazy chunk)', () => {
  it('mount the container at the first toast, not only at idle, and show a toast asked for before it was up', async () => {
    render(<Toaster />);
    expect(document.querySelector('.Toastify')).toBeNull(); // nothing of react-toastify before idle or a toast
    notify.success('บันทึกแล้ว');
    // The idle fallback would mount it after 2 s: the first toast mounts it at once.
    expect(await screen.findByText('บันทึกแล้ว', {}, { timeout: 1500 })).toBeInTheDocument();
  });
});
