import { describe, expect, it } from 'vitest';
import { linkAddress } from './LinkForm';
import { render, waitFor } from '@testing-library/react';
import { RichText } from './RichText';
import { readerHtml } from './richText';

describe('linkAddress (the editor’s link form)', () => {
  it('refuses javascript:, data: and other schemes, however written', () => {
    for (const typed of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
    ]) {
      expect(linkAddress(typed)).toBeNull();
    }
    expect(linkAddress('   ')).toBeNull();
  });

  it('takes web, mail and site addresses; a bare host means https', () => {
    expect(linkAddress('https://example.org/a')).toBe('https://example.org/a');
    expect(linkAddress('mailto:a@b.org')).toBe('mailto:a@b.org');
    expect(linkAddress('/courses/1')).toBe('/courses/1');
    expect(linkAddress('example.org/read')).toBe('https://example.org/read');
  });
});

describe('RichText', () => {
  it('renders formulas with KaTeX after sanitizing', async () => {
    const { container } = render(
      <RichText html='<p>E: <span data-type="inline-math" data-latex="E=mc^2">E=mc^2</span></p><script>alert(1)</script>' />,
    );
    await waitFor(() => expect(container.querySelector('[data-type="inline-math"] .katex')).not.toBeNull());
    expect(container.querySelector('script')).toBeNull();
  });

  it('shows plain text as text', () => {
    const { container } = render(<RichText html="a < b" />);
    expect(container.querySelector('p')?.textContent).toBe('a < b');
    expect(readerHtml('a < b')).toBeNull();
  });
});
