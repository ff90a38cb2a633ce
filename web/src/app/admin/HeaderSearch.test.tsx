import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HitLabel } from './HeaderSearch';

describe('admin top bar search hit', () => {
  it('marks the matched words of the title and escapes the rest of it', () => {
    const title = 'บริการลูกค้า <img src=x onerror="alert(1)"> Service';
    const { container } = render(
      <HitLabel
        hit={{ resource: 'courses', id: 'c1', title, titleMarks: [[0, 6], [6, 12], [title.length - 7, title.length]], subtitle: null }}
        kind="Course"
        subtitle="Draft"
      />,
    );
    const titleEl = container.querySelector('.sf-search__title')!;
    expect([...titleEl.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['บริการ', 'ลูกค้า', 'Service']);
    // The user's text stays text: every character once, no element made from it.
    expect(titleEl.textContent).toBe(title);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.sf-search__kind')?.textContent).toBe('Course');
    expect(container.querySelector('.sf-search__subtitle')?.textContent).toBe('Draft');
  });

  it('shows the id, unmarked, when the hit has no title; bad ranges mark nothing', () => {
    const { container, rerender } = render(
      <HitLabel hit={{ resource: 'users', id: 'u-42', title: null, titleMarks: [[0, 2]], subtitle: null }} kind="User" subtitle={null} />,
    );
    expect(container.querySelector('.sf-search__title')?.textContent).toBe('u-42');
    expect(container.querySelector('mark')).toBeNull();
    expect(container.querySelector('.sf-search__subtitle')).toBeNull();
    rerender(<HitLabel hit={{ resource: 'users', id: 'u-42', title: 'Somchai', titleMarks: [[3, 99]], subtitle: null }} kind="User" subtitle={null} />);
    expect(container.querySelector('.sf-search__title')?.textContent).toBe('Somchai');
    expect(container.querySelector('mark')).toBeNull();
  });
});
