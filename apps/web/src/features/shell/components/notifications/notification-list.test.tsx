import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { NOON, notificationFixture as notification } from '@/testing/notification-fixture';
import { NotificationList } from './notification-list';

function setup(count: number, overrides: Parameters<typeof notification>[1] = {}) {
  const onCta = vi.fn();
  const onMarkAllRead = vi.fn();
  const items = Array.from({ length: count }, (_, index) => notification(index + 1, overrides));
  renderWithProviders(
    <NotificationList notifications={items} now={NOON} onCta={onCta} onMarkAllRead={onMarkAllRead} />,
  );
  return { onCta, onMarkAllRead, user: userEvent.setup() };
}

const titles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent);

describe('NotificationList', () => {
  it('says "No Notifications" when there are none', () => {
    setup(0);
    expect(screen.getByText('No Notifications')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('shows 3 by default, up to 8 with View All, and 3 again with View Less', async () => {
    const { user } = setup(10);
    expect(titles()).toEqual(['Notification 1', 'Notification 2', 'Notification 3']);

    const viewAll = screen.getByRole('button', { name: 'View All' });
    expect(viewAll).toHaveAttribute('aria-expanded', 'false');
    await user.click(viewAll);
    expect(titles()).toHaveLength(8);
    expect(titles().at(-1)).toBe('Notification 8');

    const viewLess = screen.getByRole('button', { name: 'View Less' });
    expect(viewLess).toHaveAttribute('aria-expanded', 'true');
    await user.click(viewLess);
    expect(titles()).toHaveLength(3);
  });

  it('offers no toggle for 3 or fewer', () => {
    setup(3);
    expect(titles()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'View All' })).not.toBeInTheDocument();
  });

  it('shows relative times: minutes, hours, days, weeks, then month and day', async () => {
    const ago = (ms: number) => new Date(NOON - ms).toISOString();
    const minute = 60_000;
    const day = 24 * 60 * minute;
    const items = [
      notification(1, { created: ago(5 * minute) }),
      notification(2, { created: ago(3 * 60 * minute) }),
      notification(3, { created: ago(2 * day) }),
      notification(4, { created: ago(14 * day) }),
      notification(5, { created: ago(40 * day) }),
    ];
    renderWithProviders(
      <NotificationList notifications={items} now={NOON} onCta={() => {}} onMarkAllRead={() => {}} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'View All' }));
    const times = screen.getAllByRole('listitem').map((item) => item.querySelector('time'));
    expect(times.map((time) => time?.textContent)).toEqual(['5m', '3h', '2d', '2w', 'Jan 24']);
    expect(times[0]).toHaveAttribute('dateTime', items[0]?.created);
  });

  it('passes the notification and the CTA clicked, and asks to mark all read', async () => {
    const cta = { title: 'Open application', redirectPath: '/account/heloc/x' };
    const { onCta, onMarkAllRead, user } = setup(1, { ctas: [cta] });
    await user.click(screen.getByRole('button', { name: 'Open application' }));
    expect(onCta).toHaveBeenCalledWith(expect.objectContaining({ title: 'Notification 1' }), cta);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(onMarkAllRead).toHaveBeenCalledTimes(1);
  });
});
