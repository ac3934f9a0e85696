import { describe, expect, it } from 'vitest';
import { downloadPath, formatSize, isConference, videoSource } from './media';

describe('videoSource', () => {
  it('embeds YouTube addresses of every shape, privacy-enhanced', () => {
    const embed = { kind: 'youtube', src: 'https://www.youtube-nocookie.com/embed/6hfOvs8pY1k' };
    expect(videoSource('https://www.youtube.com/watch?v=6hfOvs8pY1k')).toEqual(embed);
    expect(videoSource('https://youtu.be/6hfOvs8pY1k')).toEqual(embed);
    expect(videoSource('https://m.youtube.com/shorts/6hfOvs8pY1k')).toEqual(embed);
    expect(videoSource('https://www.youtube.com/embed/6hfOvs8pY1k')).toEqual(embed);
    expect(videoSource('https://youtu.be/6hfOvs8pY1k?t=42')?.src).toBe(
      'https://www.youtube-nocookie.com/embed/6hfOvs8pY1k?start=42',
    );
  });

  it('plays video files directly and links anything else', () => {
    expect(videoSource('https://cdn.example.org/lecture.mp4')).toEqual({
      kind: 'file',
      src: 'https://cdn.example.org/lecture.mp4',
    });
    expect(videoSource('https://vimeo.com/1234')).toEqual({ kind: 'link', src: 'https://vimeo.com/1234' });
    expect(videoSource('https://www.youtube.com/watch?v=<script>')?.kind).toBe('link');
  });

  it('refuses other schemes and junk', () => {
    expect(videoSource('javascript:alert(1)')).toBeNull();
    expect(videoSource('not a url')).toBeNull();
    expect(videoSource(null)).toBeNull();
  });
});

describe('content helpers', () => {
  it('knows the conference types', () => {
    expect(
      ['zoom', 'google-meet', 'ms-teams', 'cloudx', 'webex'].every((type) => isConference(type as never)),
    ).toBe(true);
    expect(isConference('link')).toBe(false);
  });

  it('builds the download path and formats sizes', () => {
    expect(downloadPath('12')).toBe('/api/course/contents/12/download');
    expect(downloadPath('12', 'public')).toBe('/api/public/contents/12/download');
    expect(formatSize(184_320)).toBe('180 KB');
    expect(formatSize(1_572_864)).toBe('1.5 MB');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(null)).toBeNull();
  });
});
