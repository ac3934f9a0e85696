import { mentionedUsernames } from './mentions';

describe('mentionedUsernames', () => {
  it('finds each @username once, lower-cased, in order', () => {
    expect(mentionedUsernames('<p>@Student2 and @lecturer, thanks @student2!</p>')).toEqual([
      'student2',
      'lecturer',
    ]);
  });

  it('ignores e-mail addresses and an @ inside a word', () => {
    expect(mentionedUsernames('<p>write to ana@example.org or x@y</p>')).toEqual([]);
  });

  it('reads mentions across formatting, ends them at punctuation', () => {
    expect(mentionedUsernames('<p><strong>@ana.b</strong>. Also <em>@c_d-</em></p>')).toEqual([
      'ana.b',
      'c_d',
    ]);
  });

  it('reads no mention from markup the sanitizer removes', () => {
    expect(mentionedUsernames('<p>hi</p><script>@evil</script><a href="https://x/@y">link</a>')).toEqual([]);
  });
});
