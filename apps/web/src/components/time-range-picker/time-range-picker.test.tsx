import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { TimeRangePicker, useTimeRangeParams } from './time-range-picker';

function UrlPicker({ future = false }: { future?: boolean }) {
  const [range, setRange] = useTimeRangeParams();
  return <TimeRangePicker value={range} onChange={setRange} showFuture={future} />;
}

const open = () => userEvent.click(screen.getByRole('button', { name: /Time range|Last|Yesterday|to/ }));

describe('TimeRangePicker', () => {
  it('applies a past preset to the URL and closes', async () => {
    const { router } = renderAt(<UrlPicker />, '/health?checkId=7');
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Last 15 minutes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('rangeType')).toBe('relative');
    expect(params.get('range')).toBe('now-15m');
    expect(params.get('display')).toBe('Last 15 minutes');
    expect(params.get('checkId')).toBe('7');
    expect(screen.getByRole('button', { name: 'Last 15 minutes' })).toBeTruthy();
  });

  it('offers future presets starting with Indefinitely, and the 14 quick ranges', async () => {
    const { router } = renderAt(<UrlPicker future />, '/');
    await open();
    const future = screen.getByRole('region', { name: 'Future' });
    expect(future.querySelector('button')?.textContent).toBe('Indefinitely');
    expect(screen.getByRole('region', { name: 'Quick ranges' }).querySelectorAll('button')).toHaveLength(14);
    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(router.state.location.search).toBe('?rangeType=mapped&display=Yesterday');
  });

  it('focuses the first preset on open; Escape closes and gives focus back to the button', async () => {
    renderAt(<UrlPicker />, '/');
    const trigger = screen.getByRole('button', { name: 'Time range' });
    await open();
    expect(document.activeElement?.textContent).toBe('Last 5 minutes');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('Clear removes every time-range parameter', async () => {
    const { router } = renderAt(
      <UrlPicker />,
      '/x?rangeType=relative&range=now-1h&display=Last+1+hour&timeRange=1h&q=a',
    );
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('?q=a');
  });

  it('fills from and to with a range picked on the calendar, focusing "to"; submits only when both are filled', async () => {
    const { router } = renderAt(<UrlPicker />, '/');
    await open();
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    const today = new Date();
    const month = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
    const dayName = (day: number) =>
      new RegExp(
        new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(
          new Date(today.getFullYear(), today.getMonth(), day),
        ),
      );
    await userEvent.click(screen.getByRole('button', { name: dayName(1) }));
    await userEvent.click(screen.getByRole('button', { name: dayName(2) }));
    expect((screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement).value).toBe(`${month}-01 00:00`);
    const to = screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement;
    expect(to.value).toBe(`${month}-02 23:59`);
    expect(document.activeElement).toBe(to);
    await userEvent.clear(to);
    expect(submit.hasAttribute('disabled')).toBe(true);
    await userEvent.type(to, `${month}-01 12:00`);
    expect(submit.hasAttribute('disabled')).toBe(false);
    await userEvent.click(submit);
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('rangeType')).toBe('absolute');
    expect(params.get('from')).toBe(`${month}-01 00:00`);
    expect(params.get('to')).toBe(`${month}-01 12:00`);
    expect(JSON.parse(localStorage.getItem('recentlyUsedTimeRanges') ?? '[]')).toEqual([
      { from: `${month}-01 00:00`, to: `${month}-01 12:00` },
    ]);
  });

  it('lists recently used ranges and reapplies one', async () => {
    localStorage.setItem(
      'recentlyUsedTimeRanges',
      JSON.stringify([{ from: '2025-01-01 00:00', to: '2025-01-02 00:00' }]),
    );
    const { router } = renderAt(<UrlPicker />, '/');
    await open();
    await userEvent.click(await screen.findByRole('button', { name: '2025-01-01 00:00 to 2025-01-02 00:00' }));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2025-01-01 00:00');
  });
});
