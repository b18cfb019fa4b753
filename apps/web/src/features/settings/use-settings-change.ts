import { useCallback } from 'react';
import { toast } from 'sonner';
import type { SettingsPatch } from '@marquee/core';
import { useSettings } from '@/lib/local-store/hooks.ts';

/** One toast id for every "Setting Updated": a burst of changes updates it instead of stacking. */
const SAVED_TOAST = 'setting-updated';

/** The §8 confirmation of a saved setting (guests: saved locally; accounts are another issue). */
export function announceSettingSaved() {
  toast.success('Setting Updated', { id: SAVED_TOAST, description: 'Your setting has been saved locally.' });
}

/**
 * Saves a settings change at once (product.md §4 "Settings") and, unless `announce` is false
 * (a slider mid-drag, a field mid-typing), confirms it with a toast. False if it was refused.
 */
export function useSettingsChange() {
  const { update } = useSettings();
  return useCallback(
    (patch: SettingsPatch, { announce = true }: { announce?: boolean } = {}): boolean => {
      const result = update(patch);
      if (!result.ok) {
        console.warn('Setting refused', result.error);
        toast.error('Error', { id: SAVED_TOAST, description: 'Failed to update setting.' });
        return false;
      }
      if (announce) announceSettingSaved();
      return true;
    },
    [update],
  );
}
