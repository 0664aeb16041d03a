import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { AppProviders } from '../src/providers';
import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_LIMIT, NOTIFICATION_SWIPE_THRESHOLD_PX } from '../src/notification-area';

/** A pointer swipe across the notification area from x=100 by `dx` pixels (and `dy` down). */
function swipe(dx: number, dy = 0) {
  const area = screen.getByRole('region', { name: 'Notifications (F8)' });
  const target = screen.getByText('First').closest('div')!;
  fireEvent.pointerDown(target, { clientX: 100, clientY: 100 });
  fireEvent.pointerUp(target, { clientX: 100 + dx, clientY: 100 + dy });
  return area;
}

// jsdom has no PointerEvent, and a plain Event would drop the coordinates.
if (typeof window.PointerEvent === 'undefined') {
  Object.defineProperty(window, 'PointerEvent', { value: class PointerEvent extends MouseEvent {} });
}

describe('the notification area (docs/product.md#limits)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    render(<AppProviders>page</AppProviders>);
  });
  afterEach(() => {
    act(() => notifications.clean());
    jest.useRealTimers();
  });

  // The first toast fetches the notifications' code (a chunk of its own): let it arrive and render.
  const show = async (message: string) => {
    act(() => void notifications.show({ title: message, message: `${message} body` }));
    await act(() => import('../src/notifications-stack'));
  };
  const settle = () => act(() => jest.advanceTimersByTime(400));

  it('renders no notification stack (nor fetches its code) until the first toast', async () => {
    expect(screen.getByTestId('notification-area')).toBeEmptyDOMElement();
    await show('First');
    expect(screen.getByTestId('notification-area')).not.toBeEmptyDOMElement();
  });

  it('shows one notification at a time; the next waits its turn', async () => {
    expect(NOTIFICATION_LIMIT).toBe(1);
    await show('First');
    await show('Second');
    settle();
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('closes a notification after 5000 ms', async () => {
    expect(NOTIFICATION_AUTO_CLOSE_MS).toBe(5000);
    await show('First');
    settle();
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1600));
    settle();
    expect(screen.queryByText('First')).toBeNull();
  });

  it('dismisses on a swipe to the right past 50 px, not on a shorter, leftward or vertical one', async () => {
    expect(NOTIFICATION_SWIPE_THRESHOLD_PX).toBe(50);
    await show('First');
    settle();
    swipe(50);
    swipe(-120);
    swipe(60, 200);
    settle();
    expect(screen.getByText('First')).toBeInTheDocument();
    swipe(51);
    settle();
    expect(screen.queryByText('First')).toBeNull();
  });

  it('moves focus to the notification area on F8', async () => {
    await show('First');
    settle();
    fireEvent.keyDown(document.body, { key: 'F8' });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toContainElement(screen.getByText('First'));
  });
});
