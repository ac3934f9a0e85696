import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SettingInput, SettingSwitch } from './SettingsForm';

describe('settings form rows', () => {
  it('a field passes the typed text on, shows its help, and is described by its problem only while it has one', () => {
    const changed = vi.fn();
    const { rerender } = render(
      <SettingInput id="exam-retry" label="Attempts" help="0 means once" value="" onChange={changed} />,
    );
    const input = screen.getByLabelText('Attempts');
    expect(screen.getByText('0 means once')).toBeTruthy();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    fireEvent.change(input, { target: { value: '-1' } });
    expect(changed).toHaveBeenCalledWith('-1');
    rerender(
      <SettingInput
        id="exam-retry"
        label="Attempts"
        help="0 means once"
        value="-1"
        onChange={changed}
        problem="At least 0"
      />,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'At least 0',
    );
  });

  it('a switch shows its nested settings only while it is on', () => {
    function Toggle() {
      const [on, setOn] = useState(false);
      return (
        <SettingSwitch label="Duration" help="a time limit" checked={on} onChange={setOn}>
          <span>Minutes</span>
        </SettingSwitch>
      );
    }
    render(<Toggle />);
    const box = screen.getByRole('checkbox', { name: /^Duration/ });
    expect(screen.queryByText('Minutes')).toBeNull();
    fireEvent.click(box);
    expect(screen.getByText('Minutes')).toBeTruthy();
    fireEvent.click(box);
    expect(screen.queryByText('Minutes')).toBeNull();
  });
});
