import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import i18n from '../../i18n';
import { LearningCard } from './LearningCard';
import { ApiError } from '../../lib/api';
import { isNews, refusalOf } from './progress';
import { formatClock } from './ContentPage';
import type { Card } from '../../lib/learning/types';

const base: Card = {
  type: 'course', id: 'c1', title: 'การจัดเรียงสินค้าหน้าร้าน', summary: null, cover: null, category: null,
  points: 20, durationMinutes: 15, progress: { percent: 40, completed: false }, dueAt: '2026-11-01T00:00:00Z',
};

describe('LearningCard', () => {
  it('links to the item with a stable test id, badge, points, duration, progress and an overdue chip', async () => {
    await i18n.changeLanguage('en');
    render(
      <MemoryRouter>
        <LearningCard card={base} now={Date.parse('2026-11-22T00:00:00Z')} />
      </MemoryRouter>,
    );
    const link = screen.getByTestId('card-course-c1');
    expect(link).toHaveAttribute('href', '/learning/course/c1');
    expect(link).toHaveAccessibleName(/Course, การจัดเรียงสินค้าหน้าร้าน, 20 points, 15 min, 40% done, Overdue/);
    expect(screen.getByText('Overdue')).toHaveClass('sf-lcard__due--overdue');
    expect(screen.getByTestId('card-progress')).toHaveAttribute('data-percent', '40');
  });

  it('shows a video lesson in Thai without a due chip once completed', async () => {
    await i18n.changeLanguage('th');
    render(
      <MemoryRouter>
        <LearningCard card={{ ...base, type: 'content', kind: 'video', id: 'v1', progress: { percent: 100, completed: true } }} courseId="k9" />
      </MemoryRouter>,
    );
    const link = screen.getByTestId('card-content-v1');
    expect(link).toHaveAttribute('href', '/learning/content/v1?course=k9');
    expect(screen.getAllByText('วิดีโอ').length).toBeGreaterThan(0);
    expect(screen.queryByText('เลยกำหนด')).toBeNull();
    expect(screen.getByTestId('card-progress')).toHaveAttribute('data-percent', '100');
  });
});

describe('progress reporting', () => {
  it('sends only what the server does not know', () => {
    expect(isNews({ percent: 40, position: 10 }, { percent: 30 })).toBe(false);
    expect(isNews({ percent: 40, position: 10 }, { percent: 41 })).toBe(true);
    expect(isNews({ percent: 40, position: 10 }, { position: 10.5 })).toBe(false);
    expect(isNews({ percent: 40, position: 10 }, { position: 3, percent: 10 })).toBe(true);
    expect(isNews({ percent: 100, position: 0 }, { percent: 100 })).toBe(false);
    const sent = { percent: 40, position: 1, seen: new Set([0, 1]), linkOpened: false };
    expect(isNews(sent, { seen: [1] })).toBe(false);
    expect(isNews(sent, { seen: [1, 2] })).toBe(true);
    expect(isNews(sent, { linkOpened: true })).toBe(true);
    expect(isNews({ ...sent, linkOpened: true }, { linkOpened: true })).toBe(false);
  });
  it('waits on a claim made too early and tells what is missing, never as an error', () => {
    const early = new ApiError(422, 'TOO_EARLY', 'อ่านต่ออีกสักครู่', {}, undefined, {}, { code: 'LESSON_COUNTS_IN', params: { seconds: 12 } });
    expect(refusalOf(early)).toEqual({ wait: 12 });
    expect(refusalOf(new ApiError(422, 'TOO_EARLY', 'x'))).toEqual({ wait: 1 });
    expect(refusalOf(new ApiError(422, 'NOT_ALL_SEEN', 'ดูให้ครบทุกภาพก่อน เหลืออีก 2 ภาพ'))).toEqual({ hint: 'ดูให้ครบทุกภาพก่อน เหลืออีก 2 ภาพ' });
    expect(refusalOf(new ApiError(422, 'LINK_NOT_OPENED', 'เปิดลิงก์ก่อน'))).toEqual({ hint: 'เปิดลิงก์ก่อน' });
    expect(refusalOf(new ApiError(422, 'VALIDATION_FAILED', 'x'))).toBeNull();
    expect(refusalOf(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBeNull();
  });
  it('formats video times', () => {
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(125.7)).toBe('2:05');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
