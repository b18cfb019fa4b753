import { useLayoutEffect } from 'react';
import type { Settings } from '@marquee/core';
import { useSettings } from '@/lib/local-store/hooks.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import '@/features/settings/settings-theme.css';

/**
 * Puts the settings that change the whole app on <html>, where the CSS in styles.css and
 * settings-theme.css picks them up: `data-font-size`, `high-contrast`, `reduce-motion`, `dim`
 * (dark mode off) and `data-screen-reader`.
 */
function applyToDocument(settings: Settings) {
  const a11y = settings.accessibilitySettings;
  const isHighContrast = settings.highContrastMode || a11y.highContrast;
  const root = document.documentElement;
  root.dataset.fontSize = settings.fontSize;
  root.classList.toggle('high-contrast', isHighContrast);
  root.classList.toggle('reduce-motion', settings.reducedMotion || a11y.reducedMotion || !settings.enableAnimations);
  // High contrast is pure black; the dim theme would only wash it out.
  root.classList.toggle('dim', !settings.darkMode && !isHighContrast);
  root.dataset.screenReader = a11y.screenReader ? 'on' : 'off';
}

// Once when the app loads, before React's first render, so a reload never flashes the defaults.
if (typeof document !== 'undefined') applyToDocument(getSettingsStore().getSnapshot());

/** Keeps <html> in step with the settings as they change, in this tab or another. Renders nothing. */
export function ApplySettings() {
  const { settings } = useSettings();
  useLayoutEffect(() => applyToDocument(settings), [settings]);
  return null;
}
