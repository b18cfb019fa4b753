import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addAnalyticsSink, type AnalyticsEvent } from '@/lib/analytics/track.ts';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { LibraryVideo } from './library-video.tsx';

let removeSink: (() => void) | undefined;
afterEach(() => {
  removeSink?.();
  getHistoryStore().clear();
});

function setup(resumeAt: number | null = null) {
  const events: AnalyticsEvent[] = [];
  removeSink = addAnalyticsSink((event) => events.push(event));
  getHistoryStore().add({ movie_id: 7, movie_title: 'Heat', content_type: 'movie' });
  const view = render(
    <LibraryVideo
      src="/api/media/stream/x"
      historyKey="movie:7"
      resumeAt={resumeAt}
      analytics={{ content_id: 7 }}
      onError={() => undefined}
    />,
  );
  const video = screen.getByLabelText('Video player') as HTMLVideoElement;
  let position = 0;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => 100 });
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => position,
    set: (value: number) => (position = value),
  });
  const names = () => events.map((event) => event.name);
  return { view, video, events, names, at: (seconds: number) => (position = seconds) };
}

describe('LibraryVideo', () => {
  it('reports start, progress milestones, pause, resume, seek and complete once each', () => {
    const { video, names, at, events } = setup();
    fireEvent.play(video);
    at(30);
    fireEvent.timeUpdate(video);
    fireEvent.timeUpdate(video);
    fireEvent.pause(video);
    fireEvent.play(video);
    fireEvent.seeked(video);
    at(100);
    fireEvent.timeUpdate(video);
    fireEvent.ended(video);
    expect(names()).toEqual([
      'video_start',
      'video_progress',
      'video_pause',
      'video_resume',
      'video_seek',
      'video_progress',
      'video_progress',
      'video_progress',
      'video_complete',
    ]);
    expect(events.filter((event) => event.name === 'video_progress').map((event) => event.params.percent)).toEqual([
      25, 50, 75, 100,
    ]);
  });

  it('saves the position into the history entry on pause and on leaving; 90 % completes it', () => {
    const { video, view, at } = setup();
    fireEvent(video, new Event('playing'));
    at(42);
    fireEvent.pause(video);
    expect(getHistoryStore().getSnapshot()[0]).toMatchObject({
      duration_watched: 42,
      total_duration: 100,
      completed: false,
    });
    at(95);
    view.unmount();
    expect(getHistoryStore().getSnapshot()[0]).toMatchObject({ duration_watched: 95, completed: true });
  });

  it('saves nothing for a video that was opened and seeked but never played', () => {
    const { video, view, at } = setup();
    const before = getHistoryStore().getSnapshot()[0];
    at(42);
    fireEvent.seeked(video);
    fireEvent.pause(video);
    view.unmount();
    expect(getHistoryStore().getSnapshot()).toEqual([before]);
  });

  it('says when it starts playing, on the playing event (not play, not loaded metadata)', () => {
    const onPlaying = vi.fn();
    render(
      <LibraryVideo
        src="/s"
        historyKey={null}
        resumeAt={null}
        analytics={{}}
        onError={() => undefined}
        onPlaying={onPlaying}
      />,
    );
    const video = screen.getByLabelText('Video player');
    fireEvent.loadedMetadata(video);
    fireEvent.play(video);
    expect(onPlaying).not.toHaveBeenCalled();
    fireEvent(video, new Event('playing'));
    expect(onPlaying).toHaveBeenCalledTimes(1);
  });

  it('offers the saved position and plays from it; keys control playback', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { video } = setup(125);
    fireEvent.click(screen.getByRole('button', { name: 'Resume from 2:05' }));
    expect(video.currentTime).toBe(125);
    expect(screen.queryByRole('region', { name: 'Resume playback' })).toBeNull();
    fireEvent.keyDown(video, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(120);
    fireEvent.keyDown(video, { key: 'm' });
    expect(video.muted).toBe(true);
    play.mockClear();
    Object.defineProperty(video, 'paused', { configurable: true, get: () => true });
    fireEvent.keyDown(video, { key: 'k' });
    expect(play).toHaveBeenCalledTimes(1);
    play.mockRestore();
  });

  it('leaves keys on the Resume and Start over buttons to the buttons', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { video } = setup(125);
    Object.defineProperty(video, 'paused', { configurable: true, get: () => true });
    for (const name of ['Resume from 2:05', 'Start over']) {
      const button = screen.getByRole('button', { name });
      for (const key of [' ', 'k', 'm', 'f', 'ArrowLeft']) {
        expect(fireEvent.keyDown(button, { key }), `${key} on ${name}`).toBe(true);
      }
    }
    expect(play).not.toHaveBeenCalled();
    expect(video.muted).toBe(false);
    // The video itself still takes them.
    fireEvent.keyDown(video, { key: 'm' });
    expect(video.muted).toBe(true);
    play.mockRestore();
  });

  it('does not report the jump to the saved position as a seek', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { video, names } = setup(125);
    fireEvent.click(screen.getByRole('button', { name: 'Resume from 2:05' }));
    fireEvent.seeked(video);
    expect(names()).not.toContain('video_seek');
    fireEvent.seeked(video);
    expect(names()).toEqual(['video_seek']);
    play.mockRestore();
  });
});
