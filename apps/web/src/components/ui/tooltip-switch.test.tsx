import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { Switch } from './switch';
import { Tooltip } from './tooltip';

describe('Tooltip', () => {
  it('shows on keyboard focus and hides on Escape', async () => {
    render(
      <Tooltip content="Run the check now">
        <Button>Run</Button>
      </Tooltip>,
    );
    await userEvent.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Run the check now');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

function Toggle() {
  const [on, setOn] = useState(false);
  return (
    <Switch isSelected={on} onChange={setOn}>
      Auto refresh
    </Switch>
  );
}

describe('Switch', () => {
  it('flips with Space and reports its state', async () => {
    render(<Toggle />);
    const toggle = screen.getByRole('switch', { name: 'Auto refresh' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(toggle.checked).toBe(true);
  });
});
