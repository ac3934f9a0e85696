import { browserHost, normalizeHost } from './host';

describe('campus hosts', () => {
  it.each([
    ['Campus.Example.ac.id:8080', 'campus.example.ac.id'],
    [' localhost ', 'localhost'],
    ['campus.example.ac.id.', 'campus.example.ac.id'],
    ['[::1]:8080', '[::1]'],
  ])('normalizes %p to %p', (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });

  it('prefers the host the gateway forwarded, first entry of a list', () => {
    expect(browserHost({ host: '10.0.0.5:3001', 'x-forwarded-host': 'A.example.edu, proxy.local' })).toBe(
      'a.example.edu',
    );
    expect(browserHost({ host: 'B.example.edu:8080' })).toBe('b.example.edu');
    expect(browserHost({})).toBe('');
  });
});
