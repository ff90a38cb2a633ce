import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider, type Session } from '../lib/session';
import { UserLayout } from './UserLayout';

const preloadTab = vi.hoisted(() => vi.fn());
vi.mock('./tabScreens', () => ({ preloadTab }));
vi.mock('../user/profile/ConsentNotice', () => ({ ConsentNotice: () => null }));

const session = { user: { id: 'u1', name: 'Staff', role: 'staff' }, expires: '2099-01-01T00:00:00Z' } as unknown as Session;

describe('UserLayout', () => {
  it('loads a tab’s screen when a finger lands on the tab, before the tap ends', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/main']}>
          <SessionProvider session={session}>
            <UserLayout />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const item = (key: string) => document.querySelector(`[data-tab="${key}"]`)!.closest('.adm-tab-bar-item')!;
    // On the item's padding or icon as much as on its label.
    fireEvent.pointerDown(item('club'));
    expect(preloadTab).toHaveBeenLastCalledWith('club');
    fireEvent.pointerDown(item('profile').querySelector('.adm-tab-bar-item-icon')!);
    expect(preloadTab).toHaveBeenLastCalledWith('profile');
    fireEvent.pointerDown(screen.getByRole('navigation'));
    expect(preloadTab).toHaveBeenCalledTimes(2);
  });
});
