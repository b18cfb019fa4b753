import { useCallback } from 'react';
import { toast } from '@/lib/toast.ts';
import type { SettingsPatch } from '@marquee/core';
import { trackEvent } from '@/lib/analytics/track.ts';
import { useSession } from '@/lib/auth/session.ts';
import { useSettings } from '@/lib/local-store/hooks.ts';

/** One toast id for every "Setting Updated": a burst of changes updates it instead of stacking. */
const SAVED_TOAST = 'setting-updated';

/** The §8 confirmation of a saved setting: "saved successfully", or "saved locally" for guests. */
export function useAnnounceSettingSaved(): () => void {
  const { user } = useSession();
  const signedIn = user !== null;
  return useCallback(() => {
    toast.success('Setting Updated', {
      id: SAVED_TOAST,
      description: signedIn ? 'Your setting has been saved successfully.' : 'Your setting has been saved locally.',
    });
  }, [signedIn]);
}

/** Settings about what is collected and shared; a change to one is a privacy event (product.md §7). */
const PRIVACY_KEYS: ReadonlySet<string> = new Set([
  'enableAnalytics',
  'enablePersonalizedRecs',
  'saveSearchHistory',
  'enableHistoryTracking',
]);

type SettingValue = string | number | boolean | null;

function reportableValue(value: unknown): SettingValue | undefined {
  // Lists and objects (custom sources with their URLs, favourite genres) are named, not sent.
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/** A slider being dragged or a field being typed in is one change, reported once it rests. */
export const SETTING_CHANGE_SETTLE_MS = 1000;
const settling = new Map<string, number>();

function reportSetting(setting: string, name: 'preference_change' | 'privacy_setting_change', value: unknown) {
  window.clearTimeout(settling.get(setting));
  settling.set(
    setting,
    window.setTimeout(() => {
      settling.delete(setting);
      trackEvent(name, { setting, value: reportableValue(value) });
    }, SETTING_CHANGE_SETTLE_MS),
  );
}

/** preference_change / privacy_setting_change for each setting a patch changes. */
export function trackSettingsChange(patch: SettingsPatch): void {
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'privacySettings' || key === 'accessibilitySettings') {
      const name = key === 'privacySettings' ? 'privacy_setting_change' : 'preference_change';
      for (const [field, nested] of Object.entries((value ?? {}) as Record<string, unknown>)) {
        reportSetting(`${key}.${field}`, name, nested);
      }
      continue;
    }
    reportSetting(key, PRIVACY_KEYS.has(key) ? 'privacy_setting_change' : 'preference_change', value);
  }
}

/**
 * Saves a settings change at once (product.md §4 "Settings") and, unless `announce` is false
 * (a slider mid-drag, a field mid-typing), confirms it with a toast. False if it was refused.
 */
export function useSettingsChange() {
  const { update } = useSettings();
  const announceSettingSaved = useAnnounceSettingSaved();
  return useCallback(
    (patch: SettingsPatch, { announce = true }: { announce?: boolean } = {}): boolean => {
      const result = update(patch);
      if (!result.ok) {
        console.warn('Setting refused', result.error);
        toast.error('Error', { id: SAVED_TOAST, description: 'Failed to update setting.' });
        return false;
      }
      if (announce) announceSettingSaved();
      trackSettingsChange(patch);
      return true;
    },
    [update, announceSettingSaved],
  );
}
