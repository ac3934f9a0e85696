import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InputField } from './InputField';

describe('InputField', () => {
  it('is found by its label, passes the typed text on and marks itself invalid only when told', () => {
    const changed = vi.fn();
    const { rerender } = render(
      <InputField id="join-token" label="Token" value="" onChange={changed} autoComplete="off" />,
    );
    const input = screen.getByLabelText('Token');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.change(input, { target: { value: 'abc123' } });
    expect(changed).toHaveBeenCalledWith('abc123');
    rerender(<InputField id="join-token" label="Token" value="abc123" onChange={changed} invalid />);
    expect(screen.getByLabelText('Token').getAttribute('aria-invalid')).toBe('true');
  });
});
