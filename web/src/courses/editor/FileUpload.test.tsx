import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import '../../i18n/i18n';
import { Toasts } from '../../notifications/Toasts';
import { signedIn } from '../../test/app';
import { content, one } from '../../test/factories';
import { json, serve } from '../../test/server';
import { FileUpload } from './FileUpload';

describe('uploading a file content', () => {
  beforeEach(() => {
    localStorage.clear();
    signedIn();
  });
  afterEach(cleanup);

  it('tells in a success toast that the file is uploaded, naming it', async () => {
    serve({
      'POST /api/course/contents/upload': () =>
        json(201, one(content({ name: 'Week 1 handout', type: 'file', mime: 'application/pdf' }, '9'))),
    });
    const onUploaded = vi.fn();
    render(
      <Provider store={createStore()}>
        <FileUpload target={{ contentable_type: 'modules', contentable_id: 10 }} onUploaded={onUploaded} />
        <Toasts />
      </Provider>,
    );
    fireEvent.change(screen.getByLabelText('File'), {
      target: { files: [new File(['%PDF-1.4'], 'handout.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status').textContent).toContain('File “Week 1 handout” uploaded.');
  });
});
