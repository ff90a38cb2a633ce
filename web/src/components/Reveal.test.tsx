import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loaded, useReveal } from './Reveal';

/** A part whose list starts fetching in the same commit that reports the part loaded (as the profile's achievements do). */
function Part({ list, onLoaded }: { list: Promise<string[]>; onLoaded: (part: string) => void }) {
  const { data } = useQuery({ queryKey: ['part-list'], queryFn: () => list });
  return (
    <>
      <ul>{data?.map((item) => <li key={item}>{item}</li>)}</ul>
      <Loaded part="part" onLoad={onLoaded} />
    </>
  );
}

function Page({ list }: { list: Promise<string[]> }) {
  const { shown, onLoaded } = useReveal(true, ['part']);
  return (
    <div data-testid="parts" data-shown={shown}>
      <Part list={list} onLoaded={onLoaded} />
    </div>
  );
}

describe('useReveal', () => {
  it('waits for a list that starts fetching as its part reports loaded', async () => {
    let resolve!: (items: string[]) => void;
    const list = new Promise<string[]>((r) => (resolve = r));
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Page list={list} />
      </QueryClientProvider>,
    );
    // Let every effect and the cache's batched notifications run: the part is loaded, its list is not.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByTestId('parts').dataset.shown).toBe('false');
    await act(async () => {
      resolve(['a', 'b']);
      await list;
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByTestId('parts').dataset.shown).toBe('true');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
