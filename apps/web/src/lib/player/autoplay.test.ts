import { describe, expect, it, vi } from 'vitest';
import { autoplayVideo, withAutoplay } from './autoplay.ts';

describe('withAutoplay', () => {
  it('adds autoplay=1 to the embed players that read it, keeping their other parameters', () => {
    expect(withAutoplay('https://www.youtube-nocookie.com/embed/abc')).toBe(
      'https://www.youtube-nocookie.com/embed/abc?autoplay=1',
    );
    expect(withAutoplay('https://www.youtube.com/embed/abc?start=30')).toBe(
      'https://www.youtube.com/embed/abc?start=30&autoplay=1',
    );
    expect(withAutoplay('https://player.vimeo.com/video/1?autoplay=1')).toBe(
      'https://player.vimeo.com/video/1?autoplay=1',
    );
  });

  it('leaves other hosts and unreadable addresses alone', () => {
    expect(withAutoplay('https://embed.example/movie/603')).toBe('https://embed.example/movie/603');
    expect(withAutoplay('not a url')).toBe('not a url');
  });
});

/** A video element whose play() answers as a browser's autoplay policy would. */
function fakeVideo(policy: 'allowed' | 'muted-only', readyState = 1) {
  const video = document.createElement('video');
  Object.defineProperty(video, 'readyState', { value: readyState, configurable: true });
  const play = vi.fn(() =>
    policy === 'allowed' || video.muted
      ? Promise.resolve()
      : Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError')),
  );
  video.play = play;
  return { video, play };
}

describe('autoplayVideo', () => {
  it('plays with sound where the browser allows it', async () => {
    const { video, play } = fakeVideo('allowed');
    const onMuted = vi.fn();
    autoplayVideo(video, onMuted);
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(video.muted).toBe(false);
    expect(onMuted).not.toHaveBeenCalled();
  });

  it('plays muted, and says so, when the browser refuses sound without a gesture', async () => {
    const { video, play } = fakeVideo('muted-only');
    const onMuted = vi.fn();
    autoplayVideo(video, onMuted);
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    expect(video.muted).toBe(true);
    expect(onMuted).toHaveBeenCalledTimes(1);
  });

  it('waits for the video’s metadata, and does nothing once cancelled', async () => {
    const { video, play } = fakeVideo('allowed', 0);
    const cancel = autoplayVideo(video, vi.fn());
    expect(play).not.toHaveBeenCalled();
    cancel();
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(play).not.toHaveBeenCalled();
    autoplayVideo(video, vi.fn());
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(play).toHaveBeenCalledTimes(1);
  });
});
