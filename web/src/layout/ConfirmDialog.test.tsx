import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { ConfirmButton, ConfirmDialog } from './ConfirmDialog';

const question = 'Remove Ayu Lestari from “Algorithms”?';
const details = 'They leave the class A and no longer see the course.';

function removeButton(onConfirm = vi.fn()) {
  render(
    <main>
      <button type="button">Elsewhere</button>
      <ConfirmButton
        label="Remove Ayu Lestari from the course"
        question={question}
        details={details}
        action="Remove student"
        onConfirm={onConfirm}
      >
        Remove
      </ConfirmButton>
    </main>,
  );
  return onConfirm;
}

describe('the confirmation dialog', () => {
  afterEach(cleanup);

  it('asks a question that names the action and its object, and labels its button by the action', () => {
    removeButton();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ayu Lestari from the course' }));
    const dialog = screen.getByRole('alertdialog', { name: question });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(details);
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Remove student']);
    expect(buttons[1].className).toContain('button-danger');
    // focus starts on the button that changes nothing
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('runs the action only when the action is chosen', () => {
    const onConfirm = removeButton();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ayu Lestari from the course' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Ayu Lestari from the course' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove student' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels with Escape or a click beside it, and gives the focus back to the button that opened it', () => {
    const onConfirm = removeButton();
    const opener = screen.getByRole('button', { name: 'Remove Ayu Lestari from the course' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    const backdrop = screen.getByRole('alertdialog').parentElement!;
    fireEvent.mouseDown(screen.getByRole('alertdialog'));
    expect(screen.queryByRole('alertdialog')).not.toBeNull();
    fireEvent.mouseDown(backdrop);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps Tab and Shift+Tab inside and leaves the rest of the page inert while open', () => {
    removeButton();
    const page = screen.getByRole('main').parentElement!;
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ayu Lestari from the course' }));
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const remove = screen.getByRole('button', { name: 'Remove student' });
    expect(page.hasAttribute('inert')).toBe(true);
    expect(screen.getByRole('alertdialog').closest('[inert]')).toBeNull();

    remove.focus();
    fireEvent.keyDown(remove, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(remove);

    fireEvent.click(cancel);
    expect(page.hasAttribute('inert')).toBe(false);
  });

  it('words a non-destructive action as such and names its other button when asked', () => {
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        question="You have unsaved changes. Leave this page and lose them?"
        action="Leave without saving"
        cancel="Stay on this page"
        tone="primary"
        onConfirm={vi.fn()}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByRole('button', { name: 'Leave without saving' }).className).toContain(
      'button-primary',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
