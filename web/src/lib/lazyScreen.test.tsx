import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyScreen } from './lazyScreen';

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazyScreen', () => {
  it('suspends on a first render before its chunk is in, then draws the screen', async () => {
    const Screen = lazyScreen(() => Promise.resolve(Hello));
    render(<Suspense fallback={<p>loading</p>}><Screen name="Ann" /></Suspense>);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('hello Ann')).toBeInTheDocument();
  });

  it('draws at once, without the fallback, once preloaded', async () => {
    const Screen = lazyScreen(() => Promise.resolve(Hello));
    await act(() => Screen.preload());
    render(<Suspense fallback={<p>loading</p>}><Screen name="Bo" /></Suspense>);
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.getByText('hello Bo')).toBeInTheDocument();
  });

  it('loads the chunk once however often it is asked, and again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const Screen = lazyScreen(() => {
      calls += 1;
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve(Hello);
    });
    await expect(Screen.preload()).rejects.toThrow('offline');
    fail = false;
    await Promise.all([Screen.preload(), Screen.preload()]);
    expect(calls).toBe(2);
  });
});
