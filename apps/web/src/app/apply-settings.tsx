import { useEffect, useLayoutEffect } from 'react';
import type { Settings } from '@marquee/core';
import { useSettings } from '@/lib/local-store/hooks.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { MORE_CONTRAST_QUERY, systemAsks } from '@/lib/system-preferences.ts';
import '@/features/settings/settings-theme.css';

/**
 * Puts the settings that change the whole app on <html>, where the CSS in styles.css and
 * settings-theme.css picks them up: `data-font-size`, `high-contrast`, `reduce-motion`, `dim`
 * (dark mode off) and `data-screen-reader`. Only what differs is written: a change to <html> can
 * make the browser restyle the whole page (`data-screen-reader` does, through a `:focus-visible`
 * rule), and index.html already carries the defaults.
 *
 * High contrast also follows the system: a visitor who asks for more contrast there gets it here
 * without finding the setting, as a system request for reduced motion already stills the app.
 */
function applyToDocument(settings: Settings) {
  const a11y = settings.accessibilitySettings;
  const isHighContrast = settings.highContrastMode || a11y.highContrast || systemAsks(MORE_CONTRAST_QUERY);
  const root = document.documentElement;
  setData(root, 'fontSize', settings.fontSize);
  setClass(root, 'high-contrast', isHighContrast);
  setClass(root, 'reduce-motion', settings.reducedMotion || a11y.reducedMotion || !settings.enableAnimations);
  // High contrast is pure black; the dim theme would only wash it out.
  setClass(root, 'dim', !settings.darkMode && !isHighContrast);
  setData(root, 'screenReader', a11y.screenReader ? 'on' : 'off');
}

function setClass(element: HTMLElement, name: string, on: boolean) {
  if (element.classList.contains(name) !== on) element.classList.toggle(name, on);
}

function setData(element: HTMLElement, key: string, value: string) {
  if (element.dataset[key] !== value) element.dataset[key] = value;
}

// Once when the app loads, before React's first render, so a reload never flashes the defaults.
if (typeof document !== 'undefined') applyToDocument(getSettingsStore().getSnapshot());

/** Keeps <html> in step with the settings as they change, in this tab or another. Renders nothing. */
export function ApplySettings() {
  const { settings } = useSettings();
  useLayoutEffect(() => applyToDocument(settings), [settings]);
  // The system's contrast preference can change while the app is open.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(MORE_CONTRAST_QUERY);
    const follow = () => applyToDocument(getSettingsStore().getSnapshot());
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return null;
}
